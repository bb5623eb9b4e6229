/**
 * JavaScript a phone visitor downloads per page (compressed bytes on the wire), before any
 * interaction and after a first one (opening the mobile menu), in Chromium:
 *   npm run build && npx tsx scripts/js-weight.ts [/path ...]
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, PHONE } from '../tests/e2e/browser';
import { startServer } from '../tests/e2e/server';

const DEFAULT_PATHS = ['/', '/about', '/services', '/services/web-development', '/toolkit', '/contact'];

async function scriptBytes(page: Page, during: () => Promise<void>): Promise<number> {
  let total = 0;
  const pending: Promise<void>[] = [];
  const onFinished = (request: import('playwright-core').Request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(request.sizes().then((sizes) => void (total += sizes.responseBodySize)));
  };
  page.on('requestfinished', onFinished);
  await during();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  page.off('requestfinished', onFinished);
  return total;
}

export interface JsWeight {
  path: string;
  /** Compressed script bytes downloaded until the page is idle. */
  before: number;
  /** Further compressed script bytes after a first tap on the menu button. */
  after: number;
}

/** Measures each page's JavaScript weight at phone width in a fresh browser context. */
export async function measureJsWeight(browser: Browser, baseUrl: string, paths: string[]): Promise<JsWeight[]> {
  const weights: JsWeight[] = [];
  for (const path of paths) {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const before = await scriptBytes(page, async () => void (await page.goto(baseUrl + path, { waitUntil: 'networkidle' })));
    const after = await scriptBytes(page, async () => {
      // The home page opens the region and offer dialog by itself on a first visit: close it first.
      const dialog = page.getByRole('dialog');
      if (await dialog.isVisible()) {
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      }
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.waitForSelector('[data-island="MobileMenu"][data-hydrated]');
    });
    weights.push({ path, before, after });
    await context.close();
  }
  return weights;
}

export function printJsWeights(weights: JsWeight[]): void {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log('page'.padEnd(30), 'before interaction'.padStart(20), 'after first tap'.padStart(18));
  for (const { path, before, after } of weights) console.log(path.padEnd(30), kb(before).padStart(20), `+${kb(after)}`.padStart(18));
}

async function main() {
  const paths = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_PATHS;
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  try {
    printJsWeights(await measureJsWeight(browser, server.url, paths));
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
