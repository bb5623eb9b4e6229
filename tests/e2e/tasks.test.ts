import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createDb } from '../../server/db/connection';
import { migrateLatest } from '../../server/db/migrate';
import { endOfLocalDay } from '../../shared/reply-clock';
import { DEFAULT_TIME_ZONE } from '../../shared/content/defaults/business';
import { axeViolations, DESKTOP, launchBrowser, PHONE_DEVICE, signInThroughForm, watchConsole, type BrowserState } from './browser';
import { startServer, type RunningServer } from './server';

const ADMIN = { username: 'tasks-admin', password: 'a long and private test passphrase' };
const HOUR = 3600_000;

/**
 * Open leads written straight into an embedded database prepared before the server starts (PGlite
 * allows one process at a time), so some can be due long ago: overdue by hours and by two years,
 * due later today (in the agency's built-in time zone) and due tomorrow.
 */
async function prepareLeads(dataDir: string): Promise<void> {
  const db = createDb({ dataDir });
  try {
    await migrateLatest(db);
    const now = Date.now();
    const endOfToday = endOfLocalDay(new Date(now), DEFAULT_TIME_ZONE).getTime();
    const lead = (type: string, name: string, due: number, extra: Record<string, unknown>) => ({
      type,
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
      phone: '+1 555 0100',
      submitted_at: new Date(due - 24 * HOUR),
      due_at: new Date(due),
      ...extra,
    });
    const contact = { subject: 'Bakery website', message: 'A site with online orders.' };
    const quote = { service: 'Mobile App', budget: 6500, timeline: 'ASAP', project_details: 'A booking app.' };
    const enquiry = { service: 'Web Development', message: 'Do you build shops?' };
    await db('leads').insert([
      lead('contact', 'Olivia Overdue', now - 2 * HOUR, contact),
      lead('quote', 'Quentin Quote', now - 5 * HOUR, quote),
      lead('enquiry', 'Ancient Arthur', now - 729 * 24 * HOUR, enquiry),
      lead('contact', 'Tara Today', now + (endOfToday - now) / 3, contact),
      lead('quote', 'Tom Today', now + (2 * (endOfToday - now)) / 3, quote),
      lead('enquiry', 'Lara Later', endOfToday + 3 * HOUR, enquiry),
    ]);
  } finally {
    await db.destroy();
  }
}

/** Tasks in Chromium: its sections with the server's counts, the form filter and bulk "Mark responded", on a phone and a desktop. */
describe('Tasks in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let signedIn: BrowserState;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-tasks-e2e-'));
    await prepareLeads(dataDir);
    [server, browser] = await Promise.all([startServer({ DATA_DIR: dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }), launchBrowser()]);
    signedIn = await signInThroughForm(browser, server.url, ADMIN);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const DEVICES = { phone: PHONE_DEVICE, desktop: { viewport: DESKTOP } } as const;

  async function open(query: string, device: keyof typeof DEVICES) {
    const context = await browser.newContext({ ...DEVICES[device], storageState: signedIn });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${server.url}/admin/dashboard/tasks${query}`);
    await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
    await page.waitForSelector('[role="status"].admin-loading', { state: 'detached' });
    return { context, page, problems };
  }

  const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  const heading = (page: Page, name: string) => page.locator(`#tasks-${name}`).innerText();
  const senders = (page: Page, name: string) => section(page, `${name} tasks`).locator('.admin-leads__sender').allTextContents();

  /** Every section's first page is in (a new filter loads them afresh). */
  const loaded = (page: Page) => page.waitForSelector('[role="status"].admin-loading', { state: 'detached' });

  async function looksRight(page: Page, shot: string): Promise<void> {
    expect(await axeViolations(page)).toEqual([]);
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/${shot}.png`, fullPage: true });
  }

  it.each(['phone', 'desktop'] as const)('shows three sections with the server counts, the overdue one latest first, and filters by form in the URL (%s)', async (device) => {
    const { context, page, problems } = await open('', device);
    await expect(heading(page, 'overdue')).resolves.toMatch(/^Overdue\s*3$/);
    await expect(heading(page, 'today')).resolves.toMatch(/^Due today\s*2$/);
    await expect(heading(page, 'later')).resolves.toMatch(/^Due later\s*1$/);
    // Most recently due first: the two-year-old lead comes last, not first.
    await expect(senders(page, 'Overdue')).resolves.toEqual(['Olivia Overdue', 'Quentin Quote', 'Ancient Arthur']);
    await expect(section(page, 'Overdue tasks').locator('.admin-task__due').last().innerText()).resolves.toBe('overdue by 729 d');
    await expect(senders(page, 'Due today')).resolves.toEqual(['Tara Today', 'Tom Today']);
    await expect(senders(page, 'Due later')).resolves.toEqual(['Lara Later']);
    await expect(page.getByRole('link', { name: 'Reply to Olivia Overdue' }).getAttribute('href')).resolves.toMatch(/^\/admin\/dashboard\/messages\/contact\/[0-9a-f-]{36}\?reply$/);
    await expect(page.getByText('6 waiting for a reply.').isVisible()).resolves.toBe(true);
    await looksRight(page, `tasks-${device}`);

    await page.getByLabel('Form').selectOption('quote');
    await page.waitForURL(`${server.url}/admin/dashboard/tasks?type=quote`);
    await page.getByText('2 waiting for a reply (Quotes).').waitFor();
    await loaded(page);
    await expect(heading(page, 'later')).resolves.toMatch(/^Due later\s*0$/);
    await expect(senders(page, 'Overdue')).resolves.toEqual(['Quentin Quote']);
    await expect(senders(page, 'Due today')).resolves.toEqual(['Tom Today']);
    await expect(page.getByText('Nothing falls due after today.').isVisible()).resolves.toBe(true);
    await looksRight(page, `tasks-quotes-${device}`);
    // The filter comes back with the address.
    await page.reload();
    await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
    await expect(page.getByLabel('Form').inputValue()).resolves.toBe('quote');
    await page.getByText('2 waiting for a reply (Quotes).').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('marks every selected task responded at once on a phone', async () => {
    const { context, page, problems } = await open('?type=quote', 'phone');
    await section(page, 'Overdue tasks').getByLabel('Select all the overdue tasks shown').check();
    await section(page, 'Due today tasks').getByLabel('Select the message from Tom Today').check();
    const bulk = page.getByRole('group', { name: 'Actions on the selected tasks' });
    await expect(bulk.getByText('2 selected').isVisible()).resolves.toBe(true);
    await looksRight(page, 'tasks-selected-phone');
    await bulk.getByRole('button', { name: 'Mark responded' }).click();
    await page.getByText('Marked 2 messages as responded.').waitFor();
    await page.getByText('Nothing is waiting for a reply.').waitFor();
    await expect(page.getByText('Nothing overdue: every waiting message is within its promised reply time.').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Nothing else falls due today.').isVisible()).resolves.toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('marks a whole section and one more row responded on a desktop; the badge and the dashboard follow', async () => {
    const { context, page, problems } = await open('', 'desktop');
    const badge = page.locator('.admin-nav__link[href="/admin/dashboard/tasks"] .admin-nav__badge');
    await expect(badge.innerText()).resolves.toBe('2');
    await expect(senders(page, 'Overdue')).resolves.toEqual(['Olivia Overdue', 'Ancient Arthur']);
    await section(page, 'Overdue tasks').getByLabel('Select all the overdue tasks shown').check();
    await section(page, 'Due today tasks').getByLabel('Select the message from Tara Today').check();
    await page.getByRole('group', { name: 'Actions on the selected tasks' }).getByRole('button', { name: 'Mark responded' }).click();
    await page.getByText('Marked 3 messages as responded.').waitFor();
    await page.getByText('1 waiting for a reply.').waitFor();
    await expect(heading(page, 'overdue')).resolves.toMatch(/^Overdue\s*0$/);
    await expect(senders(page, 'Due today')).resolves.toEqual([]);
    await expect(senders(page, 'Due later')).resolves.toEqual(['Lara Later']);
    await badge.waitFor({ state: 'detached' });
    await looksRight(page, 'tasks-after-desktop');

    await page.reload();
    await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
    await page.getByText('1 waiting for a reply.').waitFor();
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page.locator('.admin-stat', { hasText: 'Waiting for a reply' }).locator('.admin-stat__value').innerText()).resolves.toBe('1');
    await expect(page.locator('.admin-stat', { hasText: 'Overdue' }).locator('.admin-stat__value').innerText()).resolves.toBe('0');
    expect(problems).toEqual([]);
    await context.close();
  });
});
