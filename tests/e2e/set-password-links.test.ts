import type { Browser, Page } from 'playwright-core';
import { axeViolations, DESKTOP, launchBrowser, openDashboard, PHONE, signInThroughForm, watchConsole, type BrowserState } from './browser';
import { startServer, type RunningServer } from './server';

const OWNER = { username: 'e2e-owner', password: 'e2e owner password long' };

/**
 * One-time set-password links as people use them: opened in another browser (no session, no
 * cookies), the password chosen on the link's page, then a sign-in with it.
 */
describe('set-password links in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let ownerState: BrowserState;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password }), launchBrowser()]);
    ownerState = await signInThroughForm(browser, server.url, OWNER);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The link on this server: without PUBLIC_URL, a server on PORT=0 names port 0 in the links it gives. */
  const onServer = (link: string) => {
    const url = new URL(link);
    expect(url.pathname).toBe('/admin/set-password');
    return new URL(url.pathname + url.search, server.url).toString();
  };

  /** Opens the link in a fresh browser context and chooses the password there. */
  async function choosePassword(link: string, username: string, password: string, { javaScriptEnabled }: { javaScriptEnabled: boolean }): Promise<void> {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const posted: Record<string, string>[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posted.push(request.headers());
    });
    await page.goto(link);
    await page.getByText(`Account: ${username}`).waitFor();
    // axe runs as a script in the page, so only where scripts run.
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    // The name given when the account was made, to confirm or correct.
    expect(await page.getByLabel('Your name').inputValue()).toBe('Nell Editor');
    await page.getByLabel(/New password/).fill(password);
    await page.getByLabel('Same password again').fill(password);
    await page.getByRole('button', { name: 'Set password' }).click();
    // On to the sign-in form, the username filled in (without JavaScript too: it is the page's HTML).
    await page.getByRole('status').filter({ hasText: 'Your password is set.' }).waitFor();
    expect(await page.getByLabel('Username').inputValue()).toBe(username);
    // The post named our origin, and the token reached no other site.
    expect(posted).toHaveLength(1);
    expect(posted[0]!.origin).toBe(new URL(server.url).origin);
    expect(problems).toEqual([]);
    await context.close();
  }

  async function signIn(page: Page, username: string, password: string): Promise<void> {
    await page.goto(`${server.url}/admin/dashboard`);
    await page.waitForSelector('[data-island="AdminLogin"][data-hydrated="true"]');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('an owner adds an editor with a link; in another browser the editor chooses a password and signs in', async () => {
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/users`, ownerState);
    await page.getByLabel('Username *', { exact: true }).fill('new-editor');
    await page.getByLabel('Name *', { exact: true }).fill('Nell Editor');
    await page.getByLabel('Role', { exact: true }).selectOption('editor');
    await page.getByLabel('A link for them to set it (valid 24 hours)').check();
    await page.getByRole('button', { name: 'Add account' }).click();
    const link = (await page.locator('section[aria-labelledby="disclosure-title"] code').textContent())!;
    expect(problems).toEqual([]);
    await context.close();

    await choosePassword(onServer(link), 'new-editor', 'the editor chose this', { javaScriptEnabled: true });

    const editor = await browser.newContext({ viewport: DESKTOP });
    const editorPage = await editor.newPage();
    await signIn(editorPage, 'new-editor', 'the editor chose this');
    await editorPage.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await editor.close();
  }, 90_000);

  it('a password reset by link: the editor is signed out, sets a new one without JavaScript, and only that one works', async () => {
    const editor = await browser.newContext({ viewport: DESKTOP });
    const editorPage = await editor.newPage();
    await signIn(editorPage, 'new-editor', 'the editor chose this');
    await editorPage.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    // The Users view resets to a generated password; a reset by link is the same API call's other choice.
    const { context, page } = await openDashboard(browser, `${server.url}/admin/dashboard/users`, ownerState);
    const answer = await page.evaluate(async () => {
      const session = (await (await fetch('/api/auth/session')).json()) as { csrfToken: string };
      const response = await fetch('/api/users/new-editor', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrfToken },
        body: JSON.stringify({ resetPassword: 'link' }),
      });
      return { status: response.status, body: (await response.json()) as { setPasswordUrl?: string } };
    });
    await context.close();
    expect(answer.status).toBe(200);

    // Signed out everywhere by the reset.
    await editorPage.reload();
    await editorPage.waitForSelector('[data-island="AdminLogin"][data-hydrated="true"]');

    await choosePassword(onServer(answer.body.setPasswordUrl!), 'new-editor', 'a fresh editor password', { javaScriptEnabled: false });

    await signIn(editorPage, 'new-editor', 'the editor chose this');
    await editorPage.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
    await signIn(editorPage, 'new-editor', 'a fresh editor password');
    await editorPage.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await editor.close();
  }, 90_000);
});
