import Router from '@koa/router';
import { requireAdmin, requireRole } from '../middleware/require-admin';
import type { SettingsService } from '../services/settings';
import type { SendTestEmail } from '../services/test-email';

/**
 * The back office's settings: `GET /api/settings` → `{ settings, defaults, overridden }` (the
 * settings in force, what each falls back to, and which ones staff set), `PATCH /api/settings` with
 * any subset (`null` resets one) → the same answer after the change; `POST /api/settings/test-email`
 * → `{ sent, recipients, response | error }`. Owners only.
 */
export function settingsRoutes(settings: SettingsService, sendTestEmail: SendTestEmail): Router {
  const router = new Router({ prefix: '/api/settings' });
  const answer = () => ({ settings: settings.current(), defaults: settings.defaults, overridden: settings.overridden() });

  router.get('/', requireAdmin(), requireRole('owner'), (ctx) => {
    ctx.body = answer();
  });

  router.patch('/', requireAdmin(), requireRole('owner'), async (ctx) => {
    const admin = ctx.state.admin!;
    await settings.update(ctx.request.body, { id: admin.id, name: admin.username });
    ctx.body = answer();
  });

  // The SMTP server's answer (or error) to a test message to the recipients in force.
  router.post('/test-email', requireAdmin(), requireRole('owner'), async (ctx) => {
    const admin = ctx.state.admin!;
    ctx.body = await sendTestEmail(settings.current().notificationRecipients, { id: admin.id, name: admin.username });
  });

  return router;
}
