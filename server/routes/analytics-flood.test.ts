import request from 'supertest';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { createAnalytics, type PageView } from '../services/analytics';
import { portfolioItemIdOf } from '../site/public-pages';
import { VIEW_PIXEL_PATH } from '../../shared/analytics-pixel';
import { OTHER_ROW, REPORT_TOP_ROWS } from '../../shared/analytics';
import { localDate } from '../../shared/local-date';

const ANALYTICS_TABLES = ['analytics_salts', 'analytics_day_visitors', 'analytics_day_page_visitors', 'analytics_day_networks', 'analytics_page_days', 'analytics_source_days'];

/** Hostile views sent by the flood test: enough that an unbounded table shows it at once. */
const HOSTILE_VIEWS = 3000;
/** Requests in flight at once: a burst, as a script would send them. */
const PARALLEL = 25;

describe('analytics under a flood from one address', () => {
  let t: TestApp;
  let admin: AdminTestSession;
  const call = () => request(t.app.callback());

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    admin = await signInAsAdmin(t);
  });
  afterAll(() => t.destroy());

  /** Rows and bytes (`pg_column_size` of each row) of every analytics table. */
  const footprint = async () => {
    let rows = 0;
    let bytes = 0;
    const perTable: Record<string, number> = {};
    for (const table of ANALYTICS_TABLES) {
      // Absent before the migration that bounds what a network adds.
      if (!(await t.db.schema.hasTable(table))) continue;
      const result = await t.db.raw(`select count(*) as rows, coalesce(sum(pg_column_size(t.*)), 0) as bytes from ?? as t`, [table]);
      perTable[table] = Number(result.rows[0].rows);
      rows += Number(result.rows[0].rows);
      bytes += Number(result.rows[0].bytes);
    }
    return { rows, bytes, perTable };
  };

  it('bounds the rows one address adds, however many referrers, campaigns, paths and browsers it makes up', async () => {
    // Every view differs in all it can: browser string (a new "visitor" each time), referrer,
    // campaign tags and path, half of them pages that do not exist.
    const hostile = (i: number) =>
      call()
        .get(VIEW_PIXEL_PATH)
        .query({
          p: `${i % 2 === 0 ? '/about' : `/made-up/${i}`}?utm_source=s${i}&utm_medium=m${i}&utm_campaign=campaign-${i}`,
          r: `https://spam-${i}.example/`,
        })
        .set('User-Agent', `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.${i} Safari/537.36`)
        .set('X-Forwarded-For', '203.0.113.66')
        .expect(200);
    for (let start = 0; start < HOSTILE_VIEWS; start += PARALLEL) {
      await Promise.all(Array.from({ length: Math.min(PARALLEL, HOSTILE_VIEWS - start) }, (_, offset) => hostile(start + offset)));
    }
    await t.analytics.flush();

    const stored = await footprint();
    const summary = await call().get('/api/analytics/summary').set(admin.headers).expect(200);
    const report = await call().get('/api/analytics/report').set(admin.headers).expect(200);
    process.stdout.write(
      `analytics after ${HOSTILE_VIEWS} hostile views from one address: ${stored.rows} rows, ${stored.bytes} bytes ${JSON.stringify(stored.perTable)}; ` +
        `summary ${summary.text.length} bytes, report ${report.text.length} bytes\n`,
    );

    // One address is at most a few dozen visitors a day (a shared office line), whatever it sends.
    expect(stored.perTable.analytics_source_days).toBeLessThanOrEqual(50);
    expect(stored.perTable.analytics_day_visitors).toBeLessThanOrEqual(50);
    expect(stored.rows).toBeLessThanOrEqual(250);
    expect(stored.bytes).toBeLessThanOrEqual(40_000);
    // Made-up paths are not pages of ours: only /about was counted.
    expect(await t.db('analytics_page_days').pluck('path')).toEqual(['/about']);
    expect(summary.text.length).toBeLessThanOrEqual(20_000);
    expect(report.text.length).toBeLessThanOrEqual(30_000);
  }, 120_000);

  it('keeps a day to its top pages and ways in by name, counting the rest as "(other)", across instances', async () => {
    for (const table of ANALYTICS_TABLES) await t.db(table).delete();
    // Many addresses each sending one made-up referrer and campaign, to two instances at once.
    const limits = { pagesPerDay: 5, sourceValuesPerDay: 20, sourceRowsPerDay: 40 };
    const instances = [1, 2].map(() => createAnalytics({ db: t.db, timeZone: () => 'UTC', portfolioItemIdOf, limits }));
    const visitors = 300;
    for (let i = 0; i < visitors; i++) {
      const view: PageView = {
        path: `/page-${i % 10}`,
        referrerHost: `spam-${i}.example`,
        utmSource: `source-${i}`,
        utmMedium: 'cpc',
        utmCampaign: `campaign-${i}`,
        visitor: { ip: `10.1.${i >> 8}.${i & 255}`, userAgent: 'Mozilla/5.0' },
      };
      instances[i % 2]!.record(view);
    }
    await Promise.all(instances.map((instance) => instance.flush()));

    const sources = await t.db('analytics_source_days').select('landing_path', 'referrer_host', 'utm_campaign', 'visitors');
    const named = (column: 'landing_path' | 'referrer_host' | 'utm_campaign') => new Set(sources.map((row) => row[column]).filter((name) => name !== OTHER_ROW)).size;
    expect(sources.length).toBeLessThanOrEqual(limits.sourceRowsPerDay + 1);
    expect(named('referrer_host')).toBeLessThanOrEqual(limits.sourceValuesPerDay);
    expect(named('utm_campaign')).toBeLessThanOrEqual(limits.sourceValuesPerDay);
    const pages = await t.db('analytics_page_days').select('path', 'views');
    expect(pages.length).toBe(limits.pagesPerDay + 1);
    expect(pages.map((page) => page.path)).toContain(OTHER_ROW);
    // Nobody is lost: every visitor and view is counted, by name or as "(other)".
    expect(sources.reduce((total, row) => total + row.visitors, 0)).toBe(visitors);
    expect(pages.reduce((total, page) => total + page.views, 0)).toBe(visitors);
  });

  it('lists the top rows of each report table and sums the rest into one "(other)" row', async () => {
    for (const table of ANALYTICS_TABLES) await t.db(table).delete();
    const today = localDate(new Date(), t.settings.current().timeZone);
    const names = 250;
    await t.db('analytics_page_days').insert(Array.from({ length: names }, (_, i) => ({ day: today, path: `/page-${i}`, views: i + 1, visitors: 1 })));
    await t.db('analytics_source_days').insert(
      Array.from({ length: names }, (_, i) => ({ day: today, landing_path: `/page-${i}`, referrer_host: `site-${i}.example`, utm_source: '', utm_medium: '', utm_campaign: `campaign-${i}`, visitors: i + 1 })),
    );
    const allVisitors = (names * (names + 1)) / 2;

    const res = await call().get('/api/analytics/report').query({ from: today, to: today }).set(admin.headers).expect(200);
    expect(res.body).toMatchObject({ views: allVisitors, visitors: allVisitors });
    for (const list of ['pages', 'referrers', 'campaigns', 'landingPages'] as const) {
      const rows = res.body[list] as { path?: string; name?: string; visitors: number }[];
      expect(rows).toHaveLength(REPORT_TOP_ROWS + 1);
      expect(rows.at(-1)!.path ?? rows.at(-1)!.name).toBe(OTHER_ROW);
    }
    // The biggest first, then everything else in one row: no count is lost.
    expect(res.body.referrers[0]).toEqual({ name: 'site-249.example', visitors: 250, leads: 0 });
    const rest = names - REPORT_TOP_ROWS;
    expect(res.body.referrers.at(-1)).toEqual({ name: OTHER_ROW, visitors: (rest * (rest + 1)) / 2, leads: 0 });
    expect(res.body.pages.at(-1)).toEqual({ path: OTHER_ROW, views: (rest * (rest + 1)) / 2, visitors: rest, leads: 0 });
  });
});
