import type { Browser, Page } from 'playwright-core';
import { axeViolations, type BrowserState, DESKTOP, launchBrowser, openDashboard, PHONE, PHONE_DEVICE, signInThroughForm } from './browser';
import { startServer, submitLead, type RunningServer } from './server';

const ADMIN = { username: 'inbox-admin', password: 'a long and private test passphrase' };
const HOSTILE = '<img src=x onerror="window.__pwned=1">';

/** The lead inbox in Chromium: filters in the URL, a lead's page, read state, notes, bulk actions, spam. */
describe('lead inbox in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let signedIn: BrowserState;

  const submit = (type: string, body: Record<string, unknown>) => submitLead(server, type, body);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, FORM_RATE_LIMIT: '1000' }), launchBrowser()]);
    await submit('contact', { name: 'Carla Contact', phone: '+1 555 0100', email: 'carla@example.com', subject: 'Bakery website', message: 'A site with online orders.' });
    await submit('enquiry', { name: 'Erin Enquirer', email: 'erin@example.com', phone: '+44 20 7946 0000', company: 'Erin Ltd', service: 'Web Development', message: 'Harbour ferry timetables online.' });
    await submit('quote', { name: 'Quinn Quoter', email: 'quinn@example.com', phone: '+1 555 0199', service: 'Mobile App', budget: 6500, timeline: 'ASAP', projectDetails: 'A booking app.' });
    await submit('contact', { name: 'Spam Bot', phone: '+1 555 0101', email: 'bot@example.com', subject: 'Cheap pills', message: 'Buy now', website: 'https://spam.example' });

    signedIn = await signInThroughForm(browser, server.url, ADMIN);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const open = (path: string, viewport: Parameters<typeof openDashboard>[3] = DESKTOP) => openDashboard(browser, server.url + path, signedIn, viewport);
  const senders = (page: Page) => page.locator('.admin-leads__sender').allTextContents();
  const badge = (page: Page) => page.getByRole('link', { name: /unread messages?$/ }).innerText();

  it('filters and searches with the state in the URL; Back and reload restore it', async () => {
    const { context, page, problems } = await open('/admin/dashboard/messages');
    await expect(senders(page)).resolves.toEqual(['Quinn Quoter (unread)', 'Erin Enquirer (unread)', 'Carla Contact (unread)']);
    await expect(badge(page)).resolves.toMatch(/^3/);

    await page.getByLabel('Form').selectOption('contact');
    await page.waitForURL(`${server.url}/admin/dashboard/messages?type=contact`);
    await page.getByRole('link', { name: /^Carla Contact/ }).waitFor();
    await expect(senders(page)).resolves.toEqual(['Carla Contact (unread)']);
    // A contact row shows its subject and the start of its message (the spec's lists show the message text, cut to 50).
    await expect(page.locator('td[data-label="Message"]').allInnerTexts()).resolves.toEqual(['Bakery website — A site with online orders.']);

    await page.getByLabel('Search', { exact: true }).fill('nobody writes this');
    await page.getByRole('button', { name: 'Apply' }).first().click();
    await page.waitForURL(`${server.url}/admin/dashboard/messages?type=contact&q=nobody+writes+this`);
    await page.getByText('No messages match these filters.').waitFor();

    await page.goBack();
    await page.waitForURL(`${server.url}/admin/dashboard/messages?type=contact`);
    await page.getByRole('link', { name: /^Carla Contact/ }).waitFor();
    await expect(senders(page)).resolves.toEqual(['Carla Contact (unread)']);
    await expect(page.getByLabel('Search', { exact: true }).inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Form').inputValue()).resolves.toBe('contact');
    await page.goForward();
    await page.getByText('No messages match these filters.').waitFor();
    await page.reload();
    await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
    await page.getByText('No messages match these filters.').waitFor();
    await expect(page.getByLabel('Search', { exact: true }).inputValue()).resolves.toBe('nobody writes this');

    // The top bar's search opens Messages with the search.
    await page.getByRole('searchbox', { name: 'Search messages and portfolio titles' }).fill('quinn@example.com');
    await page.getByRole('searchbox', { name: 'Search messages and portfolio titles' }).press('Enter');
    await page.waitForURL(`${server.url}/admin/dashboard/messages?q=quinn%40example.com`);
    await page.waitForFunction(() => document.querySelector('.admin-leads__sender')?.textContent?.startsWith('Quinn'));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('on a phone shows the first message on the first screen, the filters folded behind a button that counts them', async () => {
    const { context, page, problems } = await open('/admin/dashboard/messages?status=new&unread=true', PHONE_DEVICE);
    await page.getByRole('link', { name: /^Quinn Quoter/ }).waitFor();
    const toggle = page.getByRole('button', { name: 'Filters (2)' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    const panel = page.locator('form[aria-label="Filter messages"]');
    await expect(panel.isVisible()).resolves.toBe(false);
    await expect(toggle.getAttribute('aria-controls')).resolves.toBe(await panel.getAttribute('id'));
    const firstRowTop = await page.locator('tbody tr').first().evaluate((row) => row.getBoundingClientRect().top);
    expect(firstRowTop).toBeLessThan(PHONE.height);

    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await expect(panel.isVisible()).resolves.toBe(true);
    // The panel stays open while a select applies at once and the list reloads.
    await page.getByLabel('Form').selectOption('quote');
    await page.waitForURL(`${server.url}/admin/dashboard/messages?type=quote&status=new&unread=true`);
    await page.getByRole('button', { name: 'Filters (3)', expanded: true }).waitFor();
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.waitForURL(`${server.url}/admin/dashboard/messages`);
    await page.getByRole('button', { name: 'Filters', exact: true }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('filters by dates typed as the agency writes them, and says so beside the field when it cannot read one', async () => {
    const { context, page, problems } = await open('/admin/dashboard/messages');
    await page.getByLabel('To', { exact: true }).fill('15 Mar 2025');
    await page.getByRole('button', { name: 'Apply' }).first().click();
    await page.waitForURL(`${server.url}/admin/dashboard/messages?to=2025-03-15`);
    await page.getByText('No messages match these filters.').waitFor();
    // Shown back the agency's way after the reload from the URL.
    await expect(page.getByLabel('To', { exact: true }).inputValue()).resolves.toBe('15 Mar 2025');

    await page.getByLabel('To', { exact: true }).fill('');
    await page.getByLabel('From', { exact: true }).fill('31 Feb 2025');
    await page.getByRole('button', { name: 'Apply' }).first().click();
    const from = page.getByLabel('From', { exact: true });
    await page.getByText('Write the date like 15 Mar 2025, 15/03/2025 or 2025-03-15.').waitFor();
    await expect(from.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(from.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
    expect(page.url()).toBe(`${server.url}/admin/dashboard/messages?to=2025-03-15`);

    await from.fill('15/03/2025');
    await page.getByRole('button', { name: 'Apply' }).first().click();
    await page.waitForURL(`${server.url}/admin/dashboard/messages?from=2025-03-15`);
    await page.getByRole('link', { name: /^Quinn Quoter/ }).waitFor();
    await expect(from.inputValue()).resolves.toBe('15 Mar 2025');
    await expect(from.getAttribute('aria-describedby').then((ids) => page.locator(`[id="${ids?.split(' ')[0]}"]`).innerText())).resolves.toBe('For example 15 Mar 2025');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("deletes a row from its menu after the confirmation; the menu works from the keyboard", async () => {
    await submit('contact', { name: 'Dora Deletable', phone: '+1 555 0102', email: 'dora@example.com', subject: 'Old', message: 'Please remove.' });
    const { context, page, problems } = await open('/admin/dashboard/messages', PHONE_DEVICE);
    // No Delete on the rows themselves.
    await expect(page.getByRole('button', { name: /^Delete the submission/ }).filter({ visible: true }).count()).resolves.toBe(0);
    const menuButton = page.getByRole('button', { name: 'More actions for the submission from Dora Deletable' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(menuButton.getAttribute('aria-expanded')).resolves.toBe('true');
    const deleteItem = page.getByRole('button', { name: 'Delete the submission from Dora Deletable' });
    await expect(deleteItem.evaluate((item) => item === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(menuButton.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(menuButton.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    await expect(deleteItem.isVisible()).resolves.toBe(false);

    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Delete this submission?' });
    await dialog.getByText('The contact message from Dora Deletable will be deleted').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(menuButton.evaluate((button) => button === document.activeElement)).resolves.toBe(true);

    await menuButton.click();
    await deleteItem.click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('The submission from Dora Deletable was deleted.').waitFor();
    await page.getByRole('link', { name: /^Dora Deletable/ }).waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens a lead (marking it read), keeps notes as text, shows its history, marks it unread again', async () => {
    const { context, page, problems } = await open('/admin/dashboard/messages');
    await page.getByRole('link', { name: /^Carla Contact/ }).click();
    await page.waitForURL(/\/admin\/dashboard\/messages\/contact\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Mark unread' }).waitFor();
    // The reply is written on the page; the address still opens the staff member's mail program.
    await expect(page.getByRole('link', { name: 'Write a reply' }).getAttribute('href')).resolves.toBe('#lead-compose');
    await expect(page.getByRole('link', { name: 'carla@example.com' }).getAttribute('href')).resolves.toBe('mailto:carla@example.com?subject=Re%3A%20Bakery%20website');
    await page.waitForFunction(() => /^2/.test(document.querySelector('.admin-topbar__bell')?.textContent ?? ''));

    await page.getByLabel('Add a note').fill(HOSTILE);
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.locator('.admin-note').getByText(HOSTILE, { exact: true }).waitFor();
    await page.locator('#lead-history ~ ol').getByText('Note added').waitFor();
    await expect(page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).resolves.toBeUndefined();
    await expect(page.locator('#lead-history ~ ol li').allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/^Received \(Contact\)/),
      expect.stringMatching(new RegExp(`^Lead read · ${ADMIN.username}`)),
      expect.stringMatching(new RegExp(`^Note added · ${ADMIN.username}`)),
    ]);
    await page.getByRole('button', { name: 'Mark unread' }).click();
    await page.getByRole('button', { name: 'Mark read' }).waitFor();
    await page.waitForFunction(() => /^3/.test(document.querySelector('.admin-topbar__bell')?.textContent ?? ''));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('takes bulk actions on selected leads and moves spam back to the inbox', async () => {
    const { context, page, problems } = await open('/admin/dashboard/messages');
    await page.getByLabel('Select the message from Erin Enquirer').check();
    await page.getByLabel('Select the message from Quinn Quoter').check();
    await page.getByRole('group', { name: 'Actions on the selected messages' }).getByRole('button', { name: 'Mark read' }).click();
    await page.getByText('2 messages updated.').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.admin-leads__unread').length === 1);

    await page.getByRole('link', { name: 'Spam', exact: true }).click();
    await page.waitForURL(`${server.url}/admin/dashboard/messages?folder=spam`);
    await page.getByRole('link', { name: /^Spam Bot/ }).waitFor();
    await expect(page.getByText('honeypot filled').isVisible()).resolves.toBe(true);
    await page.getByLabel('Select the message from Spam Bot').check();
    await page.getByRole('button', { name: 'Not spam' }).click();
    await page.getByText('The spam folder is empty.').waitFor();
    await page.getByRole('link', { name: 'Inbox', exact: true }).click();
    await page.getByRole('link', { name: /^Spam Bot/ }).waitFor();

    await page.getByLabel('Select the message from Spam Bot').check();
    await page.getByRole('group', { name: 'Actions on the selected messages' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('1 message updated.').waitFor();
    await page.getByRole('link', { name: /^Spam Bot/ }).waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ['375px', PHONE_DEVICE],
    ['1280px', DESKTOP],
  ])('has no axe violations on the inbox, the spam folder and a lead at %s', async (width, viewport) => {
    const { context, page } = await open('/admin/dashboard/messages', viewport);
    const check = async (what: string) => {
      expect({ what, violations: await axeViolations(page) }).toEqual({ what, violations: [] });
    };
    await page.getByLabel('Select the message from Erin Enquirer').check();
    await check('inbox with a selection');
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/inbox-${width}.png`, fullPage: true });
    const filtersButton = page.getByRole('button', { name: 'Filters', exact: true });
    if (await filtersButton.isVisible()) await filtersButton.click();
    await page.getByLabel('From', { exact: true }).fill('31 Feb 2025');
    await page.getByRole('button', { name: 'Apply' }).first().click();
    await page.getByText('Write the date like 15 Mar 2025, 15/03/2025 or 2025-03-15.').waitFor();
    await page.getByRole('button', { name: 'More actions for the submission from Erin Enquirer' }).click();
    await check('filters open with a date error, a row menu open');
    await page.goto(`${server.url}/admin/dashboard/messages?folder=spam`);
    await page.waitForSelector('[role="status"].admin-loading', { state: 'detached' });
    await check('spam folder');
    await page.goto(`${server.url}/admin/dashboard/messages?type=quote`);
    await page.getByRole('link', { name: /^Quinn Quoter/ }).click();
    await page.getByRole('button', { name: /^Mark (un)?read$/ }).waitFor();
    await check('lead');
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/lead-${width}.png`, fullPage: true });
    await context.close();
  });
});
