import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { createDb } from '../../server/db/connection';
import { migrateLatest } from '../../server/db/migrate';
import { startSmtp, waitFor, type Inbox } from '../helpers/smtp-inbox';
import { axeViolations, DESKTOP, launchBrowser, openDashboard, pageWidths, PHONE_DEVICE, signInThroughForm, type BrowserState } from './browser';
import { startServer, type RunningServer } from './server';

const ADMIN = { username: 'reply-admin', password: 'a long and private test passphrase' };
const LEADS = { phone: '6f1c2a4e-0000-4000-8000-000000000001', desktop: '6f1c2a4e-0000-4000-8000-000000000002' } as const;
/** A lead known only by a long address (no name): its page must still fit a phone. */
const ADDRESS_ONLY = { id: '6f1c2a4e-0000-4000-8000-000000000003', email: 'katherine.jackson.procurement-office@example-holdings.com' } as const;

/** Two open contact leads and a saved reply, written before the server starts (PGlite allows one process). */
async function prepare(dataDir: string): Promise<void> {
  const db = createDb({ dataDir });
  try {
    await migrateLatest(db);
    const now = Date.now();
    await db('leads').insert(
      Object.entries(LEADS).map(([device, id]) => ({
        id,
        type: 'contact',
        name: `Olivia ${device}`,
        email: `olivia-${device}@example.com`,
        phone: '+1 555 0100',
        subject: 'Bakery website',
        message: 'A site with online orders.\nAnd <b>delivery</b> slots.',
        submitted_at: new Date(now - 3600_000),
        due_at: new Date(now + 20 * 3600_000),
      })),
    );
    await db('leads').insert({
      id: ADDRESS_ONLY.id,
      type: 'free-offer',
      email: ADDRESS_ONLY.email,
      message: 'Our team needs a members area.',
      submitted_at: new Date(now - 7200_000),
      due_at: new Date(now + 20 * 3600_000),
    });
    await db('reply_templates').insert({ name: 'Thanks, call next', body: 'Hello {name},\n\nThanks for your message: we will call you {replyPromise}.' });
  } finally {
    await db.destroy();
  }
}

/** Replying to a lead in Chromium: a saved reply, a draft kept over a reload, the thread with its delivery state. */
describe('replies from a lead page in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let inbox: Inbox;
  let signedIn: BrowserState;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-replies-e2e-'));
    await prepare(dataDir);
    inbox = await startSmtp();
    [server, browser] = await Promise.all([
      startServer({ DATA_DIR: dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SMTP_URL: `smtp://127.0.0.1:${inbox.port}` }),
      launchBrowser(),
    ]);
    signedIn = await signInThroughForm(browser, server.url, ADMIN);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await inbox?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  for (const device of ['phone', 'desktop'] as const) {
    it(`composes and sends a reply with a saved reply on a ${device}`, async () => {
      const url = `${server.url}/admin/dashboard/messages/contact/${LEADS[device]}`;
      const { context, page, problems } = await openDashboard(browser, url, signedIn, device === 'phone' ? PHONE_DEVICE : DESKTOP);
      try {
        await page.getByLabel('Subject').waitFor();
        expect(await page.getByLabel('Subject').inputValue()).toBe('Re: Bakery website');
        await page.getByLabel('Start from a saved reply').selectOption({ label: 'Thanks, call next' });
        const body = page.getByLabel('Your reply');
        expect(await body.inputValue()).toBe(`Hello Olivia ${device},\n\nThanks for your message: we will call you within 24 hours.`);
        await body.fill(`${await body.inputValue()}\nSee you soon.`);
        await expect(page.locator('.admin-reply__quote').textContent()).resolves.toContain('> A site with online orders.');
        // Checked from the top: filling the reply scrolled the page under the fixed top bar, whose
        // overlap with the controls then depends on where the scroll stopped.
        await page.evaluate(() => window.scrollTo(0, 0));
        expect(await axeViolations(page)).toEqual([]);
        if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS, `reply-compose-${device}.png`), fullPage: true });

        // A reload keeps the draft.
        await page.reload();
        await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
        await waitFor(async () => (await page.getByLabel('Your reply').inputValue()).endsWith('See you soon.'));

        await page.getByRole('button', { name: 'Send reply' }).click();
        await page.locator('.admin-notices').getByText(/Reply (sent|saved in the outbox)/).waitFor();
        await waitFor(() => inbox.messages.some((raw) => raw.includes(`To: olivia-${device}@example.com`)), 15_000);
        const raw = inbox.messages.find((message) => message.includes(`To: olivia-${device}@example.com`))!;
        expect(raw).toMatch(/^Subject: Re: Bakery website$/m);
        expect(raw).toContain('See you soon.');
        expect(raw).toContain('> And <b>delivery</b> slots.');

        // The thread shows it delivered; the lead is answered (out of Tasks).
        await page.reload();
        await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
        const thread = page.locator('.admin-thread');
        await thread.getByText(`${ADMIN.username} replied`).waitFor();
        await thread.getByText('Delivered').waitFor();
        expect(await page.getByLabel('Your reply').inputValue()).toBe('');
        expect(await page.getByLabel('Status').inputValue()).toBe('responded');
        const open = await page.evaluate(async () => ((await (await fetch('/api/tasks')).json()) as { items: { _id: string }[] }).items.map((item) => item._id));
        expect(open).not.toContain(LEADS[device]);
        expect(await axeViolations(page)).toEqual([]);
        if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS, `reply-thread-${device}.png`), fullPage: true });
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }, 60_000);
  }

  it('fits a lead known only by a long address on a phone', async () => {
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/messages/free-offer/${ADDRESS_ONLY.id}`, signedIn, PHONE_DEVICE);
    try {
      await page.getByRole('heading', { level: 1, name: `Free Offers: ${ADDRESS_ONLY.email}` }).waitFor();
      await page.getByLabel('Subject').waitFor();
      expect(await pageWidths(page)).toEqual({ document: 375, body: 375, viewport: 375 });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('manages saved replies on their own page', async () => {
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/saved-replies`, signedIn, PHONE_DEVICE);
    try {
      await page.getByLabel('Name').fill('Booked out');
      await page.getByLabel('Text', { exact: false }).first().fill('Hello {name}, we are booked until spring.');
      await page.getByRole('button', { name: 'Add saved reply' }).click();
      await page.getByRole('rowheader', { name: 'Booked out' }).waitFor();
      // Owners turn the visitor's acknowledgement on per form.
      await page.getByRole('checkbox', { name: 'Enquiry' }).check();
      await page.getByRole('button', { name: 'Save acknowledgements' }).click();
      await page.getByText('Acknowledgements saved.').waitFor();
      const settings = await page.evaluate(async () => ((await (await fetch('/api/settings')).json()) as { settings: { visitorConfirmation: Record<string, boolean> } }).settings.visitorConfirmation);
      expect(settings).toEqual({ contact: false, enquiry: true, quote: false, 'free-offer': false });
      // From the page's top, as on the lead page: a control scrolled under the fixed top bar reads to
      // axe as a target overlapping it.
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await axeViolations(page)).toEqual([]);
      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS, 'saved-replies-phone.png'), fullPage: true });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
