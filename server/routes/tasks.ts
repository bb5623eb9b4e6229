import Router from '@koa/router';
import { requireAdmin } from '../middleware/require-admin';
import type { ReplyQueue } from '../services/reply-queue';

/**
 * The reply queue API (README, "Reply promise"), admin-only:
 * - `GET /api/tasks?cursor=&limit=` → `{ items, nextCursor, now }`: open leads, soonest due first
 * - `GET /api/tasks/counts` → `{ open, overdue }` (the sidebar's badge)
 * A lead leaves the queue when it is answered: `PATCH /api/leads/{type}/{id}/status`.
 */
export function taskRoutes(queue: ReplyQueue): Router {
  const router = new Router({ prefix: '/api/tasks' });
  router.use(requireAdmin());
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  router.get('/', async (ctx) => {
    ctx.body = await queue.page(ctx.query);
  });

  router.get('/counts', async (ctx) => {
    ctx.body = await queue.counts();
  });

  return router;
}
