/**
 * One fact, one field (issue 40): the agency's phone number typed once makes every way the site
 * shows and dials it; the opening hours are data the site says in words and gives search engines;
 * an old content file (three phone fields, no hours) still imports.
 */
import request from 'supertest';
import { DEFAULT_DOCUMENTS } from '../../shared/content/defaults';
import type { BusinessContent } from '../../shared/content/documents';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import type { ContentFile } from '../content/transfer';

const business = DEFAULT_DOCUMENTS.business as BusinessContent;

/** The agency's JSON-LD block on a page. */
function agencyJsonLd(html: string): Record<string, unknown> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]+)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
  const agency = blocks.find((block) => block['@type'] === 'ProfessionalService');
  if (!agency) throw new Error('no agency JSON-LD');
  return agency;
}

describe('the agency details as one fact each', () => {
  let t: TestApp;
  let owner: AdminTestSession;
  const api = () => request(t.app.callback());
  const page = async (path: string) => (await api().get(path).expect(200)).text;
  const current = async () => (await api().get('/api/content/business').set(owner.headers).expect(200)).body as { published: { version: number; data: BusinessContent }; draft: { version: number } | null };
  const publishBusiness = async (data: BusinessContent) => {
    const before = await current();
    const saved = await api().put('/api/content/business/draft').set(owner.headers).send({ data, baseVersion: before.draft?.version ?? before.published.version });
    expect([saved.status, saved.body]).toEqual([200, expect.anything()]);
    await api().post('/api/content/business/publish').set(owner.headers).send({ version: saved.body.version }).expect(200);
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signInAsAdmin(t, { username: 'olive' });
  });
  afterAll(() => t.destroy());

  it('ships the hours and number it showed before they were fields: same words, links and structured data', async () => {
    const contact = await page('/contact');
    expect(contact).toContain('Monday to Friday, 9 AM to 6 PM');
    expect(contact).toContain('<a href="tel:+15550102030">+1 (555) 010-2030</a>');
    expect(contact).toContain('href="https://wa.me/15550102030"');
    const agency = agencyJsonLd(contact);
    expect(agency.telephone).toBe('+15550102030');
    expect(agency.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((day) => `https://schema.org/${day}`), opens: '09:00', closes: '18:00' },
    ]);
  });

  it('changes the phone once: /contact, "Call Now" in the header, the footer, WhatsApp and the JSON-LD all follow', async () => {
    await publishBusiness({ ...business, phone: '+44 20 7946 0123' });
    for (const path of ['/contact', '/', '/about']) {
      const html = await page(path);
      expect(html).not.toContain('15550102030');
      expect(html).not.toContain('(555) 010-2030');
      expect(html).toMatch(/<a href="tel:\+442079460123">Call Now <span class="top-bar__detail">\+44 20 7946 0123<\/span><\/a>/);
      expect(html).toContain('<a href="tel:+442079460123">+44 20 7946 0123</a>');
      expect(html).toContain('href="https://wa.me/442079460123"');
      expect(agencyJsonLd(html).telephone).toBe('+442079460123');
    }
  });

  it('refuses a number that is not one, in words, and keeps the live one', async () => {
    const before = await current();
    for (const [phone, words] of [
      ['555 010 2030', /Start the number with \+ and its country code/],
      ['+1 555 01', /too short/],
      ['+1 555 abc 2030', /not a phone number/],
      ['tel:+15550102030', /Start the number with \+/],
    ] as const) {
      const refused = await api().put('/api/content/business/draft').set(owner.headers).send({ data: { ...business, phone }, baseVersion: before.draft?.version ?? before.published.version }).expect(400);
      expect(JSON.stringify(refused.body)).toMatch(words);
    }
    // The old separate fields are no longer part of the document.
    await api().put('/api/content/business/draft').set(owner.headers).send({ data: { ...business, phoneHref: 'tel:+15550000000' }, baseVersion: before.published.version }).expect(400);
    expect((await current()).published.data.phone).toBe(before.published.data.phone);
  });

  it('says changed opening hours on /contact and in the footer, and gives them to search engines per run of days', async () => {
    const days = business.openingHours.days.map((day) =>
      day.day === 'friday' ? { ...day, closes: '16:30' } : day.day === 'saturday' ? { ...day, open: true, opens: '10:00', closes: '14:00' } : day,
    );
    await publishBusiness({ ...business, openingHours: { days, byAppointment: true } });
    const contact = await page('/contact');
    const words = 'Monday to Thursday, 9 AM to 6 PM; Friday, 9 AM to 4:30 PM; Saturday, 10 AM to 2 PM; other times by appointment';
    expect(contact).toContain(words);
    expect((await page('/')).match(new RegExp(words, 'g'))?.length).toBeGreaterThanOrEqual(1);
    expect(contact).not.toContain('Monday to Friday, 9 AM to 6 PM');
    expect(agencyJsonLd(contact).openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'].map((day) => `https://schema.org/${day}`), opens: '09:00', closes: '18:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Friday'], opens: '09:00', closes: '16:30' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Saturday'], opens: '10:00', closes: '14:00' },
    ]);
  });

  it('refuses hours that close before they open, or no open day without "by appointment", naming the day', async () => {
    const before = await current();
    const send = (openingHours: unknown) => api().put('/api/content/business/draft').set(owner.headers).send({ data: { ...business, openingHours }, baseVersion: before.draft?.version ?? before.published.version });
    const late = business.openingHours.days.map((day) => (day.day === 'tuesday' ? { ...day, opens: '18:00', closes: '09:00' } : day));
    expect(JSON.stringify((await send({ days: late, byAppointment: false }).expect(400)).body)).toContain('Tuesday: the closing time must be after the opening time.');
    const closed = business.openingHours.days.map((day) => ({ ...day, open: false }));
    expect(JSON.stringify((await send({ days: closed, byAppointment: false }).expect(400)).body)).toContain('Open at least one day, or choose \\"By appointment\\".');
    await send({ days: business.openingHours.days.slice(0, 6), byAppointment: false }).expect(400);
    await send({ days: business.openingHours.days.map((day) => ({ ...day, opens: '9am' })), byAppointment: false }).expect(400);
    // Every day closed but by appointment only is a way to work.
    await send({ days: closed, byAppointment: true }).expect(200);
    await api().delete('/api/content/business/draft').set(owner.headers).expect(200);
  });

  it('imports a content file exported before: its three phone fields become one, and it gets the hours', async () => {
    const file = (await api().get('/api/content/export').set('Cookie', owner.cookie).expect(200)).body as ContentFile;
    const { phone: _phone, openingHours: _hours, ...rest } = file.documents.business as BusinessContent;
    const old = { ...file, schemaVersion: 1, documents: { business: { ...rest, phone: 'call us!', phoneHref: 'tel:+15557770000', chatHref: 'https://wa.me/15557770000' } } };
    const imported = await api().post('/api/content/import').set(owner.headers).send(old).expect(200);
    expect(imported.body.problems).toEqual([]);
    const draft = (await api().get('/api/content/business').set(owner.headers).expect(200)).body.draft as { data: BusinessContent };
    // The shown text was not a number: the dialled one is kept.
    expect(draft.data.phone).toBe('+15557770000');
    expect(draft.data.openingHours.days).toHaveLength(7);
    expect(draft.data).not.toHaveProperty('phoneHref');
    expect(draft.data).not.toHaveProperty('chatHref');
  });
});
