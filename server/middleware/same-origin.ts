import type { Context } from 'koa';

/**
 * True when the browser says the request comes from our own pages: its `Origin` is the public
 * origin or the request's own, and `Sec-Fetch-Site` (when sent) is `same-origin`. A request with
 * neither header proves nothing and is not trusted; every current browser sends `Origin` on POST,
 * PUT, PATCH and DELETE, and `fetch()` sends it too.
 */
export function isSameOriginRequest(ctx: Context, publicOrigin: string): boolean {
  const fetchSite = ctx.get('Sec-Fetch-Site');
  if (fetchSite && fetchSite !== 'same-origin') return false;
  const origin = ctx.get('Origin');
  // Not `ctx.origin`: since Koa 3 that is the Origin header itself, not the request's own origin.
  if (origin) return origin === publicOrigin || origin === `${ctx.protocol}://${ctx.host}`;
  return fetchSite === 'same-origin';
}
