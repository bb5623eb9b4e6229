import request from 'supertest';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { envMailer, startSmtp } from '../../tests/helpers/smtp-inbox';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { VALID_FORMS, humanMeta } from '../../tests/helpers/form-fixtures';
import { createLogger } from '../logger';
import { createNotificationWorker } from '../services/notification-worker';
import type { LeadDetail } from '../../shared/leads';
import type { MailHealth } from '../../shared/mail-health';

/** Mail health: a notification that fails against a real SMTP port, shown, retried and delivered. */
describe('mail health', () => {
  let t: TestApp;
  let admin: AdminTestSession;
  let clock = new Date();
  const call = () => request(t.app.callback());
  const health = async (): Promise<MailHealth> => (await call().get('/api/mail-health').set(admin.headers).expect(200)).body;
  const detail = async (id: string): Promise<LeadDetail> => (await call().get(`/api/leads/enquiry/${id}`).set(admin.headers).expect(200)).body;

  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '1000' }, { now: () => clock });
    admin = await signInAsAdmin(t);
  });
  afterAll(() => t.destroy());

  it('names a notification that failed, with its attempts and error; Retry now delivers it', async () => {
    const id = (await call().post('/api/forms/enquiry').send({ ...VALID_FORMS.enquiry, name: 'Failing Fran', ...humanMeta() }).expect(201)).body._id as string;
    expect((await detail(id)).notification).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    expect((await health()).troubled).toBe(0);

    // Nothing listens on the port yet: the one attempt allowed fails for good.
    const smtp = await startSmtp();
    const port = smtp.port;
    await smtp.close();
    const failing = createNotificationWorker({ db: t.db, logger: createLogger('silent'), mailer: envMailer(port), recipients: () => ['staff@agency.test'], maxAttempts: 1 });
    expect(await failing.runOnce()).toEqual({ sent: 0, failed: 1 });

    const failed = await health();
    expect(failed.troubled).toBe(1);
    expect(failed.notifications[0]).toMatchObject({ leadId: id, leadType: 'enquiry', sender: 'Failing Fran', status: 'failed', attempts: 1 });
    expect(failed.notifications[0]!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.notifications[0]!.stateText).toMatch(/^Could not reach the mail server\. (Retrying|Gave up)/);
    expect((await detail(id)).notification).toMatchObject({ status: 'failed', attempts: 1 });

    // Retry now: due at once with fresh attempts; the SMTP server is back.
    const inbox = await startSmtp(port);
    try {
      expect((await call().post('/api/mail-health/retry').set(admin.headers).expect(200)).body).toEqual({ retried: 1 });
      const working = createNotificationWorker({ db: t.db, logger: createLogger('silent'), mailer: envMailer(port), recipients: () => ['staff@agency.test'] });
      expect(await working.runOnce()).toEqual({ sent: 1, failed: 0 });
      expect(inbox.messages).toHaveLength(1);
      expect(inbox.messages[0]).toContain('Subject: New enquiry from Failing Fran');
    } finally {
      await inbox.close();
    }
    expect((await health()).troubled).toBe(0);
    expect((await detail(id)).notification).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    const audit = await t.db('audit_log').where({ action: 'notifications.retry' }).select('summary');
    expect(audit).toEqual([{ summary: '1 staff notification' }]);
  });

  it('counts a notification waiting more than 15 minutes, not one just queued', async () => {
    const id = (await call().post('/api/forms/enquiry').send({ ...VALID_FORMS.enquiry, name: 'Waiting Wes', ...humanMeta() }).expect(201)).body._id as string;
    const queued = (await t.db('form_notifications').where({ submission_id: id }).first('created_at')).created_at as Date;
    clock = new Date(queued.getTime() + 14 * 60_000);
    expect((await health()).troubled).toBe(0);
    clock = new Date(queued.getTime() + 16 * 60_000);
    expect((await health()).notifications.map((entry) => entry.sender)).toEqual(['Waiting Wes']);
  });

  it('says whether mail is on: off without SMTP_URL, on with it', async () => {
    expect((await health()).smtpConfigured).toBe(false);
    const withSmtp = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      const owner = await signInAsAdmin(withSmtp);
      expect((await request(withSmtp.app.callback()).get('/api/mail-health').set(owner.headers).expect(200)).body.smtpConfigured).toBe(true);
    } finally {
      await withSmtp.destroy();
    }
  });

  it('needs a session, and the CSRF token to retry', async () => {
    await call().get('/api/mail-health').expect(401);
    await call().post('/api/mail-health/retry').set({ Cookie: admin.headers.Cookie, Origin: admin.headers.Origin }).expect(403);
  });
});
