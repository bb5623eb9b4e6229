import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { localhostCertificate, startSmtp, waitFor, type Inbox } from '../helpers/smtp-inbox';
import { axeViolations, type BrowserState, DESKTOP, launchBrowser, openDashboard, pageWidths, PHONE_DEVICE, signInThroughForm } from './browser';
import { startServer, type RunningServer } from './server';

const OWNER = { username: 'mailing-owner', password: 'a long and private test passphrase' };
const OWN_ADDRESS = 'owner@agency.test';

/** The first address in a message's text that starts with `prefix` (quoted-printable already undone by the parser), moved to this server. */
function linkIn(text: string, prefix: string, server: RunningServer): string {
  const found = new RegExp(`https?://[^\\s/]+${prefix}[^\\s]*`).exec(text);
  if (!found) throw new Error(`no ${prefix} link in:\n${text}`);
  const url = new URL(found[0]);
  return new URL(url.pathname + url.search, server.url).toString();
}

/**
 * Mail staff send themselves from the back office, in Chromium: a test e-mail to "me" (refused in
 * words until the account has a confirmed address, then delivered there, before any notification
 * recipient exists), and a draft's preview link e-mailed to a client with a message beside "Copy".
 */
describe('a test e-mail to me and a preview link sent to a client, in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let inbox: Inbox;
  let dataDir: string;
  let signedIn: BrowserState;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-staff-mail-e2e-'));
    const caFile = path.join(dataDir, 'smtp-ca.pem');
    fs.writeFileSync(caFile, localhostCertificate().cert);
    // No SMTP_URL and no NOTIFY_TO: the mail set-up is typed in Settings, nobody is notified yet.
    [inbox, browser] = await Promise.all([startSmtp(0, { security: 'starttls' }), launchBrowser()]);
    server = await startServer({ DATA_DIR: path.join(dataDir, 'data'), ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, ADMIN_DISPLAY_NAME: 'Olive Owner', NODE_EXTRA_CA_CERTS: caFile, SMTP_ALLOW_PRIVATE: 'true' });
    signedIn = await signInThroughForm(browser, server.url, OWNER);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await inbox?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The next message to arrive after `before`, parsed. */
  async function nextMail(before: number) {
    await waitFor(() => inbox.messages.length > before, 10_000);
    return simpleParser(inbox.messages[before]!);
  }

  async function typeMailServer(page: Page): Promise<void> {
    await page.getByLabel('Mail server (SMTP host) *', { exact: true }).fill('localhost');
    await page.getByLabel('Port *', { exact: true }).fill(String(inbox.port));
    await page.getByLabel('Security', { exact: true }).selectOption('starttls');
    await page.getByLabel('Sender name *', { exact: true }).fill('Brightpath Digital');
    await page.getByLabel('Sender address *', { exact: true }).fill('hello@agency.test');
  }

  async function fitsAndPasses(page: Page, width: number): Promise<void> {
    expect((await pageWidths(page)).document).toBeLessThanOrEqual(width);
    expect(await axeViolations(page)).toEqual([]);
  }

  it('sends a test to me: refused in words without a confirmed address, delivered to it once confirmed, before the set-up is saved (phone)', async () => {
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/settings`, signedIn, PHONE_DEVICE);
    await page.getByRole('heading', { name: 'Mail', exact: true }).waitFor();
    await typeMailServer(page);
    await page.getByText('“To me” needs a confirmed address in Your account.').waitFor();
    await page.getByRole('button', { name: 'Send a test to me' }).click();
    await page.getByText('Your account has no confirmed e-mail address to send the test to.').first().waitFor();
    expect(inbox.messages).toHaveLength(0);
    await page.getByRole('button', { name: 'Save mail set-up' }).click();
    await page.getByText('Mail set-up saved.').waitFor();

    // Your account: the address, confirmed through the link mailed there.
    await page.getByRole('link', { name: 'Your account' }).last().click();
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(OWN_ADDRESS);
    await page.getByLabel('Your password, to save it', { exact: false }).fill(OWNER.password);
    let before = inbox.messages.length;
    await page.getByRole('button', { name: 'Save e-mail address' }).click();
    await page.getByText(`We sent a link to ${OWN_ADDRESS}`).waitFor();
    const verification = await nextMail(before);
    const confirmPage = await context.newPage();
    await confirmPage.goto(linkIn(verification.text ?? '', '/admin/verify-email', server));
    await confirmPage.getByRole('button', { name: 'Confirm this address' }).click();
    await confirmPage.getByRole('status').filter({ hasText: 'is confirmed' }).waitFor();
    await confirmPage.close();

    // Back in Settings: "to me" now names the address, and the test arrives there.
    await page.goto(`${server.url}/admin/dashboard/settings`);
    await page.getByText(`“To me” goes to ${OWN_ADDRESS}.`).waitFor();
    before = inbox.messages.length;
    await page.getByRole('button', { name: 'Send a test to me' }).click();
    await page.getByText(new RegExp(`^Sent to ${OWN_ADDRESS.replace('.', '\\.')}\\. The server answered: 250 `)).waitFor();
    const test = await nextMail(before);
    expect(test.to && 'text' in test.to ? test.to.text : '').toBe(OWN_ADDRESS);
    expect(test.subject).toBe('Test e-mail from the back office');
    expect(test.text).toContain('to their own address');
    expect(inbox.recipients.at(-1)).toEqual([OWN_ADDRESS]);
    await page.screenshot({ path: 'screenshots/admin-test-email-to-me-phone.png', fullPage: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await fitsAndPasses(page, PHONE_DEVICE.viewport.width);
    expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([]);
    await context.close();
  }, 90_000);

  it.each([
    ['phone', PHONE_DEVICE],
    ['desktop', DESKTOP],
  ] as const)('e-mails a draft’s preview link to a client with a message, and the client’s link opens the draft (%s)', async (name, device) => {
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/website/about`, signedIn, device);
    const width = 'viewport' in device ? device.viewport.width : device.width;
    const heading = page.getByRole('group', { name: 'Banner' }).getByLabel(/^Heading/);
    const draftHeading = `About us, as the client will see it (${name})`;
    await heading.fill(draftHeading);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Draft saved. The public site has not changed.').waitFor();

    await page.getByRole('button', { name: 'Share preview link' }).click();
    const made = page.getByLabel(/^New link \(shown only now\)/);
    await made.waitFor();
    const shownLink = await made.inputValue();
    await page.getByRole('button', { name: 'Send to client' }).click();
    const form = page.getByRole('form', { name: 'Send the preview link by e-mail' });
    // A wrong address is refused beside its field, and nothing is sent.
    await form.getByLabel('Client’s e-mail address').fill('not an address');
    await form.getByRole('button', { name: 'Send the link' }).click();
    await form.locator('input[type="email"][aria-invalid="true"]').waitFor();
    await form.getByText('Type the client’s e-mail address, such as name@example.com.').waitFor();
    const client = `client-${name}@example.com`;
    await form.getByLabel('Client’s e-mail address').fill(client);
    await form.getByLabel('Message').fill('Hello Sam,\nhere is the new About page before it goes live.');
    const before = inbox.messages.length;
    await form.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText(`Sent to ${client}.`).waitFor();
    await fitsAndPasses(page, width);
    if (name === 'phone') await page.screenshot({ path: 'screenshots/admin-preview-send-phone.png', fullPage: true });

    const mail = await nextMail(before);
    expect(inbox.recipients.at(-1)).toEqual([client]);
    expect(mail.subject).toMatch(/^Preview: /);
    expect(mail.text).toContain('here is the new About page before it goes live.');
    expect(mail.text).toContain(shownLink);
    expect(mail.text).toContain('Olive Owner');

    // The client opens the link (no account): the draft, not the live page.
    const visitor = await browser.newContext('viewport' in device ? device : { viewport: device });
    const preview = await visitor.newPage();
    await preview.goto(linkIn(mail.text ?? '', '/preview/', server));
    await preview.getByRole('heading', { level: 1, name: draftHeading }).waitFor();
    await fitsAndPasses(preview, width);
    await visitor.close();
    // The first, refused try was the server's 400 for the address; nothing else went wrong.
    expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([]);
    await context.close();
  }, 90_000);
});
