import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../logger';

declare module 'koa' {
  interface DefaultState {
    requestId: string;
    log: Logger;
  }
}

const INCOMING_ID = /^[\w.-]{8,128}$/;

/**
 * The URL as the access log keeps it: a one-time link's `token` (set-password links, the first
 * admin's setup address) is left out, since whoever reads the logs must not be able to use one
 * that was opened but not used yet.
 */
export function loggedUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1…');
}

/**
 * Gives each request an id (kept from a trusted proxy's `X-Request-Id`, else new), a child logger
 * carrying it, and one access-log line when the response finishes.
 */
export function requestContext(logger: Logger, trustProxy: boolean): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = trustProxy && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = logger.child({ reqId: requestId });
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    ctx.res.once('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      ctx.state.log.info({ method: ctx.method, url: loggedUrl(ctx.originalUrl), status: ctx.status, ms: Math.round(ms * 10) / 10 }, 'request');
    });
    await next();
  };
}
