import Router from '@koa/router';
import type { Context } from 'koa';
import { HomePage, homeMeta } from '../../views/pages/HomePage';
import type { RenderPage } from '../render/render-page';

/** Public HTML pages: each path maps to a view and its metadata, nothing more. */
export function pageRoutes(renderPage: RenderPage): Router {
  const router = new Router();
  const send = (ctx: Context, html: string) => {
    ctx.type = 'html';
    ctx.set('Cache-Control', 'public, max-age=0, must-revalidate');
    ctx.body = html;
  };

  router.get('/', (ctx) => send(ctx, renderPage({ path: ctx.path, meta: homeMeta, page: <HomePage /> })));

  return router;
}
