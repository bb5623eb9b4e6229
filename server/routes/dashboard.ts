import type Router from '@koa/router';
import { allow, createRouter } from '../middleware/access';
import type { DashboardService } from '../leads';

/** `GET /api/dashboard` (admin): the dashboard home's live figures (docs/api.md). */
export function dashboardRoutes(dashboard: DashboardService): Router {
  const router = createRouter();
  router.get('/api/dashboard', allow.admin, async (ctx) => {
    ctx.body = await dashboard.figures();
  });
  return router;
}
