/**
 * JavaScript a phone visitor downloads per page (compressed bytes on the wire), before any
 * interaction and after a first one (opening the mobile menu), in Chromium:
 *   npm run build && npx tsx scripts/js-weight.ts [/path ...]
 */
import type { Page } from 'playwright-core';
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

async function main() {
  const paths = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_PATHS;
  const [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  try {
    console.log('page'.padEnd(30), 'before interaction'.padStart(20), 'after first tap'.padStart(18));
    for (const path of paths) {
      const context = await browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      const before = await scriptBytes(page, async () => void (await page.goto(server.url + path, { waitUntil: 'networkidle' })));
      const after = await scriptBytes(page, async () => {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.waitForSelector('[data-island="MobileMenu"][data-hydrated]');
      });
      console.log(path.padEnd(30), `${(before / 1024).toFixed(1)} KB`.padStart(20), `+${(after / 1024).toFixed(1)} KB`.padStart(18));
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
