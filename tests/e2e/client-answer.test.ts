import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { createKeyring, parseAppKeys } from '../../server/app-key';
import { createDb } from '../../server/db/connection';
import { migrateLatest } from '../../server/db/migrate';
import { createLogger } from '../../server/logger';
import { createAdminAuth } from '../../server/auth';
import { createAuditTrail, SYSTEM_ACTOR } from '../../server/services/audit';
import { createSettingsService } from '../../server/services/settings';
import { startDovecot, type Dovecot } from '../helpers/dovecot';
import { localhostCertificate, loopbackMailServers, startSmtp, waitFor, type Inbox } from '../helpers/smtp-inbox';
import { axeViolations, DESKTOP, launchBrowser, openDashboard, pageWidths, PHONE_DEVICE, signInThroughForm, type BrowserState } from './browser';
import { startServer, type RunningServer } from './server';

const ADMIN = { username: 'answer-owner', password: 'a long and private test passphrase', displayName: 'Maria Lopez' };
const REPLY_ADDRESS = 'hello@brightpath.example';
const LEADS = { phone: '7a2d3b5f-0000-4000-8000-000000000001', desktop: '7a2d3b5f-0000-4000-8000-000000000002' } as const;
const clientAddress = (device: keyof typeof LEADS) => `olivia-${device}@example.com`;
/** How long a wait for the answer may last before the test fails: the minute (no duration is asserted). */
const PATIENCE_MS = 60_000;

/**
 * The owner, two open contact leads, and the reply address and agency mailbox saved through the
 * settings service (the mailbox password sealed with the server's own key), all written before the
 * server starts (PGlite allows one process).
 */
async function prepare(dataDir: string, appKey: string, dovecot: Dovecot): Promise<void> {
  const db = createDb({ dataDir });
  try {
    await migrateLatest(db);
    const auth = createAdminAuth({ db, logger: createLogger('silent') });
    await auth.createAdmin(ADMIN.username, ADMIN.password, 'owner');
    await db('admin_users').where({ username: ADMIN.username }).update({ display_name: ADMIN.displayName });
    const now = Date.now();
    await db('leads').insert(
      Object.entries(LEADS).map(([device, id]) => ({
        id,
        type: 'contact',
        name: `Olivia ${device}`,
        email: clientAddress(device as keyof typeof LEADS),
        phone: '+1 555 0100',
        subject: 'Bakery website',
        message: 'A site with online orders.',
        submitted_at: new Date(now - 3600_000),
        due_at: new Date(now + 20 * 3600_000),
      })),
    );
    const settings = createSettingsService({ db, config: { notifyTo: undefined }, audit: createAuditTrail({ db }), keyring: createKeyring(parseAppKeys(appKey)), checkMailServer: loopbackMailServers });
    await settings.update(
      { replyAddress: REPLY_ADDRESS, imap: { host: 'localhost', port: dovecot.tlsPort, security: 'tls', user: dovecot.user, password: dovecot.password, mailbox: 'INBOX' } },
      SYSTEM_ACTOR,
    );
  } finally {
    await db.destroy();
  }
}

/** The client's answer as their mail program writes it: a line of their own above our message, quoted. */
function clientAnswer(device: keyof typeof LEADS, inReplyTo: string): string {
  return [
    `From: Olivia ${device} <${clientAddress(device)}>`,
    `To: ${REPLY_ADDRESS}`,
    'Subject: Re: Bakery website',
    `Message-ID: <answer-${device}-${randomBytes(6).toString('hex')}@example.com>`,
    `In-Reply-To: ${inReplyTo}`,
    `References: ${inReplyTo}`,
    `Date: ${new Date().toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Thursday at ten suits us, the ${device} client.`,
    '',
    'On Sat, 28 Nov 2026 at 10:00, Maria Lopez <no-reply@localhost> wrote:',
    '> We can call you this week.',
    '> Which day suits you?',
    '',
  ].join('\r\n');
}

/** The client's answers in the thread that carry this text. */
const answersIn = (page: Page, text: string) => page.locator('.admin-thread__message--theirs', { hasText: text });

/** A client's answer by e-mail comes back into the lead, Tasks and the notices, with the server left running. */
describe("a client's answer in a real browser", () => {
  let server: RunningServer;
  let browser: Browser;
  let inbox: Inbox;
  let dovecot: Dovecot;
  let signedIn: BrowserState;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-answer-e2e-'));
    const appKey = randomBytes(32).toString('base64');
    // Dovecot's certificate is `localhostCertificate()`: the server trusts it through NODE_EXTRA_CA_CERTS.
    const caFile = path.join(dataDir, 'imap-ca.pem');
    fs.writeFileSync(caFile, localhostCertificate().cert);
    [inbox, dovecot, browser] = await Promise.all([startSmtp(), startDovecot(), launchBrowser()]);
    await prepare(path.join(dataDir, 'data'), appKey, dovecot);
    server = await startServer({
      DATA_DIR: path.join(dataDir, 'data'),
      APP_KEY: appKey,
      SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
      SMTP_ALLOW_PRIVATE: 'true',
      NODE_EXTRA_CA_CERTS: caFile,
    });
    signedIn = await signInThroughForm(browser, server.url, ADMIN);
  }, 150_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await inbox?.close();
    await dovecot?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  for (const device of ['phone', 'desktop'] as const) {
    it(`shows the client's answer to a reply on the lead, in Tasks and in the notices, once (${device})`, async () => {
      const leadUrl = `${server.url}/admin/dashboard/messages/contact/${LEADS[device]}`;
      const { context, page, problems } = await openDashboard(browser, leadUrl, signedIn, device === 'phone' ? PHONE_DEVICE : DESKTOP);
      const look = async (name: string) => {
        await page.evaluate(() => window.scrollTo(0, 0));
        if (device === 'phone') expect(await pageWidths(page)).toEqual({ document: 375, body: 375, viewport: 375 });
        expect(await axeViolations(page)).toEqual([]);
        if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS, `${name}-${device}.png`), fullPage: true });
      };
      try {
        // Our reply, sent from the lead's composer once it is ready.
        await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
        await page.getByLabel('Subject').waitFor();
        await page.getByLabel('Your reply').fill('We can call you this week.\nWhich day suits you?');
        await page.getByRole('button', { name: 'Send reply' }).click();
        await page.locator('.admin-thread__state', { hasText: /^Sent · Accepted by the mail server/ }).waitFor({ timeout: 30_000 });
        await waitFor(() => inbox.messages.some((raw) => raw.includes(`To: ${clientAddress(device)}`)), 15_000);
        const sent = await simpleParser(inbox.messages.find((raw) => raw.includes(`To: ${clientAddress(device)}`))!);
        expect(sent.messageId).toMatch(/^<.+@.+>$/);
        // Answered, so out of Tasks until the client writes back.
        const waiting = () => page.evaluate(async () => ((await (await fetch('/api/tasks')).json()) as { items: { _id: string }[] }).items.map((item) => item._id));
        expect(await waiting()).not.toContain(LEADS[device]);

        // The client answers it: delivered into the agency's mailbox, the server left running.
        const appended = Date.now();
        await dovecot.append(clientAnswer(device, sent.messageId!));
        const own = `Thursday at ten suits us, the ${device} client.`;
        await waitFor(async () => {
          await page.reload();
          await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
          return (await answersIn(page, own).count()) > 0;
        }, PATIENCE_MS);
        console.log(`The ${device} client's answer showed on the lead ${Date.now() - appended} ms after it was appended.`);

        // Marked as the client's, their own line shown, our quoted message folded away.
        const answer = answersIn(page, own);
        await expect(answer.locator('.admin-thread__tag').textContent()).resolves.toBe('Client');
        await expect(answer.locator('.admin-thread__who').innerText()).resolves.toContain(`Olivia ${device} <${clientAddress(device)}> wrote to ${REPLY_ADDRESS}`);
        await expect(answer.locator('.admin-thread__subject').innerText()).resolves.toBe('Re: Bakery website');
        await expect(answer.locator('.admin-thread__text').innerText()).resolves.toBe(own);
        const quoted = answer.locator('details.admin-thread__body');
        expect(await quoted.getAttribute('open')).toBeNull();
        await expect(quoted.locator('summary').innerText()).resolves.toBe('Show quoted text');
        expect(await quoted.locator('pre').isVisible()).toBe(false);
        await expect(quoted.locator('pre').textContent()).resolves.toContain('> Which day suits you?');
        // Work again: no longer answered (opening it here reads it, as opening any lead does: the
        // answer's "new" may show first, until the page's own read is stored and drawn).
        const status = page.getByLabel('Status');
        await status.evaluate((select) => new Promise<void>((resolve) => {
          const check = () => ((select as HTMLSelectElement).value === 'read' ? resolve() : setTimeout(check, 50));
          check();
        }));
        expect(await status.inputValue()).toBe('read');

        // The replier is told in the bell.
        const bell = page.locator('.admin-topbar__notices');
        await bell.getByText(/^Notices, \d+ unread$/).waitFor();
        await look('client-answer-lead');
        await bell.click();
        await page.getByRole('region', { name: 'Notices' }).getByText(`Olivia ${device} answered: “Re: Bakery website”`).waitFor();
        await page.keyboard.press('Escape');

        // Each message once: read again a few seconds later, still one answer.
        await new Promise((resolve) => setTimeout(resolve, 5000));
        await page.reload();
        await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
        await answersIn(page, own).first().waitFor();
        expect(await answersIn(page, own).count()).toBe(1);
        expect(await page.locator('.admin-thread__message--ours').count()).toBe(1);

        // Back in Tasks.
        expect(await waiting()).toContain(LEADS[device]);
        await page.goto(`${server.url}/admin/dashboard/tasks`);
        await page.getByRole('link', { name: `Reply to Olivia ${device}` }).waitFor();
        await look('client-answer-tasks');
        expect(problems).toEqual([]);
      } catch (error) {
        if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS, `failed-${device}.png`), fullPage: true });
        throw error;
      } finally {
        await context.close();
      }
    }, 150_000);
  }
});
