import type Router from '@koa/router';
import { adminActor, allow, createRouter } from '../middleware/access';
import type { PersonalDataService } from '../services/personal-data';
import type { SettingsService } from '../services/settings';
import type { SendTestEmail } from '../services/test-email';

/**
 * The back office's settings: `GET /api/settings` → `{ settings, defaults, overridden }` (the
 * settings in force, what each falls back to, and which ones staff set), `PATCH /api/settings` with
 * any subset (`null` resets one) → the same answer after the change; `POST /api/settings/test-email`
 * → `{ sent, recipients, response | error }`; `GET /api/settings/retention-preview?type=&days=` →
 * `{ type, days, before, leads }`: how many of the form's leads the daily purge would delete with
 * that retention. Owners only.
 */
export function settingsRoutes(settings: SettingsService, sendTestEmail: SendTestEmail, personalData: Pick<PersonalDataService, 'retentionPreview'>): Router {
  const router = createRouter();
  const answer = () => ({ settings: settings.current(), defaults: settings.defaults, overridden: settings.overridden() });

  router.get('/api/settings', allow.owner, (ctx) => {
    ctx.body = answer();
  });

  router.patch('/api/settings', allow.owner, async (ctx) => {
    await settings.update(ctx.request.body, adminActor(ctx));
    ctx.body = answer();
  });

  // The SMTP server's answer (or error) to a test message to the recipients in force.
  router.post('/api/settings/test-email', allow.owner, async (ctx) => {
    ctx.body = await sendTestEmail(settings.current().notificationRecipients, adminActor(ctx));
  });

  router.get('/api/settings/retention-preview', allow.owner, async (ctx) => {
    ctx.body = await personalData.retentionPreview(ctx.query);
  });

  return router;
}
