import type Router from '@koa/router';
import { adminActor, allow, createRouter } from '../middleware/access';
import type { PersonalDataService } from '../leads';
import type { Mailer } from '../services/mail-transport';
import { imapView, smtpView, type SettingsService } from '../services/settings';
import type { TestMailbox } from '../services/mailbox-connection';
import type { SettingsAnswer } from '../../shared/settings';
import type { SendTestEmail } from '../services/test-email';

/**
 * The back office's settings: `GET /api/settings` → `{ settings, defaults, overridden, smtp, mail,
 * agencyEmail }` (the settings in force, what each falls back to, which ones staff set, the mail
 * set-up and the agency's mailbox (`imap`) without their passwords (`passwordSet` instead), where mail goes: `environment` when
 * `SMTP_URL` wins, `settings` or `off`, and the published agency e-mail the reply address is
 * proposed from), `PATCH /api/settings` with any subset (`null` resets one; `smtp` with an
 * empty or absent password keeps the saved one) → the same answer after the change;
 * `POST /api/settings/test-email` with nothing or `{ smtp }` as typed (not saved yet) →
 * `{ sent, recipients, response | error }`; `POST /api/settings/imap-test` with `{ imap }` as typed →
 * `{ folders, mailbox, messages }` or a 400 `{ error }` saying what failed; `GET /api/settings/retention-preview?type=&days=` →
 * `{ type, days, before, leads }`: how many of the form's leads the daily purge would delete with
 * that retention. Owners only.
 */
export function settingsRoutes(
  settings: SettingsService,
  mailer: Pick<Mailer, 'source'>,
  sendTestEmail: SendTestEmail,
  personalData: Pick<PersonalDataService, 'retentionPreview'>,
  agencyEmail: () => string,
  testMailbox: TestMailbox,
): Router {
  const router = createRouter();
  const answer = (): SettingsAnswer => ({
    settings: settings.current(),
    defaults: settings.defaults,
    overridden: settings.overridden(),
    smtp: smtpView(settings.smtp()),
    imap: imapView(settings.imap()),
    mail: mailer.source(),
    agencyEmail: agencyEmail(),
  });

  router.get('/api/settings', allow.owner, (ctx) => {
    ctx.body = answer();
  });

  router.patch('/api/settings', allow.owner, async (ctx) => {
    await settings.update(ctx.request.body, adminActor(ctx));
    ctx.body = answer();
  });

  // The SMTP server's answer (or error) to a test message to the recipients in force, through the
  // set-up typed in the form when one is given (so it can be tried before saving).
  router.post('/api/settings/test-email', allow.owner, async (ctx) => {
    ctx.body = await sendTestEmail(settings.current().notificationRecipients, adminActor(ctx), ctx.request.body);
  });

  // What the mailbox server shows with the set-up typed in the form (saved or not): its folders and
  // the chosen one's message count, or what failed in words (a 400 naming the field).
  router.post('/api/settings/imap-test', allow.owner, async (ctx) => {
    ctx.body = await testMailbox(adminActor(ctx), ctx.request.body);
  });

  router.get('/api/settings/retention-preview', allow.owner, async (ctx) => {
    ctx.body = await personalData.retentionPreview(ctx.query);
  });

  return router;
}
