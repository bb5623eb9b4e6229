import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { HttpError, messages } from '../http-errors';

/** Largest JSON or urlencoded body accepted; forms are far smaller. */
export const BODY_LIMIT = '100kb';

/** A body whose `Content-Encoding` (gzip, deflate, br) does not decode. */
export const undecodableBody = 'The request body could not be decompressed: it does not match its Content-Encoding.';

/**
 * Parses JSON and urlencoded bodies with explicit limits (the limit counts decompressed bytes).
 * Multipart (uploads) is parsed only by the routes that take files, with their own limits.
 */
export function bodyParser(): Middleware {
  return koaBody({
    json: true,
    urlencoded: true,
    text: false,
    multipart: false,
    jsonLimit: BODY_LIMIT,
    formLimit: BODY_LIMIT,
    jsonStrict: true,
    onError(error: Error & { status?: number }, ctx) {
      if (error.status === 413) throw new HttpError(413, messages.payloadTooLarge);
      if (error.status && error.status < 500) {
        throw new HttpError(error.status, error instanceof SyntaxError ? messages.malformedJson : 'The request body could not be read.');
      }
      // A gzip, deflate or br body that does not decode fails in zlib, whose errors carry no HTTP
      // status (the body reader gives its own errors one): the sender's fault, not ours.
      if (error.status === undefined && ctx.get('Content-Encoding')) throw new HttpError(400, undecodableBody);
      throw error;
    },
  }) as Middleware;
}
