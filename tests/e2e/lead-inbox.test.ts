import type { Browser, Page } from 'playwright-core';
import { axeViolations, type BrowserState, DESKTOP, launchBrowser, openDashboard, PHONE, signInThroughForm } from './browser';
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

  const open = (path: string, viewport = DESKTOP) => openDashboard(browser, server.url + path, signedIn, viewport);
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

  it('opens a lead (marking it read), keeps notes as text, shows its history, marks it unread again', async () => {
    const { context, page, problems } = await open('/admin/dashboard/messages');
    await page.getByRole('link', { name: /^Carla Contact/ }).click();
    await page.waitForURL(/\/admin\/dashboard\/messages\/contact\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Mark unread' }).waitFor();
    await expect(page.getByRole('link', { name: 'Reply by e-mail' }).getAttribute('href')).resolves.toBe('mailto:carla@example.com?subject=Re%3A%20Bakery%20website');
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
    await expect(senders(page)).resolves.not.toContain('Spam Bot (unread)');
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ['375px', PHONE],
    ['1280px', DESKTOP],
  ])('has no axe violations on the inbox, the spam folder and a lead at %s', async (width, viewport) => {
    const { context, page } = await open('/admin/dashboard/messages', viewport);
    const check = async (what: string) => {
      expect({ what, violations: await axeViolations(page) }).toEqual({ what, violations: [] });
    };
    await page.getByLabel('Select the message from Erin Enquirer').check();
    await check('inbox with a selection');
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/inbox-${width}.png`, fullPage: true });
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
