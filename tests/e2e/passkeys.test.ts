import { createServer } from 'node:net';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { axeViolations, DESKTOP, launchBrowser, PHONE, watchConsole } from './browser';
import { startServer, type RunningServer } from './server';

const ADMIN = { username: 'passkey-owner', password: 'a long and private test passphrase' };
const ERROR_REFUSED = 'This passkey was not accepted. Try again, or sign in with your username and password.';
const NAME_REQUIRED = 'Give the passkey a name, such as "MacBook" or "Pixel".';
const SIGN_IN_WITH_PASSKEY = /This account already has a passkey: sign out and sign in with it/;

/** A port nothing listens on now: WebAuthn needs the site at `localhost`, its relying party id. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Passkeys in Chromium with a virtual authenticator (the DevTools protocol's WebAuthn domain: a
 * platform authenticator holding discoverable credentials, verifying its user at once): added in
 * Your account, signing in alone, refused once removed or when an answer is replayed, meeting the
 * owners' two-factor rule, removed with the password or confirmed with a passkey; axe 0 at 375 and
 * 1280 px.
 */
describe('passkeys in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let site: string;

  beforeAll(async () => {
    const port = await freePort();
    site = `http://localhost:${port}`;
    [server, browser] = await Promise.all([
      startServer({ PORT: String(port), PUBLIC_URL: site, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function withAuthenticator(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    return page;
  }

  async function openSignIn(page: Page): Promise<void> {
    await page.goto(`${site}/admin/dashboard`);
    await page.waitForSelector('[data-island="AdminLogin"][data-hydrated="true"]');
    await page.getByRole('button', { name: 'Use a passkey' }).waitFor();
  }

  async function signInWithPassword(page: Page): Promise<void> {
    await openSignIn(page);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
  }

  /** Logout, which leads to the website. */
  async function signOut(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/admin'));
  }

  async function openAccount(page: Page): Promise<void> {
    await page.goto(`${site}/admin/dashboard/account`);
    await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
    await page.waitForSelector('[role="status"].admin-loading', { state: 'detached' });
  }

  /** Fills the Passkeys card's add form (name and password) and asks to add the passkey. */
  async function askToAddPasskey(card: Locator, name: string, password: string): Promise<void> {
    await card.getByLabel(/^Name of the new passkey/).fill(name);
    await card.getByLabel(/^Your password, to add it/).fill(password);
    await card.getByRole('button', { name: 'Add a passkey' }).click();
  }

  /** The owners' "require two-factor" rule, switched through the Settings API in the page's session. */
  async function requireTwoFactor(page: Page, on: boolean): Promise<void> {
    const status = await page.evaluate(async (value) => {
      const session = (await (await fetch('/api/auth/session')).json()) as { csrfToken: string };
      const response = await fetch('/api/settings', { method: 'PATCH', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrfToken }, body: JSON.stringify({ requireTwoFactor: value }) });
      return response.status;
    }, on ? true : null);
    expect(status).toBe(200);
  }

  it('adds a passkey, signs in with it alone (a replay refused), meets the two-factor rule, and refuses it once removed', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await withAuthenticator(context);
    const problems = watchConsole(page);

    // The sign-in page offers passkeys: the button, and the username field's passkey autofill.
    await openSignIn(page);
    await expect(page.getByLabel('Username').getAttribute('autocomplete')).resolves.toBe('username webauthn');
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await expect(axeViolations(page)).resolves.toEqual([]);
    }

    await signInWithPassword(page);
    await openAccount(page);
    const card = page.locator('[aria-labelledby="passkeys-title"]');
    await card.getByText('No passkeys yet.').waitFor();
    // A name of spaces is refused beside the field before the device is asked for a passkey.
    const optionsAsked: string[] = [];
    page.on('request', (request) => void (request.url().endsWith('/api/account/passkeys/options') && optionsAsked.push(request.url())));
    await askToAddPasskey(card, '   ', ADMIN.password);
    await card.getByText(NAME_REQUIRED).waitFor();
    expect(optionsAsked).toEqual([]);
    await askToAddPasskey(card, 'Test laptop', ADMIN.password);
    await page.getByText('Passkey Test laptop added: you can sign in with it alone.').waitFor();
    await card.locator('strong', { hasText: 'Test laptop' }).waitFor();
    await card.getByText(/never used yet/).waitFor();
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await expect(axeViolations(page)).resolves.toEqual([]);
    }

    // Rename it in its row: focus moves into the field, and back to the row's button after.
    const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.getAttribute('data-passkey-action') || document.activeElement?.tagName);
    await card.getByRole('button', { name: 'Rename Test laptop' }).click();
    await expect(focused()).resolves.toMatch(/^passkey-rename-/);
    await card.getByRole('button', { name: 'Cancel' }).click();
    await expect(focused()).resolves.toMatch(/^rename-/);
    await card.getByRole('button', { name: 'Rename Test laptop' }).click();
    await card.getByLabel(/^New name/).fill('Work laptop');
    await card.getByRole('button', { name: 'Save name' }).click();
    await card.locator('strong', { hasText: 'Work laptop' }).waitFor();
    await expect(focused()).resolves.toMatch(/^rename-/);

    // The owners require two-factor: this password-only account would be sent to set it up, but a
    // passkey sign-in is complete. The sign-in page asks the browser for the site's passkeys at
    // once (its autofill); the virtual authenticator answers that request by itself.
    await requireTwoFactor(page, true);
    await signOut(page);
    const verified = page.waitForRequest((request) => request.url().endsWith('/api/auth/passkey/verify'));
    await page.goto(`${site}/admin/dashboard`);
    const verifyBody = (await verified).postData() ?? '';
    await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
    await openAccount(page);
    await expect(page.getByText('The owners require two-factor sign-in for every account.').count()).resolves.toBe(0);
    await card.getByText(/last used/).waitFor();

    // The same answer sent again is refused: its challenge was used.
    expect(verifyBody).toContain('"response"');
    const replayed = await page.evaluate(async (body) => (await fetch('/api/auth/passkey/verify', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })).status, verifyBody);
    expect(replayed).toBe(401);

    // A password sign-in of this account (it has a passkey, no TOTP) is sent to the setup, which
    // lists its passkeys without Rename or Remove (refused there) and adds none on the password alone.
    const otherContext = await browser.newContext({ viewport: DESKTOP });
    const otherPage = await otherContext.newPage();
    await signInWithPassword(otherPage);
    await openAccount(otherPage);
    const setupCard = otherPage.locator('[aria-labelledby="passkeys-title"]');
    await setupCard.locator('strong', { hasText: 'Work laptop' }).waitFor();
    await expect(setupCard.getByRole('button', { name: /^(Rename|Remove)/ }).count()).resolves.toBe(0);
    await askToAddPasskey(setupCard, 'Thief key', ADMIN.password);
    await setupCard.getByText(SIGN_IN_WITH_PASSKEY).waitFor();
    await expect(axeViolations(otherPage)).resolves.toEqual([]);
    await otherContext.close();

    await requireTwoFactor(page, false);
    // Remove it (with the password): this session, which it opened, ends with it (the dashboard
    // goes back to the sign-in), and it signs in no more, through the autofill or the button.
    await card.getByText(/you signed in with it here/).waitFor();
    await card.getByRole('button', { name: 'Remove Work laptop' }).click();
    await card.getByText('You signed in with this passkey here: removing it signs you out.').waitFor();
    await card.getByLabel(/^Your password, to remove it/).fill(ADMIN.password);
    const refusedByAutofill = page.waitForResponse((response) => response.url().endsWith('/api/auth/passkey/verify'));
    await card.getByRole('button', { name: 'Remove passkey' }).click();
    expect((await refusedByAutofill).status()).toBe(401);
    await page.getByText(ERROR_REFUSED).waitFor();
    const refusedByButton = page.waitForResponse((response) => response.url().endsWith('/api/auth/passkey/verify'));
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    expect((await refusedByButton).status()).toBe(401);
    await page.getByText(ERROR_REFUSED).waitFor();
    await expect(page.title()).resolves.toMatch(/^Admin sign in/);
    await page.setViewportSize(PHONE);
    await expect(axeViolations(page)).resolves.toEqual([]);

    expect(problems.filter((problem) => !/401|Unauthorized/.test(problem))).toEqual([]);
    await context.close();
  }, 120_000);

  it('removes a passkey confirmed with a passkey instead of the password', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await withAuthenticator(context);
    const problems = watchConsole(page);
    await signInWithPassword(page);
    await openAccount(page);
    const card = page.locator('[aria-labelledby="passkeys-title"]');
    await askToAddPasskey(card, 'Desk key', ADMIN.password);
    await page.getByText('Passkey Desk key added: you can sign in with it alone.').waitFor();

    // The device still at hand confirms its own removal, the password left empty.
    await card.getByRole('button', { name: 'Remove Desk key' }).click();
    await card.getByText('Or confirm with any of your passkeys, this one too.').waitFor();
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await expect(axeViolations(page)).resolves.toEqual([]);
    }
    const removed = page.waitForResponse((response) => /\/api\/account\/passkeys\/\d+\/remove$/.test(response.url()));
    await card.getByRole('button', { name: 'Confirm with a passkey' }).click();
    expect((await removed).status()).toBe(204);
    await page.getByText('Passkey Desk key removed: it signs in no more.').waitFor();
    // The list is read again after the message: the row goes once that answer is in.
    await card.locator('strong', { hasText: 'Desk key' }).waitFor({ state: 'detached' });

    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('lets an owner remove another account\'s passkeys in Users (a lost device), which signs it out', async () => {
    const ownerContext = await browser.newContext({ viewport: DESKTOP });
    const ownerPage = await ownerContext.newPage();
    const problems = watchConsole(ownerPage);
    await signInWithPassword(ownerPage);
    // An editor with a generated password, through the owners' API in the owner's session.
    const editor = await ownerPage.evaluate(async () => {
      const session = (await (await fetch('/api/auth/session')).json()) as { csrfToken: string };
      const response = await fetch('/api/users', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrfToken },
        body: JSON.stringify({ username: 'lost-phone-ed', displayName: 'Ed Lost', role: 'editor' }),
      });
      return { username: 'lost-phone-ed', password: ((await response.json()) as { password: string }).password };
    });

    // The editor adds a passkey in a browser of their own.
    const editorContext = await browser.newContext({ viewport: DESKTOP });
    const editorPage = await withAuthenticator(editorContext);
    await openSignIn(editorPage);
    await editorPage.getByLabel('Username').fill(editor.username);
    await editorPage.getByLabel('Password', { exact: true }).fill(editor.password);
    await editorPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await editorPage.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
    await openAccount(editorPage);
    const card = editorPage.locator('[aria-labelledby="passkeys-title"]');
    await askToAddPasskey(card, 'Phone', editor.password);
    await editorPage.getByText('Passkey Phone added: you can sign in with it alone.').waitFor();

    await ownerPage.goto(`${site}/admin/dashboard/users`);
    await ownerPage.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
    await ownerPage.waitForSelector('[role="status"].admin-loading', { state: 'detached' });
    await ownerPage.getByRole('row', { name: /lost-phone-ed/ }).getByText('1 passkey').waitFor();
    for (const size of [PHONE, DESKTOP]) {
      await ownerPage.setViewportSize(size);
      await expect(axeViolations(ownerPage)).resolves.toEqual([]);
    }
    // Asked first, in a dialog (Cancel keeps them).
    await ownerPage.getByRole('button', { name: 'Remove passkeys of lost-phone-ed' }).click();
    const dialog = ownerPage.getByRole('alertdialog', { name: 'Remove every passkey of lost-phone-ed?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog.count()).resolves.toBe(0);
    await ownerPage.getByRole('button', { name: 'Remove passkeys of lost-phone-ed' }).click();
    await expect(axeViolations(ownerPage)).resolves.toEqual([]);
    await dialog.getByRole('button', { name: 'Remove passkeys' }).click();
    await ownerPage.getByText('Passkeys of lost-phone-ed removed; signed out everywhere.').waitFor();
    await ownerPage.getByRole('row', { name: /lost-phone-ed/ }).getByText('0 passkeys').waitFor();

    // The editor's session ended, and the passkey signs in no more.
    const refused = editorPage.waitForResponse((response) => response.url().endsWith('/api/auth/passkey/verify'));
    await editorPage.goto(`${site}/admin/dashboard`);
    expect((await refused).status()).toBe(401);
    await editorPage.getByText(ERROR_REFUSED).waitFor();

    // Sign-in options are limited per network: past the limit the page says how long to wait.
    const statuses = await editorPage.evaluate(async () => {
      const seen: number[] = [];
      for (let call = 0; call < 40 && !seen.includes(429); call += 1) seen.push((await fetch('/api/auth/passkey/options', { method: 'POST', headers: { Accept: 'application/json' } })).status);
      return seen;
    });
    expect(statuses.at(-1)).toBe(429);
    await editorPage.getByRole('button', { name: 'Use a passkey' }).click();
    await editorPage.getByText(/^Too many passkey sign-ins were started\. Please wait \d+ minutes? and try again\.$/).waitFor();

    expect(problems).toEqual([]);
    await editorContext.close();
    await ownerContext.close();
  }, 120_000);
});
