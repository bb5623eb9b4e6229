import request from 'supertest';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { VALID_FORMS, humanMeta } from '../../tests/helpers/form-fixtures';
import { VIEW_PIXEL_PATH } from '../../shared/analytics-pixel';
import { localDate } from '../../shared/local-date';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const HOST = 'agency.test';

describe('leads tied to where they came from, and the analytics reports', () => {
  let t: TestApp;
  let admin: AdminTestSession;
  const call = () => request(t.app.callback());
  const as = (ip: string, userAgent: string) => ({ 'X-Forwarded-For': ip, 'User-Agent': userAgent, Host: HOST });
  const ada = as('203.0.113.10', CHROME);
  const grace = as('198.51.100.20', SAFARI);

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true', FORM_RATE_LIMIT: '100' });
    admin = await signInAsAdmin(t);
    // Ada arrives from a search, on a campaign link, reads a service page and then writes in.
    await call().get(VIEW_PIXEL_PATH).query({ p: '/services/seo?utm_source=google&utm_medium=cpc&utm_campaign=spring', r: 'https://www.google.com/' }).set(ada).expect(200);
    await call().get(VIEW_PIXEL_PATH).query({ p: '/contact', r: `https://${HOST}/services/seo` }).set(ada).expect(200);
    await t.analytics.flush();
    await call().post('/api/forms/contact').set(ada).set('Referer', `https://${HOST}/contact`).send({ ...VALID_FORMS.contact, ...humanMeta() }).expect(201);
    // Grace opens the quote page directly (no JavaScript) and sends it; her view is still in memory.
    await call().get(VIEW_PIXEL_PATH).set(grace).set('Referer', `https://${HOST}/quote`).expect(200);
    await call().post('/quote').set(grace).type('form').send({ ...VALID_FORMS.quote, budget: '5000' }).expect(303);
    // A robot's form is kept as spam, and counts nowhere.
    await call().post('/api/forms/enquiry').set(as('192.0.2.99', CHROME)).send({ ...VALID_FORMS.enquiry, website: 'http://spam.example', ...humanMeta() }).expect(201);
    await t.analytics.flush();
  });
  afterAll(() => t.destroy());

  it('stores with each lead the page it was sent from and how that visit arrived', async () => {
    const leads = await t.db('leads').whereNull('spam_at').select('type', 'source_path', 'landing_path', 'referrer_host', 'utm_source', 'utm_medium', 'utm_campaign').orderBy('type');
    expect(leads).toEqual([
      { type: 'contact', source_path: '/contact', landing_path: '/services/seo', referrer_host: 'google.com', utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'spring' },
      { type: 'quote', source_path: '/quote', landing_path: '/quote', referrer_host: null, utm_source: null, utm_medium: null, utm_campaign: null },
    ]);
  });

  it("answers in a lead's detail where it came from: the visit's landing page and tags, and the page the form was sent from", async () => {
    const detailOf = async (type: string) => {
      const lead = await t.db('leads').whereNull('spam_at').where({ type }).first('id');
      return (await call().get(`/api/leads/${type}/${lead.id}`).set(admin.headers).expect(200)).body;
    };
    expect((await detailOf('contact')).attribution).toEqual({
      landingPath: '/services/seo',
      sourcePath: '/contact',
      referrerHost: 'google.com',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'spring',
    });
    expect((await detailOf('quote')).attribution).toEqual({ landingPath: '/quote', sourcePath: '/quote', referrerHost: null, utmSource: null, utmMedium: null, utmCampaign: null });
  });

  it('sums up a range: views, visitors, leads per page, referrer and campaign', async () => {
    const today = localDate(new Date(), t.settings.current().timeZone);
    const res = await call().get('/api/analytics/summary').query({ from: today, to: today }).set(admin.headers).expect(200);
    expect(res.body).toMatchObject({ from: today, to: today, views: 3, visitors: 2, leads: 2 });
    expect(res.body.pages).toEqual([
      { path: '/contact', views: 1, visitors: 1, leads: 1 },
      { path: '/quote', views: 1, visitors: 1, leads: 1 },
      { path: '/services/seo', views: 1, visitors: 1, leads: 0 },
    ]);
    expect(res.body.referrers).toEqual([{ name: 'google.com', visitors: 1, leads: 1 }]);
    expect(res.body.campaigns).toEqual([{ name: 'spring', visitors: 1, leads: 1 }]);
  });

  it('reports per day, conversion per landing page, services and quote budgets for the view', async () => {
    const res = await call().get('/api/analytics/report').set(admin.headers).expect(200);
    const today = localDate(new Date(), t.settings.current().timeZone);
    expect(res.body.days).toHaveLength(30);
    expect(res.body.days.at(-1)).toEqual({ day: today, views: 3, visitors: 2, leads: { contact: 1, enquiry: 0, quote: 1, 'free-offer': 0 } });
    expect(res.body.landingPages).toEqual([
      { name: '/quote', visitors: 1, leads: 1 },
      { name: '/services/seo', visitors: 1, leads: 1 },
    ]);
    expect(res.body.services).toEqual([{ name: 'Mobile App', leads: 1 }]);
    expect(res.body.budgets).toEqual([
      { name: '$1,000 – $2,499', leads: 0 },
      { name: '$2,500 – $4,999', leads: 0 },
      { name: '$5,000 – $7,499', leads: 1 },
      { name: '$7,500 – $9,999', leads: 0 },
      { name: '$10,000+', leads: 0 },
    ]);
  });

  it('is for staff only, and names the field of a bad range', async () => {
    await call().get('/api/analytics/summary').expect(401);
    const bad = await call().get('/api/analytics/summary').query({ from: '2026-13-01' }).set(admin.headers).expect(400);
    expect(bad.body.error).toMatch(/^from: /);
    for (const path of ['/api/analytics/summary', '/api/analytics/report']) {
      for (const [field, day] of [['from', '2026-02-30'], ['to', '2026-04-31']] as const) {
        const missingDay = await call().get(path).query({ [field]: day }).set(admin.headers).expect(400);
        expect(missingDay.body.error).toBe(`${field}: There is no such day in the calendar.`);
      }
    }
    const backwards = await call().get('/api/analytics/summary').query({ from: '2026-03-02', to: '2026-03-01' }).set(admin.headers).expect(400);
    expect(backwards.body.error).toMatch(/^to: /);
    const long = await call().get('/api/analytics/report').query({ from: '2020-01-01', to: '2026-01-01' }).set(admin.headers).expect(400);
    expect(long.body.error).toMatch(/^from: .*800 days/);
  });
});
