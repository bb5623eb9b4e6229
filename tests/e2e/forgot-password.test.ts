import type { Browser, Page } from 'playwright-core';
import { startSmtp, waitFor, type Inbox } from '../helpers/smtp-inbox';
import { axeViolations, DESKTOP, launchBrowser, openDashboard, pageWidths, PHONE_DEVICE, signInThroughForm, watchConsole } from './browser';
import { startServer, type RunningServer } from './server';

const OWNER = { username: 'forgetful-owner', password: 'the first long password' };

/** The link of `path` in a raw message (quoted-printable undone), moved to this server (without PUBLIC_URL, links name port 0). */
function linkIn(raw: string, path: string, server: RunningServer): string {
  const body = raw.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const found = new RegExp(`https?://[^\\s/]+${path}\\?token=[\\w-]{43}`).exec(body);
  if (!found) throw new Error(`no ${path} link in:\n${raw}`);
  const url = new URL(found[0]);
  return new URL(url.pathname + url.search, server.url).toString();
}

/**
 * "Forgot password?" end to end in Chromium: an owner confirms an e-mail address on Your account,
 * then, signed out, asks for a reset on the sign-in page, follows the mailed link, chooses a new
 * password and signs in with it.
 */
describe('Forgot password? in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let inbox: Inbox;

  beforeAll(async () => {
    inbox = await startSmtp();
    [server, browser] = await Promise.all([startServer({ ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, ADMIN_DISPLAY_NAME: 'Fran Forgetful', SMTP_URL: `smtp://127.0.0.1:${inbox.port}` }), launchBrowser()]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await inbox?.close();
  });

  /** The next message to arrive after `before`. */
  async function nextMail(before: number): Promise<string> {
    await waitFor(() => inbox.messages.length > before, 10_000);
    return inbox.messages[before]!;
  }

  /** The page has no axe violations and fits its width. */
  async function checkPage(page: Page): Promise<void> {
    expect(await axeViolations(page)).toEqual([]);
    const widths = await pageWidths(page);
    expect(widths.document).toBeLessThanOrEqual(widths.viewport);
  }

  it('confirms an address on Your account, then resets the password by e-mail from the sign-in page', async () => {
    // Your account: the address, with the current password; a link to confirm it arrives.
    const state = await signInThroughForm(browser, server.url, OWNER);
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/account`, state);
    let before = inbox.messages.length;
    await page.getByRole('textbox', { name: 'E-mail address' }).fill('forgetful@agency.test');
    await page.getByLabel('Your password, to save it', { exact: false }).fill(OWNER.password);
    await page.getByRole('button', { name: 'Save e-mail address' }).click();
    await page.getByText('We sent a link to forgetful@agency.test').waitFor();
    await page.getByText('forgetful@agency.test, not confirmed yet').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();

    const confirm = await browser.newContext({ viewport: DESKTOP });
    const confirmPage = await confirm.newPage();
    await confirmPage.goto(linkIn(await nextMail(before), '/admin/verify-email', server));
    await checkPage(confirmPage);
    await confirmPage.getByRole('button', { name: 'Confirm this address' }).click();
    await confirmPage.getByRole('status').filter({ hasText: 'is confirmed' }).waitFor();
    await confirm.close();

    // Signed out, on a phone: "Forgot password?" from the sign-in page.
    const phone = await browser.newContext(PHONE_DEVICE);
    const phonePage = await phone.newPage();
    const phoneProblems = watchConsole(phonePage);
    await phonePage.goto(`${server.url}/admin/dashboard`);
    await phonePage.getByRole('link', { name: 'Forgot password?' }).click();
    await phonePage.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await checkPage(phonePage);
    before = inbox.messages.length;
    await phonePage.getByLabel('Username or e-mail address').fill('Forgetful@agency.test');
    await phonePage.getByRole('button', { name: 'Send the link' }).click();
    await phonePage.getByRole('status').filter({ hasText: 'If an account matches what you typed' }).waitFor();
    await checkPage(phonePage);
    const mail = await nextMail(before);
    expect(mail).toMatch(/^Subject: Reset your Brightpath Digital back-office password$/m);

    await phonePage.goto(linkIn(mail, '/admin/set-password', server));
    await phonePage.getByText(`Account: ${OWNER.username}`).waitFor();
    await checkPage(phonePage);
    // The name the start-up gave the account (ADMIN_DISPLAY_NAME) is there to confirm.
    expect(await phonePage.getByLabel('Your name').inputValue()).toBe('Fran Forgetful');
    await phonePage.getByLabel(/New password/).fill('a new password after forgetting');
    await phonePage.getByLabel('Same password again').fill('a new password after forgetting');
    await phonePage.getByRole('button', { name: 'Set password' }).click();
    await phonePage.getByRole('status').filter({ hasText: 'Your password is set.' }).waitFor();
    expect(await phonePage.getByLabel('Username').inputValue()).toBe(OWNER.username);

    // The old password no longer works; the new one signs in.
    await phonePage.goto(`${server.url}/admin/dashboard`);
    await phonePage.waitForSelector('[data-island="AdminLogin"][data-hydrated="true"]');
    await phonePage.getByLabel('Username').fill(OWNER.username);
    await phonePage.getByLabel('Password', { exact: true }).fill('a new password after forgetting');
    await phonePage.getByRole('button', { name: 'Sign in' }).click();
    await phonePage.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
    expect(phoneProblems).toEqual([]);
    await phone.close();
  }, 120_000);
});
