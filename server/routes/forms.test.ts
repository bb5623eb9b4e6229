import request from 'supertest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { VALID_FORMS, clientToken, countRows, countSpam, countSubmissions, humanMeta } from '../../tests/helpers/form-fixtures';
import { notificationsFor } from '../outbox/queries';
import { FORM_TYPES, FORM_TYPE_LABELS, type FormType } from '../../shared/form-types';
import { FORM_DEFINITIONS, INVALID_FORM_MESSAGE, NOT_A_FORM_MESSAGE } from '../../shared/forms';
import { messages } from '../messages';

const { wrongContentType, rateLimited } = messages.forms;

describe('visitor forms over HTTP', () => {
  let t: TestApp;
  const api = (type: string) => request(t.app.callback()).post(`/api/forms/${type}`);
  beforeAll(async () => {
    // A generous limit here; the rate limit has its own app below.
    t = await createTestApp({ FORM_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.destroy());

  describe.each(FORM_TYPES)('%s', (type) => {
    it('stores a valid submission with its staff notification and answers 201 with its id', async () => {
      const before = await countSubmissions(t.db, type);
      const res = await api(type).send({ ...VALID_FORMS[type], ...humanMeta() }).expect(201);
      expect(res.body).toEqual({ _id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      expect(await countSubmissions(t.db, type)).toBe(before + 1);
      const row = await t.db('leads').where({ id: res.body._id }).first();
      expect(row.type).toBe(type);
      expect(row.status).toBe('new');
      expect(row.submitted_at).toBeInstanceOf(Date);
      const notifications = await notificationsFor(t.db, type, res.body._id);
      expect(notifications).toHaveLength(1);
      expect(notifications[0]!.status).toBe('pending');
      expect(notifications[0]!.body).toContain(String(VALID_FORMS[type].email));
      expect(notifications[0]!.body).toContain(`A visitor sent the ${FORM_TYPE_LABELS[type]} form.`);
    });

    it.each(FORM_DEFINITIONS[type].fields.filter((field) => field.required).map((field) => field.name))('rejects a missing or blank %s with a field message and stores nothing', async (name) => {
      const before = await countSubmissions(t.db);
      const { [name]: _omitted, ...rest } = VALID_FORMS[type];
      const missing = await api(type).send({ ...rest, ...humanMeta() }).expect(400);
      expect(missing.body).toEqual({ error: INVALID_FORM_MESSAGE, fields: { [name]: expect.any(String) } });
      if (name !== 'budget') {
        const blank = await api(type).send({ ...VALID_FORMS[type], [name]: '   ', ...humanMeta() }).expect(400);
        expect(Object.keys(blank.body.fields)).toEqual([name]);
      }
      expect(await countSubmissions(t.db)).toBe(before);
    });

    it('rejects a field the form does not have', async () => {
      const res = await api(type).send({ ...VALID_FORMS[type], isAdmin: true, ...humanMeta() }).expect(400);
      expect(res.body.fields).toEqual({ isAdmin: 'This field is not part of the form.' });
    });
  });

  it.each<[FormType, string, unknown, RegExp]>([
    ['enquiry', 'name', 'x'.repeat(101), /at most 100/],
    ['enquiry', 'email', 'not-an-email', /valid email/],
    ['enquiry', 'email', `${'a'.repeat(250)}@example.com`, /at most 254/],
    ['enquiry', 'phone', 'call me', /valid phone/],
    ['enquiry', 'phone', '12345', /7 to 15 digits/],
    ['enquiry', 'phone', '+1 234 567 890 123 456', /7 to 15 digits/],
    ['enquiry', 'service', 'Branding', /Please select a service/],
    ['enquiry', 'service', '', /Please select a service/],
    ['enquiry', 'company', 'c'.repeat(121), /at most 120/],
    ['enquiry', 'message', 'm'.repeat(5001), /at most 5000/],
    ['enquiry', 'name', 42, /must be text/],
    ['enquiry', 'name', 'Ada\u0000Lovelace', /not allowed/],
    ['enquiry', 'name', 'Ada\nLovelace', /not allowed/],
    ['enquiry', 'message', 'broken \ud800 surrogate', /not allowed/],
    ['quote', 'service', 'Graphic Design', /Please select a service/],
    ['quote', 'budget', 999, /at least \$1,000/],
    ['quote', 'budget', 10500, /at most 10000/],
    ['quote', 'budget', 1250, /multiple of 500/],
    ['quote', 'budget', '5000', /must be a number/],
    ['quote', 'budget', 5000.5, /whole number/],
    ['quote', 'timeline', 'next year', /Please select a timeline/],
    ['quote', 'projectDetails', 'p'.repeat(5001), /at most 5000/],
    ['free-offer', 'email', 'alan@', /valid email/],
    ['free-offer', 'message', 'm'.repeat(5001), /at most 5000/],
    ['free-offer', 'message', 17, /must be text/],
    ['contact', 'subject', 's'.repeat(201), /at most 200/],
    ['contact', 'subject', ['a', 'b'], /must be text/],
  ])('%s: rejects %s = %p', async (type, field, value, message) => {
    const before = await countSubmissions(t.db);
    const res = await api(type).send({ ...VALID_FORMS[type], [field]: value, ...humanMeta() }).expect(400);
    expect(res.body.error).toBe(INVALID_FORM_MESSAGE);
    expect(res.body.fields[field]).toMatch(message);
    expect(await countSubmissions(t.db)).toBe(before);
  });

  it('trims text and stores a blank optional field as NULL', async () => {
    const res = await api('enquiry').send({ ...VALID_FORMS.enquiry, name: '  Ada  ', company: '   ', message: '\n Hello \n', ...humanMeta() }).expect(201);
    const row = await t.db('leads').where({ id: res.body._id }).first();
    expect(row).toMatchObject({ name: 'Ada', company: null, message: 'Hello' });
    const offer = await api('free-offer').send({ email: ' x@example.com ', ...humanMeta() }).expect(201);
    expect(await t.db('leads').where({ id: offer.body._id }).first()).toMatchObject({ email: 'x@example.com', message: null });
  });

  describe('bodies the API does not take', () => {
    it('answers malformed JSON with 400 and a JSON error', async () => {
      const res = await api('contact').set('Content-Type', 'application/json').send('{"name": "Ada",').expect(400);
      expect(res.body).toEqual({ error: 'The request body is not valid JSON.' });
    });

    it('answers a body over 100 kB with 413', async () => {
      const res = await api('contact').send({ ...VALID_FORMS.contact, message: 'x'.repeat(120_000) }).expect(413);
      expect(res.body).toEqual({ error: 'The request body is too large.' });
    });

    it('answers other content types with 415', async () => {
      const urlencoded = await api('contact').type('form').send({ name: 'Ada' }).expect(415);
      expect(urlencoded.body).toEqual({ error: wrongContentType.api });
      await api('contact').set('Content-Type', 'text/plain').send('hello').expect(415);
      await api('contact').expect(415);
    });

    it('answers a JSON array or an empty object with 400', async () => {
      const array = await api('contact').send([VALID_FORMS.contact]).expect(400);
      expect(array.body).toEqual({ error: NOT_A_FORM_MESSAGE });
      const empty = await api('contact').send({}).expect(400);
      expect(Object.keys(empty.body.fields).sort()).toEqual(['email', 'message', 'name', 'phone', 'subject']);
    });

    it('answers an unknown form type with 404', async () => {
      await api('newsletter').send({}).expect(404, { error: 'Not found' });
    });

    it('rejects a malformed client token or fill time', async () => {
      const res = await api('contact').send({ ...VALID_FORMS.contact, fillMs: 'soon', clientToken: '<script>' }).expect(400);
      expect(Object.keys(res.body.fields).sort()).toEqual(['clientToken', 'fillMs']);
    });
  });

  describe('spam defences', () => {
    it('answers a filled honeypot normally, notifies nobody and keeps it in the spam folder with the reason', async () => {
      const before = await countSubmissions(t.db);
      const spam = await countSpam(t.db);
      const outbox = await countRows(t.db, 'form_notifications');
      const res = await api('contact').send({ ...VALID_FORMS.contact, website: 'https://spam.example', ...humanMeta() }).expect(201);
      expect(res.body._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await countSubmissions(t.db)).toBe(before);
      expect(await countSpam(t.db)).toBe(spam + 1);
      expect(await t.db('leads').where({ id: res.body._id }).first()).toMatchObject({ spam_reason: 'honeypot filled', spam_at: expect.any(Date) });
      expect(await countRows(t.db, 'form_notifications')).toBe(outbox);
    });

    it('files a form filled faster than a person can as spam, but keeps a call that sends no fill time', async () => {
      const before = await countSubmissions(t.db);
      const res = await api('enquiry').send({ ...VALID_FORMS.enquiry, fillMs: 400, clientToken: clientToken() }).expect(201);
      expect(await countSubmissions(t.db)).toBe(before);
      expect(await t.db('leads').where({ id: res.body._id }).first()).toMatchObject({ spam_reason: 'filled too fast' });
      // The spec's own call carries no fill time: judged by the honeypot and the rate limit only.
      await api('enquiry').send({ ...VALID_FORMS.enquiry }).expect(201);
      expect(await countSubmissions(t.db)).toBe(before + 1);
    });

    it('stores a double submit of the same form (same client token) once', async () => {
      const meta = humanMeta();
      const before = await countSubmissions(t.db, 'quote');
      const [first, second] = await Promise.all([api('quote').send({ ...VALID_FORMS.quote, ...meta }), api('quote').send({ ...VALID_FORMS.quote, ...meta })]);
      const third = await api('quote').send({ ...VALID_FORMS.quote, ...meta });
      for (const res of [first, second, third]) expect(res.status).toBe(201);
      expect(new Set([first.body._id, second.body._id, third.body._id]).size).toBe(1);
      expect(await countSubmissions(t.db, 'quote')).toBe(before + 1);
      expect(await notificationsFor(t.db, 'quote', first.body._id)).toHaveLength(1);
    });
  });

  describe('without JavaScript', () => {
    const post = (path: string) => request(t.app.callback()).post(path).type('form').set('Accept', 'text/html');
    const asForm = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).map(([key, value]) => [key, String(value)]));

    it.each(FORM_TYPES)('%s: a urlencoded post is stored and redirected (303) to its thank-you page', async (type) => {
      const before = await countSubmissions(t.db, type);
      const res = await post(FORM_DEFINITIONS[type].pagePath).send(asForm(VALID_FORMS[type])).expect(303);
      expect(res.headers.location).toBe(`/thank-you/${type}`);
      expect(await countSubmissions(t.db, type)).toBe(before + 1);
      const page = await request(t.app.callback()).get(String(res.headers.location)).expect(200);
      expect(page.text).toContain(`<h1>${FORM_DEFINITIONS[type].successTitle}</h1>`);
      expect(page.headers['cache-control']).toMatch(/^public/);
    });

    it('stores the budget of a quote posted as text as a number', async () => {
      await post('/quote').send(asForm(VALID_FORMS.quote)).expect(303);
      const row = await t.db('leads').where({ type: 'quote' }).orderBy('submitted_at', 'desc').first();
      expect(row.budget).toBe(7500);
    });

    it('re-renders a rejected post with the values kept and each error beside its field, uncached', async () => {
      const before = await countSubmissions(t.db);
      const res = await post('/enquire').send({ ...asForm(VALID_FORMS.enquiry), name: 'Ada <b>Lovelace</b>', email: 'ada@', service: 'Nope' }).expect(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toContain('value="Ada &lt;b&gt;Lovelace&lt;/b&gt;"');
      expect(res.text).toContain('value="ada@"');
      expect(res.text).toMatch(/<input id="enquiry-form-email"[^>]*aria-invalid="true"[^>]*aria-describedby="enquiry-form-email-error"/);
      expect(res.text).toContain('<p id="enquiry-form-email-error" class="field__error">Please enter a valid email address.</p>');
      expect(res.text).toContain('<p id="enquiry-form-service-error" class="field__error">Please select a service from the list.</p>');
      expect(res.text).toContain(INVALID_FORM_MESSAGE);
      expect(await countSubmissions(t.db)).toBe(before);
      // The same page for the next visitor is the clean, cacheable one.
      const clean = await request(t.app.callback()).get('/enquire').expect(200);
      expect(clean.headers['cache-control']).toMatch(/^public/);
      expect(clean.text).not.toContain('ada@');
    });

    it('re-renders the contact page with the contact form and its errors', async () => {
      const res = await post('/contact').send({ ...asForm(VALID_FORMS.contact), phone: 'none' }).expect(400);
      expect(res.text).toContain('<h1>Contact Us</h1>');
      expect(res.text).toContain('value="Katherine Johnson"');
      expect(res.text).toContain('class="field__error">Please enter a valid phone number');
    });

    it('answers a filled honeypot like a success without storing it', async () => {
      const before = await countSubmissions(t.db);
      await post('/contact').send({ ...asForm(VALID_FORMS.contact), website: 'spam' }).expect(303);
      expect(await countSubmissions(t.db)).toBe(before);
    });

    it('answers a JSON post to a form page with 415', async () => {
      await request(t.app.callback()).post('/enquire').send(VALID_FORMS.enquiry).expect(415);
    });

    it('serves the fallback pages the chrome links to, cacheable and with real forms', async () => {
      for (const type of ['enquiry', 'quote', 'free-offer'] as const) {
        const res = await request(t.app.callback()).get(FORM_DEFINITIONS[type].pagePath).expect(200);
        expect(res.headers['cache-control']).toMatch(/^public/);
        expect(res.text).toContain(`action="${FORM_DEFINITIONS[type].pagePath}" method="post"`);
      }
      const contact = await request(t.app.callback()).get('/contact').expect(200);
      expect(contact.text).toContain('action="/contact" method="post"');
      const quote = await request(t.app.callback()).get('/quote').expect(200);
      expect(quote.text).toMatch(/<input id="quote-form-budget"[^>]*type="range" min="1000" max="10000" step="500"[^>]*name="budget" value="5000"/);
      expect(quote.text).toContain('$10,000+');
      const enquire = await request(t.app.callback()).get('/enquire').expect(200);
      expect(enquire.text).toContain('<option value="" disabled="" selected="">Select a service</option>');
      const regions = await request(t.app.callback()).get('/regions').expect(200);
      expect(regions.text.match(/>Visit Now</g)).toHaveLength(5);
      await request(t.app.callback()).get('/thank-you/newsletter').set('Accept', 'text/html').expect(404);
    });
  });

  describe('admin inbox calls without a signed-in admin', () => {
    it.each([
      ['get', '/api/forms/contact'],
      ['patch', '/api/forms/quote/00000000-0000-4000-8000-000000000000/status'],
      ['delete', '/api/forms/enquiry/00000000-0000-4000-8000-000000000000'],
    ] as const)('%s %s answers 401', async (method, path) => {
      const res = await request(t.app.callback())[method](path).send({ status: 'read' }).expect(401);
      expect(res.body).toEqual({ error: expect.stringMatching(/sign in/i) });
    });
  });
});

describe('form rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '3', FORM_RATE_WINDOW_SECONDS: '600', TRUST_PROXY: 'true' });
  });
  afterAll(() => t.destroy());

  it('answers 429 with a clear message after the limit, per IP and across the four forms and both paths', async () => {
    const from = (ip: string, type: FormType) => request(t.app.callback()).post(`/api/forms/${type}`).set('X-Forwarded-For', ip).send({ ...VALID_FORMS[type], ...humanMeta() });
    await from('203.0.113.7', 'contact').expect(201);
    await from('203.0.113.7', 'enquiry').expect(201);
    await request(t.app.callback()).post('/free-offer').type('form').set('X-Forwarded-For', '203.0.113.7').send({ email: 'a@example.com' }).expect(303);
    const limited = await from('203.0.113.7', 'quote').expect(429);
    expect(limited.body).toEqual({ error: rateLimited });
    // Retry-After: the seconds left in the current window, never more than the window itself.
    const retryAfter = Number(limited.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(t.config.formRateWindowSeconds);
    const page = await request(t.app.callback()).post('/contact').type('form').set('Accept', 'text/html').set('X-Forwarded-For', '203.0.113.7').send(VALID_FORMS.contact as Record<string, string>).expect(429);
    expect(page.text).toContain(rateLimited);
    expect(page.headers['retry-after']).toMatch(/^\d+$/);
    // Another address is not affected, and nothing over the limit was stored.
    await from('198.51.100.9', 'quote').expect(201);
    expect(await countSubmissions(t.db)).toBe(4);
  });
});
