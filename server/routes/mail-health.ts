import type Router from '@koa/router';
import { adminActor, allow, createRouter } from '../middleware/access';
import type { MailHealthService } from '../services/mail-health';

/**
 * Mail health (docs/api.md), for every admin:
 * - `GET /api/mail-health` → `{ smtpConfigured, source, troubled, notifications,
 *   acknowledgementsWithheld }`: whether mail is on and through what (`environment`, `settings` or
 *   `off`), staff notifications failed or waiting > 15 min, and whether the day's acknowledgements
 *   to visitors are used up
 * - `POST /api/mail-health/retry` → `{ retried }`: all of them due now (CSRF token needed)
 */
export function mailHealthRoutes(mailHealth: MailHealthService): Router {
  const router = createRouter();
  router.get('/api/mail-health', allow.admin, async (ctx) => {
    ctx.body = await mailHealth.status();
  });
  router.post('/api/mail-health/retry', allow.admin, async (ctx) => {
    ctx.body = await mailHealth.retry(adminActor(ctx));
  });
  return router;
}
