import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../logger';
import { PREVIEW_LINK_PATH } from '../content';
import { audienceOf } from '../path-audience';
import { normalPath } from './canonical-url';

declare module 'koa' {
  interface DefaultState {
    requestId: string;
    log: Logger;
  }
}

const INCOMING_ID = /^[\w.-]{8,128}$/;

/** The `X-Request-Id` a trusted proxy gave the request, if it looks like one. */
export function trustedRequestId(header: string | undefined, trustProxy: boolean): string | undefined {
  return trustProxy && header !== undefined && INCOMING_ID.test(header) ? header : undefined;
}

/**
 * Gives each request an id (kept from a trusted proxy's `X-Request-Id`, else new), a child logger
 * carrying it, and one access-log line when the response finishes.
 */
export function requestContext(logger: Logger, trustProxy: boolean): Middleware {
  return async (ctx, next) => {
    const requestId = trustedRequestId(ctx.get('X-Request-Id'), trustProxy) ?? randomUUID();
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

/**
 * The URL as the access log keeps it: public pages in full, but admin and API requests with their
 * query's parameter names only. What staff type there (an inbox search is often an e-mail address,
 * a set-password link carries its token) would otherwise sit in every log copy for as long as logs
 * are kept. A preview link's address is its token, so it is kept as `/preview/…` (in any spelling
 * that leads to it: capitals, escapes, `//`), with its query's parameter names only.
 */
export function loggedUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? undefined : url.slice(queryStart + 1);
  if (isUnderPreviewLinks(path)) return withNamesOnly(`${PREVIEW_LINK_PATH}/…`, query);
  if (isPreviewLinks(path)) return withNamesOnly(path, query);
  if (query === undefined || audienceOf(path) === 'site') return url;
  return withNamesOnly(path, query);
}

/** `/preview/…`, as the router (or the redirect to its one spelling) reads the path. */
function isUnderPreviewLinks(path: string): boolean {
  const normal = normalPath(path).toLowerCase();
  return normal.startsWith(`${PREVIEW_LINK_PATH}/`) || normal.startsWith(`${PREVIEW_LINK_PATH}%2f`);
}

const isPreviewLinks = (path: string) => normalPath(path).toLowerCase() === PREVIEW_LINK_PATH;

function withNamesOnly(path: string, query: string | undefined): string {
  if (query === undefined) return path;
  const names = new Set(new URLSearchParams(query).keys());
  return `${path}?${[...names].map((name) => `${encodeURIComponent(name)}=`).join('&')}`;
}
