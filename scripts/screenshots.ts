/**
 * Screenshots of pages at phone and desktop widths, to look at what a visitor sees:
 *   npx tsx scripts/screenshots.ts / /about /contact   (writes screenshots/<page>-<width>.png)
 *   --no-js       with JavaScript off (files end in -nojs)
 *   --no-scroll   as the page first lays out: nothing scrolled, so islands that wake on scroll
 *                 (the testimonials slider) stay asleep (files end in -noscroll)
 * The phone is a mobile context (`isMobile`): a page wider than the screen is zoomed out, as a
 * phone browser does. Runs the production build (`npm run build` first) on a fresh embedded
 * database (`SEED_SAMPLE_PORTFOLIO=true` fills it with the sample portfolio; `/portfolio/:first`
 * is its newest item).
 */
import fs from 'node:fs';
import path from 'node:path';
import { DESKTOP, launchBrowser, PHONE_DEVICE } from '../tests/e2e/browser';
import { startServer } from '../tests/e2e/server';

async function main() {
  const args = process.argv.slice(2);
  const javaScriptEnabled = !args.includes('--no-js');
  const scroll = !args.includes('--no-scroll');
  const suffix = `${javaScriptEnabled ? '' : '-nojs'}${scroll ? '' : '-noscroll'}`;
  const paths = args.filter((arg) => !arg.startsWith('--'));
  if (paths.length === 0) paths.push('/');
  const outDir = path.resolve('screenshots');
  fs.mkdirSync(outDir, { recursive: true });
  // SEED_SAMPLE_PORTFOLIO=true loads the sample portfolio; "/portfolio/:first" then names its newest item.
  const seed = process.env.SEED_SAMPLE_PORTFOLIO;
  const [server, browser] = await Promise.all([startServer(seed ? { SEED_SAMPLE_PORTFOLIO: seed } : {}), launchBrowser()]);
  try {
    // The samples are drawn after the site listens.
    if (seed === 'true' || seed === '1') await server.waitForLog(/sample portfolio ready/);
    if (paths.some((p) => p.includes(':first'))) {
      const items = (await (await fetch(`${server.url}/api/portfolio`)).json()) as { _id: string }[];
      paths.forEach((p, i) => (paths[i] = p.replace(':first', items[0]?._id ?? 'none')));
    }
    for (const device of [PHONE_DEVICE, { viewport: DESKTOP }]) {
      const page = await browser.newPage({ ...device, javaScriptEnabled });
      for (const pagePath of paths) {
        await page.goto(server.url + pagePath, { waitUntil: 'networkidle' });
        if (javaScriptEnabled) {
          // A full-page capture never scrolls lazy images into view; load them all as a reader would.
          await page.evaluate(() => document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]').forEach((img) => (img.loading = 'eager')));
        }
        if (javaScriptEnabled && scroll) {
          // Scroll through the page as a reader would (islands that wait to be seen wake), then back up.
          await page.evaluate(async () => {
            for (let y = 0; y < document.body.scrollHeight; y += 300) {
              window.scrollTo(0, y);
              await new Promise((resolve) => setTimeout(resolve, 80));
            }
            window.scrollTo(0, 0);
          });
        }
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(400);
        const name = pagePath.replace(/^\/$/, 'home').replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
        const file = path.join(outDir, `${name}-${device.viewport.width}${suffix}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
      }
      await page.close();
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
