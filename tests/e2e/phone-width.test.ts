/**
 * No public page may be wider than a 375 px phone. A wider page makes a phone browser lay it out
 * at that width and zoom everything out; pop-ups then open off-centre and can leave the visitor
 * looking at an empty stretch of the page. Measured in a mobile context (`isMobile`), where the
 * zoom-out happens, with JavaScript off and on before anything is scrolled: islands that wake on
 * scroll (the testimonials slider) must not be what keeps the page narrow.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, nextFrames, pageWidths, PHONE, PHONE_DEVICE, type PageWidths } from './browser';
import { preparePortfolio } from './portfolio-items';
import { publicPagePaths } from './public-pages';
import { startServer, type RunningServer } from './server';
import { publishStaffMade, STAFF_MADE_PATHS, WALKER_OWNER_ENV } from './staff-pages';

describe('public pages on a 375 px phone', () => {
  let server: RunningServer;
  let browser: Browser;
  let dataDir: string;
  let itemIds: string[];
  let paths: string[];
  beforeAll(async () => {
    // Portfolio items, so their pages (with and without a slider) are in the sitemap.
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-phone-e2e-'));
    itemIds = await preparePortfolio(dataDir);
    [server, browser] = await Promise.all([startServer({ DATA_DIR: dataDir, ...WALKER_OWNER_ENV }), launchBrowser()]);
    // A service, an industry and a page staff made: in the sitemap, so walked like the rest.
    await publishStaffMade(server);
    paths = await publicPagePaths(server);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const tooWide = (widths: PageWidths) => widths.document > PHONE.width || widths.body > PHONE.width || widths.viewport !== PHONE.width;

  it('reads the pages from the app: home, content, services, industries, portfolio and an item, forms, thank-you, privacy, pages staff made, 404', () => {
    const expected = ['/', '/about', '/contact', '/services', '/services/web-development', '/industries/healthcare', '/portfolio', ...itemIds.map((id) => `/portfolio/${id}`), '/privacy', '/quote', '/thank-you/quote', ...STAFF_MADE_PATHS, '/no-such-page'];
    expect(paths).toEqual(expect.arrayContaining(expected));
  });

  it.each([
    ['off', false],
    ['on', true],
  ] as const)('lays out every public page within 375 px with JavaScript %s, before any scrolling', async (_label, javaScriptEnabled) => {
    const context = await browser.newContext({ ...PHONE_DEVICE, javaScriptEnabled });
    const page = await context.newPage();
    const failures: ({ path: string; when: string } & PageWidths)[] = [];
    const measure = async (pagePath: string, when: string) => {
      const widths = await pageWidths(page);
      if (tooWide(widths)) failures.push({ path: pagePath, when, ...widths });
    };
    for (const pagePath of paths) {
      await page.goto(server.url + pagePath, { waitUntil: 'load' });
      await measure(pagePath, 'at load');
      if (!javaScriptEnabled) continue;
      // The islands that wake without the visitor doing anything (the home page's pop-up, those
      // already in view) have woken; still nothing scrolled.
      await page.waitForLoadState('networkidle');
      await nextFrames(page);
      await measure(pagePath, 'islands awake');
    }
    await context.close();
    expect(failures).toEqual([]);
  }, 240_000);

  it('opens the home page pop-up centred on the screen, and closing it shows the page again', async () => {
    const context = await browser.newContext(PHONE_DEVICE);
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(Math.abs(box.x - (PHONE.width - box.x - box.width))).toBeLessThanOrEqual(1);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    const view = () => page.evaluate(() => ({ width: window.innerWidth, left: window.visualViewport!.pageLeft, scale: window.visualViewport!.scale }));
    await expect(view()).resolves.toEqual({ width: PHONE.width, left: 0, scale: 1 });
    await context.close();
  });
});

