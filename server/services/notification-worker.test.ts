import request from 'supertest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { startSmtp, waitFor } from '../../tests/helpers/smtp-inbox';
import { VALID_FORMS, humanMeta } from '../../tests/helpers/form-fixtures';
import { notificationsFor } from '../outbox/queries';
import { createLogger } from '../logger';
import { createNotificationWorker, retryDelayMs, type NotificationWorker, type NotificationWorkerDeps } from './notification-worker';
import { createMailer } from './mail-transport';
import { NO_KEYRING } from '../app-key';

describe('staff notifications through a real SMTP server', () => {
  let t: TestApp;
  const workers: NotificationWorker[] = [];
  /** A worker sending as `SMTP_URL=smtpUrl` would (mail off without it). */
  const worker = ({ smtpUrl, ...options }: Partial<Omit<NotificationWorkerDeps, 'mailer'>> & { smtpUrl: string | undefined }) => {
    const mailer = createMailer({ smtpUrl, envFrom: 'site@agency.test', saved: () => null, keyring: NO_KEYRING });
    const created = createNotificationWorker({ db: t.db, logger: createLogger('silent'), mailer, recipients: () => ['staff@agency.test'], retryBaseMs: 100, ...options });
    workers.push(created);
    return created;
  };
  const submit = async (type: 'enquiry' | 'contact' | 'quote', body = VALID_FORMS[type]) => {
    const res = await request(t.app.callback()).post(`/api/forms/${type}`).send({ ...body, ...humanMeta() }).expect(201);
    return res.body._id as string;
  };
  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '1000' });
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await t.db('form_notifications').delete();
  });
  afterAll(() => t.destroy());

  it('e-mails staff every field of a submission', async () => {
    const inbox = await startSmtp();
    try {
      const id = await submit('quote');
      const result = await worker({ smtpUrl: `smtp://127.0.0.1:${inbox.port}` }).runOnce();
      expect(result).toEqual({ sent: 1, failed: 0 });
      expect(inbox.messages).toHaveLength(1);
      const mail = inbox.messages[0]!;
      expect(mail).toMatch(/^To: staff@agency\.test/m);
      expect(mail).toMatch(/^Reply-To: grace@example\.com/m);
      expect(mail).toMatch(/^Subject: New quote request from Grace Hopper/m);
      for (const line of ['Name: Grace Hopper', 'Email: grace@example.com', 'Phone: (555) 010-2040', 'Company: Compilers Inc', 'Service: Mobile App', 'Budget (USD): 7500', 'Timeline: 3-6 months', 'Project details: A booking app for iOS and Android.', `Reference: ${id}`]) {
        expect(mail).toContain(line);
      }
      const [row] = await notificationsFor(t.db, 'quote', id);
      expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
      expect(row!.sent_at).toBeInstanceOf(Date);
    } finally {
      await inbox.close();
    }
  });

  it('keeps submissions working while SMTP is down and delivers the e-mail once it is back', async () => {
    // Find a free port, then leave nothing listening on it: the mail server is "down".
    const probe = await startSmtp();
    const port = probe.port;
    await probe.close();
    const mailer = worker({ smtpUrl: `smtp://127.0.0.1:${port}`, pollMs: 50 });

    // The submission is answered without any attempt at the mail server: it only queued the e-mail.
    const id = await submit('enquiry');
    const [queued] = await notificationsFor(t.db, 'enquiry', id);
    expect(queued).toMatchObject({ status: 'pending', attempts: 0, last_error: null });
    expect(await mailer.runOnce()).toEqual({ sent: 0, failed: 1 });
    const [failed] = await notificationsFor(t.db, 'enquiry', id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.last_error).toMatch(/ECONNREFUSED/);
    // Backed off: the next attempt is later than the one that just failed.
    expect(failed!.next_attempt_at.getTime()).toBeGreaterThan(queued!.next_attempt_at.getTime());

    const inbox = await startSmtp(port);
    try {
      // The worker's own timer retries after the backoff; nothing else pokes it.
      mailer.start();
      await waitFor(() => inbox.messages.length === 1);
      expect(inbox.messages[0]).toContain('Name: Ada Lovelace');
      expect(inbox.messages[0]).toContain('Service: Graphic Design');
      await waitFor(async () => (await notificationsFor(t.db, 'enquiry', id))[0]!.status === 'sent');
      const [sent] = await notificationsFor(t.db, 'enquiry', id);
      expect(sent!.attempts).toBeGreaterThanOrEqual(2);
    } finally {
      await mailer.stop();
      await inbox.close();
    }
  });

  it('records a notification as failed after the last attempt', async () => {
    const probe = await startSmtp();
    await probe.close();
    const mailer = worker({ smtpUrl: `smtp://127.0.0.1:${probe.port}`, retryBaseMs: 0, maxAttempts: 2 });
    const id = await submit('contact');
    await mailer.runOnce();
    await mailer.runOnce();
    const [row] = await notificationsFor(t.db, 'contact', id);
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(await mailer.runOnce()).toEqual({ sent: 0, failed: 0 });
  });

  it('sends to the recipients as set at each send, and holds the e-mails while there are none', async () => {
    const inbox = await startSmtp();
    try {
      let recipients: string[] = [];
      const mailer = worker({ smtpUrl: `smtp://127.0.0.1:${inbox.port}`, recipients: () => recipients });
      const id = await submit('contact');
      expect(await mailer.runOnce()).toEqual({ sent: 0, failed: 0 });
      expect((await notificationsFor(t.db, 'contact', id))[0]).toMatchObject({ status: 'pending', attempts: 0 });
      recipients = ['owner@agency.test', 'sales@agency.test'];
      expect(await mailer.runOnce()).toEqual({ sent: 1, failed: 0 });
      expect(inbox.messages[0]).toMatch(/^To: owner@agency\.test, sales@agency\.test/m);
    } finally {
      await inbox.close();
    }
  });

  it('leaves the outbox untouched when mail is off', async () => {
    const id = await submit('contact');
    const off = worker({ smtpUrl: undefined });
    expect(off.mailEnabled).toBe(false);
    off.start();
    expect(await off.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect((await notificationsFor(t.db, 'contact', id))[0]).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('backs off exponentially up to a ceiling', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 30_000, 3_600_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20, 30_000, 3_600_000)).toBe(3_600_000);
  });
});
