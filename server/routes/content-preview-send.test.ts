/**
 * "Send to client": a preview link e-mailed through the mail set-up, from the agency, answers going
 * where a reply's would; only a working link of that page, at most 20 an hour per account, audited,
 * refused in words when mail is off or nobody would get the answer.
 */
import { simpleParser } from 'mailparser';
import request from 'supertest';
import { signInAsAdmin, TEST_ADMIN, type AdminTestSession } from '../../tests/helpers/admin-session';
import { startSmtp, type Inbox } from '../../tests/helpers/smtp-inbox';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { hitsInWindow } from '../db/rate-limit-windows';
import { PREVIEW_SENDS_PER_HOUR } from '../content/preview';

describe('e-mailing a preview link to a client', () => {
  let inbox: Inbox;
  let t: TestApp;
  let owner: AdminTestSession;
  let editor: AdminTestSession;
  const api = () => request(t.app.callback());
  const makeLink = async (key = 'home', session = owner) => (await api().post(`/api/content/${key}/preview-links`).set(session.headers).send({}).expect(201)).body as { id: string; url: string };
  const send = (body: unknown, key = 'home', session = owner) => api().post(`/api/content/${key}/preview-links/send`).set(session.headers).send(body as object);

  beforeAll(async () => {
    inbox = await startSmtp();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${inbox.port}` });
    owner = await signInAsAdmin(t);
    editor = await signInAsAdmin(t, { username: 'preview-sender', role: 'editor' });
    await t.db('admin_users').where({ username: TEST_ADMIN.username }).update({ display_name: 'Maria Lopez', email: 'maria@agency.test', email_verified_at: t.db.fn.now() });
  });
  afterAll(async () => {
    await t.destroy();
    await inbox.close();
  });

  it('sends the link with the typed message, from the agency, Reply-To the sender’s confirmed address; audited', async () => {
    const link = await makeLink();
    const answer = await send({ url: link.url, to: 'client@example.com', message: 'Hello Sam,\nhere is the new home page.' }).expect(200);
    expect(answer.body).toEqual({ sentTo: 'client@example.com' });
    expect(inbox.recipients.at(-1)).toEqual(['client@example.com']);
    const mail = await simpleParser(inbox.messages.at(-1)!);
    expect(mail.from?.value).toEqual([{ name: 'Brightpath Digital', address: expect.any(String) }]);
    expect(mail.replyTo?.value).toEqual([{ name: '', address: 'maria@agency.test' }]);
    expect(mail.subject).toBe('Preview: Home (Brightpath Digital)');
    expect(mail.text).toMatch(/^Hello Sam,\nhere is the new home page\.\n\nPreview of “Home”: https:\/\/agency\.test\/preview\/[0-9a-f]{64}\n\nThe link works until .+\.\n\n— Maria Lopez, Brightpath Digital\n?$/);
    expect(mail.text).toContain(link.url);
    const audit = await t.db('audit_log').where({ action: 'content.preview-link-send' }).orderBy('id', 'desc').first('actor_name', 'target_id', 'summary');
    expect(audit).toEqual({ actor_name: TEST_ADMIN.username, target_id: 'home', summary: 'Preview link to the draft of Home e-mailed to client@example.com' });
  });

  it('sends only a working preview link of that page, to one address; nothing else is mailed', async () => {
    const sent = inbox.messages.length;
    const link = await makeLink();
    const other = await makeLink('about');
    const refusals = [
      { url: 'https://evil.example/phish', to: 'client@example.com' },
      { url: `${link.url}0`, to: 'client@example.com' },
      { url: link.url.replace(/[0-9a-f]{64}$/, 'a'.repeat(64)), to: 'client@example.com' },
      { url: other.url, to: 'client@example.com' },
    ];
    for (const body of refusals) expect((await send(body).expect(400)).body.error).toMatch(/^Make a new preview link of this page/);
    for (const to of ['', 'not an address', 'a@example.com, b@example.com', 'a@example.com\r\nBcc: b@example.com']) expect((await send({ url: link.url, to }).expect(400)).body.error).toMatch(/e-mail address/);
    await send({ url: link.url, to: 'client@example.com', message: 'x'.repeat(2001) }).expect(400);
    await send({ url: link.url, to: 'client@example.com', bcc: 'b@example.com' }).expect(400);
    await api().delete(`/api/content/preview-links/${link.id}`).set(owner.headers).expect(204);
    expect((await send({ url: link.url, to: 'client@example.com' }).expect(400)).body.error).toMatch(/^Make a new preview link/);
    expect(inbox.messages.length).toBe(sent);
  });

  it('refuses in words when nobody would get the client’s answer', async () => {
    const link = await makeLink('home', editor);
    const refused = await send({ url: link.url, to: 'client@example.com' }, 'home', editor).expect(409);
    expect(refused.body.error).toMatch(/^Nobody would receive the client’s answer/);
    // With the agency's reply address in Settings, an account without its own address sends.
    await api().patch('/api/settings').set(owner.headers).send({ replyAddress: 'team@agency.test' }).expect(200);
    await send({ url: link.url, to: 'client@example.com' }, 'home', editor).expect(200);
    expect((await simpleParser(inbox.messages.at(-1)!)).replyTo?.value).toEqual([{ name: '', address: 'team@agency.test' }]);
  });

  it(`sends at most ${PREVIEW_SENDS_PER_HOUR} an hour per account, then answers 429 in words`, async () => {
    const link = await makeLink('home', editor);
    const { id } = (await t.db('admin_users').where({ username: 'preview-sender' }).first('id')) as { id: number };
    // The hour's window is the clock's (hh:00 to hh:00): one about to end is waited out, so the
    // sends below all fall in one window; earlier tests' sends in it count.
    const key = `preview-send:account:${id}`;
    const left = (await hitsInWindow(t.db, key, 3600)).windowEnd.getTime() - Date.now();
    if (left < 20_000) await new Promise((resolve) => setTimeout(resolve, left + 1000));
    const { hits: counted } = await hitsInWindow(t.db, key, 3600);
    for (let sent = counted; sent < PREVIEW_SENDS_PER_HOUR; sent += 1) await send({ url: link.url, to: 'client@example.com' }, 'home', editor).expect(200);
    const before = inbox.messages.length;
    const limited = await send({ url: link.url, to: 'client@example.com' }, 'home', editor).expect(429);
    expect(limited.body.error).toMatch(/^You have e-mailed 20 preview links this hour, the most one account may send\. The next can go in \d+ minutes?\.$/);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(inbox.messages.length).toBe(before);
    // Another account is not held back.
    await send({ url: link.url, to: 'client@example.com' }).expect(200);
  }, 60_000);
});

describe('e-mailing a preview link without mail set up', () => {
  it('refuses in words, and sends nothing', async () => {
    const t = await createTestApp();
    try {
      const owner = await signInAsAdmin(t);
      const link = (await request(t.app.callback()).post('/api/content/home/preview-links').set(owner.headers).send({}).expect(201)).body as { url: string };
      const refused = await request(t.app.callback()).post('/api/content/home/preview-links/send').set(owner.headers).send({ url: link.url, to: 'client@example.com' }).expect(409);
      expect(refused.body).toEqual({ error: 'Mail is not set up, so the link cannot be e-mailed: copy it and send it yourself, or ask an owner to set up mail in Settings.' });
    } finally {
      await t.destroy();
    }
  });
});
