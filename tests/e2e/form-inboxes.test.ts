import type { Browser, Page } from 'playwright-core';
import { axeViolations, type BrowserState, DESKTOP, launchBrowser, openDashboard, PHONE, signInThroughForm } from './browser';
import { startServer, submitLead, type RunningServer } from './server';

const ADMIN = { username: 'forms-admin', password: 'a long and private test passphrase' };
const LONG = 'We need a booking app for our three harbour ferries, with timetables, tickets and refunds.';
const CUT = `${LONG.slice(0, 50).trimEnd()}…`;

/** Forms > type: the Messages inbox with the type fixed, carrying the spec's status select, delete and 50-character cut. */
describe('form inboxes in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let signedIn: BrowserState;

  const submit = (type: string, body: Record<string, unknown>) => submitLead(server, type, body);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, FORM_RATE_LIMIT: '1000' }), launchBrowser()]);
    const quote = { phone: '+1 555 0199', service: 'Mobile App', budget: 6500, timeline: 'ASAP' };
    await submit('quote', { ...quote, name: 'Quinn Quoter', email: 'quinn@example.com', projectDetails: LONG });
    await submit('quote', { ...quote, name: 'Quentin Short', email: 'quentin@example.com', projectDetails: 'A small site.' });
    await submit('enquiry', { name: 'Erin Enquirer', email: 'erin@example.com', phone: '+44 20 7946 0000', service: 'Web Development', message: LONG });
    await submit('enquiry', { name: 'Eli Asker', email: 'eli@example.com', phone: '+44 20 7946 0001', service: 'UI/UX Design', message: 'Prices?' });
    await submit('contact', { name: 'Carla Contact', phone: '+1 555 0100', email: 'carla@example.com', subject: 'Bakery website', message: 'A site with online orders.' });
    signedIn = await signInThroughForm(browser, server.url, ADMIN);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const open = (path: string, viewport: Parameters<typeof openDashboard>[3] = DESKTOP) => openDashboard(browser, server.url + path, signedIn, viewport);
  const senders = (page: Page) => page.locator('.admin-leads__sender').allTextContents();
  const messageOf = (page: Page, sender: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: new RegExp(`^${sender}`) }) }).locator('td.admin-table__long').innerText();

  it("Quotes lists only quotes, cut to 50 characters, and changes a row's status through the spec's call", async () => {
    const { context, page, problems } = await open('/admin/dashboard/forms/quote');
    await expect(page.locator('h1').innerText()).resolves.toBe('Quotes submissions');
    await expect(senders(page)).resolves.toEqual(['Quentin Short (unread)', 'Quinn Quoter (unread)']);
    // The type is fixed: no Form filter, no Form column.
    await expect(page.getByLabel('Form', { exact: true }).count()).resolves.toBe(0);
    await expect(page.getByRole('columnheader', { name: 'Form' }).count()).resolves.toBe(0);
    await expect(messageOf(page, 'Quinn Quoter')).resolves.toBe(CUT);
    await expect(messageOf(page, 'Quentin Short')).resolves.toBe('A small site.');

    const status = page.getByRole('combobox', { name: 'Status of the submission from Quinn Quoter' });
    await expect(status.locator('option').allInnerTexts()).resolves.toEqual(['New', 'Read', 'Quoted', 'Accepted', 'Rejected']);
    const patched = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes('/api/forms/quote/'));
    await status.selectOption('quoted');
    expect((await patched).status()).toBe(200);
    // Saving read it: the row is no longer bold.
    await page.getByRole('link', { name: 'Quinn Quoter', exact: true }).waitFor();

    // The other filters work within the type, and stay in the URL.
    await page.getByLabel('Status', { exact: true }).selectOption('quoted');
    await page.waitForURL(`${server.url}/admin/dashboard/forms/quote?status=quoted`);
    await page.waitForFunction(() => document.querySelectorAll('.admin-leads__sender').length === 1);
    await expect(senders(page)).resolves.toEqual(['Quinn Quoter']);
    await expect(page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).resolves.toBe('/api/leads.csv?type=quote&status=quoted');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Status of the submission from Quinn Quoter' }).inputValue()).resolves.toBe('quoted');
    await expect(page.getByLabel('Status', { exact: true }).inputValue()).resolves.toBe('quoted');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('Enquiry searches and takes bulk actions within the type, and deletes a row after the confirmation', async () => {
    const { context, page, problems } = await open('/admin/dashboard/forms/enquiry');
    await expect(senders(page)).resolves.toEqual(['Eli Asker (unread)', 'Erin Enquirer (unread)']);
    await expect(messageOf(page, 'Erin Enquirer')).resolves.toBe(CUT);

    // A contact's sender is not found here: the search is scoped to enquiries.
    await page.getByLabel('Search', { exact: true }).fill('Carla');
    await page.getByRole('button', { name: 'Apply' }).first().click();
    await page.waitForURL(`${server.url}/admin/dashboard/forms/enquiry?q=Carla`);
    await page.getByText('No messages match these filters.').waitFor();
    await page.goBack();
    await page.getByRole('link', { name: /^Erin Enquirer/ }).waitFor();

    await page.getByLabel('Select the message from Erin Enquirer').check();
    await page.getByRole('group', { name: 'Actions on the selected messages' }).getByRole('button', { name: 'Mark read' }).click();
    await page.getByText('1 message updated.').waitFor();
    await page.getByRole('link', { name: 'Erin Enquirer', exact: true }).waitFor();

    const menuButton = page.getByRole('button', { name: 'More actions for the submission from Eli Asker' });
    const deleteButton = page.getByRole('button', { name: 'Delete the submission from Eli Asker' });
    await menuButton.click();
    await deleteButton.click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this submission?' });
    await dialog.getByText('The enquiry from Eli Asker will be deleted').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(senders(page)).resolves.toEqual(['Eli Asker (unread)', 'Erin Enquirer']);

    const deleted = page.waitForResponse((response) => response.request().method() === 'DELETE' && response.url().includes('/api/forms/enquiry/'));
    await menuButton.click();
    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    expect((await deleted).status()).toBe(204);
    await page.getByText('The submission from Eli Asker was deleted.').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.admin-leads__sender').length === 1);
    // The focused menu button left with its row: focus is on the list, not lost to the page's start.
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'region');
    await page.reload();
    await page.getByRole('link', { name: 'Erin Enquirer', exact: true }).waitFor();
    await expect(senders(page)).resolves.toEqual(['Erin Enquirer']);
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ['375px', PHONE],
    ['1280px', DESKTOP],
  ])('has no axe violations and no sideways scroll on Forms > Quotes and Enquiry at %s', async (width, viewport) => {
    const { context, page } = await open('/admin/dashboard/forms/quote', viewport);
    const check = async (what: string) => {
      expect({ what, violations: await axeViolations(page) }).toEqual({ what, violations: [] });
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(viewport.width);
    };
    await page.getByLabel('Select the message from Quentin Short').check();
    await check('quotes with a selection');
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/forms-quote-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'More actions for the submission from Quentin Short' }).click();
    await check('row menu open');
    await page.getByRole('button', { name: 'Delete the submission from Quentin Short' }).click();
    await page.getByRole('alertdialog').waitFor();
    await check('row delete confirmation');
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/admin/dashboard/forms/enquiry`);
    await page.waitForSelector('[role="status"].admin-loading', { state: 'detached' });
    await check('enquiries');
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/forms-enquiry-${width}.png`, fullPage: true });
    await context.close();
  });
});
