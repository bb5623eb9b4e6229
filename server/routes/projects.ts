import Router from '@koa/router';
import { adminActor, requireAdmin } from '../middleware/require-admin';
import type { ProjectService } from '../services/projects';

/**
 * Projects (won quotes), for every admin: `GET /api/projects` → `[project]`, newest request first;
 * `GET /api/projects/{id}` → the project; `PATCH /api/projects/{id}` `{ "stage": "accepted" |
 * "in-progress" | "delivered" }` → the project as it is now (audited).
 */
export function projectRoutes(projects: ProjectService): Router {
  const router = new Router({ prefix: '/api/projects' });
  router.use(requireAdmin());
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  router.get('/', async (ctx) => {
    ctx.body = await projects.list();
  });
  router.get('/:id', async (ctx) => {
    ctx.body = await projects.get(ctx.params.id ?? '');
  });
  router.patch('/:id', async (ctx) => {
    const body = ctx.request.body as { stage?: unknown } | undefined;
    ctx.body = await projects.setStage(ctx.params.id ?? '', body?.stage, adminActor(ctx));
  });
  return router;
}
