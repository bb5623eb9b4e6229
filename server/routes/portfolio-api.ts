import type Router from '@koa/router';
import { adminActor, allow, createRouter } from '../middleware/access';
import { allowCaching } from '../middleware/page-cache';
import type { PortfolioService } from '../services/portfolio';
import { readPortfolioMultipart } from './portfolio-multipart';
import { HttpError } from '../http-errors';
import type { AuditTrail } from '../services/audit';
import { portfolioMessages } from '../../shared/portfolio/messages';

/**
 * The portfolio API (the spec's calls plus `GET` and `PUT` of one item). Reads are public, like the pages
 * that show the same items; writes need a signed-in admin (owner or editor) and are audited once done.
 */
export function portfolioApiRoutes(portfolio: PortfolioService, audit: AuditTrail): Router {
  const router = createRouter();

  router.get('/api/portfolio', allow.anyone, async (ctx) => {
    allowCaching(ctx, 'data');
    ctx.body = await portfolio.list();
  });

  router.get('/api/portfolio/:id', allow.anyone, async (ctx) => {
    const item = await portfolio.get(ctx.params.id!);
    if (!item) throw new HttpError(404, portfolioMessages.notFound);
    allowCaching(ctx, 'data');
    ctx.body = item;
  });

  router.post('/api/portfolio', allow.admin, async (ctx) => {
    const item = await portfolio.create(await readPortfolioMultipart(ctx.req));
    await audit.record(adminActor(ctx), { action: 'portfolio.create', target: { type: 'portfolio', id: item._id }, summary: item.title });
    ctx.status = 201;
    ctx.set('Location', `/api/portfolio/${item._id}`);
    ctx.body = item;
  });

  router.put('/api/portfolio/:id', allow.admin, async (ctx) => {
    const item = await portfolio.update(ctx.params.id!, await readPortfolioMultipart(ctx.req));
    await audit.record(adminActor(ctx), { action: 'portfolio.update', target: { type: 'portfolio', id: item._id }, summary: item.title });
    ctx.body = item;
  });

  router.delete('/api/portfolio/:id', allow.admin, async (ctx) => {
    const before = await portfolio.get(ctx.params.id!);
    await portfolio.remove(ctx.params.id!);
    await audit.record(adminActor(ctx), { action: 'portfolio.delete', target: { type: 'portfolio', id: ctx.params.id! }, summary: before?.title ?? '' });
    ctx.status = 204;
  });

  return router;
}
