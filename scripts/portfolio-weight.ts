/**
 * What a phone downloads for /portfolio with 12 items, against the size of the original uploads:
 *   npm run build && npx tsx scripts/portfolio-weight.ts
 * Twelve items get photo-like 2400×1600 JPEG uploads (gradient artwork with grain, quality 90).
 * Chromium at 375 px and 2× density scrolls the whole page so every lazy card image loads; bytes
 * are as transferred (compressed), counted per kind of resource.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createDb } from '../server/db/connection';
import { migrateLatest } from '../server/db/migrate';
import { createContentVersion } from '../server/services/content-version';
import { createPortfolioService } from '../server/services/portfolio';
import { SAMPLE_PROJECTS, sampleDrawing } from '../server/seed/portfolio-samples';
import { rasterizeDrawing } from '../server/services/portfolio-images';
import { launchBrowser, PHONE } from '../tests/e2e/browser';
import { startServer } from '../tests/e2e/server';

const ITEMS = 12;

/** A photo-like upload: the sample artwork at camera size with film grain, as a quality-90 JPEG. */
async function photoUpload(index: number): Promise<Buffer> {
  const project = SAMPLE_PROJECTS[index % SAMPLE_PROJECTS.length]!;
  const artwork = await rasterizeDrawing(sampleDrawing(project, 0, 2400, 1600));
  const grain = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
  return sharp(artwork).composite([{ input: grain, blend: 'soft-light' }]).jpeg({ quality: 90 }).toBuffer();
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-weight-'));
  let originals = 0;
  const db = createDb({ dataDir });
  try {
    await migrateLatest(db);
    const portfolio = createPortfolioService({ db, contentVersion: createContentVersion(db) });
    for (let index = 0; index < ITEMS; index++) {
      const project = SAMPLE_PROJECTS[index % SAMPLE_PROJECTS.length]!;
      const data = await photoUpload(index);
      originals += data.length;
      await portfolio.create({ fields: { ...project.fields, title: `${project.fields.title} ${index + 1}` }, mainImage: { label: 'Main image', data }, sliderImages: [] });
    }
  } finally {
    await db.destroy();
  }

  const [server, browser] = await Promise.all([startServer({ DATA_DIR: dataDir }), launchBrowser()]);
  try {
    const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const responses: { url: string; kind: string; bytes: Promise<number> }[] = [];
    page.on('requestfinished', (request) => {
      const kind = request.resourceType();
      responses.push({ url: request.url(), kind, bytes: request.sizes().then((sizes) => sizes.responseBodySize) });
    });
    await page.goto(`${server.url}/portfolio`, { waitUntil: 'networkidle' });
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 300) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 120));
      }
    });
    await page.waitForLoadState('networkidle');
    const totals = new Map<string, { count: number; bytes: number }>();
    for (const response of responses) {
      const entry = totals.get(response.kind) ?? { count: 0, bytes: 0 };
      entry.count++;
      entry.bytes += await response.bytes;
      totals.set(response.kind, entry);
    }
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const portfolioImages = responses.filter((r) => r.url.includes('/media/'));
    const all = [...totals.values()].reduce((sum, entry) => sum + entry.bytes, 0);
    console.log(`/portfolio on a 375 px phone (2x), ${ITEMS} items, whole page scrolled:`);
    for (const [kind, entry] of totals) console.log(`  ${kind.padEnd(10)} ${String(entry.count).padStart(3)} files  ${kb(entry.bytes)}`);
    console.log(`  total                ${kb(all)}`);
    let cardBytes = 0;
    for (const response of portfolioImages) cardBytes += await response.bytes;
    const formats = [...new Set(portfolioImages.map((r) => r.url.split('.').pop()))].join(', ');
    console.log(`  of which card images: ${portfolioImages.length} files (${formats}), ${kb(cardBytes)}`);
    console.log(`Original uploads of the ${ITEMS} main images: ${kb(originals)} (${(originals / all).toFixed(0)}x the whole page)`);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
