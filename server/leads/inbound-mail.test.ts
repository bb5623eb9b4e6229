import request from 'supertest';
import { simpleParser } from 'mailparser';
import { signInAsAdmin, TEST_ADMIN, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { startSmtp, type Inbox } from '../../tests/helpers/smtp-inbox';
import { VALID_FORMS, humanMeta } from '../../tests/helpers/form-fixtures';
import { createLogger } from '../logger';
import { NO_KEYRING } from '../app-key';
import { createMailer } from '../services/mail-transport';
import { createNotificationWorker, type NotificationWorker } from '../services/notification-worker';
import { createAuditTrail } from '../services/audit';
import { createInboundMail, type InboundMail, type InboundPlace } from './inbound-mail';
import { INBOUND_LIMITS } from './inbound-message';
import type { LeadDetail } from '../../shared/leads';
import type { NoticeList, UnmatchedPage } from '../../shared/inbound-mail';

const CRLF = '\r\n';

/** A raw message as a mail program writes it; `headers` are added as they are (hostile ones too). */
function mail({
  from = 'Ada Lovelace <ada@example.com>',
  to = 'Team <team@agency.test>',
  subject = 'Re: your enquiry',
  messageId = `<${Math.random().toString(36).slice(2)}@client.example>`,
  inReplyTo,
  references,
  body = 'Thanks, Tuesday works for us.',
  headers = [],
}: { from?: string; to?: string; subject?: string; messageId?: string | null; inReplyTo?: string; references?: string; body?: string; headers?: string[] } = {}): Buffer {
  const lines = [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    'Date: Sat, 28 Nov 2026 10:00:00 +0000',
    ...(messageId ? [`Message-ID: ${messageId}`] : []),
    ...(inReplyTo ? [`In-Reply-To: ${inReplyTo}`] : []),
    ...(references ? [`References: ${references}`] : []),
    'MIME-Version: 1.0',
    ...headers,
  ];
  if (!headers.some((header) => /^content-type:/i.test(header))) lines.push('Content-Type: text/plain; charset=utf-8');
  return Buffer.from(`${lines.join(CRLF)}${CRLF}${CRLF}${body.replace(/\r?\n/g, CRLF)}${CRLF}`);
}

/** A multipart message with these attachments (base64). */
function withAttachments(files: { name: string; bytes: number }[], extra: Parameters<typeof mail>[0] = {}): Buffer {
  const boundary = 'b0undary';
  const parts = [`--${boundary}${CRLF}Content-Type: text/plain; charset=utf-8${CRLF}${CRLF}See attached.${CRLF}`];
  for (const file of files) {
    parts.push(
      `--${boundary}${CRLF}Content-Type: application/octet-stream${CRLF}Content-Transfer-Encoding: base64${CRLF}Content-Disposition: attachment; filename*=UTF-8''${encodeURIComponent(file.name)}${CRLF}${CRLF}${Buffer.alloc(file.bytes, 7).toString('base64').replace(/.{76}/g, `$&${CRLF}`)}${CRLF}`,
    );
  }
  parts.push(`--${boundary}--`);
  return mail({ ...extra, headers: [`Content-Type: multipart/mixed; boundary="${boundary}"`], body: parts.join('') });
}

describe('incoming mail, filed on its lead', () => {
  let t: TestApp;
  let admin: AdminTestSession;
  let inbox: Inbox;
  let worker: NotificationWorker;
  let inbound: InboundMail;
  let uid = 0;
  const call = () => request(t.app.callback());
  const place = (over: Partial<InboundPlace> = {}): InboundPlace => ({ mailbox: 'INBOX', uidValidity: '1', uid: (uid += 1), ...over });
  const file = (raw: Buffer, over: Partial<InboundPlace> = {}) => inbound.file(place(over), { raw });

  async function submit(email: string, type: 'enquiry' | 'contact' = 'enquiry'): Promise<string> {
    const res = await call()
      .post(`/api/forms/${type}`)
      .send({ ...VALID_FORMS[type], email, ...humanMeta() })
      .expect(201);
    return res.body._id as string;
  }
  const lead = async (id: string, type = 'enquiry'): Promise<LeadDetail> => (await call().get(`/api/leads/${type}/${id}`).set(admin.headers).expect(200)).body;
  /** A reply sent from the lead and delivered; answers its Message-ID. */
  async function replyTo(id: string): Promise<string> {
    const res = await call().post(`/api/leads/enquiry/${id}/replies`).set(admin.headers).send({ body: 'Shall we meet on Tuesday?' }).expect(201);
    await worker.runOnce();
    return res.body.messageId as string;
  }
  /** The stored id of a message that had to wait unmatched. */
  const unmatchedId = (outcome: Awaited<ReturnType<InboundMail['file']>>) => {
    expect(outcome).toMatchObject({ outcome: 'unmatched' });
    return outcome.outcome === 'unmatched' ? outcome.messageId : '';
  };
  const rowCount = async (where: Record<string, unknown> = {}) => Number((await t.db('inbound_messages').where(where).count({ n: '*' }).first())!.n);

  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '1000' });
    admin = await signInAsAdmin(t);
    await t.db('admin_users').where({ username: TEST_ADMIN.username }).update({ display_name: 'Maria Lopez', email: 'maria@agency.test', email_verified_at: new Date() });
    await call().patch('/api/settings').set(admin.headers).send({ replyAddress: 'team@agency.test' }).expect(200);
    inbox = await startSmtp();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${inbox.port}`, envFrom: 'Agency <no-reply@agency.test>', saved: () => null, keyring: NO_KEYRING });
    worker = createNotificationWorker({ db: t.db, logger: createLogger('silent'), mailer, recipients: () => ['staff@agency.test'], retryBaseMs: 1 });
    inbound = createInboundMail({ db: t.db, audit: createAuditTrail({ db: t.db }), replyPromise: () => t.settings.current(), publicUrl: 'https://agency.test' });
    }, 120_000);
  afterEach(() => {
    inbox.messages.length = 0;
  });
  afterAll(async () => {
    await worker.stop();
    await inbox.close();
    await t.destroy();
  });

  it('files an answer by the In-Reply-To of a sent reply: the lead is unread work again, in Tasks, and the last replier is told in the app and by e-mail', async () => {
    const id = await submit('in-reply-to@example.com');
    const ourId = await replyTo(id);
    expect((await lead(id)).respondedAt).not.toBeNull();
    const before = (await call().get('/api/leads/unread-count').set(admin.headers).expect(200)).body.count as number;

    const filed = await file(mail({ from: 'Ada <in-reply-to@example.com>', inReplyTo: ourId, body: 'Tuesday is fine.\n\nOn Fri, Maria Lopez wrote:\n> Shall we meet on Tuesday?' }));
    expect(filed).toEqual({ outcome: 'filed', messageId: expect.any(String), leadId: id });

    const detail = await lead(id);
    expect(detail).toMatchObject({ status: 'new', readAt: null, respondedAt: null });
    const row = await t.db('inbound_messages').where({ lead_id: id }).first();
    expect(new Date(detail.dueAt!).getTime()).toBe(new Date(row.received_at).getTime() + 24 * 3600_000);
    expect(detail.history.at(-1)).toMatchObject({ action: 'lead.email-answer', label: 'Client answered by e-mail' });
    expect((await call().get('/api/leads/unread-count').set(admin.headers).expect(200)).body.count).toBe(before + 1);
    const tasks = (await call().get('/api/tasks').set(admin.headers).expect(200)).body as { items: { _id: string }[] };
    expect(tasks.items.map((item) => item._id)).toContain(id);

    // The thread: ours, then theirs, with the quoted history folded apart.
    expect(detail.messages.map((message) => message.direction)).toEqual(['out', 'in']);
    expect(detail.messages[1]).toEqual({
      id: filed.outcome === 'filed' ? filed.messageId : '',
      direction: 'in',
      from: 'Ada <in-reply-to@example.com>',
      to: 'Team <team@agency.test>',
      subject: 'Re: your enquiry',
      text: 'Tuesday is fine.',
      quoted: 'On Fri, Maria Lopez wrote:\n> Shall we meet on Tuesday?',
      at: new Date(row.received_at).toISOString(),
      attachments: [],
      attachmentsOmitted: 0,
    });
    expect(detail.messages[0]).toMatchObject({ direction: 'out', to: 'in-reply-to@example.com', state: 'sent', stateText: 'Accepted by the mail server.' });

    const notices = (await call().get('/api/notices').set(admin.headers).expect(200)).body as NoticeList;
    expect(notices.notices[0]).toMatchObject({ text: 'Ada Lovelace answered: “Re: your enquiry”', href: `/admin/dashboard/messages/enquiry/${id}`, read: false });
    await call().post(`/api/notices/${notices.notices[0]!.id}/read`).set(admin.headers).expect(200);
    expect(((await call().get('/api/notices').set(admin.headers).expect(200)).body as NoticeList).notices[0]!.read).toBe(true);

    await worker.runOnce();
    const notice = await simpleParser(inbox.messages.find((raw) => raw.includes('answered your reply'))!);
    expect(notice.subject).toBe('Ada Lovelace answered your reply');
    expect(notice.text).toContain('Tuesday is fine.');
    expect(notice.text).toContain(`https://agency.test/admin/dashboard/messages/enquiry/${id}`);
  });

  it('threads the next reply under the client’s answer, with the whole chain in References', async () => {
    const id = await submit('thread@example.com');
    const ourId = await replyTo(id);
    const theirId = '<answer-1@client.example>';
    await file(mail({ from: 'thread@example.com', messageId: theirId, inReplyTo: ourId }));
    inbox.messages.length = 0;
    await replyTo(id);
    const next = await simpleParser(inbox.messages.find((raw) => /^To: thread@example\.com/m.test(raw))!);
    expect(next.inReplyTo).toBe(theirId);
    expect(next.references).toEqual([ourId, theirId]);
  });

  it('files by References (an earlier answer filed on the lead) and by the reply address’s +tag', async () => {
    const id = await submit('refs@example.com');
    const ourId = await replyTo(id);
    await file(mail({ from: 'refs@example.com', messageId: '<first@client.example>', inReplyTo: ourId }));
    // Another address, headers only naming the earlier answer.
    expect(await file(mail({ from: 'colleague@elsewhere.example', references: '<unknown@x> <first@client.example>' }))).toMatchObject({ outcome: 'filed', leadId: id });

    await call().patch('/api/settings').set(admin.headers).send({ replyAddressTags: true }).expect(200);
    await t.db('admin_users').where({ username: TEST_ADMIN.username }).update({ email_verified_at: null });
    try {
      const tagged = await submit('tagged@example.com');
      await replyTo(tagged);
      const sent = await simpleParser(inbox.messages.find((raw) => /^To: tagged@example\.com/m.test(raw))!);
      const replyAddress = sent.replyTo!.value[0]!.address!;
      expect(replyAddress).toMatch(/^team\+[a-z2-7]{12}@agency\.test$/);
      // No thread headers, another sender: only the tag names the lead.
      expect(await file(mail({ from: 'someone@else.example', to: replyAddress }))).toMatchObject({ outcome: 'filed', leadId: tagged });
      expect(await file(mail({ from: 'someone@else.example', to: 'x@agency.test', headers: [`Delivered-To: ${replyAddress}`] }))).toMatchObject({ outcome: 'filed', leadId: tagged });
      // A tag nobody was given matches nothing.
      expect(await file(mail({ from: 'someone@else.example', to: 'team+abcdefghijkl@agency.test' }))).toMatchObject({ outcome: 'unmatched' });
    } finally {
      await call().patch('/api/settings').set(admin.headers).send({ replyAddressTags: false }).expect(200);
      await t.db('admin_users').where({ username: TEST_ADMIN.username }).update({ email_verified_at: new Date() });
    }
  });

  it('files by the sender only when exactly one open lead has the address; otherwise it waits unmatched, with why', async () => {
    const id = await submit('sole@example.com');
    expect(await file(mail({ from: 'SOLE@example.com' }))).toMatchObject({ outcome: 'filed', leadId: id });

    await submit('twice@example.com');
    await submit('twice@example.com', 'contact');
    const several = await file(mail({ from: 'twice@example.com' }));
    expect(several.outcome).toBe('unmatched');
    const nobody = await file(mail({ from: 'stranger@example.com', subject: 'Hello there' }));
    expect(nobody.outcome).toBe('unmatched');

    const list = (await call().get('/api/inbound-mail').set(admin.headers).expect(200)).body as UnmatchedPage;
    expect(list.messages[0]).toMatchObject({ from: 'stranger@example.com', subject: 'Hello there', reason: 'No lead has the sender’s address, and the message answers none of ours.' });
    expect(list.messages[1]!.reason).toBe('Several open leads have the sender’s address: choose the one it belongs to.');
    expect((await call().get('/api/inbound-mail/count').set(admin.headers).expect(200)).body.unmatched).toBeGreaterThanOrEqual(2);
  });

  it('lets staff attach, make an "E-mail" lead of, or dismiss an unmatched message, once', async () => {
    const target = await submit('attach-target@example.com');
    const a = await file(mail({ from: 'nobody-a@example.com', subject: 'About our project' }));
    const b = await file(mail({ from: 'Bea Client <nobody-b@example.com>', subject: 'New project', body: 'We would like a website.' }));
    const c = await file(mail({ from: 'nobody-c@example.com' }));
    const idOf = (outcome: typeof a) => (outcome.outcome === 'unmatched' ? outcome.messageId : '');

    await call().post(`/api/inbound-mail/${idOf(a)}/attach`).set(admin.headers).send({ type: 'enquiry', id: target }).expect(200, { lead: { type: 'enquiry', id: target } });
    expect((await lead(target)).messages.some((message) => message.subject === 'About our project')).toBe(true);
    const again = await call().post(`/api/inbound-mail/${idOf(a)}/dismiss`).set(admin.headers).expect(409);
    expect(again.body.error).toBe('This message is not waiting any more: someone filed or dismissed it.');
    expect((await call().post(`/api/inbound-mail/${idOf(c)}/attach`).set(admin.headers).send({ type: 'enquiry', id: 'nope' }).expect(404)).body.error).toBe('Lead not found');
    expect((await call().post(`/api/inbound-mail/${idOf(c)}/attach`).set(admin.headers).send({ type: 'fax' }).expect(400)).body.error).toMatch(/type/);

    const made = await call().post(`/api/inbound-mail/${idOf(b)}/new-lead`).set(admin.headers).expect(201);
    expect(made.body.lead.type).toBe('email');
    const emailLead = await lead(made.body.lead.id, 'email');
    expect(emailLead).toMatchObject({ type: 'email', name: 'Bea Client', email: 'nobody-b@example.com', subject: 'New project', status: 'new', fields: { name: 'Bea Client', email: 'nobody-b@example.com', subject: 'New project', message: 'We would like a website.' } });
    expect(emailLead.history[0]!.label).toBe('Received (E-mail)');
    const listed = (await call().get('/api/leads?type=email').set(admin.headers).expect(200)).body.items as { _id: string }[];
    expect(listed.map((item) => item._id)).toEqual([made.body.lead.id]);
    const csv = await call().get('/api/leads.csv?type=email').set(admin.headers).expect(200);
    expect(csv.text).toContain('nobody-b@example.com');
    const dashboard = (await call().get('/api/dashboard').set(admin.headers).expect(200)).body;
    expect(dashboard.newLeads.email.today.current).toBeGreaterThanOrEqual(1);
    // No public form of that source.
    await call().get('/api/forms/email').set(admin.headers).expect(404);
    await call().post('/api/forms/email').send({ email: 'x@example.com', ...humanMeta() }).expect(404);

    await call().post(`/api/inbound-mail/${idOf(c)}/dismiss`).set(admin.headers).expect(200, { ok: true });
    const remaining = (await call().get('/api/inbound-mail').set(admin.headers).expect(200)).body as UnmatchedPage;
    expect(remaining.messages.map((message) => message.id)).not.toEqual(expect.arrayContaining([idOf(a), idOf(b), idOf(c)]));
    await call().post('/api/inbound-mail/not-a-uuid/dismiss').set(admin.headers).expect(404);
    await call().get('/api/inbound-mail?before=garbage').set(admin.headers).expect(400);
  });

  it('stores each message once: the same place twice, the same Message-ID at another UID, and concurrent calls', async () => {
    const raw = mail({ from: 'dup@example.com', messageId: '<dup-1@client.example>' });
    const at = place();
    expect((await inbound.file(at, { raw })).outcome).toBe('unmatched');
    expect(await inbound.file(at, { raw })).toEqual({ outcome: 'duplicate' });
    expect(await file(raw)).toEqual({ outcome: 'duplicate' });
    expect(await rowCount({ message_id: '<dup-1@client.example>' })).toBe(1);

    const racing = mail({ from: 'race@example.com', messageId: '<race@client.example>' });
    const outcomes = await Promise.all([file(racing), file(racing), file(racing), inbound.file({ mailbox: 'INBOX', uidValidity: '1', uid: 999_999 }, { raw: racing })]);
    expect(outcomes.filter((outcome) => outcome.outcome === 'unmatched')).toHaveLength(1);
    expect(await rowCount({ message_id: '<race@client.example>' })).toBe(1);

    // Without a Message-ID: the hash of its headers, stable for the same message at another UID.
    const bare = mail({ from: 'bare@example.com', messageId: null });
    expect((await file(bare)).outcome).toBe('unmatched');
    expect(await file(bare)).toEqual({ outcome: 'duplicate' });
    expect(await rowCount({ from_address: 'bare@example.com' })).toBe(1);
  });

  it('keeps attachments up to 10 MB each and 25 MB a message, lists larger ones, and serves them only as downloads', async () => {
    const id = await submit('files@example.com');
    const outcome = await file(
      withAttachments(
        [
          { name: 'brief "final".pdf', bytes: 1000 },
          { name: 'huge.bin', bytes: INBOUND_LIMITS.attachmentBytes + 1 },
          { name: 'naïve<script>.html', bytes: 20 },
        ],
        { from: 'files@example.com' },
      ),
    );
    expect(outcome).toMatchObject({ outcome: 'filed', leadId: id });
    const attachments = (await lead(id)).messages.find((message) => message.direction === 'in')!.attachments;
    expect(attachments.map(({ name, bytes }) => ({ name, bytes }))).toEqual([
      { name: 'brief "final".pdf', bytes: 1000 },
      { name: 'huge.bin', bytes: INBOUND_LIMITS.attachmentBytes + 1 },
      { name: 'naïve<script>.html', bytes: 20 },
    ]);
    expect(attachments[1]!.url).toBeNull();
    const download = await call().get(attachments[0]!.url!).set(admin.headers).buffer(true).expect(200);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="brief _final_.pdf"; filename*=UTF-8''brief%20%22final%22.pdf`);
    expect(download.body).toHaveLength(1000);
    const html = await call().get(attachments[2]!.url!).set(admin.headers).buffer(true).expect(200);
    expect(html.headers['content-type']).toBe('application/octet-stream');
    expect(html.headers['content-disposition']).toBe(`attachment; filename="na_ve<script>.html"; filename*=UTF-8''na%C3%AFve%3Cscript%3E.html`);
    await call().get(`/api/mail-attachments/${(await t.db('inbound_attachments').where({ name: 'huge.bin' }).first()).id}`).set(admin.headers).expect(404);
    await call().get(attachments[0]!.url!).expect(401);
  });

  it('files a 30 MB message, keeping attachments up to 25 MB, and refuses one the reader did not download, with why', async () => {
    // 30 MB: three 10 MB files; two fit in 25 MB, the third is listed only.
    const big = withAttachments(
      [
        { name: 'a.bin', bytes: 10 * 1024 * 1024 },
        { name: 'b.bin', bytes: 10 * 1024 * 1024 },
        { name: 'c.bin', bytes: 10 * 1024 * 1024 },
      ],
      { from: 'big@example.com' },
    );
    expect(big.length).toBeGreaterThan(30 * 1024 * 1024);
    const bigOutcome = await file(big);
    expect(bigOutcome.outcome).toBe('unmatched');
    const stored = await t.db('inbound_attachments').where({ message_id: bigOutcome.outcome === 'unmatched' ? bigOutcome.messageId : '' }).orderBy('position').select('name', t.db.raw('data is not null as stored'));
    expect(stored).toEqual([
      { name: 'a.bin', stored: true },
      { name: 'b.bin', stored: true },
      { name: 'c.bin', stored: false },
    ]);
    // Over the reader's download limit: refused with the reason, kept so it is not read again.
    expect(await inbound.file(place(), { raw: mail({ from: 'huge@example.com', messageId: '<huge@x>' }), truncatedFrom: 45 * 1024 * 1024 })).toEqual({
      outcome: 'refused',
      reason: 'The message is 45 MB, more than the reader downloads: it is only in the mailbox.',
    });
    expect(await rowCount({ message_id: '<huge@x>', state: 'refused' })).toBe(1);
  }, 180_000);

  it('files hostile mail as plain text, never crashing: 1,000 attachments, script, malformed MIME, CR/LF in names, a forged From', async () => {
    // A thousand attachments: more parts than mailparser reads; refused with the reason, stored once.
    const thousand = withAttachments(Array.from({ length: 1000 }, (_, index) => ({ name: `f${index}.txt`, bytes: 3 })), { from: 'thousand@example.com' });
    expect(await file(thousand)).toEqual({ outcome: 'refused', reason: 'The message has more parts (attachments) than mail is read with: it is only in the mailbox.' });
    expect(await file(thousand)).toEqual({ outcome: 'duplicate' });
    // A hundred and twenty: fifty listed, the rest counted.
    const many = await file(withAttachments(Array.from({ length: 120 }, (_, index) => ({ name: `f${index}.txt`, bytes: 3 })), { from: 'many@example.com' }));
    const manyRow = await t.db('inbound_messages').where({ id: unmatchedId(many) }).first();
    expect(manyRow.attachments_omitted).toBe(120 - INBOUND_LIMITS.listedAttachments);
    expect(Number((await t.db('inbound_attachments').where({ message_id: manyRow.id }).count({ n: '*' }).first())!.n)).toBe(INBOUND_LIMITS.listedAttachments);

    const scripted = await file(
      mail({ from: 'html@example.com', headers: ['Content-Type: text/html; charset=utf-8'], body: '<p>Hello <b>there</b></p><script>alert(1)</script><img src=x onerror=alert(2)>' }),
    );
    const html = await t.db('inbound_messages').where({ id: unmatchedId(scripted) }).first();
    expect(html.text).toContain('Hello');
    expect(html.text).not.toMatch(/<script|<p>|onerror|<img/);

    for (const broken of [
      Buffer.from('this is not mail at all\u0000\u0001'),
      mail({ from: 'broken@example.com', headers: ['Content-Type: multipart/mixed; boundary="never"'], body: '--never\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\n@@@not base64@@@' }),
      Buffer.from('From: =?utf-8?B?AAAA?= <x@example.com>\r\nSubject: =?bogus?Q?=ZZ?=\r\nContent-Type: text/plain; charset=no-such-charset\r\n\r\n\u0000\u0000'),
    ]) {
      expect(['unmatched', 'refused']).toContain((await file(broken)).outcome);
    }

    // CR/LF in a display name: one line in the store, the API and the lead made of it.
    const injected = await file(mail({ from: '=?utf-8?Q?Eve=0D=0ABcc=3A_victim=40example.com?= <eve@example.com>', subject: '=?utf-8?Q?Hi=0D=0AX-Evil:_1?=' }));
    const row = await t.db('inbound_messages').where({ id: unmatchedId(injected) }).first();
    expect(row.from_name).toBe('Eve Bcc: victim@example.com');
    expect(row.subject).toBe('Hi X-Evil: 1');
    const made = await call().post(`/api/inbound-mail/${row.id}/new-lead`).set(admin.headers).expect(201);
    expect((await lead(made.body.lead.id, 'email')).name).not.toMatch(/[\r\n]/);

    // A forged From lands at most on the one open lead with that address, never on another.
    const victim = await submit('forged@example.com');
    const other = await submit('other-lead@example.com');
    expect(await file(mail({ from: 'Forger <forged@example.com>' }))).toMatchObject({ outcome: 'filed', leadId: victim });
    expect((await lead(other)).messages).toEqual([]);
  });
});
