import request from 'supertest';
import { signInAsAdmin, TEST_ADMIN, type AdminTestSession } from '../../tests/helpers/admin-session';
import { startSmtp, type Inbox } from '../../tests/helpers/smtp-inbox';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { countRows, humanMeta, VALID_FORMS } from '../../tests/helpers/form-fixtures';
import { deleteEndedWindows } from '../db/rate-limit-windows';
import { FORGOT_PASSWORD_LIMITS } from '../auth/forgot-password';
import { VERIFY_EMAILS_PER_HOUR } from '../auth/staff-email';
import { TEST_EMAIL_LIMIT } from '../services/test-email';
import type { FormType } from '../../shared/form-types';
import { HONEYPOT_FIELD } from '../../shared/forms';
import { CONFIRMATION_LIMITS } from '../../shared/visitor-confirmation';

const ORIGIN = 'https://agency.test';
const FORM_LIMIT = 12;
const PREVIEW_VIEWS_PER_MINUTE = 60;

/**
 * Every limit counted in `form_rate_limits` is filled as a client would fill it, then the forms are
 * flooded (more spam posts than it ever took to trigger a clean-up) and the server's clean-up runs:
 * each limit still refuses, because a counter goes only once its own window has ended.
 */
describe('rate limits under a flood of form posts', () => {
  let t: TestApp;
  let inbox: Inbox;
  let owner: AdminTestSession;
  let checker: AdminTestSession;
  const call = () => request(t.app.callback());
  const post = (type: FormType, ip: string, fields: Record<string, unknown> = {}) => call().post(`/api/forms/${type}`).set('X-Forwarded-For', ip).send({ ...VALID_FORMS[type], ...fields, ...humanMeta() });
  const forgot = (identifier: string, ip: string) => call().post('/admin/forgot-password').set('Origin', ORIGIN).set('X-Forwarded-For', ip).type('form').send({ identifier }).expect(200);
  const changeEmail = (email: string) => call().post('/api/account/email').set(checker.headers).send({ email, password: TEST_ADMIN.password });
  const testEmail = () => call().post('/api/settings/test-email').set(owner.headers).send({});
  const openPreview = (ip: string) => call().get(`/preview/${'0'.repeat(64)}`).set('X-Forwarded-For', ip);
  const acknowledgements = () => t.db('form_notifications').where({ kind: 'confirmation' }).count<{ count: string }[]>({ count: '*' }).first().then((row) => Number(row!.count));
  /** The reset e-mails that arrived since `before`, once the queued work is done. */
  const resetMailsSince = async (before: number) => {
    await t.backgroundTasks.idle();
    return inbox.messages.slice(before).filter((raw) => /^Subject: .*password/im.test(raw)).length;
  };
  /**
   * Waits for the start of a minute that ends no longer window: every window here (a minute, the
   * forms' ten minutes, an hour, a day) ends on a minute whose number ends in 0, so from the start
   * of a minute not ending in 9, limits filled and checked within that minute all stay in their
   * window, and a refusal that stops is a reset, not a window that ended.
   */
  async function atStartOfQuietMinute(): Promise<void> {
    for (;;) {
      const now = new Date();
      if (now.getUTCSeconds() < 3 && now.getUTCMinutes() % 10 !== 9) return;
      await new Promise((resolve) => setTimeout(resolve, 60_000 - (now.getTime() % 60_000) + 200));
    }
  }

  beforeAll(async () => {
    inbox = await startSmtp();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, NOTIFY_TO: 'staff@agency.test', FORM_RATE_LIMIT: String(FORM_LIMIT), FORM_RATE_WINDOW_SECONDS: '600', TRUST_PROXY: 'true' }, { adminAuthOptions: { failureDelayMs: 0 } });
    owner = await signInAsAdmin(t);
    checker = await signInAsAdmin(t, { username: 'address-checker', role: 'editor' });
    await signInAsAdmin(t, { username: 'second-owner' });
    await t.db('admin_users').where({ username: TEST_ADMIN.username }).update({ email: 'owner@agency.test', email_verified_at: t.db.fn.now() });
    await t.db('admin_users').where({ username: 'second-owner' }).update({ email: 'second@agency.test', email_verified_at: t.db.fn.now() });
    await call().patch('/api/settings').set(owner.headers).send({ visitorConfirmation: { contact: true, enquiry: false, quote: false, 'free-offer': false } }).expect(200);
  });
  afterAll(async () => {
    await t.destroy();
    await inbox.close();
  });

  it('fills every kind of limit, takes a flood of 100 spam posts and the clean-up, and none resets', async () => {
    await atStartOfQuietMinute();
    // Acknowledgements to one address (in any letter case): 3 a day; the fourth, from another network, gets none.
    for (let i = 0; i < CONFIRMATION_LIMITS.perAddress + 1; i += 1) await post('contact', `198.51.100.${10 + i}`, { email: i % 2 ? 'Filled@Victim.Example' : 'filled@victim.example' }).expect(201);
    expect(await acknowledgements()).toBe(CONFIRMATION_LIMITS.perAddress);
    // Acknowledgements asked from one network: 10 a day, to any addresses (the checks below ask for more).
    for (let i = 0; i < CONFIRMATION_LIMITS.perNetwork; i += 1) await post('contact', '198.51.100.50', { email: `stranger${i}@victim.example` }).expect(201);
    expect(await acknowledgements()).toBe(CONFIRMATION_LIMITS.perAddress + CONFIRMATION_LIMITS.perNetwork);
    // The forms' own limit: 12 posts a window from one network, then 429.
    for (let i = 0; i < FORM_LIMIT; i += 1) await post('enquiry', '198.51.100.60').expect(201);
    await post('enquiry', '198.51.100.60').expect(429);

    // Reset links: 3 an hour to one account, 10 asks an hour from one network.
    let before = inbox.messages.length;
    for (let i = 0; i < FORGOT_PASSWORD_LIMITS.perAccount + 1; i += 1) await forgot(TEST_ADMIN.username, `198.51.100.${70 + i}`);
    expect(await resetMailsSince(before)).toBe(FORGOT_PASSWORD_LIMITS.perAccount);
    for (let i = 0; i < FORGOT_PASSWORD_LIMITS.perAddress; i += 1) await forgot(`nobody-${i}`, '198.51.100.80');
    before = inbox.messages.length;
    await forgot('second-owner', '198.51.100.80');
    expect(await resetMailsSince(before)).toBe(0);

    // Address verifications: 5 an hour per account, then 429.
    for (let i = 0; i < VERIFY_EMAILS_PER_HOUR; i += 1) await changeEmail(`checker${i}@agency.test`).expect(200);
    await changeEmail('checker-more@agency.test').expect(429);

    // The one-minute limits: test e-mails per account, preview-link views per network.
    for (let i = 0; i < TEST_EMAIL_LIMIT.perWindow; i += 1) await testEmail().expect(200);
    await testEmail().expect(429);
    for (let i = 0; i < PREVIEW_VIEWS_PER_MINUTE; i += 1) await openPreview('198.51.100.90').expect(404);
    await openPreview('198.51.100.90').expect(429);
    const counters = await countRows(t.db, 'form_rate_limits');

    // The flood: spam posts (honeypot filled) from 100 networks, each the first of its window, ten at a time.
    const flood = 100;
    for (let i = 0; i < flood; i += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, j) => post('enquiry', `10.77.0.${i + j}`, { [HONEYPOT_FIELD]: 'http://spam.example' }).expect(201)));
    }

    /** The filled limits that let one more through (none, while their windows run). */
    async function limitsLettingThrough(): Promise<string[]> {
      const through: string[] = [];
      if ((await openPreview('198.51.100.90')).status !== 429) through.push('preview views per minute');
      if ((await testEmail()).status !== 429) through.push('test e-mails per minute');
      if ((await post('enquiry', '198.51.100.60')).status !== 429) through.push('form posts per window');
      if ((await changeEmail('checker-later@agency.test')).status !== 429) through.push('address verifications per hour');
      let mails = inbox.messages.length;
      await forgot(TEST_ADMIN.username, '198.51.100.99');
      if ((await resetMailsSince(mails)) > 0) through.push('reset links per account per hour');
      mails = inbox.messages.length;
      await forgot('second-owner', '198.51.100.80');
      if ((await resetMailsSince(mails)) > 0) through.push('reset asks per network per hour');
      let acknowledged = await acknowledgements();
      await post('contact', '198.51.100.98', { email: 'FILLED@victim.example' }).expect(201);
      if ((await acknowledgements()) > acknowledged) through.push('acknowledgements per address per day');
      acknowledged = await acknowledgements();
      await post('contact', '198.51.100.50', { email: 'stranger-later@victim.example' }).expect(201);
      if ((await acknowledgements()) > acknowledged) through.push('acknowledgements per network per day');
      return through;
    }
    expect(await limitsLettingThrough()).toEqual([]);
    // The flood added one row per network it came from, and the server's clean-up removes none of
    // the filled limits, whose windows are all still running.
    expect(await countRows(t.db, 'form_rate_limits')).toBeGreaterThanOrEqual(counters + flood);
    await deleteEndedWindows(t.db);
    expect(await limitsLettingThrough()).toEqual([]);
    // Up to two minutes of waiting for a fresh minute, then some 250 requests.
  }, 240_000);

  it('gives a client rotating through the addresses of its IPv6 /64 one form counter and one allowance', async () => {
    const before = await countRows(t.db, 'form_rate_limits');
    for (let i = 0; i < FORM_LIMIT; i += 1) await post('enquiry', `2001:db8:99:1::${(i + 1).toString(16)}`).expect(201);
    await post('enquiry', '2001:db8:99:1:ffff:ffff:ffff:ffff').expect(429);
    expect(await countRows(t.db, 'form_rate_limits')).toBe(before + 1);
    // Another /64 is another network.
    await post('enquiry', '2001:db8:99:2::1').expect(201);
  });
});
