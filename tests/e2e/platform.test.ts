import http from 'node:http';
import type { Browser } from 'playwright-core';
import { launchBrowser, PHONE, watchConsole } from './browser';
import { startServer, type RunningServer } from './server';

describe('platform in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('hydrates the mobile menu on the first tap and acts on that tap, with a clean console', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const problems = watchConsole(page);
    // A visitor who has seen the home page's region/offer modal this session: nothing else loads React.
    await page.addInitScript(() => sessionStorage.setItem('region-offer-modal-shown', '1'));
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto(server.url + '/');
    const island = page.locator('[data-island="MobileMenu"]');
    await expect(island.getAttribute('data-hydrated')).resolves.toBeNull();
    // Before any interaction only the small boot and chrome scripts load, no React.
    expect(scripts.every((src) => /\/(boot|chrome)-/.test(src))).toBe(true);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.waitForSelector('[data-island="MobileMenu"][data-hydrated="true"]');
    const panel = page.locator('#mobile-menu');
    await expect(panel.getAttribute('data-open')).resolves.toBe('true');
    expect(await page.evaluate(() => document.documentElement.classList.contains('scroll-locked'))).toBe(true);
    expect(scripts.some((src) => src.includes('/islands/MobileMenu-'))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(panel.getAttribute('data-open')).resolves.toBe('false');
    expect(await page.evaluate(() => document.documentElement.classList.contains('scroll-locked'))).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens the mobile menu without JavaScript through its link', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(server.url + '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(new URL(page.url()).hash).toBe('#mobile-menu');
    // The panel slides in with a 0.25 s transition: wait for it instead of asserting at once.
    await page.locator('#mobile-menu').waitFor({ state: 'visible' });
    await page.getByRole('link', { name: 'About' }).last().waitFor({ state: 'visible' });
    await context.close();
  });
});

describe('graceful shutdown', () => {
  it('lets a slow request in flight finish, then exits 0 before its shutdown deadline', async () => {
    const server = await startServer();
    const { port } = new URL(server.url);
    const body = JSON.stringify({ name: 'slow upload' });
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      // `Expect: 100-continue`: the server's "continue" says it has the request and is handling it.
      const headers = { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Expect: '100-continue' };
      const req = http.request({ host: '127.0.0.1', port, path: '/api/forms/slow', method: 'POST', headers }, (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      });
      req.on('error', reject);
      // Half the body once the request is in flight, the rest once the server is shutting down.
      req.on('continue', () => {
        req.write(body.slice(0, 5));
        server.process.kill('SIGTERM');
        void server.waitForLog(/"msg":"shutting down"/).then(() => req.end(body.slice(5)));
      });
      req.flushHeaders();
    });
    const answer = await response;
    const code = await server.stop(); // the process is exiting on its own; this only waits for it
    expect(answer.status).toBe(404); // the request completed with a real answer
    expect(JSON.parse(answer.body)).toEqual({ error: 'Not found' });
    expect(code).toBe(0);
    // It stopped on its own, not because the shutdown deadline cut the connections.
    expect(server.logs.filter((line) => /shutdown deadline reached/.test(line))).toEqual([]);
    expect(server.logs.some((line) => /"msg":"stopped"/.test(line))).toBe(true);
  });
});
