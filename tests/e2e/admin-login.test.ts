import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, DESKTOP, launchBrowser, pageWidths, PHONE, PHONE_DEVICE, watchConsole } from './browser';
import { startServer, type RunningServer } from './server';

const ADMIN = { username: 'e2e-admin', password: 'e2e password that is long' };
const DAY_S = 24 * 3600;

describe('admin login in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function sessionCookie(context: BrowserContext) {
    return (await context.cookies(server.url)).find((cookie) => cookie.name === 'sid');
  }

  async function fillLogin(page: Page, password: string, { remember = false } = {}) {
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(password);
    if (remember) await page.getByLabel('Remember me for 30 days').check();
  }

  it('signs in through the form: wrong password after 1 s, then the right one with remember me; logout lands on / and the dashboard asks again', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${server.url}/admin/dashboard/forms/quote`);
    await expect(page.title()).resolves.toMatch(/^Admin sign in/);
    await expect(page.locator('.site-header, .site-footer').count()).resolves.toBe(0);
    await page.waitForSelector('[data-island="AdminLogin"][data-hydrated="true"]');

    await fillLogin(page, 'not the password at all');
    // By CSS: the button's name changes to "Signing in…" while waiting.
    const submit = page.locator('.admin-login__submit');
    await submit.click();
    await expect(submit.isDisabled()).resolves.toBe(true);
    await expect(submit.textContent()).resolves.toBe('Signing in…');
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
    await expect(submit.isEnabled()).resolves.toBe(true);
    // The JSON login answered in place: still the same URL, password cleared, username kept.
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard/forms/quote');
    await expect(page.getByLabel('Password').inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Username').inputValue()).resolves.toBe(ADMIN.username);
    expect(await sessionCookie(context)).toBeUndefined();

    await fillLogin(page, ADMIN.password, { remember: true });
    await Promise.all([page.waitForURL(`${server.url}/admin/dashboard/forms/quote`), submit.click()]);
    await page.waitForFunction(() => document.title.startsWith('Admin dashboard'));
    const cookie = (await sessionCookie(context))!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(29 * DAY_S);
    // The browser is now a known device of this account: a year-long cookie only the login reads.
    const device = (await context.cookies(server.url)).find((entry) => entry.name === 'admin-device')!;
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(device.expires - Date.now() / 1000).toBeGreaterThan(364 * DAY_S);

    await page.reload();
    await expect(page.title()).resolves.toMatch(/^Admin dashboard/);

    // The dashboard's logout is a form posting the session's token to /admin/logout.
    const { csrfToken } = await page.evaluate(() => fetch('/api/auth/session').then((response) => response.json() as Promise<{ csrfToken: string }>));
    await Promise.all([
      page.waitForURL(`${server.url}/`),
      page.evaluate((token) => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = '/admin/logout';
        const field = Object.assign(document.createElement('input'), { type: 'hidden', name: 'csrf', value: token });
        form.append(field);
        document.body.append(form);
        form.submit();
      }, csrfToken),
    ]);
    expect(await sessionCookie(context)).toBeUndefined();
    // Signing out ends the session, not the browser's standing as a known device.
    expect((await context.cookies(server.url)).some((entry) => entry.name === 'admin-device')).toBe(true);
    await page.goto(`${server.url}/admin/dashboard`);
    await expect(page.title()).resolves.toMatch(/^Admin sign in/);
    // The browser reports the failed login's 401 itself; nothing else may appear.
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
    await context.close();
  });

  it('without remember me the cookie ends with the browser session', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/dashboard`);
    await page.waitForSelector('[data-island="AdminLogin"][data-hydrated="true"]');
    await fillLogin(page, ADMIN.password);
    await Promise.all([page.waitForFunction(() => document.title.startsWith('Admin dashboard')), page.getByRole('button', { name: 'Sign in' }).click()]);
    expect((await sessionCookie(context))!.expires).toBe(-1);
    await context.close();
  });

  // A person (or a password manager) can fill the form from the server's HTML before the island's
  // script arrives: what the page holds must be what the island signs in with.
  it.each([
    ['the username typed before the island hydrates, the password after', ['Username'], ['Password']],
    ['both filled before the island hydrates, sent after', ['Username', 'Password'], []],
  ] as const)('keeps what was filled before hydration: %s', async (_label, early, late) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const problems = watchConsole(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The island's own bundle is held back until the fields are filled.
    await page.route('**/islands/AdminLogin-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/admin/dashboard`, { waitUntil: 'domcontentloaded' });
    const values = { Username: ADMIN.username, Password: ADMIN.password };
    for (const label of early) await page.getByLabel(label, { exact: true }).fill(values[label]);
    await expect(page.locator('[data-island="AdminLogin"]').getAttribute('data-hydrated')).resolves.toBeNull();
    release();
    await page.waitForSelector('[data-island="AdminLogin"][data-hydrated="true"]');
    for (const label of late) await page.getByLabel(label, { exact: true }).pressSequentially(values[label]);
    await expect(page.getByLabel('Username').inputValue()).resolves.toBe(ADMIN.username);
    await expect(page.getByLabel('Password').inputValue()).resolves.toBe(ADMIN.password);
    // Signed in through the island's JSON call, with the values the page held.
    const [login] = await Promise.all([page.waitForRequest(`${server.url}/api/auth/login`), page.getByRole('button', { name: 'Sign in' }).click()]);
    expect(login.postDataJSON()).toMatchObject({ username: ADMIN.username, password: ADMIN.password });
    await page.waitForFunction(() => document.title.startsWith('Admin dashboard'));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('works with JavaScript disabled: the error re-rendered with the username kept, then the dashboard path', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/dashboard/portfolio`);
    await fillLogin(page, 'wrong password again');
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Sign in' }).click()]);
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
    await expect(page.getByLabel('Username').inputValue()).resolves.toBe(ADMIN.username);

    await page.getByLabel('Password').fill(ADMIN.password);
    await Promise.all([page.waitForURL(`${server.url}/admin/dashboard/portfolio`), page.getByRole('button', { name: 'Sign in' }).click()]);
    await expect(page.title()).resolves.toMatch(/^Admin dashboard/);
    await context.close();
  });

  it('logs logins, failures and logouts without ever writing a password', () => {
    const text = server.logs.join('\n');
    expect(text).toContain('admin signed in');
    expect(text).toContain('admin login failed');
    expect(text).toContain('admin signed out');
    expect(text).not.toContain(ADMIN.password);
    expect(text).not.toContain('not the password at all');
  });

  it('has no axe violations on the login screen, empty and with an error, at 375px and 1280px', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${server.url}/admin/dashboard`);
      await page.waitForSelector('[data-island="AdminLogin"][data-hydrated="true"]');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByLabel('Username').fill('someone-else');
      await page.getByLabel('Password').fill('wrong password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    }
  });
});

describe('first start on an empty embedded database without ADMIN_USERNAME', () => {
  it('prints a one-time setup address, never a password; the first owner chooses one there and signs in', async () => {
    const server = await startServer();
    const browser = await launchBrowser();
    try {
      const line = await server.waitForLog(/^\*\*\* Set up the first admin: /);
      expect(line).toMatch(/^\*\*\* Set up the first admin: http:\/\/localhost:\d+\/admin\/set-password\?token=[\w-]{43} \(single use, valid for one hour\) \*\*\*$/);
      const address = /(http:\S+)/.exec(line)![1]!;
      const token = new URL(address).searchParams.get('token')!;
      // On the terminal once, never in the JSON log, and no password anywhere.
      const jsonLog = server.logs.filter((entry) => entry.startsWith('{')).join('\n');
      expect(jsonLog).toContain('first admin created without a password; its one-time setup address is shown on the terminal (not logged)');
      expect(jsonLog).not.toContain(token);
      expect(server.logs.join('\n')).not.toMatch(/password: /i);

      const context = await browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      await page.goto(address);
      // The first owner has no name yet: the page asks for it, required.
      expect(await page.getByLabel('Your name').inputValue()).toBe('');
      await page.getByLabel('Your name').fill('Ada Owner');
      await page.getByLabel('Your e-mail address').fill('ada@agency.test');
      await page.getByLabel(/New password/).fill('the first owner password');
      await page.getByLabel('Same password again').fill('the first owner password');
      await page.getByRole('button', { name: 'Set up my account' }).click();
      // Straight to the sign-in form, the username filled in.
      await page.getByRole('status').filter({ hasText: 'Your password is set.' }).waitFor();
      await page.waitForSelector('[data-island="AdminLogin"][data-hydrated="true"]');
      expect(await page.getByLabel('Username').inputValue()).toBe('admin');
      await page.getByLabel('Password', { exact: true }).fill('the first owner password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await page.getByText('Welcome back, Ada Owner.').waitFor();
      // Used once: the address no longer works.
      await page.goto(address);
      await page.getByText('This link does not work any more').waitFor();
      await context.close();
      // Opening and posting it left the token out of the access log too.
      expect(server.logs.filter((entry) => entry.startsWith('{')).join('\n')).not.toContain(token);
    } finally {
      await browser.close();
      await server.stop();
    }
  }, 60_000);
});

describe('the daily per-username ceiling in a real browser, for an owner with two-factor sign-in', () => {
  const OWNER = { username: 'e2e-ceiling', password: 'e2e ceiling owner password' };
  const STEP_MS = 30_000;
  let server: RunningServer;
  let browser: Browser;
  let secret: string;
  /** When two-factor was turned on: that step's code is used, and only later ones pass. */
  let enabledAt: number;

  /** The login API as a script calls it: same-origin, from `ip` when given (the server trusts X-Forwarded-For). */
  const apiLogin = (body: object, ip?: string) =>
    fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: server.url, ...(ip ? { 'X-Forwarded-For': ip } : {}) },
      body: JSON.stringify({ username: OWNER.username, ...body }),
    });
  const codeAt = (timestamp: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, TRUST_PROXY: 'true' }),
      launchBrowser(),
    ]);
    // Two-factor on for the owner, through the account's API.
    const signedIn = await apiLogin({ password: OWNER.password });
    expect(signedIn.status).toBe(200);
    const sid = signedIn.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='))!.split(';')[0]!;
    const { csrfToken } = (await signedIn.json()) as { csrfToken: string };
    const session = { Cookie: sid, 'X-CSRF-Token': csrfToken, Origin: server.url, 'Content-Type': 'application/json', Accept: 'application/json' };
    const setup = await fetch(`${server.url}/api/account/totp/setup`, { method: 'POST', headers: session });
    expect(setup.status).toBe(200);
    secret = ((await setup.json()) as { secret: string }).secret;
    enabledAt = Date.now();
    const enabled = await fetch(`${server.url}/api/account/totp/enable`, { method: 'POST', headers: session, body: JSON.stringify({ code: codeAt(enabledAt) }) });
    expect(enabled.status).toBe(200);

    // A guess spread wide: 100 wrong passwords from 25 addresses, 4 each (under every per-address
    // limit), all at once (each failure is answered after 1 s). That is the username's daily ceiling.
    const guesses = await Promise.all(Array.from({ length: 100 }, (_, i) => apiLogin({ password: `wrong guess ${i}` }, `203.0.113.${i % 25}`)));
    expect(guesses.map((response) => response.status)).toEqual(Array(100).fill(401));
    const next = await apiLogin({ password: 'one more guess' }, '203.0.113.200');
    expect(next.status).toBe(429);
    expect(await next.json()).toMatchObject({ codeMayPass: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('with JavaScript: the right password alone is refused and a code field appears; a wrong code gets the same refusal; the right password and a valid code sign in', async () => {
    const context = await browser.newContext(PHONE_DEVICE);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${server.url}/admin/dashboard`);
    await page.waitForSelector('[data-island="AdminLogin"][data-hydrated="true"]');
    const codeField = page.getByLabel('Code from your authenticator app (two-factor accounts)');
    await expect(codeField.count()).resolves.toBe(0);
    const submit = page.getByRole('button', { name: 'Sign in' });
    const refusal = page.getByRole('alert');

    // The right password alone: the ceiling's answer, and a field for the code beside the password.
    await page.getByLabel('Username').fill(OWNER.username);
    await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
    const [alone] = await Promise.all([page.waitForResponse(`${server.url}/api/auth/login`), submit.click()]);
    expect(alone.status()).toBe(429);
    expect(await alone.json()).toEqual({ error: expect.stringContaining('enter your password with a code from your app'), codeMayPass: true });
    await codeField.waitFor();
    const message = (await refusal.textContent())!;
    expect(message).toMatch(/^Too many failed sign-in attempts for this username\. Please wait .+ — or, if your account uses two-factor sign-in, enter your password with a code from your app\.$/);
    await expect(page.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Username').inputValue()).resolves.toBe(OWNER.username);
    expect(page.url()).toBe(`${server.url}/admin/dashboard`);
    // That screen passes axe and fits the phone.
    expect(await axeViolations(page)).toEqual([]);
    // On a phone a page wider than the screen is zoomed out (the viewport grows); `widest` names the culprit.
    const widths = await pageWidths(page);
    expect({ ...widths, fits: widths.document <= PHONE.width && widths.body <= PHONE.width && widths.viewport === PHONE.width }).toMatchObject({ fits: true });

    // The right password with a wrong code: the very same answer.
    const now = Date.now();
    const validCodes = new Set([-1, 0, 1].map((step) => codeAt(now + step * STEP_MS)));
    const wrongCode = ['000000', '111111', '222222', '333333'].find((code) => !validCodes.has(code))!;
    await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
    await codeField.fill(wrongCode);
    const [withWrongCode] = await Promise.all([page.waitForResponse(`${server.url}/api/auth/login`), submit.click()]);
    expect(withWrongCode.request().postDataJSON()).toMatchObject({ username: OWNER.username, password: OWNER.password, code: wrongCode });
    expect(withWrongCode.status()).toBe(429);
    expect(await withWrongCode.json()).toEqual({ error: message, codeMayPass: true });
    await expect(submit.isEnabled()).resolves.toBe(true);
    await expect(refusal.textContent()).resolves.toBe(message);
    await expect(codeField.inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe('');
    expect(await context.cookies(server.url)).toEqual([]);

    // The right password with a valid code (a step after the one two-factor was turned on with).
    await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
    await codeField.fill(codeAt(Math.max(Date.now(), enabledAt + STEP_MS)));
    await submit.click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard');
    const cookies = (await context.cookies(server.url)).map((cookie) => cookie.name).sort();
    expect(cookies).toEqual(['admin-device', 'sid']);
    // The browser reports the two refusals' 429 itself; nothing else may appear.
    expect(problems.filter((problem) => !problem.includes('status of 429'))).toEqual([]);
    expect(server.logs.join('\n')).toContain('admin signed in through the daily ceiling with password and second factor');
    await context.close();
  });
});
