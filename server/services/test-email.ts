import type { Knex } from 'knex';
import { z } from 'zod';
import { findAdminUserById } from '../db/admin-users';
import { countHit } from '../db/rate-limit-windows';
import { DomainError, RateLimitedError, ValidationError } from '../errors';
import { messages } from '../messages';
import type { AuditActor, AuditTrail } from './audit';
import { mailFailureSummary, type Mailer } from './mail-transport';
import { smtpSetupSchema } from '../../shared/settings';
import { counted } from '../../shared/text';

/**
 * `POST /api/settings/test-email`: nothing (the mail set-up in force), or `{ smtp }` as typed in
 * Settings, saved or not; `to`: `recipients` (the notification recipients in force, the default) or
 * `me` (the signed-in account's confirmed address, so mail can be tried before anyone is notified).
 */
const testEmailSchema = z.strictObject({ smtp: smtpSetupSchema.optional(), to: z.enum(['recipients', 'me'], { error: messages.settings.testEmailTo }).optional() });

/**
 * Test e-mails one account may send per minute: enough to fix a setting and try again, too few to
 * turn the button into a way of flooding the recipients or the SMTP server's sending quota.
 */
export const TEST_EMAIL_LIMIT = { perWindow: 3, windowSeconds: 60 } as const;

/** What the SMTP server answered to a test e-mail, or why it could not be sent (in our words, never the server's). */
export type TestEmailResult = { sent: true; recipients: string[]; response: string } | { sent: false; recipients: string[]; error: string };

/**
 * "Send a test e-mail" in Settings: one message to the notification recipients in force (or to the
 * sender's own confirmed address, refused with a 400 when the account has none), through
 * the mail set-up typed in the form (before it is saved) or, without one, the set-up in force,
 * answered with the server's reply when it took the message, else a summary of why not, and
 * audited. A field to fix (a password to type again, a server the site may not reach) is a 400.
 */
export function createTestEmail({ db, mailer, audit }: { db: Knex; mailer: Mailer; audit: AuditTrail }) {
  /** The account's own address, when it proved it (an unconfirmed one may be a typo, or someone else's). */
  async function ownAddress(actor: AuditActor & { id: number }): Promise<string> {
    const user = await findAdminUserById(db, actor.id);
    if (!user?.email || !user.email_verified_at) throw new ValidationError(messages.settings.testEmailNoOwnAddress, { to: messages.settings.testEmailNoOwnAddress });
    return user.email;
  }

  return async function sendTestEmail(notificationRecipients: string[], actor: AuditActor & { id: number }, input: unknown = {}): Promise<TestEmailResult> {
    const parsed = testEmailSchema.safeParse(input ?? {});
    if (!parsed.success) {
      const fields = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.') || 'smtp', issue.message]));
      throw new ValidationError(messages.settings.invalid, fields);
    }
    const entered = parsed.data.smtp;
    const toMe = parsed.data.to === 'me';
    const recipients = toMe ? [await ownAddress(actor)] : notificationRecipients;
    const { hits, secondsLeft } = await countHit(db, `test-email:account:${actor.id}`, TEST_EMAIL_LIMIT.windowSeconds);
    if (hits > TEST_EMAIL_LIMIT.perWindow) throw new RateLimitedError(messages.settings.testEmailLimited(secondsLeft), secondsLeft);
    let result: TestEmailResult;
    if (!entered && mailer.source() === 'off') result = { sent: false, recipients, error: 'Mail is off: no mail server is set up in Settings and SMTP_URL is not set.' };
    else if (recipients.length === 0) result = { sent: false, recipients, error: 'There are no notification recipients to send to.' };
    else {
      const text = toMe ? `${actor.name} sent this test from Settings to their own address: mail from the site reaches it.` : `${actor.name} sent this test from Settings: staff notifications reach this address.`;
      const message = { to: recipients, subject: 'Test e-mail from the back office', text };
      try {
        const info = entered ? await mailer.trial(entered, message) : await mailer.send(message);
        result = { sent: true, recipients, response: String(info.response) };
      } catch (error) {
        if (error instanceof DomainError) throw error;
        result = { sent: false, recipients, error: mailFailureSummary(error) };
      }
    }
    await audit.record(actor, { action: 'settings.test-email', target: { type: 'settings', id: 'back-office' }, summary: result.sent ? `sent to ${toMe ? 'their own address' : counted(recipients.length, 'recipient')}` : `failed: ${result.error}`.slice(0, 300) });
    return result;
  };
}

export type SendTestEmail = ReturnType<typeof createTestEmail>;
