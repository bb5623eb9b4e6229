import type { Knex } from 'knex';
import nodemailer from 'nodemailer';
import { countHit } from '../db/rate-limit-windows';
import { RateLimitedError } from '../errors';
import { messages } from '../messages';
import type { AuditActor, AuditTrail } from './audit';
import { counted } from '../../shared/text';

/**
 * Test e-mails one account may send per minute: enough to fix a setting and try again, too few to
 * turn the button into a way of flooding the recipients or the SMTP server's sending quota.
 */
export const TEST_EMAIL_LIMIT = { perWindow: 3, windowSeconds: 60 } as const;

/** What the SMTP server answered to a test e-mail, or why it could not be sent. */
export type TestEmailResult = { sent: true; recipients: string[]; response: string } | { sent: false; recipients: string[]; error: string };

/**
 * "Send a test e-mail" in Settings: one message to the notification recipients in force, through
 * the configured SMTP server, answered with the server's own reply or the error, and audited.
 */
export function createTestEmail({ db, smtpUrl, from, audit }: { db: Knex; smtpUrl?: string; from: string; audit: AuditTrail }) {
  return async function sendTestEmail(recipients: string[], actor: AuditActor): Promise<TestEmailResult> {
    const { hits, secondsLeft } = await countHit(db, `test-email:account:${actor.id}`, TEST_EMAIL_LIMIT.windowSeconds);
    if (hits > TEST_EMAIL_LIMIT.perWindow) throw new RateLimitedError(messages.settings.testEmailLimited(secondsLeft), secondsLeft);
    let result: TestEmailResult;
    if (!smtpUrl) result = { sent: false, recipients, error: 'Mail is off: SMTP_URL is not set.' };
    else if (recipients.length === 0) result = { sent: false, recipients, error: 'There are no notification recipients to send to.' };
    else {
      const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as Parameters<typeof nodemailer.createTransport>[0]);
      try {
        const info = await transport.sendMail({ from, to: recipients, subject: 'Test e-mail from the back office', text: `${actor.name} sent this test from Settings: staff notifications reach this address.` });
        result = { sent: true, recipients, response: String(info.response) };
      } catch (error) {
        result = { sent: false, recipients, error: error instanceof Error ? error.message : String(error) };
      } finally {
        transport.close();
      }
    }
    await audit.record(actor, { action: 'settings.test-email', target: { type: 'settings', id: 'back-office' }, summary: result.sent ? `sent to ${counted(recipients.length, 'recipient')}` : `failed: ${result.error}`.slice(0, 300) });
    return result;
  };
}

export type SendTestEmail = ReturnType<typeof createTestEmail>;
