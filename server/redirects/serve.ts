import type { Middleware } from 'koa';
import { pageSpelling } from '../middleware/canonical-url';
import { forbidCaching } from '../middleware/page-cache';
import { audienceOf } from '../path-audience';
import { REDIRECT_PATH_MAX } from '../../shared/redirects';
import type { Redirects } from '.';

/**
 * Placed just before "not found": a GET or HEAD of the public site that no route answered is sent
 * on (301) when a redirect's old address is the path in its one spelling, and the use counted.
 * Only misses get here (the render cache keeps 200s alone), so the table is read on each, with no
 * cache: a redirect added on any instance answers on every instance at once, and a deleted one
 * stops at once. Kept by no cache either (`no-store`), so each use is counted and a deleted
 * redirect is not remembered by browsers.
 */
export function followRedirects(redirects: Pick<Redirects, 'follow'>): Middleware {
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || audienceOf(ctx.path) !== 'site') return next();
    const path = pageSpelling(ctx.path);
    // No stored address is longer: a made-up one is not looked up.
    if (path.length > REDIRECT_PATH_MAX) return next();
    const to = await redirects.follow(path);
    if (to === undefined) return next();
    forbidCaching(ctx);
    ctx.status = 301;
    ctx.redirect(to);
  };
}
