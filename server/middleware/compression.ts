import compress from 'koa-compress';
import type { Middleware } from 'koa';

/**
 * Compresses answers over 1 KB with the best encoding the client accepts. An `Accept-Encoding`
 * that allows nothing we have, or cannot be parsed (`gzip;q=-1`), gets the plain bytes: left to
 * itself, koa-compress would set `Content-Encoding: undefined` and fail the request.
 */
export function compression(): Middleware {
  const compressAnswer = compress({ threshold: 1024 }) as Middleware;
  return (ctx, next) => {
    if (ctx.get('Accept-Encoding') && !ctx.acceptsEncodings('br', 'gzip', 'deflate', 'identity')) ctx.request.headers['accept-encoding'] = 'identity';
    return compressAnswer(ctx, next);
  };
}
