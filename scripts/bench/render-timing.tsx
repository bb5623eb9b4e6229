/**
 * Times uncached server renders in this process (run with NODE_ENV=production so React takes its
 * production path, as in `dist/server.js`): the home page, `/portfolio` with the given items, and
 * a true miss of `/portfolio` as the render cache answers it (render, page stored, brotli for the
 * one client). The database read a miss also makes is not included. Prints one JSON line.
 *
 *   NODE_ENV=production tsx scripts/bench/render-timing.tsx <items.json>
 */
import { startingSiteContent } from '../../shared/content/defaults';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../server/config';
import { firstAnswerBody } from '../../server/middleware/page-cache';
import { DEFAULT_ASSETS_DIR, loadManifest } from '../../server/render/manifest';
import { createPageRenderer } from '../../server/render/render-page';
import type { PortfolioItemJson } from '../../shared/portfolio/item';
import { HomePage, homeMeta } from '../../views/pages/HomePage';
import { PortfolioPage, portfolioMeta } from '../../views/pages/PortfolioPage';

const WARM_UP = 200;
const MEASURED = 2000;

function time(run: () => string): { bytes: number; p50: number; p99: number; mean: number } {
  for (let i = 0; i < WARM_UP; i += 1) run();
  const times: number[] = [];
  for (let i = 0; i < MEASURED; i += 1) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { bytes: Buffer.byteLength(run()), p50: at(0.5), p99: at(0.99), mean: times.reduce((a, b) => a + b, 0) / times.length };
}

function main(): void {
  const items: PortfolioItemJson[] = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8'));
  const renderPage = createPageRenderer(loadConfig({ PUBLIC_URL: 'https://agency.example' }), loadManifest(DEFAULT_ASSETS_DIR), startingSiteContent);
  const home = () => renderPage({ path: '/', meta: homeMeta, page: <HomePage /> });
  const portfolio = () => renderPage({ path: '/portfolio', meta: { ...portfolioMeta, canonicalPath: '/portfolio' }, page: <PortfolioPage loaded={{ ok: true, value: items }} category={null} /> });
  const portfolioMiss = () => {
    const html = portfolio();
    firstAnswerBody(html, 'br');
    return html;
  };
  console.log(JSON.stringify({ home: time(home), portfolio: time(portfolio), portfolioMiss: time(portfolioMiss) }));
}

main();
