import type Router from '@koa/router';
import { adminActor, allow, createRouter } from '../middleware/access';
import type { ProjectService } from '../leads';

/**
 * Projects (won quotes), for every admin:
 * - `GET /api/projects?stage=&q=&cursor=&limit=` → `{ items, nextCursor }`, newest request first,
 *   keyset-paged like the lead inbox (50 a page, at most 100; a search of at least 3 characters)
 * - `GET /api/projects/{id}` → the project
 * - `PATCH /api/projects/{id}` `{ "stage": "accepted" | "in-progress" | "delivered" }` → the
 *   project as it is now (audited)
 */
export function projectRoutes(projects: ProjectService): Router {
  const router = createRouter();

  router.get('/api/projects', allow.admin, async (ctx) => {
    ctx.body = await projects.list(ctx.query);
  });
  router.get('/api/projects/:id', allow.admin, async (ctx) => {
    ctx.body = await projects.get(ctx.params.id ?? '');
  });
  router.patch('/api/projects/:id', allow.admin, async (ctx) => {
    const body = ctx.request.body as { stage?: unknown } | undefined;
    ctx.body = await projects.setStage(ctx.params.id ?? '', body?.stage, adminActor(ctx));
  });
  return router;
}
