import request from 'supertest';
import { createAuditTrail } from '../services/audit';
import { createMailer } from '../services/mail-transport';
import { createSettingsService } from '../services/settings';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { localhostCertificate, loopbackMailServers, startSmtp, waitFor, type Inbox } from '../../tests/helpers/smtp-inbox';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

const PASSWORD = 'correct horse battery';
const AUTH = { user: 'mailer@agency.test', password: PASSWORD };
const trustLocalhost = () => ({ ca: localhostCertificate().cert });

/** The mail set-up as the Settings form sends it. */
const setupFor = (inbox: Inbox, extra: Record<string, unknown> = {}) => ({
  host: 'localhost',
  port: inbox.port,
  security: 'starttls',
  user: AUTH.user,
  password: PASSWORD,
  fromName: 'Northwind "Studio"',
  fromAddress: 'hello@agency.test',
  ...extra,
});

describe('mail set up in Settings', () => {
  let t: TestApp;
  let owner: AdminTestSession;
  let first: Inbox;
  let second: Inbox;
  const api = () => request(t.app.callback());
  const patch = (body: object) => api().patch('/api/settings').set(owner.headers).send(body);
  const testEmail = (body?: object) => api().post('/api/settings/test-email').set(owner.headers).send(body ?? {});

  beforeAll(async () => {
    [first, second] = await Promise.all([startSmtp(0, { security: 'starttls', auth: AUTH }), startSmtp(0, { security: 'tls', auth: AUTH })]);
    t = await createTestApp({ NOTIFY_TO: 'staff@agency.test' }, { mailTls: trustLocalhost() });
    owner = await signInAsAdmin(t);
  });
  afterAll(async () => {
    t.mailer.close();
    await t.destroy();
    await Promise.all([first.close(), second.close()]);
  });
  beforeEach(() => t.db('form_rate_limits').delete());

  it('is off until set up, and says so', async () => {
    const answer = await api().get('/api/settings').set(owner.headers).expect(200);
    expect(answer.body).toMatchObject({ smtp: null, mail: 'off' });
    expect((await api().get('/api/mail-health').set(owner.headers).expect(200)).body).toMatchObject({ smtpConfigured: false, source: 'off' });
  });

  it('refuses a bad set-up field by field, with 400 and nothing saved', async () => {
    const bad = await patch({ smtp: { host: 'smtp example', port: 70000, security: 'ssl', user: '', fromName: '', fromAddress: 'nobody', extra: 1 } }).expect(400);
    expect(bad.body.error).toBe('Please correct the highlighted settings.');
    expect(bad.body.fields).toMatchObject({
      'smtp.host': 'Enter a host name such as smtp.example.com.',
      'smtp.port': 'Enter a port from 1 to 65535.',
      'smtp.security': 'Choose STARTTLS or TLS.',
      'smtp.fromName': 'Enter the sender name, such as your agency.',
      'smtp.fromAddress': 'Enter the sender address, such as hello@example.com.',
      'smtp.extra': 'This is not a setting.',
    });
    const noPassword = await patch({ smtp: setupFor(first, { password: '' }) }).expect(400);
    expect(noPassword.body.fields).toEqual({ 'smtp.password': 'Enter the password of this user (none is saved yet).' });
    expect((await api().get('/api/settings').set(owner.headers).expect(200)).body.smtp).toBeNull();
    const editor = await signInAsAdmin(t, { username: 'an-editor', role: 'editor' });
    await api().patch('/api/settings').set(editor.headers).send({ smtp: setupFor(first) }).expect(403);
  });

  it('sends a test e-mail with what is typed, before saving, through STARTTLS and the password', async () => {
    const wrong = await testEmail({ smtp: setupFor(first, { password: 'not it' }) }).expect(200);
    // In our words: what the server said is not passed on.
    expect(wrong.body).toEqual({ sent: false, recipients: ['staff@agency.test'], error: 'The mail server refused the user name or password.' });
    const sent = await testEmail({ smtp: setupFor(first) }).expect(200);
    expect(sent.body).toEqual({ sent: true, recipients: ['staff@agency.test'], response: expect.stringMatching(/^250 /) });
    expect(first.messages).toHaveLength(1);
    expect(first.messages[0]).toMatch(/^From: "Northwind \\"Studio\\"" <hello@agency.test>$/m);
    expect(first.messages[0]).toContain('Subject: Test e-mail from the back office');
    // Nothing was saved: mail is still off, and the test of what is in force says so.
    expect((await api().get('/api/settings').set(owner.headers).expect(200)).body).toMatchObject({ smtp: null, mail: 'off' });
    expect((await testEmail().expect(200)).body).toMatchObject({ sent: false, error: expect.stringMatching(/^Mail is off/) });
    const badField = await testEmail({ smtp: setupFor(first, { port: 'x' }) }).expect(400);
    expect(badField.body.fields).toEqual({ 'smtp.port': 'Enter the port as a number.' });
  });

  it('saves the set-up with its password sealed, never sending the password back', async () => {
    const saved = await patch({ smtp: setupFor(first) }).expect(200);
    const view = { host: 'localhost', port: first.port, security: 'starttls', user: AUTH.user, fromName: 'Northwind "Studio"', fromAddress: 'hello@agency.test', passwordSet: true };
    expect(saved.body).toMatchObject({ smtp: view, mail: 'settings' });
    const got = await api().get('/api/settings').set(owner.headers).expect(200);
    expect(got.body.smtp).toEqual(view);
    for (const text of [saved.text, got.text]) expect(text).not.toContain(PASSWORD);
    // The database holds it sealed (a dump alone does not give it), and the audit trail names the change only.
    const stored = await t.db('app_settings').where({ key: 'back_office_settings' }).first<{ value: string }>('value');
    expect(stored!.value).not.toContain(PASSWORD);
    expect(JSON.parse(stored!.value).smtp.password).toMatch(/^enc1:/);
    const [audit] = await t.db('audit_log').where({ action: 'settings.update' }).orderBy('id', 'desc').limit(1).select('summary');
    expect(audit.summary).toContain(`smtp none → starttls ${AUTH.user}@localhost:${first.port} from hello@agency.test; smtp password changed`);
    expect(audit.summary).not.toContain(PASSWORD);
    // An empty password keeps the saved one, for a test e-mail and a save alike.
    expect((await testEmail({ smtp: setupFor(first, { password: '' }) }).expect(200)).body.sent).toBe(true);
    await patch({ smtp: setupFor(first, { password: '', fromName: 'Northwind' }) }).expect(200);
    expect((await api().get('/api/settings').set(owner.headers).expect(200)).body.smtp).toMatchObject({ fromName: 'Northwind', passwordSet: true });
  });

  it('sends everything through the saved set-up, and the next e-mail through a changed one, on every instance, without a restart', async () => {
    const before = first.messages.length;
    await t.mailer.send({ to: 'staff@agency.test', subject: 'Through the first', text: '1' });
    expect(first.messages.slice(before).join()).toContain('Subject: Through the first');

    // Another instance: its own settings poller and mailer on the same database.
    const other = createSettingsService({ db: t.db, config: t.config, audit: createAuditTrail({ db: t.db }), keyring: t.keyring });
    await other.refresh();
    const otherMailer = createMailer({ envFrom: 'unused@agency.test', saved: other.smtp, keyring: t.keyring, checkMailServer: loopbackMailServers, tls: trustLocalhost() });
    try {
      await patch({ smtp: setupFor(second, { security: 'tls' }) }).expect(200);
      await t.mailer.send({ to: 'staff@agency.test', subject: 'Through the second', text: '2' });
      await other.refresh();
      await otherMailer.send({ to: 'staff@agency.test', subject: 'From the other instance', text: '3' });
      await waitFor(() => second.messages.length === 2);
      expect(second.messages.join()).toContain('Subject: Through the second');
      expect(second.messages.join()).toContain('Subject: From the other instance');
      expect(first.messages.join()).not.toContain('Through the second');

      await patch({ smtp: null }).expect(200);
      await other.refresh();
      expect(otherMailer.source()).toBe('off');
      await expect(t.mailer.send({ to: 'staff@agency.test', subject: 'Nowhere', text: '4' })).rejects.toThrow(/Mail is off/);
    } finally {
      otherMailer.close();
    }
  });
});

/** "Leave empty to keep it": the saved password only ever goes with the host, port and user it was saved with. */
describe('the saved SMTP password stays with its own server', () => {
  const MAILER = { user: 'agency-mailer', password: 'the agency mail password' };
  let t: TestApp;
  let owner: AdminTestSession;
  let saved: Inbox;
  let elsewhere: Inbox;
  const api = () => request(t.app.callback());
  const patch = (body: object) => api().patch('/api/settings').set(owner.headers).send(body);
  const testEmail = async (body: object) => {
    await t.db('form_rate_limits').delete();
    return api().post('/api/settings/test-email').set(owner.headers).send(body);
  };
  const setup = (extra: Record<string, unknown> = {}) => ({ host: 'localhost', port: saved.port, security: 'starttls', user: MAILER.user, password: '', fromName: 'Northwind', fromAddress: 'hello@agency.test', ...extra });
  const retypeAnswer = () => ({ error: 'Please correct the highlighted settings.', fields: { 'smtp.password': `Type the password again: the saved one is only used with localhost:${saved.port} as agency-mailer.` } });
  /** The host, port or user changed from the saved ones, each reaching a server that would take the password. */
  const elsewhereSetups = () => [
    { port: elsewhere.port },
    { host: '127.0.0.1', port: elsewhere.port },
    { host: '127.0.0.1' },
    { user: 'someone-else' },
  ];
  const storedSmtp = async () => JSON.parse((await t.db('app_settings').where({ key: 'back_office_settings' }).first<{ value: string }>('value'))!.value).smtp;

  beforeAll(async () => {
    // Two servers taking the same account, as a look-alike server would: each records every sign-in.
    [saved, elsewhere] = await Promise.all([startSmtp(0, { security: 'starttls', auth: MAILER }), startSmtp(0, { security: 'starttls', auth: MAILER })]);
    t = await createTestApp({ NOTIFY_TO: 'staff@agency.test' }, { mailTls: trustLocalhost() });
    owner = await signInAsAdmin(t);
    await patch({ smtp: setup({ password: MAILER.password }) }).expect(200);
  });
  afterAll(async () => {
    t.mailer.close();
    await t.destroy();
    await Promise.all([saved.close(), elsewhere.close()]);
  });

  it('sends no test e-mail with the saved password to another host, port or user: 400 on the password, nobody signed in to', async () => {
    for (const changed of elsewhereSetups()) {
      const answer = await testEmail({ smtp: setup(changed) });
      expect({ changed, status: answer.status, body: answer.body }).toEqual({ changed, status: 400, body: retypeAnswer() });
    }
    expect(elsewhere.logins).toEqual([]);
    expect(elsewhere.connections()).toBe(0);
    expect(saved.logins).toEqual([]);
    // Refused before anything was tried: nothing to audit.
    expect(await t.db('audit_log').where({ action: 'settings.test-email' }).select('summary')).toEqual([]);
  });

  it('saves no other host, port or user with the saved password: 400 on the password, the saved set-up kept', async () => {
    const before = await storedSmtp();
    for (const changed of elsewhereSetups()) {
      const answer = await patch({ smtp: setup(changed) });
      expect({ changed, status: answer.status, body: answer.body }).toEqual({ changed, status: 400, body: retypeAnswer() });
    }
    expect(await storedSmtp()).toEqual(before);
    // Nothing goes anywhere else afterwards either.
    await t.mailer.send({ to: 'staff@agency.test', subject: 'Still through the saved server', text: '1' });
    expect(saved.messages.at(-1)).toContain('Subject: Still through the saved server');
    expect(elsewhere.logins).toEqual([]);
  });

  it('keeps using the saved password with the same host (in any case), port and user', async () => {
    const sent = await testEmail({ smtp: setup({ host: 'LocalHost' }) });
    expect({ status: sent.status, body: sent.body }).toMatchObject({ status: 200, body: { sent: true } });
    expect(saved.logins.at(-1)).toEqual(MAILER);
    await patch({ smtp: setup({ fromName: 'Northwind Studio' }) }).expect(200);
    expect((await api().get('/api/settings').set(owner.headers).expect(200)).body.smtp).toMatchObject({ host: 'localhost', port: saved.port, fromName: 'Northwind Studio', passwordSet: true });
  });

  it('moves to another server once the password is typed again, and keeps it for that one only', async () => {
    await patch({ smtp: setup({ port: elsewhere.port, password: MAILER.password }) }).expect(200);
    const sent = await testEmail({ smtp: setup({ port: elsewhere.port }) });
    expect({ status: sent.status, body: sent.body }).toMatchObject({ status: 200, body: { sent: true } });
    expect(elsewhere.logins).toEqual([MAILER]);
    const back = await testEmail({ smtp: setup() });
    expect(back.status).toBe(400);
    expect(back.body.fields).toEqual({ 'smtp.password': `Type the password again: the saved one is only used with localhost:${elsewhere.port} as agency-mailer.` });
  });
});

describe('SMTP_URL wins over Settings', () => {
  it('sends through SMTP_URL whatever is saved, and says where mail goes', async () => {
    const [env, saved] = await Promise.all([startSmtp(), startSmtp(0, { security: 'starttls', auth: AUTH })]);
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${env.port}`, NOTIFY_TO: 'staff@agency.test' }, { mailTls: trustLocalhost() });
    try {
      const owner = await signInAsAdmin(t);
      const answer = await request(t.app.callback()).patch('/api/settings').set(owner.headers).send({ smtp: setupFor(saved) }).expect(200);
      expect(answer.body).toMatchObject({ mail: 'environment', smtp: { host: 'localhost', passwordSet: true } });
      expect((await request(t.app.callback()).get('/api/mail-health').set(owner.headers).expect(200)).body).toMatchObject({ smtpConfigured: true, source: 'environment' });
      await request(t.app.callback()).post('/api/settings/test-email').set(owner.headers).send({}).expect(200);
      await t.mailer.send({ to: 'staff@agency.test', subject: 'Which way', text: 'env' });
      expect(env.messages).toHaveLength(2);
      expect(saved.messages).toHaveLength(0);
    } finally {
      t.mailer.close();
      await t.destroy();
      await Promise.all([env.close(), saved.close()]);
    }
  });
});
