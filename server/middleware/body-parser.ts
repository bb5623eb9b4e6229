import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { HttpError } from '../http-errors';
import { messages } from '../messages';

/** Largest JSON or urlencoded body accepted; forms are far smaller. */
export const BODY_LIMIT = '100kb';

/**
 * Parses JSON and urlencoded bodies with explicit limits. Multipart (uploads) is parsed only by
 * the routes that take files, with their own limits.
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
    onError(error: Error & { status?: number }) {
      if (error.status === 413) throw new HttpError(413, messages.http.payloadTooLarge);
      if (error.status && error.status < 500) {
        throw new HttpError(error.status, error instanceof SyntaxError ? messages.http.malformedJson : messages.http.unreadableBody);
      }
      throw error;
    },
  }) as Middleware;
}
