import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { createDb } from '../../server/db/connection';
import { startDovecot, type Dovecot } from '../helpers/dovecot';
import { localhostCertificate, startSmtp, waitFor, type Inbox } from '../helpers/smtp-inbox';
import { axeViolations, type BrowserState, DESKTOP, launchBrowser, openDashboard, pageWidths, PHONE_DEVICE, signInThroughForm } from './browser';
import { startServer, type RunningServer } from './server';

const ADMIN = { username: 'mail-owner', password: 'a long and private test passphrase' };
const SMTP_AUTH = { user: 'mailer@agency.test', password: 'smtp password 42' };

/** Mail set up from Settings on a server started with no mail variable: the banner, the test e-mail before saving, the save. */
describe('mail set-up in Settings in a real browser', () => {
  let site: RunningServer;
  let browser: Browser;
  let inbox: Inbox;
  let dovecot: Dovecot;
  let dataDir: string;
  let signedIn: BrowserState;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-mail-e2e-'));
    // The server trusts the loopback SMTP server's certificate (STARTTLS is required, never skipped).
    const caFile = path.join(dataDir, 'smtp-ca.pem');
    fs.writeFileSync(caFile, localhostCertificate().cert);
    // Dovecot's certificate is the same one (`localhostCertificate()`): the server trusts it through NODE_EXTRA_CA_CERTS too.
    [inbox, browser, dovecot] = await Promise.all([startSmtp(0, { security: 'starttls', auth: SMTP_AUTH }), launchBrowser(), startDovecot()]);
    await dovecot.append('From: client@example.com\r\nSubject: Hello\r\nMessage-ID: <hello@example.com>\r\n\r\nHello\r\n');
    // The mail server is on loopback: a relay beside the site, which the operator allows.
    site = await startServer({ DATA_DIR: path.join(dataDir, 'data'), ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, NOTIFY_TO: 'staff@agency.test', NODE_EXTRA_CA_CERTS: caFile, SMTP_ALLOW_PRIVATE: 'true' });
    signedIn = await signInThroughForm(browser, site.url, ADMIN);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await inbox?.close();
    await dovecot?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['phone', PHONE_DEVICE],
    ['desktop', DESKTOP],
  ] as const)('shows "Mail is off" on every view, sends a test e-mail with what is typed, and saves it (%s)', async (name, device) => {
    const { context, page, problems } = await openDashboard(browser, `${site.url}/admin/dashboard`, signedIn, device);
    const banner = page.getByRole('region', { name: 'Mail is off' });
    if (name === 'phone') {
      await banner.waitFor();
      await page.goto(`${site.url}/admin/dashboard/messages`);
      await banner.waitFor();
      await page.getByRole('link', { name: 'Set up mail in Settings' }).click();
      await page.getByRole('heading', { name: 'Mail', exact: true }).waitFor();
      await page.getByText('Mail is off: no mail server is set up yet.').waitFor();
    } else {
      await page.goto(`${site.url}/admin/dashboard/settings`);
      await page.getByRole('heading', { name: 'Mail', exact: true }).waitFor();
    }

    await page.getByLabel('Mail server (SMTP host) *', { exact: true }).fill('localhost');
    await page.getByLabel('Port *', { exact: true }).fill(String(inbox.port));
    await page.getByLabel('Security', { exact: true }).selectOption('starttls');
    await page.getByLabel('User', { exact: true }).fill(SMTP_AUTH.user);
    if (name === 'phone') await page.getByLabel('Password', { exact: true }).fill(SMTP_AUTH.password);
    await page.getByLabel('Sender name *', { exact: true }).fill('Northwind Studio');
    await page.getByLabel('Sender address *', { exact: true }).fill('hello@agency.test');

    const before = inbox.messages.length;
    await page.getByRole('button', { name: 'Send a test to the notification recipients' }).click();
    await page.getByText(/^Sent to staff@agency\.test\. The server answered: 250 /).waitFor();
    await waitFor(() => inbox.messages.length === before + 1);
    expect(inbox.messages.at(-1)).toContain('From: Northwind Studio <hello@agency.test>');

    await page.screenshot({ path: `screenshots/admin-mail-setup-${name}.png`, fullPage: true });
    expect((await pageWidths(page)).document).toBeLessThanOrEqual('viewport' in device ? device.viewport.width : device.width);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save mail set-up' }).click();
    await page.getByText('Mail set-up saved.').waitFor();
    await page.getByText('Mail goes through the server saved here.').waitFor();
    // The banner is gone, and the saved password is never put back in the page.
    // (The banner asks the server again after the save: it goes once that answer is in.)
    await banner.waitFor({ state: 'detached' });
    await page.getByText('A password is saved; leave empty to keep it.').waitFor();
    await expect(page.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe('');
    expect(await page.content()).not.toContain(SMTP_AUTH.password);
    // Another port (or host, or user): the saved password is not used there, and the field says why.
    await page.getByLabel('Port *', { exact: true }).fill('2525');
    await page.getByText(`Type the password again: the saved one is only used with localhost:${inbox.port} as ${SMTP_AUTH.user}.`).waitFor();
    expect((await pageWidths(page)).document).toBeLessThanOrEqual('viewport' in device ? device.viewport.width : device.width);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Port *', { exact: true }).fill(String(inbox.port));
    await page.getByText('A password is saved; leave empty to keep it.').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ['phone', PHONE_DEVICE],
    ['desktop', DESKTOP],
  ] as const)('connects the agency mailbox: "Test connection" says what it found or what failed beside the field, and saves it (%s)', async (name, device) => {
    const { context, page, problems } = await openDashboard(browser, `${site.url}/admin/dashboard/settings`, signedIn, device);
    const card = page.getByRole('form', { name: 'Agency mailbox (incoming mail)' });
    await card.waitFor();
    await card.getByLabel('Mailbox server (IMAP host) *', { exact: true }).fill('localhost');
    await card.getByLabel('Mailbox port *', { exact: true }).fill(String(dovecot.tlsPort));
    await card.getByLabel('Mailbox security', { exact: true }).selectOption('tls');
    await card.getByLabel('Mailbox user *', { exact: true }).fill(dovecot.user);
    if (name === 'phone') {
      await card.getByLabel('Mailbox password', { exact: true }).fill('not the password');
      await card.getByRole('button', { name: 'Test connection' }).click();
      // Beside the field to fix, and the field says it is wrong.
      await card.getByText('The mailbox server refused the user name or password.').waitFor();
      await expect(card.getByLabel('Mailbox password', { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
      await card.getByLabel('Mailbox password', { exact: true }).fill(dovecot.password);
    }
    await card.getByRole('button', { name: 'Test connection' }).click();
    await card.getByText('Connected. INBOX holds 1 message. Folders: INBOX.').waitFor();
    await page.screenshot({ path: `screenshots/admin-mailbox-setup-${name}.png`, fullPage: true });
    // From the top, so the fixed top bar does not lie over a field where the button left the page scrolled.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect((await pageWidths(page)).document).toBeLessThanOrEqual('viewport' in device ? device.viewport.width : device.width);
    expect(await axeViolations(page)).toEqual([]);
    if (name === 'phone') {
      await card.getByRole('button', { name: 'Save mailbox' }).click();
      await page.getByText('Mailbox saved: clients’ answers are read from it.').waitFor();
    }
    await card.getByText('A password is saved; leave empty to keep it.').waitFor();
    await expect(card.getByLabel('Mailbox password', { exact: true }).inputValue()).resolves.toBe('');
    expect(await page.content()).not.toContain(dovecot.password);
    // The refused password was the server's answer (400), which the browser logs; nothing else.
    const refusedTest = 'error: Failed to load resource: the server responded with a status of 400 (Bad Request)';
    expect(problems).toEqual(name === 'phone' ? [refusedTest] : []);
    await context.close();
  });

  it('keeps no SMTP password or two-factor secret in clear in the database', async () => {
    await site.stop();
    const db = createDb({ dataDir: path.join(dataDir, 'data') });
    try {
      const rows = await db('app_settings').pluck('value');
      expect(rows.join()).not.toContain(SMTP_AUTH.password);
      expect(rows.join()).not.toContain(dovecot.password);
      expect(rows.map((value: string) => JSON.parse(value).smtp?.password).filter(Boolean)).toEqual([expect.stringMatching(/^enc1:/)]);
    } finally {
      await db.destroy();
    }
    expect(fs.statSync(path.join(dataDir, 'data', 'app-key')).mode & 0o777).toBe(0o600);
  });
});
