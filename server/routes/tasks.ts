import type Router from '@koa/router';
import { allow, createRouter } from '../middleware/access';
import type { ReplyQueue } from '../services/reply-queue';

/**
 * The reply queue API (docs/api.md), for every admin:
 * - `GET /api/tasks?cursor=&limit=` → `{ items, nextCursor, now }`: open leads, soonest due first
 * - `GET /api/tasks/counts` → `{ open, overdue }` (the sidebar's badge)
 * A lead leaves the queue when it is answered: `PATCH /api/leads/{type}/{id}/status`.
 */
export function taskRoutes(queue: ReplyQueue): Router {
  const router = createRouter();

  router.get('/api/tasks', allow.admin, async (ctx) => {
    ctx.body = await queue.page(ctx.query);
  });

  router.get('/api/tasks/counts', allow.admin, async (ctx) => {
    ctx.body = await queue.counts();
  });

  return router;
}
