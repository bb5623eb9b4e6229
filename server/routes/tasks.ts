import type Router from '@koa/router';
import { allow, createRouter } from '../middleware/access';
import type { ReplyQueue } from '../leads';

/**
 * The reply queue API (docs/api.md), for every admin:
 * - `GET /api/tasks?section=overdue|today|later&type=&cursor=&limit=` → `{ items, nextCursor, now }`:
 *   open leads, soonest due first (without a section), or one section in its order
 * - `GET /api/tasks/counts?type=` → `{ open, overdue, today, later }` (Tasks, the sidebar's badge)
 * A lead leaves the queue when it is answered: `PATCH /api/leads/{type}/{id}/status`, or
 * `POST /api/leads/bulk` `{ action: "responded", ids }` for several.
 */
export function taskRoutes(queue: ReplyQueue): Router {
  const router = createRouter();

  router.get('/api/tasks', allow.admin, async (ctx) => {
    ctx.body = await queue.page(ctx.query);
  });

  router.get('/api/tasks/counts', allow.admin, async (ctx) => {
    ctx.body = await queue.counts(ctx.query);
  });

  return router;
}
