import type { Writable } from 'node:stream';
import type { Context, Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { HttpError } from '../http-errors';
import { messages } from '../messages';

/** Largest JSON or urlencoded body accepted; forms are far smaller. */
export const BODY_LIMIT = '100kb';

/** A body whose `Content-Encoding` (gzip, deflate, br) does not decode. */
export const undecodableBody = 'The request body could not be decompressed: it does not match its Content-Encoding.';

/**
 * Calls whose route reads its own body, once it knows who is asking: a content file with its
 * images runs to megabytes (`server/content/import-file.ts` reads it within its own limits), and
 * nobody may make the server read that much first.
 */
export const OWN_BODY_PATHS: ReadonlySet<string> = new Set(['/api/content/import']);

/**
 * Parses JSON and urlencoded bodies with explicit limits (the limit counts decompressed bytes).
 * Multipart (uploads) is parsed only by the routes that take files, with their own limits, and
 * the bodies of `OWN_BODY_PATHS` by their routes.
 */
export function bodyParser(): Middleware {
  const parse = parser({ urlencoded: true, limit: BODY_LIMIT });
  return (ctx, next) => {
    if (OWN_BODY_PATHS.has(ctx.path)) return next();
    if (ctx.get('Content-Encoding')) containDecoderErrors(ctx);
    return parse(ctx, next);
  };
}

function parser({ urlencoded, limit }: { urlencoded: boolean; limit: string }): Middleware {
  return koaBody({
    json: true,
    urlencoded,
    text: false,
    multipart: false,
    jsonLimit: limit,
    formLimit: limit,
    jsonStrict: true,
    onError(error: Error & { status?: number }, ctx) {
      if (error.status === 413) throw new HttpError(413, messages.http.payloadTooLarge);
      if (error.status && error.status < 500) {
        throw new HttpError(error.status, error instanceof SyntaxError ? messages.http.malformedJson : messages.http.unreadableBody);
      }
      // A gzip, deflate or br body that does not decode fails in zlib, whose errors carry no HTTP
      // status (the body reader gives its own errors one): the sender's fault, not ours.
      if (error.status === undefined && ctx.get('Content-Encoding')) throw new HttpError(400, undecodableBody);
      throw error;
    },
  }) as Middleware;
}

/**
 * koa-body inflates a gzip, deflate or br body through a zlib stream it pipes the request into
 * (co-body → `inflation` → raw-body), and stops listening to that stream once it has an answer.
 * A body that inflates past the limit is answered 413 while the rest of it is still decoding, and
 * if it is truncated the stream then emits "unexpected end of file" to no listener: an uncaught
 * error that ends the process. So every stream the request is piped into keeps a listener, and is
 * cut off and destroyed once the answer has gone.
 */
function containDecoderErrors({ req, res }: Context): void {
  const pipe = req.pipe.bind(req);
  req.pipe = <T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T => {
    destination.on('error', () => {
      // The body reader heard the first error and answered; a later one has no one left to tell.
    });
    res.once('close', () => {
      req.unpipe(destination);
      (destination as unknown as Writable).destroy();
    });
    return pipe(destination, options);
  };
}
