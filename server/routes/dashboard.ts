import Router from '@koa/router';
import { requireAdmin } from '../middleware/require-admin';
import type { DashboardService } from '../services/dashboard';

/** `GET /api/dashboard` (admin): the dashboard home's live figures (README, "Reply promise"). */
export function dashboardRoutes(dashboard: DashboardService): Router {
  const router = new Router({ prefix: '/api/dashboard' });
  router.get('/', requireAdmin(), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await dashboard.figures();
  });
  return router;
}
