import type { Browser } from 'playwright-core';
import { launchBrowser, openDashboard, signInThroughForm } from './browser';
import { startServer, type RunningServer } from './server';

const ADMIN = { username: 'sessions-admin', password: 'a long and private test passphrase' };
const NEW_PASSWORD = 'another long private passphrase';

/** Your account's sessions in Chromium: what the list shows after a change that ends sessions. */
describe('your sessions in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists only this session right after a password change ended the others, with no End session left', async () => {
    const elsewhere = await signInThroughForm(browser, server.url, ADMIN);
    const here = await signInThroughForm(browser, server.url, ADMIN);
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/account`, here);
    const sessions = page.locator('[aria-labelledby="sessions-title"] li');
    await page.getByRole('button', { name: /^End session/ }).first().waitFor();
    expect(await sessions.count()).toBeGreaterThanOrEqual(2);

    await page.getByLabel('Current password').fill(ADMIN.password);
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed; your other sessions were signed out.').waitFor();
    // No reload: the list is read again and holds this browser's session alone.
    await page.waitForFunction(() => document.querySelectorAll('[aria-labelledby="sessions-title"] li').length === 1);
    await expect(sessions.innerText()).resolves.toContain('(this browser)');
    await expect(page.getByRole('button', { name: /^End session/ }).count()).resolves.toBe(0);

    // And the other session has indeed ended.
    const other = await browser.newContext({ storageState: elsewhere });
    const otherPage = await other.newPage();
    await otherPage.goto(`${server.url}/admin/dashboard`);
    await expect(otherPage.title()).resolves.toMatch(/^Admin sign in/);
    await other.close();
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
