import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import request from 'supertest';
import { createLogger } from '../logger';
import { createNotificationWorker, type NotificationWorker } from '../services/notification-worker';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { localhostCertificate, startSmtp, type Inbox } from '../../tests/helpers/smtp-inbox';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { VALID_FORMS, humanMeta, submitForm } from '../../tests/helpers/form-fixtures';
import type { FormType } from '../../shared/form-types';
import type { LeadDetail } from '../../shared/leads';

/** The sender set up in Settings > Mail: the domain every message from the agency is on. */
const SENDER = 'hello@brightpath.example';
/** The agency's shared inbox (Settings > Mail, reply address). */
const REPLY_ADDRESS = 'team@brightpath.example';
const AUTH = { user: 'mailer@brightpath.example', password: 'correct horse battery' };
const DISPLAY_NAME = 'Maria Lopez';

const addresses = (field: AddressObject | AddressObject[] | undefined) => (Array.isArray(field) ? field : field ? [field] : []).flatMap((object) => object.value);
const domainOf = (address: string | undefined) => address?.replace(/^<|>$/g, '').split('@').pop();

/**
 * Replies and acknowledgements as a mail program reads them (parsed with mailparser), sent through
 * the mail server saved in Settings to a real SMTP server on loopback: the client's answer comes
 * back to a real address, and the message is the agency's, on its sender's domain.
 */
describe('replies reach the agency back', () => {
  let t: TestApp;
  let owner: AdminTestSession;
  let inbox: Inbox;
  let worker: NotificationWorker;
  const call = () => request(t.app.callback());
  const patchSettings = (body: object) => call().patch('/api/settings').set(owner.headers).send(body).expect(200);

  const submit = (type: FormType, fields: Record<string, unknown> = {}) => submitForm(t, type, fields);
  const lead = async (session: AdminTestSession, type: FormType, id: string): Promise<LeadDetail> => (await call().get(`/api/leads/${type}/${id}`).set(session.headers).expect(200)).body;
  const reply = (session: AdminTestSession, type: FormType, id: string, body: Record<string, unknown>) => call().post(`/api/leads/${type}/${id}/replies`).set(session.headers).send(body);
  const queuedReplies = async () => Number((await t.db('form_notifications').where({ kind: 'reply' }).count<{ count: string }[]>({ count: '*' }))[0]!.count);
  /** The one message sent to `to` since the last check, parsed. */
  async function sentTo(to: string): Promise<ParsedMail> {
    await worker.runOnce();
    const parsed = await Promise.all(inbox.messages.map((raw) => simpleParser(raw)));
    const found = parsed.filter((mail) => addresses(mail.to).some((address) => address.address === to));
    expect(found).toHaveLength(1);
    return found[0]!;
  }

  beforeAll(async () => {
    inbox = await startSmtp(0, { security: 'starttls', auth: AUTH });
    // The site's own address is on another domain than its mail: Message-IDs must follow the mail.
    t = await createTestApp({ PUBLIC_URL: 'https://www.agency-site.example', FORM_RATE_LIMIT: '1000' }, { mailTls: { ca: localhostCertificate().cert } });
    owner = await signInAsAdmin(t);
    await t.db('admin_users').where({ username: owner.username }).update({ display_name: DISPLAY_NAME });
    await patchSettings({
      smtp: { host: 'localhost', port: inbox.port, security: 'starttls', user: AUTH.user, password: AUTH.password, fromName: 'Brightpath Digital', fromAddress: SENDER },
      timeZone: 'Europe/London',
    });
    worker = createNotificationWorker({ db: t.db, logger: createLogger('silent'), mailer: t.mailer, recipients: () => ['staff@brightpath.example'], retryBaseMs: 1 });
  });
  afterEach(async () => {
    await worker.runOnce();
    inbox.clear();
  });
  afterAll(async () => {
    await worker.stop();
    t.mailer.close();
    await t.destroy();
    await inbox.close();
  });

  it('sends a reply from an account without a confirmed address as "<display name> at <agency>", answered at the reply address, on the sender\'s domain, the quote in view with its zone', async () => {
    await patchSettings({ replyAddress: REPLY_ADDRESS });
    const id = await submit('enquiry', { message: 'We need a new brand identity.\nAnd a logo.' });
    await t.db('leads').where({ id }).update({ submitted_at: new Date('2026-11-28T09:52:00Z') });

    // The composer knows before anyone types who the reply goes out as and where the answer comes back.
    const { composer } = await lead(owner, 'enquiry', id);
    expect(composer).toMatchObject({ author: DISPLAY_NAME, replyTo: REPLY_ADDRESS, blockers: [] });
    expect(composer!.quote.split('\n')[0]).toBe('On 28 November 2026 at 09:52 GMT, Ada Lovelace wrote:');

    const sent = await reply(owner, 'enquiry', id, { body: 'Hello Ada,\n\nA brand identity is what we do best.' }).expect(201);
    const mail = await sentTo('ada@example.com');
    expect(addresses(mail.replyTo)).toEqual([{ address: REPLY_ADDRESS, name: '' }]);
    expect(addresses(mail.from)).toEqual([{ address: SENDER, name: `${DISPLAY_NAME} at Brightpath Digital` }]);
    expect(mail.messageId).toBe(sent.body.messageId);
    expect(domainOf(mail.messageId)).toBe('brightpath.example');

    const lines = mail.text!.split('\n');
    expect(mail.text).toContain(`A brand identity is what we do best.\n\n${DISPLAY_NAME}\nBrightpath Digital\n\nOn 28 November 2026 at 09:52 GMT, Ada Lovelace wrote:\n> We need a new brand identity.\n> And a logo.`);
    // No "-- " line: mail programs would fold the quote below it away as signature.
    expect(lines).not.toContain('-- ');
    expect(mail.text).not.toContain(owner.username);
  });

  it("gives acknowledgements the reply address and a Message-ID on the sender's domain (the agency e-mail while no reply address is set)", async () => {
    await patchSettings({ visitorConfirmation: { contact: true, enquiry: false, quote: false, 'free-offer': false }, replyAddress: REPLY_ADDRESS });
    try {
      await submit('contact', { email: 'first@example.com' });
      const first = await sentTo('first@example.com');
      expect(addresses(first.replyTo)).toEqual([{ address: REPLY_ADDRESS, name: '' }]);
      expect(domainOf(first.messageId)).toBe('brightpath.example');

      await patchSettings({ replyAddress: null });
      await submit('contact', { email: 'second@example.com' });
      const second = await sentTo('second@example.com');
      expect(addresses(second.replyTo)).toEqual([{ address: 'hello@brightpath.example', name: '' }]);
    } finally {
      await patchSettings({ visitorConfirmation: null, replyAddress: null });
    }
  });

  it('refuses a reply with no confirmed address and no reply address (400, nothing queued) and the composer says why first', async () => {
    await patchSettings({ replyAddress: null });
    const id = await submit('contact');
    const { composer } = await lead(owner, 'contact', id);
    expect(composer).toMatchObject({ replyTo: null, blockers: ['reply-address'] });

    const before = await queuedReplies();
    const refused = await reply(owner, 'contact', id, { body: 'Thanks!' }).expect(400);
    expect(refused.body.error).toMatch(/^The client's answer would reach nobody: .*Confirm your address in Your account, or have an owner set the reply address in Settings \(Mail\)\.$/);
    expect(await queuedReplies()).toBe(before);
    expect((await lead(owner, 'contact', id)).respondedAt).toBeNull();
  });

  it('refuses a reply from an account without a display name (400, nothing queued), never sending a login name', async () => {
    await patchSettings({ replyAddress: REPLY_ADDRESS });
    const nameless = await signInAsAdmin(t, { username: 'admin', password: 'another long passphrase', role: 'editor' });
    const id = await submit('contact');
    expect((await lead(nameless, 'contact', id)).composer).toMatchObject({ author: null, replyTo: REPLY_ADDRESS, blockers: ['display-name'] });
    // The same lead, seen by an account that can reply, has nothing in the way.
    expect((await lead(owner, 'contact', id)).composer!.blockers).toEqual([]);

    const before = await queuedReplies();
    const refused = await reply(nameless, 'contact', id, { body: 'Thanks!' }).expect(400);
    expect(refused.body.error).toBe('Your account has no display name yet: replies go out under it and are signed with it, never with a login name. Add it in Your account.');
    await patchSettings({ replyAddress: null });
    const both = await reply(nameless, 'contact', id, { body: 'Thanks!' }).expect(400);
    expect(both.body.error).toMatch(/no display name.*would reach nobody/);
    expect(await queuedReplies()).toBe(before);
  });

  it("sends answers to the writer's own confirmed address, before the reply address", async () => {
    await patchSettings({ replyAddress: REPLY_ADDRESS });
    await t.db('admin_users').where({ username: owner.username }).update({ email: 'maria@brightpath.example', email_verified_at: new Date() });
    try {
      const id = await submit('free-offer', { email: 'grace@example.com' });
      expect((await lead(owner, 'free-offer', id)).composer).toMatchObject({ replyTo: 'maria@brightpath.example', blockers: [] });
      await reply(owner, 'free-offer', id, { body: 'The offer is attached.' }).expect(201);
      const mail = await sentTo('grace@example.com');
      expect(addresses(mail.replyTo)).toEqual([{ address: 'maria@brightpath.example', name: '' }]);
    } finally {
      await t.db('admin_users').where({ username: owner.username }).update({ email: null, email_verified_at: null });
    }
  });

  it('answers the 61st reply of an account within the hour with 429 and Retry-After, storing nothing; other accounts still reply', async () => {
    await patchSettings({ replyAddress: REPLY_ADDRESS });
    const [busy, colleague] = await Promise.all([
      signInAsAdmin(t, { username: 'busy-editor', password: 'a busy editor passphrase', role: 'editor' }),
      signInAsAdmin(t, { username: 'colleague', password: 'a colleague passphrase', role: 'editor' }),
    ]);
    await t.db('admin_users').whereIn('username', ['busy-editor', 'colleague']).update({ display_name: 'Sam Editor' });
    const id = await submit('contact', { email: 'flood@example.com' });
    // The limit counts by the hour on the database's clock: the 60 replies start well inside one hour.
    const { rows } = await t.db.raw<{ rows: { left: number }[] }>(`select 3600 - floor(extract(epoch from now()))::int % 3600 as left`);
    if (rows[0]!.left < 60) await new Promise((resolve) => setTimeout(resolve, (rows[0]!.left + 1) * 1000));

    const before = await queuedReplies();
    for (let n = 1; n <= 60; n += 1) await reply(busy, 'contact', id, { body: `Answer ${n}` }).expect(201);
    const refused = await reply(busy, 'contact', id, { body: 'One too many' }).expect(429);
    expect(refused.body.error).toMatch(/^You have sent 60 replies this hour, the most one account may send\. The next can go in \d+ minutes?\.$/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await queuedReplies()).toBe(before + 60);

    // Per account: a colleague still replies, and the busy account stays refused.
    await reply(colleague, 'contact', id, { body: 'From me, then.' }).expect(201);
    await reply(busy, 'contact', id, { body: 'Still too many' }).expect(429);
    expect(await queuedReplies()).toBe(before + 61);
  }, 120_000);
});

/** With `SMTP_URL` and no `PUBLIC_URL`, the sender is no-reply@localhost: answers must still reach a real inbox. */
describe('replies through SMTP_URL', () => {
  it("answer at the reply address, never at the no-reply sender, with a Message-ID on the sender's domain", async () => {
    const inbox = await startSmtp();
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, PUBLIC_URL: undefined as unknown as string });
    const worker = createNotificationWorker({ db: t.db, logger: createLogger('silent'), mailer: t.mailer, recipients: () => ['staff@brightpath.example'], retryBaseMs: 1 });
    try {
      const owner = await signInAsAdmin(t);
      await t.db('admin_users').where({ username: owner.username }).update({ display_name: DISPLAY_NAME });
      await request(t.app.callback()).patch('/api/settings').set(owner.headers).send({ replyAddress: REPLY_ADDRESS }).expect(200);
      const id = (await request(t.app.callback()).post('/api/forms/contact').send({ ...VALID_FORMS.contact, ...humanMeta() }).expect(201)).body._id as string;
      await request(t.app.callback()).post(`/api/leads/contact/${id}/replies`).set(owner.headers).send({ body: 'Thanks!' }).expect(201);
      await worker.runOnce();
      const mails = await Promise.all(inbox.messages.map((raw) => simpleParser(raw)));
      const mail = mails.find((each) => addresses(each.to).some((address) => address.address === 'katherine@example.com'))!;
      const [from] = addresses(mail.from);
      expect(from).toEqual({ address: 'no-reply@localhost', name: `${DISPLAY_NAME} at Brightpath Digital` });
      expect(addresses(mail.replyTo)).toEqual([{ address: REPLY_ADDRESS, name: '' }]);
      expect(domainOf(mail.messageId)).toBe(domainOf(from!.address));
    } finally {
      await worker.stop();
      t.mailer.close();
      await t.destroy();
      await inbox.close();
    }
  });
});
