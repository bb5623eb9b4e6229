import Router from '@koa/router';
import { adminActor, requireAdmin } from '../middleware/require-admin';
import type { MailHealthService } from '../services/mail-health';

/**
 * Mail health (README, "Reply promise"), admin-only:
 * - `GET /api/mail-health` → `{ troubled, notifications }`: staff notifications failed or waiting > 15 min
 * - `POST /api/mail-health/retry` → `{ retried }`: all of them due now (CSRF token needed)
 */
export function mailHealthRoutes(mailHealth: MailHealthService): Router {
  const router = new Router({ prefix: '/api/mail-health' });
  router.use(requireAdmin());
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });
  router.get('/', async (ctx) => {
    ctx.body = await mailHealth.status();
  });
  router.post('/retry', async (ctx) => {
    ctx.body = await mailHealth.retry(adminActor(ctx));
  });
  return router;
}
