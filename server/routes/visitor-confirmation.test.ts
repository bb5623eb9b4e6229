import request from 'supertest';
import { simpleParser, type ParsedMail } from 'mailparser';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { startSmtp, type Inbox } from '../../tests/helpers/smtp-inbox';
import { countSubmissions, humanMeta, VALID_FORMS } from '../../tests/helpers/form-fixtures';
import { NO_KEYRING } from '../app-key';
import { createLogger } from '../logger';
import { createMailer } from '../services/mail-transport';
import { createNotificationWorker, type NotificationWorker } from '../services/notification-worker';
import type { FormType } from '../../shared/form-types';
import type { MailHealth } from '../../shared/mail-health';
import { CONFIRMATION_LIMITS } from '../../shared/visitor-confirmation';

/**
 * Acknowledgements cannot be used to mail strangers: an anonymous visitor chooses the address and
 * the name, so the mail carries only a first name reduced to letters, and few go out: per address
 * (case and `+tag` ignored), per network, and per day for the whole site, which warns the owners.
 * Each case posts as an attacker would (one network, or many through `X-Forwarded-For`) and counts
 * what reaches a real SMTP server on loopback.
 */
describe('acknowledgements to visitors, as an attacker uses them', () => {
  let t: TestApp;
  let owner: AdminTestSession;
  let inbox: Inbox;
  let worker: NotificationWorker;
  const call = () => request(t.app.callback());

  const post = (type: FormType, ip: string, fields: Record<string, unknown>) =>
    call().post(`/api/forms/${type}`).set('X-Forwarded-For', ip).send({ ...VALID_FORMS[type], ...fields, ...humanMeta() }).expect(201);
  /** Sends what the outbox holds and returns the acknowledgements that arrived since the last call, parsed as a mail program reads them. */
  async function delivered(): Promise<ParsedMail[]> {
    while ((await worker.runOnce()).sent > 0);
    const raw = inbox.messages.splice(0);
    inbox.recipients.length = 0;
    return Promise.all(raw.map((message) => simpleParser(message)));
  }
  const health = async (): Promise<MailHealth> => (await call().get('/api/mail-health').set(owner.headers).expect(200)).body;

  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '100000', TRUST_PROXY: 'true' });
    owner = await signInAsAdmin(t);
    inbox = await startSmtp();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${inbox.port}`, envFrom: '"Brightpath Digital website" <no-reply@agency.test>', saved: () => null, keyring: NO_KEYRING });
    // No staff recipients: staff notifications wait, so the inbox receives only what visitors get.
    worker = createNotificationWorker({ db: t.db, logger: createLogger('silent'), mailer, recipients: () => [], retryBaseMs: 1 });
    await call().patch('/api/settings').set(owner.headers).send({ visitorConfirmation: { contact: true, enquiry: true, quote: false, 'free-offer': false } }).expect(200);
  });
  // Each case starts with no counters: what one case used up does not limit the next.
  beforeEach(async () => {
    await delivered();
    await t.db('form_rate_limits').delete();
  });
  afterAll(async () => {
    await worker.stop();
    await inbox.close();
    await t.destroy();
  });

  it('carries no link, digit or @ of the name: the refund message becomes "Hello Claim," to the address given', async () => {
    await post('contact', '198.51.100.1', { name: 'Claim your refund now at http://refund-evil.example/claim', email: 'victim+0@victim.example' });
    const [mail, ...more] = await delivered();
    expect(more).toEqual([]);
    expect(mail!.to).toMatchObject({ text: 'victim+0@victim.example' });
    expect(mail!.subject).toBe('We received your contact message');
    const text = mail!.text!;
    expect(text.split('\n')[0]).toBe('Hello Claim,');
    expect(text).not.toMatch(/refund|http|evil|\/\/|@/i);

    // A name that is nothing but a link, an address or digits: a neutral greeting.
    for (const [i, name] of ['http://refund-evil.example/claim', 'refund@evil.example now', '0800 123 456 call'].entries()) {
      await post('contact', '198.51.100.2', { name, email: `other${i}@victim.example` });
    }
    const neutral = await delivered();
    expect(neutral.map((each) => each.text!.split('\n')[0])).toEqual(['Hello there,', 'Hello there,', 'Hello there,']);
    expect(neutral.map((each) => each.text!).join('\n')).not.toMatch(/refund|http|evil|0800|123/i);
  });

  it('fills every placeholder from the agency, the settings, the reduced first name and a choice of the form, never from other typed text', async () => {
    const words = 'Hi {name}! About {service}: we answer {replyPromise}. Call {phone}. {agency}';
    await call().patch('/api/settings').set(owner.headers).send({ visitorConfirmationText: words }).expect(200);
    try {
      await post('enquiry', '198.51.100.3', {
        name: 'Claim http://refund-evil.example',
        email: 'victim@victim.example',
        company: 'Refund Desk http://refund-evil.example',
        message: 'Claim your refund at http://refund-evil.example/claim',
        service: 'Graphic Design',
      });
      // A service that is not one of the form's choices never gets in (the form refuses it).
      await call().post('/api/forms/enquiry').set('X-Forwarded-For', '198.51.100.3').send({ ...VALID_FORMS.enquiry, service: 'refunds at http://refund-evil.example', ...humanMeta() }).expect(400);
      const [mail, ...more] = await delivered();
      expect(more).toEqual([]);
      expect(mail!.text!.trim()).toBe('Hi Claim! About Graphic Design: we answer within 24 hours. Call +1 (555) 010-2030. Brightpath Digital');
    } finally {
      await call().patch('/api/settings').set(owner.headers).send({ visitorConfirmationText: null }).expect(200);
    }
  });

  it('counts victim+0@, victim+1@, … and their case variants as one address, whatever network they come from', async () => {
    const posts = 100;
    const leadsBefore = await countSubmissions(t.db, 'contact');
    for (let i = 0; i < posts; i += 1) {
      const local = i % 2 === 0 ? `victim+${i}` : `VICTIM+Refund${i}`;
      await post('contact', `203.0.113.${i + 1}`, { name: 'Claim your refund now at http://refund-evil.example/claim', email: `${local}@${i % 3 === 0 ? 'Victim.Example' : 'victim.example'}` });
    }
    const mails = await delivered();
    // Figure: 100 posts with 100 different +tags from 100 networks, 3 acknowledgements.
    expect(mails).toHaveLength(CONFIRMATION_LIMITS.perAddress);
    // Every lead is stored all the same.
    expect(await countSubmissions(t.db, 'contact')).toBe(leadsBefore + posts);
  });

  it('caps the acknowledgements asked from one network, IPv4 address or IPv6 /64, whatever the addresses', async () => {
    const posts = 50;
    for (let i = 0; i < posts; i += 1) await post('contact', '198.51.100.7', { email: `stranger${i}@victim.example` });
    // Figure: 50 posts to 50 different addresses from one IPv4 address, 10 acknowledgements.
    expect(await delivered()).toHaveLength(CONFIRMATION_LIMITS.perNetwork);

    // Every address of a /64 is the same network.
    for (let i = 0; i < posts; i += 1) await post('contact', `2001:db8:7:7::${(i + 1).toString(16)}`, { email: `v6-stranger${i}@victim.example` });
    expect(await delivered()).toHaveLength(CONFIRMATION_LIMITS.perNetwork);

    // Another network is not held back by them.
    await post('contact', '198.51.100.8', { email: 'neighbour@example.com' });
    expect(await delivered()).toHaveLength(1);
  });

  it("stops at the site's daily ceiling, warns the owners once, and the leads still arrive", async () => {
    const { perDay } = CONFIRMATION_LIMITS;
    const posts = perDay + 20;
    const leadsBefore = await countSubmissions(t.db, 'contact');
    for (let i = 0; i < posts; i += 1) await post('contact', `10.${Math.floor(i / 250)}.${i % 250}.1`, { email: `visitor${i}@example.net` });
    // Figure: 120 posts from 120 networks to 120 addresses, 100 acknowledgements.
    expect(await delivered()).toHaveLength(perDay);
    expect(await countSubmissions(t.db, 'contact')).toBe(leadsBefore + posts);

    // One warning in the trail, its repeats counting the visitors who went without.
    const warnings = await t.db('audit_log').where({ action: 'acknowledgements.withheld' }).select('actor_name', 'summary', 'repeats');
    expect(warnings).toEqual([{ actor_name: 'system', summary: expect.stringMatching(/^daily limit of 100 reached on \d{4}-\d\d-\d\d \(UTC\); no more acknowledgements that day; leads still arrive$/), repeats: 20 }]);
    const listed = (await call().get('/api/audit?action=acknowledgements.withheld').set(owner.headers).expect(200)).body.items;
    expect(listed).toHaveLength(1);

    // The owners' banner says so until midnight UTC.
    const nextMidnight = new Date();
    nextMidnight.setUTCHours(24, 0, 0, 0);
    expect((await health()).acknowledgementsWithheld).toEqual({ limit: perDay, withheld: 20, resumesAt: nextMidnight.toISOString() });

    // A new visitor from a new network gets none today; the trail still has one row.
    await post('contact', '192.0.2.200', { email: 'latecomer@example.org' });
    expect(await delivered()).toEqual([]);
    expect(await t.db('audit_log').where({ action: 'acknowledgements.withheld' }).pluck('repeats')).toEqual([21]);

    // The next day (its counters gone), acknowledgements go again and the banner is gone.
    await t.db('form_rate_limits').delete();
    expect((await health()).acknowledgementsWithheld).toBeNull();
    await post('contact', '192.0.2.201', { email: 'tomorrow@example.org' });
    expect(await delivered()).toHaveLength(1);
  });
});
