import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { createDb } from '../../server/db/connection';
import { TABLE_PAGE_ROWS } from '../../islands/admin/analytics-text';
import { REPORT_TOP_ROWS } from '../../shared/analytics';
import { axeViolations, DESKTOP, launchBrowser, pageWidths, PHONE_DEVICE, signInThroughForm, watchConsole } from './browser';
import { startServer, type RunningServer } from './server';

/** A desktop Chrome: headless Chromium names itself HeadlessChrome, which is counted as a robot. */
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

/**
 * A CDN in front of the site: keeps every HTML page it fetched and answers it again itself, passes
 * everything else through. Counts what reached the site.
 */
function cachingProxy(origin: string) {
  const pages = new Map<string, { status: number; headers: http.IncomingHttpHeaders; body: Buffer }>();
  const reachedOrigin: string[] = [];
  const server = http.createServer((req, res) => {
    const cached = req.method === 'GET' ? pages.get(req.url!) : undefined;
    if (cached) {
      res.writeHead(cached.status, cached.headers);
      res.end(cached.body);
      return;
    }
    reachedOrigin.push(req.url!);
    const upstream = http.request(`${origin}${req.url}`, { method: req.method, headers: { ...req.headers, 'accept-encoding': 'identity' } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        const headers = { ...answer.headers };
        delete headers['transfer-encoding'];
        if (req.method === 'GET' && String(headers['content-type']).startsWith('text/html')) pages.set(req.url!, { status: answer.statusCode!, headers, body });
        res.writeHead(answer.statusCode!, headers);
        res.end(body);
      });
    });
    req.pipe(upstream);
  });
  return { server, reachedOrigin };
}

describe('cookieless page views in a real browser', () => {
  let site: RunningServer;
  let browser: Browser;
  let dataDir: string;
  let cdn: ReturnType<typeof cachingProxy>;
  let cdnUrl: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-analytics-e2e-'));
    [site, browser] = await Promise.all([startServer({ DATA_DIR: dataDir }), launchBrowser()]);
    cdn = cachingProxy(site.url);
    await new Promise<void>((resolve) => cdn.server.listen(0, '127.0.0.1', resolve));
    cdnUrl = `http://127.0.0.1:${(cdn.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await browser?.close();
    cdn?.server.close();
    await site?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts each view once, pages a CDN answered included, with and without JavaScript, and sets no cookie', async () => {
    const withScript = await browser.newContext({ userAgent: CHROME });
    const page = await withScript.newPage();
    const problems = watchConsole(page);
    const pixels: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/analytics/view.gif')) pixels.push(request.url());
    });
    const pixelAnswered = () => page.waitForResponse((response) => response.url().includes('/api/analytics/view.gif'));
    const first = pixelAnswered();
    await page.goto(`${cdnUrl}/about?utm_source=newsletter&utm_campaign=spring`, { referer: 'https://news.example/story' });
    await first;
    // The second view of the same address is answered by the CDN; only its pixel reaches the site.
    const second = pixelAnswered();
    await page.goto(`${cdnUrl}/about?utm_source=newsletter&utm_campaign=spring`);
    await second;
    expect(cdn.reachedOrigin.filter((url) => url.startsWith('/about'))).toHaveLength(1);
    expect(pixels).toHaveLength(2);
    expect(await withScript.cookies()).toEqual([]);
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length].join())).toBe('0,0');
    expect(problems).toEqual([]);

    const withoutScript = await browser.newContext({ userAgent: FIREFOX, javaScriptEnabled: false });
    const plain = await withoutScript.newPage();
    const pixel = plain.waitForResponse((response) => response.url().includes('/api/analytics/view.gif'));
    await plain.goto(`${cdnUrl}/about?utm_source=newsletter&utm_campaign=spring`);
    await pixel;
    expect(await withoutScript.cookies()).toEqual([]);
    await Promise.all([withScript.close(), withoutScript.close()]);

    // Shutting down writes the views held in memory; then the counts are read from its database.
    await site.stop();
    const db = createDb({ dataDir });
    try {
      const pages = await db('analytics_page_days').select('path', 'views', 'visitors');
      expect(pages).toEqual([{ path: '/about', views: 3, visitors: 2 }]);
      const sources = await db('analytics_source_days').select('landing_path', 'referrer_host', 'utm_source', 'utm_campaign', 'visitors').orderBy('referrer_host');
      expect(sources).toEqual([
        { landing_path: '/about', referrer_host: '', utm_source: 'newsletter', utm_campaign: 'spring', visitors: 1 },
        { landing_path: '/about', referrer_host: 'news.example', utm_source: 'newsletter', utm_campaign: 'spring', visitors: 1 },
      ]);
    } finally {
      await db.destroy();
    }
  });
});

/** A portfolio item's page: the longest address the site has, one long part after its slash. */
const LONG_PATH = '/portfolio/0f8c6a52-3b1e-4c9a-9d2f-7e5b1a4c8d39';
/** How far back the long range of the chart test reaches (a report covers at most 800 days). */
const LONG_RANGE_DAYS = 700;

describe('the Analytics view in a real browser', () => {
  const ADMIN = { username: 'stats-admin', password: 'a long and private test passphrase' };
  let site: RunningServer;
  let browser: Browser;
  let dataDir: string;
  const start = () => startServer({ DATA_DIR: dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-analytics-view-e2e-'));
    [site, browser] = await Promise.all([start(), launchBrowser()]);
    const lead = { name: 'Quinn Quoter', email: 'quinn@example.com', phone: '+1 555 0199', company: '', service: 'Mobile App', budget: 6500, timeline: 'ASAP', projectDetails: 'An app.', fillMs: 20_000 };
    const sent = await fetch(`${site.url}/api/forms/quote`, { method: 'POST', headers: { 'Content-Type': 'application/json', Referer: `${site.url}/quote` }, body: JSON.stringify(lead) });
    expect(sent.status).toBe(201);
    // The counts a flood of made-up names leaves (as the days before the bounds could): 300 pages,
    // referrers and campaigns on each of the last three days, written while the site is stopped.
    await site.stop();
    const db = createDb({ dataDir });
    try {
      const names = Array.from({ length: 300 }, (_, i) => i);
      // Two years back, a day of a large campaign on a long page address: the chart's top label
      // is in the millions, and a range over it crosses calendar years.
      const longAgo = new Date(Date.now() - LONG_RANGE_DAYS * 86_400_000).toISOString().slice(0, 10);
      await db('analytics_page_days').insert({ day: longAgo, path: LONG_PATH, views: 1_234_567, visitors: 345_678 });
      await db('analytics_source_days').insert({ day: longAgo, landing_path: LONG_PATH, referrer_host: 'news.example', utm_source: '', utm_medium: '', utm_campaign: 'launch', visitors: 345_678 });
      for (const daysAgo of [0, 1, 2]) {
        const day = new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
        await db('analytics_page_days').insert(names.map((i) => ({ day, path: `/flood-${i}`, views: i + 1, visitors: 1 })));
        await db('analytics_source_days').insert(
          names.map((i) => ({ day, landing_path: `/flood-${i}`, referrer_host: `flood-${i}.example`, utm_source: '', utm_medium: '', utm_campaign: `flood-${i}`, visitors: 1 })),
        );
      }
    } finally {
      await db.destroy();
    }
    site = await start();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['phone', PHONE_DEVICE],
    ['desktop', { viewport: DESKTOP }],
  ])('shows charts with their tables and CSV files, keeps the range in the URL, with no axe violations (%s)', async (_, device) => {
    const { viewport } = device;
    const context = await browser.newContext(device);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${site.url}/admin/dashboard/analytics`);
    await page.waitForSelector('[data-island="AdminLogin"][data-hydrated="true"]');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Leads per form per day' }).waitFor();

    expect(new URL(page.url()).searchParams.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByRole('img', { name: /Leads per form per day/ }).count()).resolves.toBe(1);
    const budgets = page.getByRole('region', { name: 'Quote budgets' });
    await expect(budgets.getByRole('row', { name: /\$5,000 – \$7,499 1/ }).count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'Download Quote budgets as CSV' }).getAttribute('href')).resolves.toMatch(/^blob:/);

    // The flooded tables: the report's top rows and "(other)", shown a page at a time.
    const topPages = page.getByRole('region', { name: 'Top pages' });
    await expect(topPages.getByRole('row').count()).resolves.toBe(TABLE_PAGE_ROWS + 1);
    await expect(page.getByText(`Rows 1–${TABLE_PAGE_ROWS} of ${REPORT_TOP_ROWS + 1}`).count()).resolves.toBe(4);
    await page.getByRole('button', { name: 'Next rows of Top pages' }).click();
    await page.getByRole('button', { name: 'Next rows of Top pages' }).click();
    await expect(topPages.getByRole('row').count()).resolves.toBe(2);
    await expect(topPages.getByRole('rowheader', { name: '(other)' }).count()).resolves.toBe(1);
    // The whole view draws a few hundred rows at most, however many names the days hold.
    await expect(page.locator('tr').count()).resolves.toBeLessThanOrEqual(400);

    await page.getByRole('button', { name: '7 days' }).click();
    await expect(page.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).resolves.toBe('true');
    const url = new URL(page.url());
    expect(Date.parse(url.searchParams.get('to')!) - Date.parse(url.searchParams.get('from')!)).toBe(6 * 86_400_000);
    await page.getByText('Figures as a table').first().click();
    await page.screenshot({ path: `screenshots/admin-analytics-${viewport.width}.png`, fullPage: true });

    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ['phone', PHONE_DEVICE],
    ['desktop', { viewport: DESKTOP }],
  ])('over two years and millions of views: every axis label whole, days with their year, every column on screen (%s)', async (_, device) => {
    const signedIn = await signInThroughForm(browser, site.url, ADMIN);
    const context = await browser.newContext({ ...device, storageState: signedIn });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`${site.url}/admin/dashboard/analytics?from=${day(LONG_RANGE_DAYS + 5)}&to=${day(0)}`);
    await page.getByRole('heading', { name: 'Leads per form per day' }).waitFor();

    // The value axis reaches the millions, its labels short; no label of either chart sticks out of it.
    const charts = await page.locator('.chart svg').evaluateAll((svgs) =>
      svgs.map((svg) => {
        const box = svg.getBoundingClientRect();
        const texts = Array.from(svg.querySelectorAll(':scope > .chart__axes > g > text, :scope > .chart__axes > text'));
        return {
          labels: texts.map((text) => text.textContent),
          outside: texts.filter((text) => {
            const r = text.getBoundingClientRect();
            return r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5;
          }).map((text) => text.textContent),
        };
      }),
    );
    expect(charts).toHaveLength(2);
    expect(charts[0]!.labels.slice(0, 3)).toEqual(['0', '1M', '2M']);
    for (const chart of charts) expect(chart.outside).toEqual([]);
    // A range over two calendar years writes each day label with its year (on a second line).
    const dayLabels = charts[0]!.labels.slice(3);
    expect(dayLabels.length).toBeGreaterThanOrEqual(3);
    for (const label of dayLabels) expect(label).toMatch(/^[A-Z][a-z]{2} \d{1,2}\d{4}$/);

    // The tables' days carry the year too.
    await page.getByText('Figures as a table').first().click();
    const days = page.getByRole('region', { name: 'Visitors and page views per day' }).getByRole('rowheader');
    await expect(days.first().innerText()).resolves.toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

    // No column cut off: the page is no wider than the screen, every cell of every table lies on
    // it, and each figure names its column (on a phone the header row is replaced by those names).
    expect((await pageWidths(page)).document).toBeLessThanOrEqual(device.viewport.width);
    const cells = await page.locator('.analytics-table').evaluateAll((tables) =>
      tables.flatMap((table) => {
        const headers = Array.from(table.querySelectorAll('thead th'), (th) => th.textContent);
        return Array.from(table.querySelectorAll('tbody th, tbody td'))
          .filter((cell) => cell.getClientRects().length > 0)
          .map((cell) => ({ left: cell.getBoundingClientRect().left, right: cell.getBoundingClientRect().right, label: cell.getAttribute('data-label'), headers, tag: cell.tagName }));
      }),
    );
    expect(cells.length).toBeGreaterThan(20);
    const width = device.viewport.width;
    expect(cells.filter((cell) => cell.left < 0 || cell.right > width)).toEqual([]);
    for (const cell of cells.filter((each) => each.tag === 'TD')) expect(cell.headers).toContain(cell.label);
    // The long page address breaks after its slash, never letter by letter in a squeezed column.
    const longPage = page.getByRole('region', { name: 'Top pages' }).getByRole('rowheader', { name: LONG_PATH });
    const box = (await longPage.boundingBox())!;
    expect(box.width).toBeGreaterThan(device.viewport.width === DESKTOP.width ? 300 : 250);
    const lineHeight = await longPage.evaluate((cell) => parseFloat(getComputedStyle(cell).lineHeight) || 20);
    expect(box.height).toBeLessThan(lineHeight * 3 + 20);

    await page.screenshot({ path: `screenshots/admin-analytics-two-years-${width}.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
