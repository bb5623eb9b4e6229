/**
 * JavaScript budgets, checked in Chromium on every CI run: content pages ship at most 5 KB of
 * JavaScript (compressed) before the visitor interacts, and no page ever loads more than the
 * shared runtime plus the islands it actually contains, with the chunks those import and nothing
 * else (a shared chunk counts only where the page's own scripts import it).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Request } from 'playwright-core';
import type { AssetManifest } from '../../views/render-context';
import { launchBrowser, PHONE } from './browser';
import { startServer, type RunningServer } from './server';

const CONTENT_PAGES = ['/about', '/services', '/services/web-development', '/toolkit', '/contact', '/portfolio', '/portfolio/web-development', '/industries/real-estate'];
const EVERY_PAGE = ['/', ...CONTENT_PAGES, '/enquire', '/regions'];
const CONTENT_PAGE_BUDGET_BYTES = 5 * 1024;

const PUBLIC_DIR = path.resolve(__dirname, '../../dist/public');
const manifest: AssetManifest = JSON.parse(fs.readFileSync(path.join(PUBLIC_DIR, 'manifest.json'), 'utf8'));

/**
 * The built scripts `entries` can load: themselves and every chunk they import, directly or
 * through other chunks, statically or on demand. esbuild writes each import as a relative path
 * literal (`"../chunks/chunk-X.js"`), so the graph is read from the built files themselves.
 */
function reachableScripts(entries: string[]): Set<string> {
  const reached = new Set<string>();
  const visit = (url: string) => {
    if (reached.has(url)) return;
    reached.add(url);
    const code = fs.readFileSync(path.join(PUBLIC_DIR, url), 'utf8');
    for (const [, specifier] of code.matchAll(/["'](\.\.?\/[\w./-]+\.js)["']/g)) visit(new URL(specifier!, `http://build${url}`).pathname);
  };
  entries.forEach(visit);
  return reached;
}

describe('JavaScript budgets', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Loads a page at phone width; optionally wakes every island; returns the scripts fetched. */
  async function scriptsOf(pagePath: string, { wakeIslands }: { wakeIslands: boolean }) {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const requests: Request[] = [];
    page.on('requestfinished', (request) => void (request.resourceType() === 'script' && requests.push(request)));
    await page.goto(server.url + pagePath, { waitUntil: 'networkidle' });
    const islandsOnPage = await page.$$eval('[data-island]', (nodes) => nodes.map((node) => node.getAttribute('data-island')!));
    if (wakeIslands) {
      // Until every island is awake: each sleeping one is scrolled into view (visibility islands)
      // and sent a focus event (interaction islands, without following any link). Again on each
      // poll, because lazy images can still move an island out of view after one scroll.
      await page.waitForFunction(
        () => {
          const sleeping = Array.from(document.querySelectorAll('[data-island]:not([data-hydrated])'));
          for (const node of sleeping) {
            node.firstElementChild?.scrollIntoView({ block: 'center' });
            node.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
          }
          return sleeping.length === 0;
        },
        undefined,
        { polling: 250 },
      );
      await page.waitForLoadState('networkidle');
    }
    const scripts = await Promise.all(requests.map(async (request) => ({ url: new URL(request.url()).pathname, bytes: (await request.sizes()).responseBodySize })));
    await context.close();
    return { scripts, islandsOnPage };
  }

  it.each(CONTENT_PAGES)('%s ships at most 5 KB of JavaScript before interaction', async (pagePath) => {
    const { scripts } = await scriptsOf(pagePath, { wakeIslands: false });
    const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
    expect(total).toBeLessThanOrEqual(CONTENT_PAGE_BUDGET_BYTES);
  });

  it.each(EVERY_PAGE)('%s loads only the runtime and its own islands, even with every island awake', async (pagePath) => {
    const { scripts, islandsOnPage } = await scriptsOf(pagePath, { wakeIslands: true });
    const allowed = reachableScripts([manifest.boot, manifest.chrome, ...islandsOnPage.map((name) => manifest.islands[name]!)]);
    const foreign = scripts.map((script) => script.url).filter((url) => !allowed.has(url));
    expect(foreign).toEqual([]);
    expect(islandsOnPage.length === 0 || scripts.some((script) => script.url === manifest.boot)).toBe(true);
  });
});
