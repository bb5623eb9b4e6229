import type Router from '@koa/router';
import { adminActor, allow, createRouter } from '../middleware/access';
import type { FirstRun } from '../services/first-run';

/**
 * The dashboard's first-run checklist, owners only: `GET /api/first-run` → `{ items }` (each
 * `{ key, state: todo | done | dismissed }`; `email` also `address` and `mailWorks`);
 * `POST /api/first-run/dismissals` `{ item }` and `DELETE /api/first-run/dismissals/{item}` →
 * the same answer after the change.
 */
export function firstRunRoutes(firstRun: FirstRun): Router {
  const router = createRouter();

  router.get('/api/first-run', allow.owner, async (ctx) => {
    ctx.body = await firstRun.list(adminActor(ctx));
  });

  router.post('/api/first-run/dismissals', allow.owner, async (ctx) => {
    ctx.body = await firstRun.dismiss(ctx.request.body, adminActor(ctx));
  });

  router.delete('/api/first-run/dismissals/:item', allow.owner, async (ctx) => {
    ctx.body = await firstRun.restore(ctx.params.item!, adminActor(ctx));
  });

  return router;
}
