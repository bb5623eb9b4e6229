import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { axeViolations, type BrowserState, DESKTOP, launchBrowser, openDashboard, PHONE, signInThroughForm } from './browser';
import { startServer, submitLead, type RunningServer } from './server';

const ADMIN = { username: 'promise-admin', password: 'a long and private test passphrase' };

/** The reply promise in Chromium: the Tasks queue and the live dashboard home. */
describe('reply promise in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let signedIn: BrowserState;

  const submit = (type: string, body: Record<string, unknown>) => submitLead(server, type, body);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, FORM_RATE_LIMIT: '1000' }), launchBrowser()]);
    await submit('contact', { name: 'Carla Contact', phone: '+1 555 0100', email: 'carla@example.com', subject: 'Bakery website', message: 'A site with online orders.' });
    await submit('quote', { name: 'Quinn Quoter', email: 'quinn@example.com', phone: '+1 555 0199', service: 'Mobile App', budget: 6500, timeline: 'ASAP', projectDetails: 'A booking app.' });

    signedIn = await signInThroughForm(browser, server.url, ADMIN);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const open = (path: string, viewport = DESKTOP) => openDashboard(browser, server.url + path, signedIn, viewport);

  it('lists the open messages with their due time and a reply link; Mark responded takes one off', async () => {
    const { context, page, problems } = await open('/admin/dashboard/tasks');
    const tasks = page.locator('.admin-task');
    await expect(tasks.locator('.admin-leads__sender').allTextContents()).resolves.toEqual(['Carla Contact', 'Quinn Quoter']);
    await expect(tasks.first().locator('.admin-task__due').innerText()).resolves.toMatch(/^due in 2[34] h$/);
    // Reply opens the lead's page at its composer, the cursor in the text (not a mail program).
    const reply = page.getByRole('link', { name: 'Reply to Carla Contact' });
    await expect(reply.getAttribute('href')).resolves.toMatch(/^\/admin\/dashboard\/messages\/contact\/[0-9a-f-]{36}\?reply$/);
    await reply.click();
    await page.waitForURL(/\/admin\/dashboard\/messages\/contact\/[0-9a-f-]{36}\?reply$/);
    await page.getByLabel('Your reply').waitFor();
    await page.waitForFunction(() => document.activeElement === document.querySelector('section[aria-labelledby="lead-compose"] textarea'));
    await page.goBack();
    await page.locator('.admin-task').first().waitFor();

    await page.getByRole('button', { name: 'Mark responded (message from Quinn Quoter)' }).click();
    await page.getByText('Marked the message from Quinn Quoter as responded.').waitFor();
    await expect(tasks.locator('.admin-leads__sender').allTextContents()).resolves.toEqual(['Carla Contact']);
    await page.reload();
    await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
    await page.locator('.admin-task').first().waitFor();
    await expect(page.locator('.admin-task .admin-leads__sender').allTextContents()).resolves.toEqual(['Carla Contact']);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows live figures on the home: new messages per form, waiting and overdue, the newest messages', async () => {
    const { context, page, problems } = await open('/admin/dashboard');
    await page.getByRole('heading', { name: 'New messages' }).waitFor();
    await expect(page.getByText('sample data').count()).resolves.toBe(0);
    const contactRow = page.getByRole('row', { name: /^Contact/ });
    await expect(contactRow.getByRole('cell').first().innerText()).resolves.toMatch(/^1\s+new$/);
    await expect(page.getByRole('row', { name: /^All forms/ }).getByRole('cell').nth(2).innerText()).resolves.toMatch(/^2\s+new$/);
    await expect(page.locator('.admin-stat', { hasText: 'Waiting for a reply' }).locator('.admin-stat__value').innerText()).resolves.toBe('1');
    await expect(page.locator('.admin-stat', { hasText: 'Overdue' }).locator('.admin-stat__value').innerText()).resolves.toBe('0');
    const newest = page.getByRole('region', { name: 'Newest messages' });
    await expect(newest.locator('.admin-leads__sender').allTextContents()).resolves.toEqual(['Quinn Quoter', 'Carla Contact']);
    // Mail is off in this server (no SMTP): the notifications wait, but not yet for 15 minutes.
    await expect(page.getByRole('region', { name: 'Mail is failing' }).count()).resolves.toBe(0);
    await newest.getByRole('link', { name: 'Carla Contact' }).click();
    await page.getByRole('heading', { name: 'Reply and staff e-mail' }).waitFor();
    await expect(page.locator('.admin-mail-state').innerText()).resolves.toBe('Waiting to be sent');
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('the home has no axe violations and no sideways scroll on a %s', async (_name, viewport) => {
    const { context, page } = await open('/admin/dashboard', viewport);
    await page.getByRole('heading', { name: 'New messages' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/home-${viewport.width}.png`, fullPage: true });
    await context.close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('Tasks has no axe violations and no sideways scroll on a %s', async (_name, viewport) => {
    const { context, page } = await open('/admin/dashboard/tasks', viewport);
    await page.locator('.admin-task').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/tasks-${viewport.width}.png`, fullPage: true });
    await context.close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('Find by e-mail shows what is held for an address, with no axe violations on a %s', async (_name, viewport) => {
    const { context, page, problems } = await open('/admin/dashboard/privacy', viewport);
    await page.getByLabel('E-mail address').fill('CARLA@example.com');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('heading', { name: /^Held for carla@example\.com: 1 message, 0 notes, 1 staff e-mail$/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/privacy-${viewport.width}.png`, fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('exports what is held as a JSON download, the address in no URL the browser requests', async () => {
    const { context, page, problems } = await open('/admin/dashboard/privacy');
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await page.getByLabel('E-mail address').fill('carla@example.com');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('heading', { name: /^Held for carla@example\.com/ }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export (JSON)' }).click()]);
    expect(download.suggestedFilename()).toBe('personal-data.json');
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as { email: string; leads: { name: string }[] };
    expect(exported.email).toBe('carla@example.com');
    expect(exported.leads.map((lead) => lead.name)).toEqual(['Carla Contact']);
    // The download left the page as it was.
    await expect(page.getByRole('heading', { name: /^Held for carla@example\.com/ }).isVisible()).resolves.toBe(true);
    expect(urls.filter((url) => /carla|%40/i.test(url))).toEqual([]);
    expect(page.url()).toBe(`${server.url}/admin/dashboard/privacy`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('erases everything held for an address after a confirmation', async () => {
    const { context, page } = await open('/admin/dashboard/privacy');
    await page.getByLabel('E-mail address').fill('quinn@example.com');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('heading', { name: /^Held for quinn@example\.com/ }).waitFor();
    await page.getByRole('button', { name: 'Erase' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Erase' }).click();
    await page.getByText('Erased 1 message, 0 notes and 1 staff e-mail.').waitFor();
    await expect(page.getByText('Nothing is held for quinn@example.com.').isVisible()).resolves.toBe(true);
    await context.close();
  });
});
