import type { Browser, Page } from 'playwright-core';
import { services } from '../../shared/content/defaults/services';
import { axeViolations, DESKTOP, launchBrowser, nextFrames, PHONE, watchConsole } from './browser';
import { startServer, type RunningServer } from './server';
import { publishStaffMade, STAFF_MADE_PATHS, WALKER_OWNER_ENV } from './staff-pages';

const CONTENT_PAGES = ['/about', '/services', '/services/web-development', '/toolkit', '/contact'];
// With a service, an industry and a page staff made (issue 41), checked like the built-in ones.
const PUBLIC_ROUTES = ['/', ...CONTENT_PAGES, ...services.filter((s) => s.slug !== 'web-development').map((s) => `/services/${s.slug}`), ...STAFF_MADE_PATHS];

describe('public site in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(WALKER_OWNER_ENV), launchBrowser()]);
    await publishStaffMade(server);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(path: string, viewport = DESKTOP, options: { reducedMotion?: 'reduce' } = {}): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage({ viewport, reducedMotion: options.reducedMotion ?? 'no-preference' });
    // Playwright's clock: time runs as usual, and a test can jump it forward instead of waiting.
    await page.clock.install();
    const problems = watchConsole(page);
    // The home page's region/offer modal opens once per browser session (tested in forms.test.ts);
    // these tests are about the page under it, as a visitor sees it after closing the modal.
    await page.addInitScript(() => sessionStorage.setItem('region-offer-modal-shown', '1'));
    await page.goto(server.url + path);
    return { page, problems };
  }

  it('makes the navigation sticky and hides the top bar after 50px of scroll', async () => {
    const { page, problems } = await open('/about');
    const topBarVisible = () => page.locator('.top-bar').isVisible();
    await expect(topBarVisible()).resolves.toBe(true);
    await page.mouse.wheel(0, 40);
    await page.waitForFunction(() => window.scrollY >= 40);
    await expect(page.evaluate(() => document.documentElement.classList.contains('is-scrolled'))).resolves.toBe(false);
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.waitForFunction(() => document.documentElement.classList.contains('is-scrolled'));
    await expect(topBarVisible()).resolves.toBe(false);
    const headerTop = await page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().top);
    expect(headerTop).toBe(0);
    await expect(page.locator('.main-nav').isVisible()).resolves.toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows back-to-top only after 300px and scrolls to the top with it', async () => {
    const { page } = await open('/services', PHONE);
    const button = page.locator('.back-to-top');
    await page.evaluate(() => window.scrollTo(0, 250));
    await nextFrames(page);
    await expect(button.isVisible()).resolves.toBe(false);
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.waitForFunction(() => document.documentElement.classList.contains('show-back-to-top'));
    await button.waitFor({ state: 'visible' });
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await page.close();
  });

  it('keeps only one navigation dropdown open, by mouse and by keyboard', async () => {
    const { page } = await open('/');
    const openDropdowns = () => page.locator('.main-nav details[open] > summary').allTextContents();
    await page.getByText('Services', { exact: true }).first().click();
    await expect(openDropdowns()).resolves.toEqual(['Services']);
    await page.locator('.main-nav summary', { hasText: 'Core Industries' }).click();
    await expect(openDropdowns()).resolves.toEqual(['Core Industries']);
    await expect(page.getByRole('link', { name: 'Medical' }).first().isVisible()).resolves.toBe(true);
    // Keyboard: focus the Services summary and press Enter, then Tab into its links.
    await page.locator('.main-nav summary', { hasText: 'Services' }).focus();
    await page.keyboard.press('Enter');
    await expect(openDropdowns()).resolves.toEqual(['Services']);
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Web Development');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/services\/web-development$/);
    await page.close();
  });

  it('runs the mobile menu: scroll lock, focus kept inside, outside click and Escape close it', async () => {
    const { page, problems } = await open('/contact', PHONE);
    const locked = () => page.evaluate(() => document.documentElement.classList.contains('scroll-locked'));
    const panelOpen = () => page.locator('#mobile-menu').getAttribute('data-open');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.waitForSelector('#mobile-menu[data-open="true"]');
    await expect(locked()).resolves.toBe(true);
    // Focus stays inside the panel however far the visitor tabs.
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.getElementById('mobile-menu')!.contains(document.activeElement))).resolves.toBe(true);
    // A click outside the panel closes it.
    await page.mouse.click(10, 400);
    await expect(panelOpen()).resolves.toBe('false');
    await expect(locked()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(panelOpen()).resolves.toBe('true');
    await page.keyboard.press('Escape');
    await expect(panelOpen()).resolves.toBe('false');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('lays the testimonials out 4 across from 768px and 1 below, and autoplays until paused', async () => {
    for (const [viewport, visible] of [[DESKTOP, 4], [PHONE, 1]] as const) {
      const { page, problems } = await open('/', viewport);
      const slider = page.locator('[data-island="TestimonialsSlider"]');
      // Before hydration the server HTML already shows the first cards.
      await slider.scrollIntoViewIfNeeded();
      await page.waitForSelector('.testimonials[data-live="true"] .slick-initialized');
      await expect(page.locator('.testimonials .slick-slide.slick-active').count()).resolves.toBe(visible);
      const current = () => page.locator('.testimonials .slick-slide.slick-active').first().getAttribute('data-index');
      const first = await current();
      await page.mouse.move(0, 0); // not hovering: autoplay runs
      await page.clock.runFor(3500);
      await page.waitForFunction((index) => document.querySelector('.testimonials .slick-slide.slick-active')?.getAttribute('data-index') !== index, first, { timeout: 8000 });
      await page.getByRole('button', { name: 'Pause testimonials' }).click();
      const paused = await current();
      // More than one autoplay interval goes by at once, firing every timer due in it.
      await page.clock.runFor(4000);
      await expect(current()).resolves.toBe(paused);
      await expect(page.getByRole('button', { name: 'Play testimonials' }).getAttribute('aria-pressed')).resolves.toBe('true');
      await expect(page.locator('.testimonials .slick-arrow').count()).resolves.toBe(2);
      await expect(page.locator('.testimonials .slick-dots li').count()).resolves.toBeGreaterThan(1);
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it('does not autoplay the testimonials under prefers-reduced-motion', async () => {
    const { page } = await open('/', DESKTOP, { reducedMotion: 'reduce' });
    await page.locator('[data-island="TestimonialsSlider"]').scrollIntoViewIfNeeded();
    await page.waitForSelector('.testimonials[data-live="true"] .slick-initialized');
    // The toggle offers Play (autoplay never started); waitFor fails the test if it never shows.
    await page.getByRole('button', { name: 'Play testimonials' }).waitFor({ state: 'visible', timeout: 5000 });
    const first = await page.locator('.testimonials .slick-slide.slick-active').first().getAttribute('data-index');
    await page.clock.runFor(4000);
    await expect(page.locator('.testimonials .slick-slide.slick-active').first().getAttribute('data-index')).resolves.toBe(first);
    await page.close();
  });

  it('loads no React on content pages until the visitor interacts', async () => {
    for (const path of CONTENT_PAGES) {
      const page = await browser.newPage({ viewport: PHONE });
      const scripts: string[] = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
      });
      await page.goto(server.url + path, { waitUntil: 'networkidle' });
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      expect({ path, scripts: scripts.filter((src) => !/\/(boot|chrome)-[\w-]+\.js$/.test(src)) }).toEqual({ path, scripts: [] });
      await page.close();
    }
  });

  // One test per width: each runs axe on every route, which takes a while on a busy machine.
  it.each([PHONE, DESKTOP])('has no axe violations (WCAG 2.2 AA) on any public route at $width px', async (viewport) => {
    const context = await browser.newContext({ viewport }); // axe needs a page of its own context
    const page = await context.newPage();
    for (const path of PUBLIC_ROUTES) {
      await page.goto(server.url + path, { waitUntil: 'networkidle' });
      expect({ path, width: viewport.width, violations: await axeViolations(page) }).toEqual({ path, width: viewport.width, violations: [] });
    }
    await context.close();
  }, 240_000);
});
