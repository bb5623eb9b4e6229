import fs from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, DESKTOP, launchBrowser, PHONE, watchConsole } from './browser';
import { startServer, type RunningServer } from './server';

const OWNER = { username: 'e2e-owner', password: 'e2e owner password long' };
/** Where the views' screenshots go, to be looked at (not compared). */
const SHOTS = process.env.SCREENSHOT_DIR;

async function noAxeViolations(page: Page, what: string): Promise<void> {
  expect({ what, violations: await axeViolations(page) }).toEqual({ what, violations: [] });
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe('accounts, two-factor sign-in and the audit trail in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signInWithPassword(page: Page): Promise<void> {
    await page.getByLabel('Username').fill(OWNER.username);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('sets up two-factor sign-in in Your account, and the owner views pass axe at 375 and 1280 px', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${server.url}/admin/dashboard/account`);
    await page.waitForSelector('[data-island="AdminLogin"][data-hydrated="true"]');
    await Promise.all([page.waitForURL(`${server.url}/admin/dashboard/account`), signInWithPassword(page)]);
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await page.locator('.admin-qr svg').waitFor();
    await noAxeViolations(page, 'two-factor setup');
    await shoot(page, 'account-setup-1280');
    secret = (await page.locator('code').first().textContent())!;
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    await page.getByLabel('Code from the app').fill(code);
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.locator('.admin-recovery-codes code').first().waitFor();
    recoveryCodes = await page.locator('.admin-recovery-codes code').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('On. 10 recovery codes left.').waitFor();

    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      for (const [path, heading] of [
        ['/admin/dashboard/account', 'Your account'],
        ['/admin/dashboard/users', 'Users'],
        ['/admin/dashboard/settings', 'Settings'],
        ['/admin/dashboard/settings/audit', 'Audit trail'],
      ] as const) {
        await page.goto(server.url + path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
        if (path.endsWith('audit')) await page.locator('.admin-table tbody tr').first().waitFor();
        if (path.endsWith('users')) await page.locator('.admin-table tbody tr').first().waitFor();
        if (path.endsWith('settings')) await page.getByLabel('Reply promise (hours)').waitFor();
        await noAxeViolations(page, `${path} at ${viewport.width}`);
        await shoot(page, `${path.split('/').pop()}-${viewport.width}`);
      }
    }

    // The audit trail's days are typed the agency's way; a day with nothing recorded says so.
    await page.goto(`${server.url}/admin/dashboard/settings/audit`);
    await page.locator('.admin-table tbody tr').first().waitFor();
    const today = new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    await page.getByLabel('From (day)').fill(today);
    await page.getByLabel('To (day)').fill(today);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.locator('.admin-table tbody tr').first().waitFor();
    await page.getByLabel('From (day)').fill('1 Jan 2020');
    await page.getByLabel('To (day)').fill('2 Jan 2020');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('Nothing recorded matches these filters.').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('signs in with the code after the password, with JavaScript', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/dashboard`);
    await page.waitForSelector('[data-island="AdminLogin"][data-hydrated="true"]');
    await signInWithPassword(page);
    await page.getByLabel('Code').waitFor();
    await noAxeViolations(page, 'code step');
    await shoot(page, 'login-code-375');
    // The setup used this step's code; the next step's is within the ±1 window and not used yet.
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + 30_000 });
    await page.getByLabel('Code').fill(code);
    await Promise.all([page.waitForURL(`${server.url}/admin/dashboard`), page.getByRole('button', { name: 'Verify and sign in' }).click()]);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await context.close();
  }, 60_000);

  it('signs in with a recovery code after the password, without JavaScript', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/dashboard`);
    await signInWithPassword(page);
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await page.getByLabel('Code').fill('000000');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid code' }).waitFor();
    await page.getByLabel('Code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.waitForFunction(() => document.title.startsWith('Admin dashboard'));
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard');
    await context.close();
  }, 60_000);
});
