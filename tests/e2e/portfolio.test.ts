import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createDb } from '../../server/db/connection';
import { migrateLatest } from '../../server/db/migrate';
import { createContentVersion } from '../../server/services/content-version';
import { createPortfolioService } from '../../server/services/portfolio';
import type { PortfolioItemJson } from '../../shared/portfolio/item';
import { picture, submission } from '../helpers/portfolio-fixtures';
import { animationsDone, axeViolations, DESKTOP, launchBrowser, PHONE, watchConsole } from './browser';
import { startServer, type RunningServer } from './server';

/** Waits until `read()` deep-equals `expected` (polling), failing with the last value seen. */
async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await read();
  }
  expect(last).toEqual(expected);
}

const TWELVE_WORDS = 'A bakery website with online ordering that doubled weekend pre-orders in three months.';

/**
 * The server runs on an embedded database prepared here first (PGlite allows one process at a
 * time), holding a few items written through the portfolio service.
 */
async function preparePortfolio(dataDir: string): Promise<Record<string, PortfolioItemJson>> {
  const db = createDb({ dataDir });
  try {
    await migrateLatest(db);
    const portfolio = createPortfolioService({ db, contentVersion: createContentVersion(db) });
    const image = async (colour: string, width = 1200, height = 900) => ({ label: 'Image', data: await picture('png', width, height, colour) });
    const bakery = await portfolio.create(
      submission(
        { title: 'Bakery Ordering Website', client: 'Crumb & Co', description: TWELVE_WORDS, displayCategories: ['Web Development', 'Food'] },
        { mainImage: await image('#b45309', 900, 600), sliderImages: [await image('#dc2626'), await image('#16a34a'), await image('#2563eb')] },
      ),
    );
    const logo = await portfolio.create(
      submission({ title: 'Studio Logo', client: 'Pilates Studio', description: 'A calm logo.', displayCategories: ['Graphic Designing', 'Fitness'] }, { mainImage: await image('#7c3aed', 900, 600) }),
    );
    const app = await portfolio.create(
      submission({ title: 'Clinic App', client: 'CareFirst', description: 'Booking app for clinics.', displayCategories: ['App Development', 'Medical'] }, { mainImage: await image('#0891b2', 900, 600) }),
    );
    return { bakery, logo, app };
  } finally {
    await db.destroy();
  }
}

describe('portfolio in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let items: Record<string, PortfolioItemJson>;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-portfolio-e2e-'));
    items = await preparePortfolio(dataDir);
    [server, browser] = await Promise.all([startServer({ DATA_DIR: dataDir }), launchBrowser()]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** `stoppedClock`: the page's timers run only when the test moves Playwright's clock on (`runFor`). */
  async function open(pagePath: string, options: { viewport?: typeof DESKTOP; reducedMotion?: 'reduce'; javaScriptEnabled?: boolean; stoppedClock?: boolean } = {}) {
    const context = await browser.newContext({ viewport: options.viewport ?? DESKTOP, reducedMotion: options.reducedMotion ?? 'no-preference', javaScriptEnabled: options.javaScriptEnabled ?? true });
    if (options.stoppedClock) {
      const start = Date.UTC(2026, 0, 1);
      await context.clock.install({ time: start });
      await context.clock.pauseAt(start + 1000);
    }
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(server.url + pagePath);
    return { page, problems, close: () => context.close() };
  }

  /** The detail slider, hydrated (its autoplay starts then). */
  const sliderLive = (page: Page) => page.locator('[data-island="PortfolioSlider"][data-hydrated="true"]').waitFor({ state: 'attached' });
  const visibleTitles = (page: Page) => page.locator('.portfolio-card:visible .portfolio-card__title').allTextContents();

  it('filters the list with All plus each display category, and keeps the address in step', async () => {
    const { page, problems, close } = await open('/portfolio');
    const filter = page.locator('.portfolio-filter');
    const buttons = await page.locator('.portfolio-filter__button').allTextContents();
    expect(buttons).toEqual(['All', 'App Development', 'Medical', 'Graphic Designing', 'Fitness', 'Web Development', 'Food']);
    expect((await visibleTitles(page)).sort()).toEqual(['Bakery Ordering Website', 'Clinic App', 'Studio Logo']);

    await filter.getByRole('link', { name: 'Graphic Designing' }).click();
    await eventually(() => visibleTitles(page), ['Studio Logo']);
    expect(new URL(page.url()).searchParams.get('category')).toBe('Graphic Designing');
    await expect(filter.getByRole('link', { name: 'Graphic Designing' }).getAttribute('aria-current')).resolves.toBe('true');

    await filter.getByRole('link', { name: 'Food' }).click();
    await eventually(() => visibleTitles(page), ['Bakery Ordering Website']);
    await filter.getByRole('link', { name: 'All', exact: true }).click();
    await eventually(async () => (await visibleTitles(page)).length, 3);
    await page.goBack();
    await eventually(() => visibleTitles(page), ['Bakery Ordering Website']);
    expect(problems).toEqual([]);
    await close();
  });

  it('filters without JavaScript through ?category= links', async () => {
    const { page, close } = await open('/portfolio', { javaScriptEnabled: false });
    await page.locator('.portfolio-filter').getByRole('link', { name: 'Medical' }).click();
    await page.waitForURL(/category=Medical/);
    expect(await visibleTitles(page)).toEqual(['Clinic App']);
    await close();
  });

  it('shows only matching items on a category page, each linking to its detail page', async () => {
    const { page, problems, close } = await open('/portfolio/web-development');
    await expect(page.locator('.breadcrumb li').allTextContents()).resolves.toEqual(['Home', 'Portfolio', 'Web Development']);
    expect(await visibleTitles(page)).toEqual(['Bakery Ordering Website']);
    await page.getByRole('link', { name: 'Bakery Ordering Website' }).click();
    await page.waitForURL(`**/portfolio/${items.bakery!._id}`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Bakery Ordering Website');
    const empty = await open('/portfolio/social-media-marketing');
    await expect(empty.page.locator('.portfolio-notice').textContent()).resolves.toBe('No portfolio items found in this category. Please check back later.');
    await empty.close();
    expect(problems).toEqual([]);
    await close();
  });

  it('shows industry items with a 10-word overlay on hover, sample cards when none match, and nothing for IT', async () => {
    const { page, problems, close } = await open('/industries/food');
    const card = page.locator('.industry-card').first();
    await expect(page.locator('.industry-card').count()).resolves.toBe(1);
    await expect(card.locator('.industry-card__badge').textContent()).resolves.toBe('Food');
    const overlay = card.locator('.industry-card__overlay');
    await expect(overlay.evaluate((el) => getComputedStyle(el).opacity)).resolves.toBe('0');
    await card.hover();
    await eventually(() => overlay.evaluate((el) => getComputedStyle(el).opacity), '1');
    await expect(card.locator('.industry-card__excerpt').textContent()).resolves.toBe('A bakery website with online ordering that doubled weekend pre-orders...');
    await card.getByRole('link', { name: /View Details/ }).click();
    await page.waitForURL(`**/portfolio/${items.bakery!._id}`);
    expect(problems).toEqual([]);
    await close();

    const samples = await open('/industries/petroleum', { viewport: PHONE });
    await expect(samples.page.locator('.industry-card').count()).resolves.toBe(4);
    // Phones cannot hover: the overlay shows under the image.
    await expect(samples.page.locator('.industry-card__overlay').first().isVisible()).resolves.toBe(true);
    await samples.close();
    const it = await open('/industries/it');
    await expect(it.page.locator('.industry-card').count()).resolves.toBe(0);
    await it.close();
  });

  it('runs the detail slider: autoplay every 3 s with wrap, pause on hover, arrows, thumbnails, pause button', async () => {
    const { page, problems, close } = await open(`/portfolio/${items.bakery!._id}`, { stoppedClock: true });
    const current = () => page.locator('.project-slider__dot').evaluateAll((dots) => dots.findIndex((dot) => dot.getAttribute('aria-current') === 'true'));
    const visibleSlides = () => page.locator('.project-slider__slide:visible').count();
    await expect(current()).resolves.toBe(0);
    await expect(visibleSlides()).resolves.toBe(1);
    await page.mouse.move(0, 0);
    await sliderLive(page);
    // Every 3 s, wrapping round: just before each step nothing has moved, just after it has.
    for (const next of [1, 2, 0]) {
      await page.clock.runFor(2900);
      await expect(current()).resolves.toBe((next + 2) % 3);
      await page.clock.runFor(100);
      await eventually(current, next);
    }

    // Pointer over the slider: it holds still.
    await page.locator('.project-slider__viewport').hover();
    const held = await current();
    await page.clock.runFor(3600);
    await expect(current()).resolves.toBe(held);

    await page.getByRole('button', { name: 'Next image' }).click();
    await expect(current()).resolves.toBe((held + 1) % 3);
    await page.getByRole('button', { name: 'Previous image' }).click();
    await page.getByRole('button', { name: 'Previous image' }).click();
    await expect(current()).resolves.toBe((held + 2) % 3);
    await page.getByRole('button', { name: 'Show image 3 (thumbnail)' }).click();
    await expect(current()).resolves.toBe(2);
    await page.getByRole('button', { name: 'Show image 1', exact: true }).click();
    await expect(current()).resolves.toBe(0);
    await expect(visibleSlides()).resolves.toBe(1);

    // The pause button stops autoplay even with the pointer away.
    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    await page.mouse.move(0, 0);
    await page.locator('body').evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(3600);
    await expect(current()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Play slideshow' }).getAttribute('aria-pressed')).resolves.toBe('true');
    expect(problems).toEqual([]);
    await close();
  });

  it('does not autoplay or animate the detail page under prefers-reduced-motion', async () => {
    const { page, close } = await open(`/portfolio/${items.bakery!._id}`, { reducedMotion: 'reduce', stoppedClock: true });
    await expect(page.locator('.project__content').first().evaluate((el) => getComputedStyle(el).animationName)).resolves.toBe('none');
    await sliderLive(page);
    await page.clock.runFor(3600);
    await expect(page.locator('.project-slider__dot').first().getAttribute('aria-current')).resolves.toBe('true');
    await expect(page.getByRole('button', { name: 'Play slideshow' }).isVisible()).resolves.toBe(true);
    await close();
  });

  it('shows a single image without slider controls for an item without slider images', async () => {
    const { page, close } = await open(`/portfolio/${items.logo!._id}`);
    await expect(page.locator('.project-slider').count()).resolves.toBe(0);
    await expect(page.locator('.project__hero img').isVisible()).resolves.toBe(true);
    await close();
  });

  it('loads phone-sized images: a card on a 375 px phone fetches the 600 px AVIF', async () => {
    const { page, close } = await open('/portfolio', { viewport: PHONE });
    await page.waitForLoadState('networkidle');
    const src = await page.locator('.portfolio-card img').first().evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(src).toMatch(/\/media\/[0-9a-f]{64}\.avif$/);
    expect(items.app!.imageSet!.avif.map((s) => s.url)).toContain(new URL(src).pathname);
    await close();
  });

  it('has no axe violations on the portfolio pages at 375px and 1280px', async () => {
    const paths = ['/portfolio', '/portfolio/web-development', '/industries/food', '/industries/petroleum', `/portfolio/${items.bakery!._id}`, '/portfolio/unknown-item'];
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      for (const pagePath of paths) {
        await page.goto(server.url + pagePath, { waitUntil: 'networkidle' });
        await animationsDone(page); // the detail content's animate-in
        expect({ pagePath, width: viewport.width, violations: await axeViolations(page) }).toEqual({ pagePath, width: viewport.width, violations: [] });
      }
      await context.close();
    }
  }, 180_000);
});
