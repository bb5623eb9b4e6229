import request from 'supertest';
import { MailServerNotAllowed, type ResolveAddresses } from '../services/mail-destination';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { CERTIFIED_TEST_HOST, localhostCertificate, startBannerServer, startSmtp, type Inbox } from '../../tests/helpers/smtp-inbox';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

const NOT_PUBLIC = 'This mail server is on a private network or on this machine: the site only connects to one there when it is started with SMTP_ALLOW_PRIVATE=true.';
const NOT_A_MAIL_PORT = 'Use a mail port: 25, 465, 587 or 2525.';
const INVALID = 'Please correct the highlighted settings.';

/** A resolver answering from a table, counting its look-ups: names here need no network. */
function tableResolver(table: Record<string, string[]>): ResolveAddresses & { lookups: string[] } {
  const lookups: string[] = [];
  const resolve = async (host: string) => {
    lookups.push(host);
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses;
  };
  return Object.assign(resolve, { lookups });
}

const setupOf = (host: string, port: number, extra: Record<string, unknown> = {}) => ({ host, port, security: 'starttls', user: '', fromName: 'Northwind', fromAddress: 'hello@agency.test', ...extra });

/** One owner of one app, sending test e-mails (the per-minute limit cleared before each) and saves. */
async function ownerOf(t: TestApp) {
  const owner: AdminTestSession = await signInAsAdmin(t);
  const api = () => request(t.app.callback());
  return {
    testEmail: async (body: object, status?: number) => {
      await t.db('form_rate_limits').delete();
      const answer = api().post('/api/settings/test-email').set(owner.headers).send(body);
      return status ? answer.expect(status) : answer;
    },
    save: (body: object) => api().patch('/api/settings').set(owner.headers).send(body),
    savedSmtp: async () => (await api().get('/api/settings').set(owner.headers).expect(200)).body.smtp,
    auditSummaries: async () => (await t.db('audit_log').where({ action: 'settings.test-email' }).orderBy('id').select('summary')).map((row: { summary: string }) => row.summary),
  };
}

describe('the mail server of Settings with SMTP_ALLOW_PRIVATE off: public mail servers only', () => {
  const names: Record<string, string[]> = { 'relay.agency.test': ['127.0.0.1'], 'mixed.agency.test': ['203.0.113.10', '10.0.0.7'], 'mail.example.com': ['203.0.113.10'] };
  const resolver = tableResolver(names);
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof ownerOf>>;
  let listener: Inbox;

  beforeAll(async () => {
    // A mail server on loopback that any connection to 127.0.0.1 would reach.
    listener = await startSmtp(0);
    t = await createTestApp({ NOTIFY_TO: 'staff@agency.test', SMTP_ALLOW_PRIVATE: 'false' }, { resolveMailServer: resolver });
    owner = await ownerOf(t);
  });
  afterAll(async () => {
    t.mailer.close();
    await t.destroy();
    await listener.close();
  });

  it.each(['127.0.0.1', '10.0.0.1', '169.254.169.254', '[::1]', '[::ffff:127.0.0.1]', 'relay.agency.test', 'mixed.agency.test'])(
    'refuses %s before any connection, for a test e-mail and a save, next to the host field',
    async (host) => {
      for (const answer of [await owner.testEmail({ smtp: setupOf(host, listener.port) }), await owner.save({ smtp: setupOf(host, listener.port) })]) {
        expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: { error: INVALID, fields: { 'smtp.host': NOT_PUBLIC } } });
      }
      expect(listener.connections()).toBe(0);
      expect(await owner.auditSummaries()).toEqual([]);
      expect(await owner.savedSmtp()).toBeNull();
    },
    30_000,
  );

  it('refuses a port other than the mail ports on a public address, next to the port field', async () => {
    for (const answer of [await owner.testEmail({ smtp: setupOf('mail.example.com', 2727) }), await owner.save({ smtp: setupOf('mail.example.com', 2727) })]) {
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: { error: INVALID, fields: { 'smtp.port': NOT_A_MAIL_PORT } } });
    }
    const unknown = await owner.save({ smtp: setupOf('nowhere.agency.test', 587) });
    expect(unknown.body.fields).toEqual({ 'smtp.host': 'No address was found for this mail server: check its name.' });
  });

  it('checks a saved server again at every send: a name that moved to a private address gets nothing', async () => {
    names['moving.example.com'] = ['203.0.113.20'];
    const before = resolver.lookups.length;
    await owner.save({ smtp: setupOf('moving.example.com', 587) }).expect(200);
    names['moving.example.com'] = ['127.0.0.1'];
    await expect(t.mailer.send({ to: 'staff@agency.test', subject: 'Inside', text: 'no' })).rejects.toThrow(MailServerNotAllowed);
    const test = await owner.testEmail({}, 200);
    expect(test.body).toEqual({ sent: false, recipients: ['staff@agency.test'], error: NOT_PUBLIC });
    expect(await owner.auditSummaries()).toEqual([`failed: ${NOT_PUBLIC}`]);
    // Looked up at the save and at each send, never left to nodemailer.
    expect(resolver.lookups.slice(before)).toEqual(['moving.example.com', 'moving.example.com', 'moving.example.com']);
    expect(listener.connections()).toBe(0);
  });
});

describe('the mail server of Settings with SMTP_ALLOW_PRIVATE on: a relay beside the site', () => {
  const resolver = tableResolver({ [CERTIFIED_TEST_HOST]: ['127.0.0.1'], 'other.agency.test': ['127.0.0.1'], 'mail.example.com': ['203.0.113.10'] });
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof ownerOf>>;
  let starttls: Inbox;
  let plain: Inbox;

  beforeAll(async () => {
    [starttls, plain] = await Promise.all([startSmtp(0, { security: 'starttls' }), startSmtp(0)]);
    t = await createTestApp({ NOTIFY_TO: 'staff@agency.test', SMTP_ALLOW_PRIVATE: 'true' }, { resolveMailServer: resolver, mailTls: { ca: localhostCertificate().cert } });
    owner = await ownerOf(t);
  });
  afterAll(async () => {
    t.mailer.close();
    await t.destroy();
    await Promise.all([starttls.close(), plain.close()]);
  });

  it('answers and audits a summary of what went wrong, never the banner of what answered', async () => {
    const ssh = await startBannerServer('SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13.5');
    try {
      const answer = await owner.testEmail({ smtp: setupOf('127.0.0.1', ssh.port) }, 200);
      const summary = 'Something answered on that port, but not as a mail server does (unexpected greeting).';
      expect(answer.body).toEqual({ sent: false, recipients: ['staff@agency.test'], error: summary });
      expect(ssh.connections()).toBe(1);
      const audited = await owner.auditSummaries();
      expect(audited).toEqual([`failed: ${summary}`]);
      for (const text of [answer.text, ...audited]) expect(text).not.toMatch(/SSH|OpenSSH|Ubuntu/);
    } finally {
      await ssh.close();
    }
  });

  it.each([
    ['nothing listens on the port', async () => setupOf('127.0.0.1', await closedPort()), 'The connection was refused: no mail server answers on that port.'],
    ['the server offers no STARTTLS', async () => setupOf('127.0.0.1', plain.port), 'The mail server does not offer STARTTLS, so the connection cannot be secured.'],
    ['the certificate is not for the name typed', async () => setupOf('other.agency.test', starttls.port), 'The secure connection failed: the mail server’s certificate is not trusted for this name.'],
  ])('says in plain words when %s', async (_case, setup, summary) => {
    const answer = await owner.testEmail({ smtp: await setup() }, 200);
    expect(answer.body).toEqual({ sent: false, recipients: ['staff@agency.test'], error: summary });
  });

  it('connects to the address it checked and verifies the certificate for the name typed', async () => {
    const before = resolver.lookups.length;
    const answer = await owner.testEmail({ smtp: setupOf(CERTIFIED_TEST_HOST, starttls.port) }, 200);
    // `.test` names resolve nowhere but in the table: nodemailer did not look the name up again.
    expect(answer.body).toMatchObject({ sent: true, response: expect.stringMatching(/^250 /) });
    expect(resolver.lookups.slice(before)).toEqual([CERTIFIED_TEST_HOST]);
    expect(starttls.messages.at(-1)).toContain('Subject: Test e-mail from the back office');
  });

  it('allows any port on a private address, and still only the mail ports on a public one', async () => {
    await owner.save({ smtp: setupOf('127.0.0.1', plain.port) }).expect(200);
    expect((await owner.save({ smtp: setupOf('mail.example.com', 2727) }).expect(400)).body.fields).toEqual({ 'smtp.port': NOT_A_MAIL_PORT });
    expect((await owner.testEmail({ smtp: setupOf('mail.example.com', 2727) }, 400)).body.fields).toEqual({ 'smtp.port': NOT_A_MAIL_PORT });
  });
});

/**
 * A loopback port nothing listens on: port 1 (tcpmux), which no service of these machines opens
 * and no test can be given. A port freed by closing a server could be handed at once to another
 * test's server running beside this one.
 */
async function closedPort(): Promise<number> {
  return 1;
}
