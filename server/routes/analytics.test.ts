import request from 'supertest';
import { signInAsAdmin } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { VIEW_PIXEL_PATH } from '../../shared/analytics-pixel';
import { createAnalytics } from '../services/analytics';
import { portfolioItemIdOf } from '../site/public-pages';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const ANALYTICS_TABLES = ['analytics_salts', 'analytics_day_visitors', 'analytics_day_page_visitors', 'analytics_day_networks', 'analytics_page_days', 'analytics_source_days'];
const OTHER_BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('page views counted without cookies', () => {
  let t: TestApp;
  const call = () => request(t.app.callback());
  /** A view as the chrome script sends it. */
  const view = (page: string, { referrer = '', userAgent = BROWSER, ip = '203.0.113.7' } = {}) =>
    call()
      .get(VIEW_PIXEL_PATH)
      .query({ p: page, r: referrer })
      .set('User-Agent', userAgent)
      .set('X-Forwarded-For', ip);
  const pageDays = async () =>
    (await t.db('analytics_page_days').select('path', 'views', 'visitors').orderBy('path')).map((row) => ({ ...row }));
  const sourceDays = () =>
    t.db('analytics_source_days').select('landing_path', 'referrer_host', 'utm_source', 'utm_medium', 'utm_campaign', 'visitors').orderBy('landing_path');

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.destroy());
  beforeEach(async () => {
    await t.analytics.flush();
    for (const table of ANALYTICS_TABLES) await t.db(table).delete();
  });

  it('answers a pixel no cache may keep, and sets no cookie', async () => {
    const res = await view('/about').expect(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('writes nothing until the batch is flushed, then counts views and one visitor per page and day', async () => {
    await view('/about').expect(200);
    await view('/about').expect(200);
    await view('/services').expect(200);
    expect(Number((await t.db('analytics_page_days').count({ n: '*' }))[0]!.n)).toBe(0);

    await t.analytics.flush();
    expect(await pageDays()).toEqual([
      { path: '/about', views: 2, visitors: 1 },
      { path: '/services', views: 1, visitors: 1 },
    ]);
    // One visitor that day, counted once, by the page they arrived on.
    expect(await sourceDays()).toEqual([{ landing_path: '/about', referrer_host: '', utm_source: '', utm_medium: '', utm_campaign: '', visitors: 1 }]);
  });

  it('tells visitors apart by address and browser, and adds to the counts of earlier batches', async () => {
    await view('/about').expect(200);
    await t.analytics.flush();
    await view('/about', { userAgent: OTHER_BROWSER }).expect(200);
    await view('/about', { ip: '198.51.100.4' }).expect(200);
    await view('/about').expect(200);
    await t.analytics.flush();
    expect(await pageDays()).toEqual([{ path: '/about', views: 4, visitors: 3 }]);
  });

  it('records where a visitor came from: referrer host (not our own) and campaign tags', async () => {
    await view('/services/seo?utm_source=newsletter&utm_medium=email&utm_campaign=spring&gclid=x1', { referrer: 'https://www.google.com/search?q=agency' }).expect(200);
    await view('/portfolio', { referrer: 'https://agency.test/services/seo' }).expect(200);
    await view('/contact', { referrer: 'https://agency.test/', ip: '198.51.100.9' }).expect(200);
    await t.analytics.flush();
    expect(await sourceDays()).toEqual([
      { landing_path: '/contact', referrer_host: '', utm_source: '', utm_medium: '', utm_campaign: '', visitors: 1 },
      { landing_path: '/services/seo', referrer_host: 'google.com', utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring', visitors: 1 },
    ]);
    expect(await pageDays()).toEqual([
      { path: '/contact', views: 1, visitors: 1 },
      { path: '/portfolio', views: 1, visitors: 1 },
      { path: '/services/seo', views: 1, visitors: 1 },
    ]);
  });

  it('counts a browser without JavaScript by the Referer of the pixel, only for our own pages', async () => {
    const noScript = (referer: string) => call().get(VIEW_PIXEL_PATH).set('User-Agent', BROWSER).set('Referer', referer).expect(200);
    await noScript('https://agency.test/about?utm_campaign=launch');
    await noScript('https://elsewhere.example/about');
    await t.analytics.flush();
    expect(await pageDays()).toEqual([{ path: '/about', views: 1, visitors: 1 }]);
    expect((await sourceDays())[0]).toMatchObject({ landing_path: '/about', utm_campaign: 'launch' });
  });

  it('leaves out robots, prefetches, staff, admin and API paths, and made-up addresses', async () => {
    await view('/about', { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }).expect(200);
    await view('/about', { userAgent: '' }).expect(200);
    await view('/about').set('Sec-Purpose', 'prefetch').expect(200);
    await view('/about').set('Sec-Purpose', 'prefetch;prerender').expect(200);
    await view('/admin/dashboard').expect(200);
    await view('/api/forms/contact').expect(200);
    await view('//evil.example/x').expect(200);
    await view('https://evil.example/x').expect(200);
    // Pages the site does not have: made up, in other letter case, a service that does not exist.
    await view('/made-up').expect(200);
    await view('/About').expect(200);
    await view('/services/no-such-service').expect(200);
    await view(`/${'a'.repeat(300)}`).expect(200);
    const admin = await signInAsAdmin(t);
    await view('/about').set('Cookie', admin.cookie).expect(200);
    await t.analytics.flush();
    expect(await pageDays()).toEqual([]);
  });

  it('counts a portfolio item’s page only when the item exists', async () => {
    const item = { description: 'd', what_we_delivered: '[]', categories: '["web"]', display_categories: '["Web"]' };
    const [{ id }] = await t.db('portfolio_items').insert({ ...item, title: 'A site', client: 'A' }).returning('id');
    await view(`/portfolio/${id}`).expect(200);
    await view('/portfolio/00000000-0000-4000-8000-000000000000').expect(200);
    await t.analytics.flush();
    expect(await pageDays()).toEqual([{ path: `/portfolio/${id}`, views: 1, visitors: 1 }]);
  });

  it('stores nothing that identifies a visitor: no address, no browser string, no cookie', async () => {
    const ip = '203.0.113.77';
    await view('/about', { ip, referrer: 'https://news.example/story' }).expect(200);
    await t.analytics.flush();
    const stored = JSON.stringify(await Promise.all(ANALYTICS_TABLES.map((table) => t.db(table).select('*'))));
    expect(stored).not.toContain(ip);
    expect(stored).not.toContain('Chrome');
    expect(stored).not.toContain('Mozilla');
    const columns = await t.db('information_schema.columns').where('table_name', 'like', 'analytics_%').pluck('column_name');
    expect(columns.filter((column) => /ip|agent|cookie|address/i.test(column))).toEqual([]);
  });

  it('forgets the day’s salt and pseudonyms once the day is over, keeping only the counts', async () => {
    let now = new Date('2026-03-10T12:00:00Z');
    const analytics = createAnalytics({ db: t.db, timeZone: () => 'Europe/London', portfolioItemIdOf, now: () => now });
    const visitor = { ip: '203.0.113.7', userAgent: BROWSER };
    const seen = { path: '/about', referrerHost: '', utmSource: '', utmMedium: '', utmCampaign: '', visitor };
    analytics.record(seen);
    await analytics.flush();
    const [day1] = await t.db('analytics_salts').pluck('salt');

    now = new Date('2026-03-11T09:00:00Z');
    analytics.record(seen);
    await analytics.flush();
    const salts = await t.db('analytics_salts').select(t.db.raw(`to_char(day, 'YYYY-MM-DD') as day`), 'salt');
    expect(salts).toEqual([{ day: '2026-03-11', salt: expect.any(String) }]);
    expect(salts[0].salt).not.toBe(day1);
    const days = await t.db('analytics_day_visitors').select(t.db.raw(`to_char(day, 'YYYY-MM-DD') as day`));
    expect(days).toEqual([{ day: '2026-03-11' }]);
    // The same person on the next day is a new visitor of that day: nothing links the two.
    const counts = await t.db('analytics_page_days').select(t.db.raw(`to_char(day, 'YYYY-MM-DD') as day`), 'views', 'visitors').orderBy('day');
    expect(counts).toEqual([
      { day: '2026-03-10', views: 1, visitors: 1 },
      { day: '2026-03-11', views: 1, visitors: 1 },
    ]);
  });

  it('holds views in memory and writes them in batches: a burst costs a few writes, not one per view', async () => {
    const analytics = createAnalytics({ db: t.db, timeZone: () => 'UTC', portfolioItemIdOf, maxPending: 500 });
    let statements = 0;
    const countStatement = () => statements++;
    t.db.on('query', countStatement);
    for (let i = 0; i < 1200; i++) {
      analytics.record({ path: `/page-${i % 10}`, referrerHost: '', utmSource: '', utmMedium: '', utmCampaign: '', visitor: { ip: `10.0.${i % 250}.1`, userAgent: BROWSER } });
    }
    await analytics.flush();
    t.db.off('query', countStatement);
    const totals = await t.db('analytics_page_days').sum({ views: 'views' }).first();
    expect(Number(totals!.views)).toBe(1200);
    // Two automatic batches of 500 and the final 200, a handful of statements each.
    expect(statements).toBeLessThan(60);
  });
});
