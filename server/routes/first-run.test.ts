import request from 'supertest';
import { simpleParser } from 'mailparser';
import { createAdminAuth } from '../auth';
import { createLogger } from '../logger';
import { signInAsAdmin } from '../../tests/helpers/admin-session';
import { startSmtp, type Inbox } from '../../tests/helpers/smtp-inbox';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import type { FirstRunJson } from '../../shared/first-run';

const ORIGIN = 'https://agency.test';
const PASSWORD = 'the first owner password';

/** The one link in a parsed message's text that starts with `path`, as a path and query to request. */
async function linkIn(raw: string, path: string): Promise<{ address: string; token: string }> {
  const mail = await simpleParser(raw);
  const found = new RegExp(`${ORIGIN}${path}\\?token=[\\w-]{43}(?![\\w-])`).exec(mail.text ?? '');
  if (!found) throw new Error(`no ${path} link in:\n${mail.text}`);
  const url = new URL(found[0]);
  return { address: url.pathname + url.search, token: url.searchParams.get('token')! };
}

/** The first start's set-up address, as `npm start` prints it on a site with no account. */
async function firstSetup(t: TestApp): Promise<string> {
  const setup = await createAdminAuth({ db: t.db, logger: createLogger('silent') }).ensureFirstAdmin({});
  return setup!.token;
}

const setUp = (t: TestApp, token: string, email: string) =>
  request(t.app.callback()).post('/admin/set-password').set('Origin', ORIGIN).type('form').send({ token, username: 'admin', displayName: 'Ada Owner', email, password: PASSWORD, confirm: PASSWORD });

const stateOf = (answer: FirstRunJson) => Object.fromEntries(answer.items.map((item) => [item.key, item.state]));

/** Each test starts a site of its own (a fresh database), which takes a while on a busy machine. */
const FRESH_SITE_MS = 180_000;

describe('first run: the only owner can get back in', () => {
  let inbox: Inbox;
  beforeAll(async () => {
    inbox = await startSmtp();
  });
  afterAll(() => inbox.close());

  it('mails the set-up address its confirmation; once confirmed, "Forgot password?" reaches the owner', async () => {
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${inbox.port}` }, { adminAuthOptions: { failureDelayMs: 0 } });
    try {
      const api = () => request(t.app.callback());
      const before = inbox.messages.length;
      const done = await setUp(t, await firstSetup(t), 'ada@agency.test').expect(303);
      expect(done.headers.location).toBe('/admin/dashboard?username=admin&passwordSet=sent');
      expect((await api().get(done.headers.location!).expect(200)).text).toContain('We sent a link to confirm your e-mail address');

      // The confirmation, parsed as a mail program reads it.
      const [confirmation] = inbox.messages.slice(before);
      expect((await simpleParser(confirmation!)).to).toMatchObject({ text: 'ada@agency.test' });
      const verify = await linkIn(confirmation!, '/admin/verify-email');
      // Before it is confirmed, "Forgot password?" sends nothing (the address may be a typo).
      await api().post('/admin/forgot-password').set('Origin', ORIGIN).type('form').send({ identifier: 'admin' }).expect(200);
      await t.backgroundTasks.idle();
      expect(inbox.messages.length).toBe(before + 1);
      await api().post('/admin/verify-email').set('Origin', ORIGIN).type('form').send({ token: verify.token }).expect(200);

      await api().post('/admin/forgot-password').set('Origin', ORIGIN).type('form').send({ identifier: 'ada@agency.test' }).expect(200);
      await t.backgroundTasks.idle();
      const [reset] = inbox.messages.slice(before + 1);
      const parsed = await simpleParser(reset!);
      expect(parsed.subject).toMatch(/^Reset your .* back-office password$/);
      const link = await linkIn(reset!, '/admin/set-password');
      // A reset is no set-up: its page asks for no address, and leads to the sign-in form.
      expect((await api().get(link.address).expect(200)).text).not.toContain('name="email"');
      const again = await api().post('/admin/set-password').set('Origin', ORIGIN).type('form').send({ token: link.token, displayName: 'Ada Owner', password: 'a brand new password', confirm: 'a brand new password' }).expect(303);
      expect(again.headers.location).toBe('/admin/dashboard?username=admin&passwordSet=yes');
      await api().post('/api/auth/login').set('Origin', ORIGIN).send({ username: 'admin', password: 'a brand new password' }).expect(200);
    } finally {
      await t.destroy();
    }
  }, FRESH_SITE_MS);

  it('refuses a set-up address another account confirmed, beside the field', async () => {
    const t = await createTestApp({}, { adminAuthOptions: { failureDelayMs: 0 } });
    try {
      const token = await firstSetup(t);
      await t.db('admin_users').insert({ username: 'someone', password_hash: (await t.db('admin_users').first('password_hash')).password_hash, role: 'editor', email: 'taken@agency.test', email_verified_at: new Date(), created_at: new Date(), updated_at: new Date() });
      const refused = await setUp(t, token, 'Taken@Agency.test').expect(400);
      expect(refused.text).toContain('<p id="set-email-error" class="admin-login__error">Another account has verified this e-mail address.</p>');
    } finally {
      await t.destroy();
    }
  }, FRESH_SITE_MS);

  it('checklist: computed from the site as it is, dismissals per site and audited, the address confirmed once mail works', async () => {
    const t = await createTestApp({}, { adminAuthOptions: { failureDelayMs: 0 } });
    let later: TestApp | undefined;
    try {
      const done = await setUp(t, await firstSetup(t), 'ada@agency.test').expect(303);
      expect(done.headers.location).toBe('/admin/dashboard?username=admin&passwordSet=waiting');
      const owner = await signInAsAdmin(t, { username: 'admin', password: PASSWORD });
      const api = () => request(t.app.callback());
      const list = async () => (await api().get('/api/first-run').set(owner.headers).expect(200)).body as FirstRunJson;

      const first = await list();
      expect(first.items.map((item) => item.key)).toEqual(['agency', 'timeZone', 'mail', 'email', 'team', 'backups']);
      expect(stateOf(first)).toEqual({ agency: 'todo', timeZone: 'todo', mail: 'todo', email: 'todo', team: 'todo', backups: 'todo' });
      expect(first.items.find((item) => item.key === 'email')).toEqual({ key: 'email', state: 'todo', address: 'ada@agency.test', mailWorks: false });
      // Mail is off: the confirmation cannot go, and says why; the address still waits.
      const notYet = await api().post('/api/account/email/confirmation').set(owner.headers).expect(200);
      expect(notYet.body).toEqual({ email: 'ada@agency.test', emailVerified: false, verificationError: expect.stringMatching(/Mail is off/) });

      // Done by doing it, wherever: a time zone chosen, a colleague invited, the agency details published.
      await api().patch('/api/settings').set(owner.headers).send({ timeZone: 'Europe/Madrid' }).expect(200);
      await api().post('/api/users').set(owner.headers).send({ username: 'maria', displayName: 'Maria Lopez', role: 'editor' }).expect(201);
      await t.db('content_documents').where({ key: 'business' }).update({ published_by: 'admin' });
      expect(stateOf(await list())).toMatchObject({ agency: 'done', timeZone: 'done', team: 'done', mail: 'todo' });
      // …and undone when undone: the colleague's account disabled leaves the owner alone again.
      await api().patch('/api/users/maria').set(owner.headers).send({ disabled: true }).expect(200);
      expect(stateOf(await list()).team).toBe('todo');

      // Dismissed for the site, once in the audit trail, whoever asks; hostile or unknown items refused.
      const dismissed = await api().post('/api/first-run/dismissals').set(owner.headers).send({ item: 'team' }).expect(200);
      expect(stateOf(dismissed.body).team).toBe('dismissed');
      await api().post('/api/first-run/dismissals').set(owner.headers).send({ item: 'team' }).expect(200);
      for (const body of [{ item: 'everything' }, { item: 'team', extra: 1 }, {}, { item: ["team') or 1=1 --"] }]) await api().post('/api/first-run/dismissals').set(owner.headers).send(body).expect(400);
      await api().delete('/api/first-run/dismissals/nothing').set(owner.headers).expect(400);
      expect(await t.db('audit_log').where({ action: 'first-run.dismiss' }).select('actor_name', 'target_id')).toEqual([{ actor_name: 'admin', target_id: 'team' }]);
      // Brought back, audited.
      expect(stateOf((await api().delete('/api/first-run/dismissals/team').set(owner.headers).expect(200)).body).team).toBe('todo');
      expect(await t.db('audit_log').where({ action: 'first-run.restore' }).pluck('target_id')).toEqual(['team']);

      // A second owner is a teammate (done wins over dismissed), and sees what the first dismissed, and the other way round.
      await api().post('/api/first-run/dismissals').set(owner.headers).send({ item: 'team' }).expect(200);
      const second = await signInAsAdmin(t, { username: 'second-owner' });
      expect(stateOf((await api().get('/api/first-run').set(second.headers).expect(200)).body).team).toBe('done');
      await api().post('/api/first-run/dismissals').set(second.headers).send({ item: 'backups' }).expect(200);
      expect(stateOf(await list()).backups).toBe('dismissed');
      // Owners only.
      const editor = await signInAsAdmin(t, { username: 'an-editor', role: 'editor' });
      await api().get('/api/first-run').set(editor.headers).expect(403);
      await api().post('/api/first-run/dismissals').set(editor.headers).send({ item: 'mail' }).expect(403);
      await api().get('/api/first-run').expect(401);

      // The site restarted with mail and backups copied off: the confirmation goes, and is used.
      later = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, BACKUP_S3_URL: 's3://agency-backups/site' }, { testDb: t, adminAuthOptions: { failureDelayMs: 0 } });
      const laterApi = () => request(later!.app.callback());
      await laterApi().patch('/api/settings').set(owner.headers).send({ replyAddress: 'team@agency.test' }).expect(200);
      const before = inbox.messages.length;
      const sent = await laterApi().post('/api/account/email/confirmation').set(owner.headers).expect(200);
      expect(sent.body).toEqual({ email: 'ada@agency.test', emailVerified: false, verificationSentTo: 'ada@agency.test' });
      const verify = await linkIn(inbox.messages[before]!, '/admin/verify-email');
      await laterApi().post('/admin/verify-email').set('Origin', ORIGIN).type('form').send({ token: verify.token }).expect(200);
      // Confirmed: nothing left to send.
      await laterApi().post('/api/account/email/confirmation').set(owner.headers).expect(409);
      const finished = (await laterApi().get('/api/first-run').set(owner.headers).expect(200)).body as FirstRunJson;
      expect(stateOf(finished)).toEqual({ agency: 'done', timeZone: 'done', mail: 'done', email: 'done', team: 'done', backups: 'done' });
    } finally {
      // One database under both: it is closed once.
      await (later ?? t).destroy();
    }
  }, FRESH_SITE_MS);
});
