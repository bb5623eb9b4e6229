import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { isPublicSitePath, pageQueryString } from '../routes/page-query';

/**
 * One address per public page, before the render cache looks it up:
 * - a case or trailing-slash variant of a public page (`/ABOUT/`) is moved permanently (301) to
 *   its one spelling, with only the query parameters the page reads. The routers match paths
 *   case-insensitively, with or without a final slash, so each variant would otherwise be a page
 *   of its own, with that spelling in its canonical link and a cache entry of its own.
 * - every other public request keeps only the query parameters its page declares
 *   (`routes/page-query.ts`): the rest are not read, not part of the cache key, not in the page.
 *
 * `publicPages` are the routers whose GET routes are public pages.
 */
export function canonicalUrl(publicPages: Router[]): Middleware {
  const isPublicPage = (path: string) => publicPages.some((router) => router.match(path, 'GET').route);
  return (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !isPublicSitePath(ctx.path)) return next();
    const path = ctx.path.toLowerCase().replace(/(.)\/+$/, '$1');
    if (path !== ctx.path && !path.startsWith('//') && isPublicPage(path)) {
      const query = pageQueryString(path, ctx.querystring);
      ctx.status = 301;
      ctx.redirect(query ? `${path}?${query}` : path);
      return Promise.resolve();
    }
    if (ctx.querystring !== '') ctx.querystring = pageQueryString(ctx.path, ctx.querystring);
    return next();
  };
}
