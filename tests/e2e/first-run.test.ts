import type { Browser } from 'playwright-core';
import { axeViolations, DESKTOP, launchBrowser, openDashboard, pageWidths, PHONE_DEVICE, watchConsole, type BrowserState } from './browser';
import { startServer, type RunningServer } from './server';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const OWNER = { name: 'Ada Owner', email: 'ada@agency.test', password: 'the first owner chose this' };

/**
 * A new site's first run as its owner meets it: the set-up address the first start prints, the
 * set-up form (name, e-mail, password), the sign-in form with the username filled in, and the
 * dashboard's first-run checklist, on a phone and on a desktop.
 */
describe('first run in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let state: BrowserState;
  beforeAll(async () => {
    // No ADMIN_USERNAME / ADMIN_PASSWORD: the start prints a one-time set-up address.
    [server, browser] = await Promise.all([startServer({}), launchBrowser()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sets up the owner on a phone, then signs in with the username filled in', async () => {
    const printed = await server.waitForLog(/Set up the first admin: (\S+)/);
    const link = new URL(/Set up the first admin: (\S+)/.exec(printed)![1]!);
    const context = await browser.newContext(PHONE_DEVICE);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(new URL(link.pathname + link.search, server.url).toString());
    await page.getByRole('heading', { name: 'Set up your account' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/first-run-setup-375.png`, fullPage: true });
    await page.getByLabel('Your name').fill(OWNER.name);
    await page.getByLabel('Your e-mail address').fill(OWNER.email);
    await page.getByLabel(/New password/).fill(OWNER.password);
    await page.getByLabel('Same password again').fill(OWNER.password);
    await page.getByRole('button', { name: 'Set up my account' }).click();

    // The sign-in form, the username filled in; mail is not set up, and it says what that means.
    await page.getByRole('status').filter({ hasText: 'Your e-mail address waits to be confirmed: mail is not set up yet.' }).waitFor();
    await page.waitForSelector('[data-island="AdminLogin"][data-hydrated="true"]');
    expect(await page.getByLabel('Username').inputValue()).toBe('admin');
    expect((await pageWidths(page)).document).toBeLessThanOrEqual(375);
    expect(await axeViolations(page)).toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/first-run-sign-in-375.png`, fullPage: true });
    await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // The dashboard opens on the checklist: nothing done yet, the address waiting for mail.
    await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
    const card = page.locator('.admin-first-run');
    await card.getByRole('heading', { name: 'Getting started' }).waitFor();
    await card.getByText('0 of 6 done.').waitFor();
    await card.getByText(`${OWNER.email} waits to be confirmed: mail is not set up yet.`).waitFor();
    expect((await pageWidths(page)).document).toBeLessThanOrEqual(375);
    expect(await axeViolations(page)).toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/first-run-dashboard-375.png`, fullPage: true });
    expect(problems).toEqual([]);
    state = await context.storageState();
    await context.close();
  }, 120_000);

  it('the sign-in address fills the username without JavaScript too', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/dashboard?username=admin&passwordSet=yes`);
    await page.getByRole('status').filter({ hasText: 'Your password is set. Sign in with it.' }).waitFor();
    expect(await page.getByLabel('Username').inputValue()).toBe('admin');
    await context.close();
  });

  it('on a desktop: the checklist links to where each item is done, ticks it once done, and keeps dismissals', async () => {
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard`, state, DESKTOP);
    const card = page.locator('.admin-first-run');
    await card.getByText('0 of 6 done.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/first-run-dashboard-1280.png`, fullPage: true });

    // Done by doing it where it is done: the time zone chosen in Settings.
    await card.getByRole('link', { name: 'Choose the time zone in Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    const saved = await page.evaluate(async () => {
      const session = (await (await fetch('/api/auth/session')).json()) as { csrfToken: string };
      const response = await fetch('/api/settings', { method: 'PATCH', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrfToken }, body: JSON.stringify({ timeZone: 'Europe/London' }) });
      return response.status;
    });
    expect(saved).toBe(200);
    await page.locator('#admin-sidebar').getByRole('link', { name: 'Dashboard', exact: true }).click();
    await card.getByText('1 of 6 done.').waitFor();
    await expect(card.locator('.admin-first-run__item--done').textContent()).resolves.toContain('Time zone');

    // Dismissed: gone from the card, for good (a reload asks the server again).
    await card.getByRole('button', { name: 'Dismiss “Invite the team”' }).click();
    await card.getByText('1 of 5 done.').waitFor();
    await page.reload();
    await card.getByText('1 of 5 done.').waitFor();
    await expect(card.getByText('Invite the team').count()).resolves.toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/first-run-dashboard-after-1280.png`, fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
