import request from 'supertest';
import { secretPurpose } from '../app-key';
import { IMAP_TEST_LIMIT } from '../services/mailbox-connection';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { startDovecot, type Dovecot } from '../../tests/helpers/dovecot';
import { startBannerServer } from '../../tests/helpers/smtp-inbox';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

/** The mailbox set-up as the Settings form sends it, for the harness's Dovecot. */
const setupFor = (dovecot: Dovecot, extra: Record<string, unknown> = {}) => ({
  host: 'localhost',
  port: dovecot.tlsPort,
  security: 'tls',
  user: dovecot.user,
  password: dovecot.password,
  mailbox: 'INBOX',
  ...extra,
});

const storedDocument = async (t: TestApp) => JSON.parse((await t.db('app_settings').where({ key: 'back_office_settings' }).first<{ value: string }>('value')).value);

describe('the agency mailbox set up in Settings (IMAP)', () => {
  let t: TestApp;
  let owner: AdminTestSession;
  let dovecot: Dovecot;
  const api = () => request(t.app.callback());
  const patch = (body: object) => api().patch('/api/settings').set(owner.headers).send(body);
  const imapTest = (imap: object) => api().post('/api/settings/imap-test').set(owner.headers).send({ imap });

  beforeAll(async () => {
    dovecot = await startDovecot();
    await dovecot.append('From: client@example.com\r\nSubject: First\r\nMessage-ID: <first@example.com>\r\n\r\nHello\r\n');
    await dovecot.createFolder('Clients');
    t = await createTestApp({}, { mailTls: { ca: dovecot.ca } });
    owner = await signInAsAdmin(t);
  }, 60_000);
  afterAll(async () => {
    await t.destroy();
    await dovecot.stop();
  });
  beforeEach(() => t.db('form_rate_limits').delete());

  it('is not set up at first', async () => {
    expect((await api().get('/api/settings').set(owner.headers).expect(200)).body.imap).toBeNull();
  });

  it('refuses a bad set-up field by field (TLS required: no plain connection), with nothing saved', async () => {
    const bad = await patch({ imap: { host: 'imap example', port: 0, security: 'none', user: '', mailbox: 'IN\nBOX', extra: true } }).expect(400);
    expect(bad.body.error).toBe('Please correct the highlighted settings.');
    expect(bad.body.fields).toMatchObject({
      'imap.host': 'Enter a host name such as smtp.example.com.',
      'imap.port': 'Enter a port from 1 to 65535.',
      'imap.security': 'Choose STARTTLS or TLS.',
      'imap.user': 'Enter the user name the mailbox signs in with.',
      'imap.mailbox': 'The folder name cannot hold control characters.',
      'imap.extra': 'This is not a setting.',
    });
    const noPassword = await patch({ imap: setupFor(dovecot, { password: '' }) }).expect(400);
    expect(noPassword.body.fields).toEqual({ 'imap.password': 'Enter the password of this user (none is saved yet).' });
    expect((await api().get('/api/settings').set(owner.headers).expect(200)).body.imap).toBeNull();
    const editor = await signInAsAdmin(t, { username: 'an-editor', role: 'editor' });
    await api().patch('/api/settings').set(editor.headers).send({ imap: setupFor(dovecot) }).expect(403);
    await api().post('/api/settings/imap-test').set(editor.headers).send({ imap: setupFor(dovecot) }).expect(403);
  });

  it('saves it with the password sealed, never shown, audited; the folder is INBOX unless typed; null removes it', async () => {
    const saved = await patch({ imap: setupFor(dovecot, { mailbox: '' }) }).expect(200);
    expect(saved.body.imap).toEqual({ host: 'localhost', port: dovecot.tlsPort, security: 'tls', user: dovecot.user, mailbox: 'INBOX', passwordSet: true });
    expect(JSON.stringify(saved.body)).not.toContain(dovecot.password);
    const stored = await storedDocument(t);
    expect(JSON.stringify(stored)).not.toContain(dovecot.password);
    expect(t.keyring.open(stored.imap.password, secretPurpose.imapPassword)).toBe(dovecot.password);
    // The other settings are untouched and not counted as set.
    expect(saved.body.overridden).toEqual([]);
    const audit = await t.db('audit_log').where({ action: 'settings.update' }).orderBy('id').select('summary');
    expect(audit.at(-1)!.summary).toBe(`imap none → tls ${dovecot.user}@localhost:${dovecot.tlsPort} "INBOX"; imap password changed`);
    expect(JSON.stringify(audit)).not.toContain(dovecot.password);

    // Left empty, the saved password stays: with the same host, port and user.
    await patch({ imap: setupFor(dovecot, { password: '', mailbox: 'Clients' }) }).expect(200);
    expect((await storedDocument(t)).imap.password).toBe(stored.imap.password);

    const removed = await patch({ imap: null }).expect(200);
    expect(removed.body.imap).toBeNull();
    expect((await storedDocument(t)).imap).toBeUndefined();
    expect((await t.db('audit_log').where({ action: 'settings.update' }).orderBy('id', 'desc').first<{ summary: string }>('summary')).summary).toBe(
      `imap tls ${dovecot.user}@localhost:${dovecot.tlsPort} "Clients" → none`,
    );
  });

  it('uses the saved password only with the host, port and user it was saved with', async () => {
    await patch({ imap: setupFor(dovecot) }).expect(200);
    const retype = `Type the password again: the saved one is only used with localhost:${dovecot.tlsPort} as ${dovecot.user}.`;
    for (const other of [{ host: '127.0.0.1' }, { port: dovecot.starttlsPort, security: 'starttls' }, { user: 'someone-else' }]) {
      const refused = await patch({ imap: setupFor(dovecot, { ...other, password: '' }) }).expect(400);
      expect(refused.body.fields).toEqual({ 'imap.password': retype });
      const notTried = await imapTest(setupFor(dovecot, { ...other, password: '' })).expect(400);
      expect(notTried.body.fields).toEqual({ 'imap.password': retype });
    }
    // The same server in another case is the same server.
    await imapTest(setupFor(dovecot, { host: 'LOCALHOST', password: '' })).expect(200);
    await patch({ imap: null }).expect(200);
  });

  it('"Test connection" says what it found: the folders and the message count, over TLS and over STARTTLS, and audits it', async () => {
    const { last } = await t.db('audit_log').max<{ last: number | null }>('id as last').first() ?? { last: null };
    const tls = await imapTest(setupFor(dovecot)).expect(200);
    expect(tls.body).toEqual({ folders: expect.arrayContaining(['INBOX', 'Clients']), mailbox: 'INBOX', messages: 1 });
    const starttls = await imapTest(setupFor(dovecot, { port: dovecot.starttlsPort, security: 'starttls', mailbox: 'Clients' })).expect(200);
    expect(starttls.body).toMatchObject({ mailbox: 'Clients', messages: 0 });
    const audit = await t.db('audit_log').where({ action: 'settings.imap-test' }).where('id', '>', last ?? 0).orderBy('id').select('summary');
    expect(audit.map((row) => row.summary)).toEqual(['found 1 message in INBOX', 'found 0 messages in Clients']);
  });

  it('"Test connection" says what failed in words, next to the field, never the server’s text', async () => {
    const failures: [Record<string, unknown>, string, string][] = [
      [{ password: 'wrong password' }, 'imap.password', 'The mailbox server refused the user name or password.'],
      [{ mailbox: 'Archive/2020' }, 'imap.mailbox', 'The folder was not found in this mailbox.'],
      // The certificate is for localhost, not for the address typed.
      [{ host: '127.0.0.1' }, 'imap.host', 'The secure connection failed: the mailbox server’s certificate is not trusted for this name.'],
      // STARTTLS on the port that speaks TLS from the start, and TLS on the STARTTLS port.
      [{ port: dovecot.starttlsPort }, 'imap.host', expect.stringMatching(/secure connection|closed the connection|did not answer/)],
    ];
    for (const [change, field, words] of failures) {
      const answer = await imapTest(setupFor(dovecot, change)).expect(400);
      expect(answer.body).toEqual({ error: words, fields: { [field]: words } });
    }
    const audited = await t.db('audit_log').where({ action: 'settings.imap-test' }).orderBy('id', 'desc').first<{ summary: string }>('summary');
    expect(audited!.summary).toMatch(/^failed: /);
    const nothing = await startBannerServer('x');
    await nothing.close();
    const refused = await imapTest(setupFor(dovecot, { port: nothing.port })).expect(400);
    expect(refused.body).toEqual({ error: 'The connection was refused: no mailbox server answers on that port.', fields: { 'imap.host': 'The connection was refused: no mailbox server answers on that port.' } });
  });

  it(`answers 429 after ${IMAP_TEST_LIMIT.perWindow} tests a minute`, async () => {
    // Counted before anything is looked at, so refused forms count as well (and cost no connection).
    // The windows are whole minutes: the tries may straddle one boundary, never two.
    let allowed = 0;
    let limited: request.Response | undefined;
    while (!limited && allowed <= 2 * IMAP_TEST_LIMIT.perWindow) {
      const answer = await imapTest({ host: '' });
      if (answer.status === 429) limited = answer;
      else allowed += 1;
    }
    expect(allowed).toBeGreaterThanOrEqual(IMAP_TEST_LIMIT.perWindow);
    expect(limited!.body.error).toMatch(/tested the mailbox several times/);
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the agency mailbox with SMTP_ALLOW_PRIVATE off: a mailbox server on this machine is refused', () => {
  it('refuses to save or test it, before connecting', async () => {
    const dovecot = await startDovecot();
    const t = await createTestApp({ SMTP_ALLOW_PRIVATE: 'false' }, { mailTls: { ca: dovecot.ca } });
    try {
      const owner = await signInAsAdmin(t);
      const words = 'This mail server is on a private network or on this machine: the site only connects to one there when it is started with SMTP_ALLOW_PRIVATE=true.';
      const saved = await request(t.app.callback()).patch('/api/settings').set(owner.headers).send({ imap: setupFor(dovecot) }).expect(400);
      expect(saved.body.fields).toEqual({ 'imap.host': words });
      const tested = await request(t.app.callback()).post('/api/settings/imap-test').set(owner.headers).send({ imap: setupFor(dovecot) }).expect(400);
      expect(tested.body.fields).toEqual({ 'imap.host': words });
      expect(dovecot.log()).not.toContain('Login:');
    } finally {
      await t.destroy();
      await dovecot.stop();
    }
  }, 60_000);
});
