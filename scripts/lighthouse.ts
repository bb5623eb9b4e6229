/**
 * `npm run lighthouse`: Lighthouse 12 (its default mobile preset with simulated throttling) in
 * Debian's Chromium against a production build on a fresh database with sample portfolio items,
 * printing the four category scores per page.
 *
 *   npm run lighthouse [-- /path ...]
 */
import { startServer } from '../tests/e2e/server';

const DEFAULT_PATHS = ['/', '/about', '/portfolio', '/contact'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** A page that stands for the detail pages: the first portfolio item the API lists. */
async function firstDetailPath(baseUrl: string): Promise<string | undefined> {
  const response = await fetch(`${baseUrl}/api/portfolio`);
  if (!response.ok) return undefined;
  const items = (await response.json()) as { _id: string }[];
  return items[0] ? `/portfolio/${items[0]._id}` : undefined;
}

async function main(): Promise<void> {
  // Lighthouse and chrome-launcher are ES modules; this script runs as CommonJS.
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const server = await startServer({ NODE_ENV: 'production', SEED_SAMPLE_PORTFOLIO: 'true' });
  // The samples are drawn after the site listens: the pages are measured with them.
  await server.waitForLog(/sample portfolio ready/);
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROMIUM_FLAGS });
  let belowTarget = false;
  try {
    const detail = await firstDetailPath(server.url);
    const paths = process.argv.length > 2 ? process.argv.slice(2) : [...DEFAULT_PATHS, ...(detail ? [detail] : [])];
    console.log('page'.padEnd(36), ...CATEGORIES.map((category) => category.padStart(15)));
    for (const path of paths) {
      const result = await lighthouse(server.url + path, { port: chrome.port, logLevel: 'error', onlyCategories: [...CATEGORIES] });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      if (result.lhr.runtimeError) console.log(`    runtime error: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      const scores = CATEGORIES.map((category) => Math.round((result.lhr.categories[category]?.score ?? 0) * 100));
      if (scores[0]! < 98 || scores.slice(1).some((score) => score < 100)) belowTarget = true;
      console.log(path.padEnd(36), ...scores.map((score) => String(score).padStart(15)));
      // Name the audits that cost points (weighted ones below a full score).
      const weighted = CATEGORIES.flatMap((category) => result.lhr.categories[category]?.auditRefs.filter((ref) => ref.weight > 0) ?? []);
      for (const { id } of weighted) {
        const audit = result.lhr.audits[id];
        if (audit && audit.score !== null && audit.score < 1) console.log(`    ${id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      }
    }
    console.log(belowTarget ? '\nSome scores are below the targets (performance 98, the others 100).' : '\nEvery page meets the targets.');
  } finally {
    chrome.kill();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
