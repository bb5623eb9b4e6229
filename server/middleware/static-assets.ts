import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';

const PREFIX = '/assets/';

/**
 * Serves the build's content-hashed files under `/assets/`. A changed file gets a new name, so
 * browsers and CDNs may keep every version for a year without asking again.
 */
export function staticAssets(assetsDir: string): Middleware {
  const root = path.join(assetsDir, 'assets');
  return async (ctx, next) => {
    if (!ctx.path.startsWith(PREFIX) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const file = ctx.path.slice(PREFIX.length);
    // `/assets/` names no file (koa-send would throw "pathname required", a 500).
    if (!file) ctx.throw(404, 'Not found');
    const served = await send(ctx, file, {
      root,
      immutable: true,
      maxage: 31_536_000_000,
      index: false,
      hidden: false,
    }).catch((error: { status?: number }) => {
      // koa-send refuses paths that climb out of the root with 403; to a client it is just not there.
      if (error.status === 400 || error.status === 403 || error.status === 404) return undefined;
      throw error;
    });
    if (!served) ctx.throw(404, 'Not found');
  };
}
