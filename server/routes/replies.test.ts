import request from 'supertest';
import { signInAsAdmin, TEST_ADMIN, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { startSmtp, type Inbox } from '../../tests/helpers/smtp-inbox';
import { VALID_FORMS, humanMeta, submitForm } from '../../tests/helpers/form-fixtures';
import { createLogger } from '../logger';
import { createNotificationWorker, type NotificationWorker } from '../services/notification-worker';
import type { FormType } from '../../shared/form-types';
import type { LeadDetail } from '../../shared/leads';
import { NO_KEYRING } from '../app-key';
import { createMailer } from '../services/mail-transport';

/** A raw message's header section, unfolded, and its body. */
function split(raw: string): { headers: string; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  return { headers: raw.slice(0, at).replace(/\r\n[ \t]+/g, ' '), body: raw.slice(at + 4) };
}
const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(split(raw).headers)?.[1];

/** Replies from a lead's page, through the outbox, to a real SMTP server on loopback. */
describe('replies to leads', () => {
  let t: TestApp;
  let admin: AdminTestSession;
  let inbox: Inbox;
  let worker: NotificationWorker;
  const call = () => request(t.app.callback());

  const submit = (type: FormType, fields: Record<string, unknown> = {}) => submitForm(t, type, fields);
  const lead = async (type: FormType, id: string): Promise<LeadDetail> => (await call().get(`/api/leads/${type}/${id}`).set(admin.headers).expect(200)).body;
  const reply = (type: FormType, id: string, body: Record<string, unknown>) => call().post(`/api/leads/${type}/${id}/replies`).set(admin.headers).send(body);
  /** The messages sent to the visitors, leaving out the staff notifications. */
  const toVisitors = () => inbox.messages.filter((raw) => header(raw, 'To') !== 'staff@agency.test');

  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '1000' });
    admin = await signInAsAdmin(t);
    // Replies go out under a display name and need an address answers come back to.
    await t.db('admin_users').where({ username: TEST_ADMIN.username }).update({ display_name: 'Maria Lopez' });
    await call().patch('/api/settings').set(admin.headers).send({ replyAddress: 'team@agency.test' }).expect(200);
    inbox = await startSmtp();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${inbox.port}`, envFrom: '"Brightpath Digital website" <no-reply@agency.test>', saved: () => null, keyring: NO_KEYRING });
    worker = createNotificationWorker({ db: t.db, logger: createLogger('silent'), mailer, recipients: () => ['staff@agency.test'], retryBaseMs: 1 });
  });
  // Each test reads only its own messages: what the one before queued is sent and forgotten.
  afterEach(async () => {
    await worker.runOnce();
    inbox.clear();
  });
  afterAll(async () => {
    await worker.stop();
    await inbox.close();
    await t.destroy();
  });

  it('sends a saved reply with its placeholders filled, the signature and the quoted original, and stops the reply clock', async () => {
    const id = await submit('enquiry', { message: 'We need a new brand identity.\nAnd a logo.' });
    const before = (await call().get('/api/tasks/counts').set(admin.headers).expect(200)).body as { open: number };
    const template = await call().post('/api/reply-templates').set(admin.headers).send({ name: 'Thanks', body: 'Hello {name},\n\nThanks for asking about {service}: we answer {replyPromise}.' }).expect(201);

    const sent = await reply('enquiry', id, { templateId: template.body.id }).expect(201);
    expect(sent.body).toEqual({ id: expect.any(String), messageId: expect.stringMatching(/^<[0-9a-f-]{36}@agency\.test>$/), state: 'waiting' });

    // Stored before it is sent: the lead already lists it, waiting, under the writer's display name
    // (as the client reads it, not the login name), and counts as answered.
    let detail = await lead('enquiry', id);
    expect(detail.replies).toEqual([expect.objectContaining({ id: sent.body.id, state: 'waiting', author: 'Maria Lopez', messageId: sent.body.messageId, sentAt: null })]);
    expect(detail.status).toBe('responded');
    expect(detail.respondedAt).not.toBeNull();
    expect(detail.history.map((entry) => entry.label)).toEqual(expect.arrayContaining(['Reply sent', 'Lead status changed']));
    expect((await call().get('/api/tasks/counts').set(admin.headers).expect(200)).body.open).toBe(before.open - 1);
    const audited = await call().get('/api/audit?action=lead.reply').set(admin.headers).expect(200);
    expect(audited.body.items[0]).toMatchObject({ action: 'lead.reply', target: { type: 'lead', id }, summary: 'saved reply "Thanks"' });

    expect(await worker.runOnce()).toMatchObject({ failed: 0 });
    const [raw] = toVisitors();
    expect(header(raw!, 'To')).toBe('ada@example.com');
    expect(header(raw!, 'From')).toBe('Maria Lopez at Brightpath Digital <no-reply@agency.test>');
    // The account has no confirmed address: answers come back to the agency's reply address.
    expect(header(raw!, 'Reply-To')).toBe('team@agency.test');
    expect(header(raw!, 'Subject')).toBe('Re: your enquiry');
    expect(header(raw!, 'Message-ID')).toBe(sent.body.messageId);
    expect(header(raw!, 'In-Reply-To')).toBeUndefined();
    const { body } = split(raw!);
    expect(body).toContain('Hello Ada Lovelace,\r\n\r\nThanks for asking about Graphic Design: we answer within 24 hours.');
    expect(body).toContain('within 24 hours.\r\n\r\nMaria Lopez\r\nBrightpath Digital\r\n\r\nOn ');
    // The time of the quote with its zone (the agency's, America/Los_Angeles by default).
    expect(body).toMatch(/On \d+ \w+ \d{4} at \d\d:\d\d GMT-[78], Ada Lovelace wrote:\r\n> We need a new brand identity\.\r\n> And a logo\./);

    detail = await lead('enquiry', id);
    expect(detail.replies[0]).toMatchObject({ state: 'delivered', attempts: 1, smtpAnswer: expect.stringMatching(/^250/), stateText: 'Accepted by the mail server.' });
  });

  it("has answers go to the writer's confirmed address, signed with the agency's published name", async () => {
    await t.db('admin_users').where({ username: TEST_ADMIN.username }).update({ email: 'ada@agency.test', email_verified_at: t.db.fn.now() });
    const business = await t.db('content_documents').where({ key: 'business' }).first('published_data');
    const published = typeof business.published_data === 'string' ? JSON.parse(business.published_data) : business.published_data;
    await t.db('content_documents').where({ key: 'business' }).update({ published_data: JSON.stringify({ ...published, name: 'Northlight Studio' }) });
    await t.siteContent.load();
    try {
      const id = await submit('contact');
      await reply('contact', id, { body: 'Thanks!' }).expect(201);
      await worker.runOnce();
      const [raw] = toVisitors();
      expect(header(raw!, 'Reply-To')).toBe('ada@agency.test');
      expect(header(raw!, 'From')).toMatch(/at Northlight Studio/);
      expect(split(raw!).body).toContain('Northlight Studio');
    } finally {
      await t.db('admin_users').where({ username: TEST_ADMIN.username }).update({ email: null, email_verified_at: null });
      await t.db('content_documents').where({ key: 'business' }).update({ published_data: JSON.stringify(published) });
      await t.siteContent.load();
    }
  });

  it('threads a second reply under the first (In-Reply-To, References) and keeps the first reply time', async () => {
    const id = await submit('contact', { subject: 'Orbital mechanics' });
    const first = (await reply('contact', id, { body: 'First answer.' }).expect(201)).body;
    const respondedAt = (await lead('contact', id)).respondedAt;
    const second = (await reply('contact', id, { body: 'Second answer.', subject: 'Re: Orbital mechanics, the dates' }).expect(201)).body;
    const third = (await reply('contact', id, { body: 'Third answer.' }).expect(201)).body;
    await worker.runOnce();

    const [one, two, three] = toVisitors();
    expect(header(one!, 'Subject')).toBe('Re: Orbital mechanics');
    expect(header(two!, 'Subject')).toBe('Re: Orbital mechanics, the dates');
    expect(header(two!, 'In-Reply-To')).toBe(first.messageId);
    expect(header(two!, 'References')).toBe(first.messageId);
    expect(header(three!, 'In-Reply-To')).toBe(second.messageId);
    expect(header(three!, 'References')).toBe(`${first.messageId} ${second.messageId}`);
    const detail = await lead('contact', id);
    expect(detail.respondedAt).toBe(respondedAt);
    expect(detail.replies.map((each) => [each.messageId, each.state])).toEqual([first, second, third].map((each) => [each.messageId, 'delivered']));
  });

  it("stops a quote's clock but leaves its status to staff", async () => {
    const id = await submit('quote');
    await reply('quote', id, { body: 'Thanks, a quote follows.' }).expect(201);
    const detail = await lead('quote', id);
    expect(detail.respondedAt).not.toBeNull();
    expect(['new', 'read']).toContain(detail.status);
  });

  it('sends again after a crash between "sent" and "recorded", with the same Message-ID', async () => {
    const id = await submit('enquiry');
    await worker.runOnce();
    const { messageId } = (await reply('enquiry', id, { body: 'Sent at least once.' }).expect(201)).body as { messageId: string };
    // The server accepts the message, then recording it fails, as if the process had died there.
    await t.db.raw(`create function refuse_first_sent() returns trigger language plpgsql as $$
      begin
        if new.kind = 'reply' and new.status = 'sent' and new.attempts = 1 then raise exception 'crashed after sending'; end if;
        return new;
      end $$`);
    await t.db.raw(`create trigger refuse_first_sent before update on form_notifications for each row execute function refuse_first_sent()`);
    try {
      expect(await worker.runOnce()).toEqual({ sent: 0, failed: 1 });
      expect((await lead('enquiry', id)).replies[0]).toMatchObject({ state: 'waiting', attempts: 1, smtpAnswer: expect.stringContaining('crashed after sending'), stateText: 'Could not be sent. Retrying.' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await worker.runOnce()).toEqual({ sent: 1, failed: 0 });
    } finally {
      await t.db.raw('drop trigger refuse_first_sent on form_notifications');
      await t.db.raw('drop function refuse_first_sent');
    }
    const copies = toVisitors();
    expect(copies).toHaveLength(2);
    expect(copies.map((raw) => header(raw, 'Message-ID'))).toEqual([messageId, messageId]);
    expect((await lead('enquiry', id)).replies[0]).toMatchObject({ state: 'delivered', attempts: 2 });
    // Recorded now: the next tick sends nothing more.
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });
  });

  it("carries a lead's HTML and header-injection attempts as plain text in the body only", async () => {
    const id = await submit('contact');
    // Stored as a sloppier form or an import might have: line breaks in the name and subject.
    await t.db('leads')
      .where({ id })
      .update({ name: 'Eve\r\nBcc: victim@evil.test', subject: 'Hi\r\nBcc: victim@evil.test', message: '<script>alert(1)</script>\r\nBcc: victim@evil.test\r\n<b>bold</b>' });
    await reply('contact', id, { body: 'Answer to {name}' }).expect(201);
    await reply('contact', id, { body: 'x', subject: 'Re: x\r\nBcc: victim@evil.test' }).expect(400);
    await worker.runOnce();

    const [raw] = toVisitors();
    const { headers, body } = split(raw!);
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(header(raw!, 'Subject')).toBe('Re: Hi Bcc: victim@evil.test');
    expect(header(raw!, 'Content-Type')).toMatch(/^text\/plain/);
    expect(inbox.recipients.flat().filter((address) => address !== 'staff@agency.test')).toEqual(['katherine@example.com']);
    expect(body).toContain('> <script>alert(1)</script>\r\n> Bcc: victim@evil.test\r\n> <b>bold</b>');
  });

  it('answers bad requests with 4xx and an error', async () => {
    const id = await submit('enquiry');
    expect((await reply('enquiry', id, {}).expect(400)).body.error).toMatch(/Write the reply first/);
    expect((await reply('enquiry', id, { body: 'x', cc: 'a@b.c' }).expect(400)).body.error).toMatch(/not a field/);
    expect((await reply('enquiry', id, { body: 'x', templateId: '00000000-0000-4000-8000-000000000000' }).expect(400)).body.error).toMatch(/saved reply does not exist/);
    expect((await reply('enquiry', id, { body: 42 }).expect(400)).body.error).toMatch(/body/);
    await reply('enquiry', '00000000-0000-4000-8000-000000000000', { body: 'x' }).expect(404);
    await reply('nope' as FormType, id, { body: 'x' }).expect(404);
    await call().post(`/api/leads/enquiry/${id}/replies`).set({ Cookie: admin.cookie, Origin: admin.headers.Origin }).send({ body: 'x' }).expect(403);
  });

  it('manages saved replies: list by name, change, refuse a taken name, delete', async () => {
    await t.db('reply_templates').delete();
    const a = (await call().post('/api/reply-templates').set(admin.headers).send({ name: 'Brief', body: 'Short.' }).expect(201)).body;
    await call().post('/api/reply-templates').set(admin.headers).send({ name: 'Already booked', body: 'Full.' }).expect(201);
    expect((await call().post('/api/reply-templates').set(admin.headers).send({ name: 'Brief', body: 'Again.' }).expect(409)).body.error).toBe('A saved reply already has this name.');
    expect((await call().post('/api/reply-templates').set(admin.headers).send({ name: '', body: 'x' }).expect(400)).body.error).toMatch(/name/);
    const changed = (await call().patch(`/api/reply-templates/${a.id}`).set(admin.headers).send({ body: 'Shorter.' }).expect(200)).body;
    expect(changed).toMatchObject({ id: a.id, name: 'Brief', body: 'Shorter.' });
    expect((await call().get('/api/reply-templates').set(admin.headers).expect(200)).body.items.map((item: { name: string }) => item.name)).toEqual(['Already booked', 'Brief']);
    await call().delete(`/api/reply-templates/${a.id}`).set(admin.headers).expect(204);
    await call().delete(`/api/reply-templates/${a.id}`).set(admin.headers).expect(404);
    await call().patch('/api/reply-templates/not-an-id').set(admin.headers).send({ body: 'x' }).expect(404);
    await call().get('/api/reply-templates').expect(401);
  });

  describe('acknowledgement to the visitor', () => {
    const acknowledgements = () => inbox.messages.filter((raw) => /^Subject: We received your/m.test(raw));
    afterAll(async () => {
      await call().patch('/api/settings').set(admin.headers).send({ visitorConfirmation: null }).expect(200);
    });

    it('is off by default', async () => {
      await submit('contact', { email: 'off@example.com' });
      await worker.runOnce();
      expect(acknowledgements()).toEqual([]);
    });

    it("goes, once turned on for a form, in the agency's words with the reply promise; never for spam or other forms; a few a day per address", async () => {
      await call().patch('/api/settings').set(admin.headers).send({ visitorConfirmation: { contact: true, enquiry: false, quote: false, 'free-offer': false } }).expect(200);
      await submit('contact', { email: 'Visitor@Example.com', name: 'Vera Visitor' });
      await worker.runOnce();
      const [raw] = acknowledgements();
      expect(header(raw!, 'To')).toBe('Visitor@example.com');
      expect(header(raw!, 'Subject')).toBe('We received your contact message');
      // The agency's reply address (Settings) wins over its published e-mail.
      expect(header(raw!, 'Reply-To')).toBe('team@agency.test');
      expect(header(raw!, 'Message-ID')).toMatch(/@agency\.test>$/);
      expect(split(raw!).body).toContain('Hello Vera,\r\n\r\nThank you for getting in touch. We have your message and a member of our team will reply within 24 hours.');

      inbox.messages.length = 0;
      await submit('enquiry', { email: 'visitor@example.com' });
      await call().post('/api/forms/contact').send({ ...VALID_FORMS.contact, email: 'visitor@example.com', website: 'http://spam.example', ...humanMeta() }).expect(201);
      await call().post('/api/forms/contact').send({ ...VALID_FORMS.contact, email: 'visitor@example.com', fillMs: 10, clientToken: 'a'.repeat(24) }).expect(201);
      await worker.runOnce();
      expect(acknowledgements()).toEqual([]);

      // The same address (in any letter case) gets three a day, however often the form is sent.
      for (let i = 0; i < 4; i += 1) await submit('contact', { email: 'visitor@example.com' });
      await worker.runOnce();
      expect(acknowledgements()).toHaveLength(2);
    });

    it("goes in the agency's own words once an owner writes them, and back to the standard ones with null", async () => {
      await call().patch('/api/settings').set(admin.headers).send({ visitorConfirmation: { contact: true, enquiry: false, quote: false, 'free-offer': false } }).expect(200);
      const tooLong = await call().patch('/api/settings').set(admin.headers).send({ visitorConfirmationText: 'x'.repeat(4001) }).expect(400);
      expect(tooLong.body.fields).toEqual({ visitorConfirmationText: 'The acknowledgement is at most 4000 characters.' });
      await call().patch('/api/settings').set(admin.headers).send({ visitorConfirmationText: '   ' }).expect(400);
      const own = 'Hi {name},\n\nThanks for asking about {service}: Ada will call you {replyPromise}.\n\n' + 'Northwind '.repeat(20);
      const saved = await call().patch('/api/settings').set(admin.headers).send({ visitorConfirmationText: own }).expect(200);
      expect(saved.body.settings.visitorConfirmationText).toBe(own.trim());
      // The trail says it changed without copying the whole text.
      const [summary] = await t.db('audit_log').where({ action: 'settings.update' }).orderBy('id', 'desc').limit(1).pluck('summary');
      expect(summary).toMatch(/^visitorConfirmationText ".{80}…" → "Hi \{name\}, Thanks for asking about \{service\}.*…"$/);

      inbox.messages.length = 0;
      await submit('contact', { email: 'own-words@example.com', name: 'Olga' });
      await worker.runOnce();
      expect(split(acknowledgements()[0]!).body).toContain('Hi Olga,\r\n\r\nThanks for asking about your message: Ada will call you within 24 hours.');

      await call().patch('/api/settings').set(admin.headers).send({ visitorConfirmationText: null }).expect(200);
      inbox.messages.length = 0;
      await submit('contact', { email: 'standard-words@example.com', name: 'Sam' });
      await worker.runOnce();
      expect(split(acknowledgements()[0]!).body).toContain('Hello Sam,\r\n\r\nThank you for getting in touch.');
    });
  });
});
