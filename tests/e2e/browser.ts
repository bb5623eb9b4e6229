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

/** The WCAG 2.2 AA rules every page is held to. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe's findings on the page as it is now, one line each (`rule: selectors`); [] when it passes. */
export async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
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

/** A dashboard address opened signed in, once the dashboard is live and its view has loaded. */
export async function openDashboard(browser: Browser, url: string, state: BrowserState, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport, storageState: state });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(url);
  await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
  await page.waitForSelector('[role="status"].admin-loading', { state: 'detached' });
  return { context, page, problems };
}
