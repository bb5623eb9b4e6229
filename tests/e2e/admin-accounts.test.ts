import fs from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, DESKTOP, launchBrowser, pageWidths, PHONE, PHONE_DEVICE, watchConsole } from './browser';
import { startServer, type RunningServer } from './server';

const OWNER = { username: 'e2e-owner', password: 'e2e owner password long' };
/** Where the views' screenshots go, to be looked at (not compared). */
const SHOTS = process.env.E2E_SCREENSHOTS;

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

  /** The view laid out within the screen, passing axe, and shot for looking at. */
  async function checkView(page: Page, name: string): Promise<void> {
    const { width } = page.viewportSize()!;
    expect({ name, width: (await pageWidths(page)).document }).toEqual({ name, width });
    await noAxeViolations(page, `${name} at ${width}`);
    await shoot(page, `${name}-${width}`);
  }

  /**
   * The link's page as the invitee sees it: on a phone without JavaScript (a plain form post) and
   * on a laptop with it, each refusing a bad name beside its field, then setting name and password.
   */
  async function setUpThroughLink(link: string): Promise<void> {
    for (const [device, javaScriptEnabled] of [[PHONE_DEVICE, false], [{ viewport: DESKTOP }, true]] as const) {
      const context = await browser.newContext({ ...device, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(link);
      // The name the owner gave, to confirm or correct.
      expect(await page.getByLabel('Your name').inputValue()).toBe('Nina Newcomer');
      await page.getByLabel('Your name').fill('Nina "Newcomer"');
      await page.getByLabel(/New password/).fill('nina chose this one');
      await page.getByLabel('Same password again').fill('nina chose this one');
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.getByText('Leave out < > @ and ": the name is shown as the sender of our e-mails.').waitFor();
      expect(await page.getByLabel('Your name').inputValue()).toBe('Nina "Newcomer"');
      const { width } = page.viewportSize()!;
      expect((await pageWidths(page)).document).toBe(width);
      // axe runs as a script in the page, so only where scripts run.
      if (javaScriptEnabled) await noAxeViolations(page, `set-password page with an error at ${width}`);
      await shoot(page, `set-password-name-error-${width}`);
      if (javaScriptEnabled) {
        await page.getByLabel('Your name').fill('Nina Newcomer');
        await page.getByLabel(/New password/).fill('nina chose this one');
        await page.getByLabel('Same password again').fill('nina chose this one');
        await page.getByRole('button', { name: 'Set password' }).click();
        await page.getByRole('status').filter({ hasText: 'Your password is set.' }).waitFor();
        expect(await page.getByLabel('Username').inputValue()).toBe('nina');
      }
      await context.close();
    }
  }

  it('asks an account without a name for one, in the top bar and Your account; the Users view adds accounts with names and shows them, at 375 and 1280 px', async () => {
    for (const device of [PHONE_DEVICE, { viewport: DESKTOP }]) {
      const context = await browser.newContext(device);
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto(`${server.url}/admin/dashboard/users`);
      await page.waitForSelector('[data-island="AdminLogin"][data-hydrated="true"]');
      await Promise.all([page.waitForURL(`${server.url}/admin/dashboard/users`), signInWithPassword(page)]);
      await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
      const ownerRow = page.getByRole('row').filter({ hasText: OWNER.username });
      if (device === PHONE_DEVICE) {
        // Made from ADMIN_USERNAME without ADMIN_DISPLAY_NAME: no name yet, and it says so.
        await ownerRow.getByText('No name yet').waitFor();
        await page.getByRole('link', { name: 'Your account: add your name, replies to clients are signed with it' }).waitFor();
        await checkView(page, 'users-no-name');

        // The new account's name is asked for beside its username, checked by the shared rule before it is sent.
        await page.getByLabel('Username *', { exact: true }).fill('nina');
        await page.getByLabel('Name *', { exact: true }).fill('Nina <nina@agency.test>');
        await page.getByRole('button', { name: 'Add account' }).click();
        await page.getByText('Leave out < > @ and ": the name is shown as the sender of our e-mails.').waitFor();
        await checkView(page, 'users-add-name-error');
        await page.getByLabel('Name *', { exact: true }).fill('Nina Newcomer');
        await page.getByLabel('A link for them to set it (valid 24 hours)').check();
        await page.getByRole('button', { name: 'Add account' }).click();
        await page.getByRole('status').filter({ hasText: 'nina created.' }).waitFor();
        await page.getByRole('row').filter({ hasText: 'nina' }).getByText('Nina Newcomer').waitFor();
        const link = (await page.locator('section[aria-labelledby="disclosure-title"] code').textContent())!;
        await setUpThroughLink(new URL(new URL(link).pathname + new URL(link).search, server.url).toString());

        // Your account, from the top bar: the prompt first; the name saved shows at once.
        await page.getByRole('link', { name: 'Your account: add your name, replies to clients are signed with it' }).click();
        await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
        await page.getByText('Add your name: replies to clients are signed with it.').waitFor();
        await checkView(page, 'account-no-name');
        await page.getByLabel('Name *', { exact: true }).fill('Owen\tOwner');
        await page.getByRole('button', { name: 'Save name' }).click();
        await page.getByText('Leave out tabs and invisible control characters.').waitFor();
        await page.getByLabel('Name *', { exact: true }).fill('  Owen Owner ');
        await page.getByRole('button', { name: 'Save name' }).click();
        await page.getByRole('status').filter({ hasText: 'Name saved. Replies to clients are now signed Owen Owner.' }).waitFor();
        await page.getByText('Replies to clients are sent and signed as Owen Owner.').waitFor();
        await page.getByRole('link', { name: 'Your account (Owen Owner)' }).waitFor();
        expect(await page.getByText('Add your name').count()).toBe(0);
      } else {
        // Named now: the top bar shows the name, Users each account's name beside its username.
        await ownerRow.getByText('Owen Owner').waitFor();
        await page.getByRole('row').filter({ hasText: 'nina' }).getByText('Nina Newcomer').waitFor();
        await page.getByRole('link', { name: 'Your account (Owen Owner)' }).waitFor();
        await checkView(page, 'users-named');
        await page.getByRole('link', { name: 'Your account (Owen Owner)' }).click();
        await page.getByText('Replies to clients are sent and signed as Owen Owner.').waitFor();
        expect(await page.getByLabel('Name *', { exact: true }).inputValue()).toBe('Owen Owner');
        await checkView(page, 'account-named');
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  }, 120_000);

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
