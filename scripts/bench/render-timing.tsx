/**
 * Times uncached server renders of the home page in this process (run with NODE_ENV=production so
 * React takes its production path, as in `dist/server.js`). Prints one JSON line.
 *
 *   NODE_ENV=production tsx scripts/bench/render-timing.ts
 */
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../server/config';
import { DEFAULT_ASSETS_DIR, loadManifest } from '../../server/render/manifest';
import { createPageRenderer } from '../../server/render/render-page';
import { HomePage, homeMeta } from '../../views/pages/HomePage';

const WARM_UP = 200;
const MEASURED = 2000;

function main(): void {
  const renderPage = createPageRenderer(loadConfig({ PUBLIC_URL: 'https://agency.example' }), loadManifest(DEFAULT_ASSETS_DIR));
  const render = () => renderPage({ path: '/', meta: homeMeta, page: <HomePage /> });
  for (let i = 0; i < WARM_UP; i += 1) render();
  const times: number[] = [];
  for (let i = 0; i < MEASURED; i += 1) {
    const started = performance.now();
    render();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  console.log(JSON.stringify({ renders: MEASURED, bytes: Buffer.byteLength(render()), p50: at(0.5), p99: at(0.99), mean: times.reduce((a, b) => a + b, 0) / times.length }));
}

main();
