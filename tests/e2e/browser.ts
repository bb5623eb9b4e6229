import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Flags for Debian's Chromium in a sandboxed, offline machine (see DESIGN.md). */
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS });
}

/** Collects console errors and warnings (hydration mismatches among them) and page errors. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * Waits until every finite CSS animation and transition on the page has run to its end (a panel
 * slid in, content faded in); endless ones (a marquee) are left out.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.effect?.getComputedTiming().endTime === Infinity || (!animation.pending && animation.playState !== 'running')),
  );
}

/** Waits for the page to render `count` more frames (scroll handlers and their frame callbacks have run). */
export async function nextFrames(page: Page, count = 2): Promise<void> {
  await page.evaluate((frames) => new Promise<void>((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
    step(frames);
  }), count);
}

export const PHONE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * A phone as a phone browser lays pages out: a page wider than the screen makes it zoom out to
 * fit (which `viewport` alone, a desktop window made narrow, never does).
 */
export const PHONE_DEVICE = { viewport: PHONE, isMobile: true, hasTouch: true } as const;

/** How wide a page lays out, and what makes it wider than the screen. */
export interface PageWidths {
  /** `document.documentElement.scrollWidth`: the width the page can be scrolled across. */
  document: number;
  body: number;
  /** `window.innerWidth`: more than the screen when a phone browser zoomed the page out. */
  viewport: number;
  /** When the page is wider than the screen: the element whose box ends where the page does. */
  widest?: string;
}

/** The page's widths as laid out now (see `PageWidths`). */
export function pageWidths(page: Page): Promise<PageWidths> {
  // No named functions inside: under tsx they would be wrapped in a helper the page lacks.
  return page.evaluate(() => {
    const width = document.documentElement.scrollWidth;
    const widths: PageWidths = { document: width, body: document.body.scrollWidth, viewport: window.innerWidth };
    if (width <= document.documentElement.clientWidth) return widths;
    // Boxes that overflow a clipping ancestor end further right without widening anything; the
    // one that sets the width ends exactly at its edge (of several, the last is the innermost).
    const widest = Array.from(document.body.querySelectorAll('*'))
      .filter((element) => Math.abs(element.getBoundingClientRect().right + window.scrollX - width) < 1)
      .pop();
    if (!widest) return widths;
    const path: string[] = [];
    for (let node: Element | null = widest; node && node !== document.body && path.length < 4; node = node.parentElement) {
      path.unshift(node.tagName.toLowerCase() + Array.from(node.classList, (name) => `.${name}`).join(''));
    }
    const text = widest.textContent?.trim().slice(0, 40);
    return { ...widths, widest: `${path.join(' > ')}${text ? ` "${text}"` : ''}` };
  });
}

/** The WCAG 2.2 AA rules every page is held to. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe's findings on the page as it is now, one line each (`rule: selectors`); [] when it passes. */
export async function axeViolations(page: Page): Promise<string[]> {
  await untilScrollingStops(page);
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/**
 * Waits until the window has held its scroll position for a few frames. The site scrolls smoothly
 * (`scroll-behavior: smooth`), so a field filled or focused a moment ago may still be gliding into
 * view: measured mid-glide, a target passing under the sticky header reads as too small
 * (`target-size`), which no one sees once the page is at rest.
 */
async function untilScrollingStops(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = Number.NaN;
        let stillFrames = 0;
        const check = () => {
          stillFrames = window.scrollY === last ? stillFrames + 1 : 0;
          last = window.scrollY;
          if (stillFrames >= 3) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

/** Cookies and storage of a browser context, to start later contexts from. */
export type BrowserState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Signs in through the dashboard's login form once; contexts made with the returned state start signed in. */
export async function signInThroughForm(browser: Browser, baseUrl: string, admin: { username: string; password: string }): Promise<BrowserState> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/admin/dashboard`);
  // Typing before the login island is live could be lost when it hydrates.
  await page.waitForSelector('[data-island="AdminLogin"][data-hydrated="true"]');
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * A dashboard address opened signed in, once the dashboard is live and its view has loaded; in a
 * window of `viewport`'s size, or as a device such as `PHONE_DEVICE`.
 */
export async function openDashboard(browser: Browser, url: string, state: BrowserState, viewport: typeof DESKTOP | typeof PHONE_DEVICE = DESKTOP): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ ...('viewport' in viewport ? viewport : { viewport }), storageState: state });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(url);
  await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
  await page.waitForSelector('[role="status"].admin-loading', { state: 'detached' });
  return { context, page, problems };
}
