import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, type BrowserState, DESKTOP, launchBrowser, pageWidths, PHONE_DEVICE, signInThroughForm, watchConsole } from './browser';
import { startServer, type RunningServer } from './server';

const VNU_JAR = path.resolve(__dirname, '../../node_modules/vnu-jar/build/dist/vnu.jar');

const OWNER = { username: 'preview-owner', password: 'a long and private test passphrase' };

/** Texts a draft may hold that would run script if the site wrote them as HTML. */
const HOSTILE = {
  name: 'Brightpath </script><script>alert(1)</script>',
  heading: '<script>alert(1)</script> Launch',
  lead: 'Hello <img src=x onerror=alert(1)> there',
  replyPromise: 'Read [x](javascript:alert(1)) or <img src=x onerror=alert(2)> now.',
};

/** Drafts of the site's content in a real browser: preview pages show them as text, never as script. */
describe('previews of drafts in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let signedIn: BrowserState;
  let session: Record<string, string>;
  /** Preview links of the two drafts, by document. */
  const linkPaths: Record<string, string> = {};

  const call = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, { ...init, headers: { ...session, ...(init.headers as Record<string, string>) } });

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password }), launchBrowser()]);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: server.url },
      body: JSON.stringify({ username: OWNER.username, password: OWNER.password }),
    });
    expect(login.status).toBe(200);
    const sid = login.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='))!.split(';')[0]!;
    const { csrfToken } = (await login.json()) as { csrfToken: string };
    session = { Cookie: sid, 'X-CSRF-Token': csrfToken, Origin: server.url, 'Content-Type': 'application/json', Accept: 'application/json' };

    // The hostile drafts arrive as a content file, imported (as drafts) the way an owner would.
    const file = (await (await call('/api/content/export')).json()) as { documents: Record<string, Record<string, unknown>> };
    const { business, home } = file.documents as { business: { name: string; mapLink: string }; home: { banner: { heading: string; lead: string }; replyPromise: { body: string } } };
    business.name = HOSTILE.name;
    home.banner.heading = HOSTILE.heading;
    home.banner.lead = HOSTILE.lead;
    home.replyPromise.body = HOSTILE.replyPromise;
    const imported = await call('/api/content/import', { method: 'POST', body: JSON.stringify(file) });
    expect(imported.status).toBe(200);
    // A link field refuses a javascript: address outright.
    const refused = await call('/api/content/import', { method: 'POST', body: JSON.stringify({ ...file, documents: { business: { ...business, mapLink: 'javascript:alert(1)' } } }) });
    expect(refused.status).toBe(400);

    for (const key of ['home', 'business']) {
      const link = await call(`/api/content/${key}/preview-links`, { method: 'POST', body: JSON.stringify({ days: 2 }) });
      expect(link.status).toBe(201);
      linkPaths[key] = new URL(((await link.json()) as { url: string }).url).pathname;
    }
    signedIn = await signInThroughForm(browser, server.url, OWNER);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Opens `path` and records every dialog the page tries to show (an alert would be script running). */
  async function open(path: string, { state, device = DESKTOP }: { state?: BrowserState; device?: typeof DESKTOP | typeof PHONE_DEVICE } = {}) {
    const context = await browser.newContext({ ...('viewport' in device ? device : { viewport: device }), ...(state ? { storageState: state } : {}) });
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const problems = watchConsole(page);
    const response = await page.goto(`${server.url}${path}`);
    await page.waitForLoadState('load');
    return { context, page, dialogs, problems, response: response! };
  }

  /** The home page's draft: its texts shown as they were typed, no link or image made of them. */
  async function expectHomeDraftAsText(page: Page) {
    await page.getByRole('heading', { level: 1, name: HOSTILE.heading }).waitFor();
    await page.getByText(HOSTILE.lead, { exact: true }).waitFor();
    await expect(page.locator('.cta-band').innerText()).resolves.toContain(HOSTILE.replyPromise);
    await expect(page.locator('a[href^="javascript:"], img[src="x"], [onerror]').count()).resolves.toBe(0);
  }

  /** The agency's name with `</script>` in it: in the title and the JSON-LD as the same text, closing nothing. */
  async function expectBusinessDraftAsText(page: Page) {
    await expect(page.title()).resolves.toContain(HOSTILE.name);
    const organization = await page.evaluate(() => {
      const blocks = Array.from(document.querySelectorAll('script[type="application/ld+json"]'), (script) => JSON.parse(script.textContent ?? '') as { '@type': string; name: string });
      return blocks.find((block) => block['@type'] === 'ProfessionalService');
    });
    expect(organization?.name).toBe(HOSTILE.name);
    await expect(page.locator('script:not([type="application/ld+json"]):not([src])').count()).resolves.toBe(0);
  }

  const previewBar = (page: Page) => page.getByRole('complementary', { name: 'Preview' });

  it.each([
    ['home', expectHomeDraftAsText],
    ['business', expectBusinessDraftAsText],
  ] as const)('shows staff the hostile draft of %s as text: no script runs, no dialog opens', async (key, expectDraftAsText) => {
    const { context, page, dialogs, problems, response } = await open(`/admin/preview/${key}`, { state: signedIn });
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('no-store');
    expect(response.headers()['x-robots-tag']).toMatch(/noindex/);
    await expect(previewBar(page).innerText()).resolves.toMatch(/^Preview — not published\./);
    await expectDraftAsText(page);
    // The live home page offers the regions in a dialog on a first visit; a preview opens no pop-up over the page.
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await expect(page.locator('[data-island="RegionOfferModal"], [data-island="QuotePopup"], [data-island="EnquirePanel"]').count()).resolves.toBe(0);
    if (process.env.SCREENSHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/content-preview-hostile-${key}.png` });
      if (key === 'home') await page.locator('.cta-band').screenshot({ path: `${process.env.SCREENSHOTS_DIR}/content-preview-hostile-cta.png` });
    }
    // Give a late handler (an image's onerror) its chance.
    await page.waitForTimeout(500);
    expect(dialogs).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ['home', expectHomeDraftAsText],
    ['business', expectBusinessDraftAsText],
  ] as const)('shows a client the same draft of %s through a preview link, signed out', async (key, expectDraftAsText) => {
    const { context, page, dialogs, response } = await open(linkPaths[key]!);
    expect(response.status()).toBe(200);
    await expect(previewBar(page).innerText()).resolves.toContain('This link works until');
    await expectDraftAsText(page);
    await page.waitForTimeout(500);
    expect(dialogs).toEqual([]);
    await context.close();
  });

  it('keeps the public page as published', async () => {
    const { context, page, dialogs } = await open('/');
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.not.toContain('alert');
    await expect(previewBar(page).count()).resolves.toBe(0);
    await expect(page.title()).resolves.not.toContain('alert');
    expect(dialogs).toEqual([]);
    await context.close();
  });

  it('writes valid HTML (W3C Nu Html Checker) for staff\'s preview, a link\'s and the 404 of a dead link', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-vnu-preview-'));
    const pages = { staff: '/admin/preview/home', link: linkPaths.business!, dead: `/preview/${'0'.repeat(64)}` };
    const files: string[] = [];
    for (const [name, pagePath] of Object.entries(pages)) {
      const response = await fetch(`${server.url}${pagePath}`, { headers: name === 'staff' ? { Cookie: session.Cookie! } : {} });
      expect([name, response.status]).toEqual([name, name === 'dead' ? 404 : 200]);
      files.push(path.join(dir, `${name}.html`));
      fs.writeFileSync(files.at(-1)!, await response.text());
    }
    const { stdout } = await promisify(execFile)('java', ['-jar', VNU_JAR, '--errors-only', '--exit-zero-always', '--format', 'json', '--stdout', ...files], { maxBuffer: 16 * 1024 * 1024 });
    fs.rmSync(dir, { recursive: true, force: true });
    const errors = (JSON.parse(stdout) as { messages: { type: string; url?: string; message: string }[] }).messages.filter((message) => message.type !== 'info');
    expect(errors.map((error) => `${path.basename(error.url ?? '')}: ${error.message}`)).toEqual([]);
  });

  it.each([
    ['phone', PHONE_DEVICE],
    ['desktop', DESKTOP],
  ] as const)('lays the preview bar out above the page on a %s: nothing covered, no sideways scroll, no axe violations', async (name, device) => {
    const { context, page, dialogs } = await open('/admin/preview/business?path=/about', { state: signedIn, device });
    const bar = previewBar(page);
    const [barBox, headerBox] = [await bar.boundingBox(), await page.locator('.site-header').boundingBox()];
    expect(barBox!.y).toBe(0);
    expect(headerBox!.y).toBeGreaterThanOrEqual(barBox!.y + barBox!.height - 1);
    const widths = await pageWidths(page);
    expect(widths.document).toBeLessThanOrEqual(widths.viewport);
    expect(await axeViolations(page)).toEqual([]);
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/content-preview-${name}.png` });
    expect(dialogs).toEqual([]);
    await context.close();
  });
});
