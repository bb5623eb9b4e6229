import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { createDb } from '../../server/db/connection';
import { migrateLatest } from '../../server/db/migrate';
import { createLogger } from '../../server/logger';
import { createAdminAuth } from '../../server/auth';
import { startSmtp, waitFor, type Inbox } from '../helpers/smtp-inbox';
import { axeViolations, DESKTOP, launchBrowser, openDashboard, pageWidths, PHONE_DEVICE, signInThroughForm, type BrowserState } from './browser';
import { startServer, type RunningServer } from './server';

const ADMIN = { username: 'reply-admin', password: 'a long and private test passphrase', displayName: 'Maria Lopez' };
/** An editor who has not given a display name yet. */
const NAMELESS = { username: 'new-editor', password: 'another long test passphrase' };
/** The agency e-mail published in Website > Agency details, proposed as the reply address. */
const AGENCY_EMAIL = 'hello@brightpath.example';
const LEADS = { phone: '6f1c2a4e-0000-4000-8000-000000000001', desktop: '6f1c2a4e-0000-4000-8000-000000000002' } as const;
/** A lead known only by a long address (no name): its page must still fit a phone. */
const ADDRESS_ONLY = { id: '6f1c2a4e-0000-4000-8000-000000000003', email: 'katherine.jackson.procurement-office@example-holdings.com' } as const;

/** The accounts, two open contact leads and a saved reply, written before the server starts (PGlite allows one process). */
async function prepare(dataDir: string): Promise<void> {
  const db = createDb({ dataDir });
  try {
    await migrateLatest(db);
    const auth = createAdminAuth({ db, logger: createLogger('silent') });
    await auth.createAdmin(ADMIN.username, ADMIN.password, 'owner');
    await auth.createAdmin(NAMELESS.username, NAMELESS.password, 'editor');
    await db('admin_users').where({ username: ADMIN.username }).update({ display_name: ADMIN.displayName });
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
  let namelessSignedIn: BrowserState;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-replies-e2e-'));
    await prepare(dataDir);
    inbox = await startSmtp();
    [server, browser] = await Promise.all([
      // SMTP_URL and no PUBLIC_URL: the sender is no-reply@localhost, where no answer may go.
      startServer({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${inbox.port}` }),
      launchBrowser(),
    ]);
    signedIn = await signInThroughForm(browser, server.url, ADMIN);
    namelessSignedIn = await signInThroughForm(browser, server.url, NAMELESS);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await inbox?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  for (const device of ['phone', 'desktop'] as const) {
    it(`says why a reply cannot go yet, before anyone types, and links to the fix on a ${device}`, async () => {
      const url = `${server.url}/admin/dashboard/messages/contact/${LEADS[device]}`;
      const viewport = device === 'phone' ? PHONE_DEVICE : DESKTOP;
      // An owner without a confirmed address, and no reply address set: the answer would reach nobody.
      const owner = await openDashboard(browser, url, signedIn, viewport);
      // An editor without a display name (and no address either).
      const editor = await openDashboard(browser, url, namelessSignedIn, viewport);
      try {
        const blocked = owner.page.locator('#reply-blocked');
        await blocked.waitFor();
        expect(await blocked.innerText()).toContain("The client's answer would reach nobody");
        expect(await blocked.innerText()).not.toContain('display name');
        expect(await blocked.getByRole('link', { name: "set the agency's reply address in Settings" }).getAttribute('href')).toBe('/admin/dashboard/settings');
        expect(await blocked.getByRole('link', { name: 'Confirm your e-mail address in Your account' }).getAttribute('href')).toBe('/admin/dashboard/account');
        await owner.page.getByLabel('Your reply').fill('Typed, but it cannot go.');
        const send = owner.page.getByRole('button', { name: 'Send reply' });
        expect(await send.isDisabled()).toBe(true);
        expect(await send.getAttribute('aria-describedby')).toBe('reply-blocked');
        expect(await owner.page.locator('.admin-reply__quote').textContent()).toMatch(/^Maria Lopez\nBrightpath Digital\n\nOn \d+ \w+ \d{4} at \d\d:\d\d GMT-[78], Olivia \w+ wrote:/);

        const editorBlocked = editor.page.locator('#reply-blocked');
        await editorBlocked.waitFor();
        expect(await editorBlocked.innerText()).toContain('Your account has no display name yet');
        expect(await editorBlocked.innerText()).toContain("ask an owner to set the agency's reply address in Settings");
        expect(await editorBlocked.getByRole('link', { name: 'Add your display name in Your account' }).getAttribute('href')).toBe('/admin/dashboard/account');
        // Settings is for owners: an editor is not sent there.
        expect(await editorBlocked.getByRole('link', { name: /Settings/ }).count()).toBe(0);
        expect(await editor.page.getByRole('button', { name: 'Send reply' }).isDisabled()).toBe(true);

        for (const [who, { page, problems }] of [['owner', owner], ['editor', editor]] as const) {
          await page.evaluate(() => window.scrollTo(0, 0));
          if (device === 'phone') expect(await pageWidths(page)).toEqual({ document: 375, body: 375, viewport: 375 });
          expect(await axeViolations(page)).toEqual([]);
          await page.locator('#lead-compose').scrollIntoViewIfNeeded();
          if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS, `reply-blocked-${who}-${device}.png`), fullPage: true });
          expect(problems).toEqual([]);
        }
      } finally {
        await owner.context.close();
        await editor.context.close();
      }
    }, 60_000);
  }

  it('takes the published agency e-mail as the reply address in one click, from the link in the composer', async () => {
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/messages/contact/${LEADS.phone}`, signedIn, PHONE_DEVICE);
    try {
      await page.getByRole('link', { name: "set the agency's reply address in Settings" }).click();
      const card = page.locator('form', { has: page.getByRole('heading', { name: 'Reply address' }) });
      await card.waitFor();
      expect(await card.getByLabel('Reply address', { exact: true }).inputValue()).toBe('');
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await axeViolations(page)).toEqual([]);
      await card.scrollIntoViewIfNeeded();
      if (process.env.E2E_SCREENSHOTS) await card.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS, 'reply-address-proposed-phone.png') });
      // Not in force until chosen.
      expect((await page.evaluate(async () => ((await (await fetch('/api/settings')).json()) as { settings: { replyAddress: string | null } }).settings)).replyAddress).toBeNull();

      await card.getByRole('button', { name: `Use ${AGENCY_EMAIL}` }).click();
      await page.locator('.admin-notices').getByText(`Answers now come back to ${AGENCY_EMAIL}.`).waitFor();
      expect(await card.getByLabel('Reply address', { exact: true }).inputValue()).toBe(AGENCY_EMAIL);
      expect(await card.getByRole('button', { name: /^Use / }).count()).toBe(0);
      expect((await page.evaluate(async () => ((await (await fetch('/api/settings')).json()) as { settings: { replyAddress: string | null } }).settings)).replyAddress).toBe(AGENCY_EMAIL);

      await page.goBack();
      await page.getByText(`answers come back to ${AGENCY_EMAIL}`).waitFor();
      expect(await page.locator('#reply-blocked').count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  for (const device of ['phone', 'desktop'] as const) {
    it(`composes and sends a reply with a saved reply on a ${device}`, async () => {
      const url = `${server.url}/admin/dashboard/messages/contact/${LEADS[device]}`;
      const { context, page, problems } = await openDashboard(browser, url, signedIn, device === 'phone' ? PHONE_DEVICE : DESKTOP);
      try {
        await page.getByLabel('Subject').waitFor();
        expect(await page.getByLabel('Subject').inputValue()).toBe('Re: Bakery website');
        // Typed first, then the saved reply inserted where the cursor is: nothing typed is lost.
        const body = page.getByLabel('Your reply');
        await body.fill('\nSee you soon.');
        await body.press('Control+Home');
        await page.getByLabel('Insert a saved reply').selectOption({ label: 'Thanks, call next' });
        expect(await body.inputValue()).toBe(`Hello Olivia ${device},\n\nThanks for your message: we will call you within 24 hours.\nSee you soon.`);
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
        // Answers come back to the agency's reply address, not to the no-reply sender; signed with the display name.
        expect(raw).toMatch(/^Reply-To: hello@brightpath\.example$/m);
        expect(raw).toMatch(/^From: Maria Lopez at Brightpath Digital <no-reply@localhost>$/m);
        expect(raw).toContain('See you soon.\r\n\r\nMaria Lopez\r\nBrightpath Digital\r\n\r\nOn ');
        expect(raw).not.toContain('\r\n-- \r\n');
        expect(raw).toContain('> And <b>delivery</b> slots.');

        // The thread shows it, then sent, without a reload (the page asks again while it waits);
        // the mail server's answer is said in words. The lead is answered (out of Tasks).
        const thread = page.locator('.admin-thread');
        await thread.getByText(`${ADMIN.displayName} replied`).waitFor();
        await thread.getByText('Sent · Accepted by the mail server.').waitFor();
        await expect(thread.innerText()).resolves.not.toMatch(/Mail server:|\b250\b/);
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

  // Last: it spends the account's replies for the hour.
  it('says the hourly reply limit in the composer', async () => {
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/messages/free-offer/${ADDRESS_ONLY.id}`, signedIn, DESKTOP);
    try {
      await page.getByLabel('Your reply').waitFor();
      // The account's other replies this hour, sent as the page sends them, until the limit answers.
      const statuses = await page.evaluate(async (id) => {
        const { csrfToken } = (await (await fetch('/api/auth/session')).json()) as { csrfToken: string };
        const seen: number[] = [];
        for (let n = 0; n < 70 && !seen.includes(429); n += 1) {
          const response = await fetch(`/api/leads/free-offer/${id}/replies`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken }, body: JSON.stringify({ body: `Answer ${n}` }) });
          seen.push(response.status);
        }
        return seen;
      }, ADDRESS_ONLY.id);
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.filter((status) => status === 201).length).toBeLessThanOrEqual(60);

      await page.getByLabel('Your reply').fill('One more, please.');
      await page.getByRole('button', { name: 'Send reply' }).click();
      const said = page.locator('.admin-reply [role="alert"]');
      await said.waitFor();
      expect(await said.innerText()).toMatch(/^You have sent 60 replies this hour, the most one account may send\. The next can go in \d+ minutes?\.$/);
      // The draft stays to send later.
      expect(await page.getByLabel('Your reply').inputValue()).toBe('One more, please.');
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await axeViolations(page)).toEqual([]);
      if (process.env.E2E_SCREENSHOTS) await page.locator('section[aria-labelledby="lead-compose"]').screenshot({ path: path.join(process.env.E2E_SCREENSHOTS, 'reply-rate-limited-desktop.png') });
      expect(problems.filter((problem) => !/429/.test(problem))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
