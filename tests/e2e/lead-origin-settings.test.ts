import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { createDb } from '../../server/db/connection';
import { axeViolations, type BrowserState, DESKTOP, launchBrowser, pageWidths, PHONE_DEVICE, signInThroughForm, watchConsole } from './browser';
import { startServer, type RunningServer } from './server';

const ADMIN = { username: 'origin-admin', password: 'a long and private test passphrase' };
/** A desktop Chrome: headless Chromium names itself HeadlessChrome, which is counted as a robot. */
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const DEVICES = [
  ['phone', PHONE_DEVICE],
  ['desktop', { viewport: DESKTOP }],
] as const;

/** A lead's page says where the lead came from; Settings says when mail is off and what a retention will delete. */
describe("a lead's origin and the Settings notices in a real browser", () => {
  let site: RunningServer;
  let browser: Browser;
  let dataDir: string;
  let signedIn: BrowserState;
  let leadId: string;
  const start = () => startServer({ DATA_DIR: dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, FORM_RATE_LIMIT: '1000' });
  const send = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    fetch(`${site.url}/api/forms/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ phone: '+1 555 0100', subject: 'Hello', message: 'A site.', fillMs: 20_000, ...body }) });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-origin-e2e-'));
    [site, browser] = await Promise.all([start(), launchBrowser()]);
    // A visitor lands on the About page from a newsletter's campaign link, then writes in from Contact.
    const visitor = await browser.newContext({ userAgent: CHROME });
    const page = await visitor.newPage();
    const counted = page.waitForResponse((response) => response.url().includes('/api/analytics/view.gif'));
    await page.goto(`${site.url}/about?utm_source=newsletter&utm_medium=email&utm_campaign=spring`, { referer: 'https://news.example/story?id=7' });
    await counted;
    await visitor.close();
    const sent = await send({ name: 'Vera Visitor', email: 'vera@example.com' }, { 'User-Agent': CHROME, Referer: `${site.url}/contact` });
    expect(sent.status).toBe(201);
    leadId = ((await sent.json()) as { _id: string })._id;
    // Two leads from long ago, for the retention preview (dated while the site is stopped).
    for (const email of ['old.one@example.com', 'old.two@example.com']) expect((await send({ name: 'Old Timer', email })).status).toBe(201);
    await site.stop();
    const db = createDb({ dataDir });
    try {
      await db('leads').whereLike('email', 'old.%').update({ submitted_at: new Date(Date.now() - 400 * 86_400_000) });
    } finally {
      await db.destroy();
    }
    site = await start();
    signedIn = await signInThroughForm(browser, site.url, ADMIN);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const open = async (device: (typeof DEVICES)[number][1], address: string) => {
    const context = await browser.newContext({ ...device, storageState: signedIn });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${site.url}${address}`);
    await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
    return { context, page, problems };
  };

  it.each(DEVICES)("shows on a lead's page where it came from: only what is known, no full addresses (%s)", async (name, device) => {
    const { context, page, problems } = await open(device, `/admin/dashboard/messages/contact/${leadId}`);
    const origin = page.getByRole('region', { name: 'Where it came from' });
    await origin.waitFor();
    const rows = await origin.locator('.admin-submission__row').evaluateAll((found) => found.map((row) => [row.querySelector('dt')!.textContent, row.querySelector('dd')!.textContent]));
    expect(rows).toEqual([
      ['Landing page', '/about'],
      ['Form sent from', '/contact'],
      ['Referrer', 'news.example'],
      ['Source', 'newsletter'],
      ['Medium', 'email'],
      ['Campaign', 'spring'],
    ]);
    expect((await pageWidths(page)).document).toBeLessThanOrEqual(device.viewport.width);
    await origin.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `screenshots/admin-lead-origin-${name}.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each(DEVICES)('says in Settings that mail is off, and what saving a shorter retention will delete (%s)', async (name, device) => {
    const { context, page, problems } = await open(device, '/admin/dashboard/settings');
    await page.getByRole('region', { name: 'Mail is off' }).waitFor();
    await expect(page.getByRole('link', { name: 'Set up mail in Settings' }).count()).resolves.toBe(1);

    await page.getByLabel('Contact').fill('365');
    const preview = page.locator('#retention-preview-contact');
    await expect(preview.getByText(/^Saving will delete 2 Contact leads older than 365 days \(received before .+\) at 03:00\.$/).waitFor()).resolves.toBeUndefined();
    await expect(page.getByLabel('Contact').getAttribute('aria-describedby')).resolves.toContain('retention-preview-contact');
    await page.getByLabel('Contact').fill('3000');
    await preview.getByText('No Contact lead is older than 3,000 days: saving deletes none now.').waitFor();
    await page.getByLabel('Contact').fill('365');
    await preview.getByText(/^Saving will delete 2 Contact leads/).waitFor();

    expect((await pageWidths(page)).document).toBeLessThanOrEqual(device.viewport.width);
    await page.screenshot({ path: `screenshots/admin-settings-${name}.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
