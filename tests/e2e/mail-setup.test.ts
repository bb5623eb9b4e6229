import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { createDb } from '../../server/db/connection';
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
  let dataDir: string;
  let signedIn: BrowserState;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-mail-e2e-'));
    // The server trusts the loopback SMTP server's certificate (STARTTLS is required, never skipped).
    const caFile = path.join(dataDir, 'smtp-ca.pem');
    fs.writeFileSync(caFile, localhostCertificate().cert);
    [inbox, browser] = await Promise.all([startSmtp(0, { security: 'starttls', auth: SMTP_AUTH }), launchBrowser()]);
    // The mail server is on loopback: a relay beside the site, which the operator allows.
    site = await startServer({ DATA_DIR: path.join(dataDir, 'data'), ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, NOTIFY_TO: 'staff@agency.test', NODE_EXTRA_CA_CERTS: caFile, SMTP_ALLOW_PRIVATE: 'true' });
    signedIn = await signInThroughForm(browser, site.url, ADMIN);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await inbox?.close();
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

  it('keeps no SMTP password or two-factor secret in clear in the database', async () => {
    await site.stop();
    const db = createDb({ dataDir: path.join(dataDir, 'data') });
    try {
      const rows = await db('app_settings').pluck('value');
      expect(rows.join()).not.toContain(SMTP_AUTH.password);
      expect(rows.map((value: string) => JSON.parse(value).smtp?.password).filter(Boolean)).toEqual([expect.stringMatching(/^enc1:/)]);
    } finally {
      await db.destroy();
    }
    expect(fs.statSync(path.join(dataDir, 'data', 'app-key')).mode & 0o777).toBe(0o600);
  });
});
