import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, DESKTOP, launchBrowser, PHONE, watchConsole } from './browser';
import { startServer, type RunningServer } from './server';

const ADMIN = { username: 'dash-admin', password: 'a long and private test passphrase' };
const HOSTILE = '<img src=x onerror="window.__pwned=1">';
const LONG_MESSAGE = 'I would like a new website for my bakery, with online orders and a blog. Can you help?';

interface Session {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

/** A PNG of one colour, made in the test so no fixture file is needed. */
function png(width: number, height: number, rgb: [number, number, number]): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toBuffer();
}

describe('admin dashboard in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  /** Cookies of one signed-in admin, so most tests skip the login form. */
  let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;

  async function submitForm(type: string, body: Record<string, unknown>): Promise<void> {
    // fillMs: the islands' fill-time measure; a quick API post without it is treated as a bot.
    const response = await fetch(`${server.url}/api/forms/${type}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ ...body, fillMs: 20_000 }),
    });
    if (!response.ok) throw new Error(`seeding ${type} failed: ${response.status} ${await response.text()}`);
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, FORM_RATE_LIMIT: '1000' }), launchBrowser()]);
    // 21 contact messages: a second page; the oldest carries markup that must stay text.
    await submitForm('contact', { name: HOSTILE, phone: '+1 555 0100', email: 'mallory@example.com', subject: HOSTILE, message: `${HOSTILE} ${LONG_MESSAGE}` });
    for (let index = 1; index <= 20; index++) {
      await submitForm('contact', { name: `Visitor ${index}`, phone: '+1 555 0100', email: `visitor${index}@example.com`, subject: `Question ${index}`, message: LONG_MESSAGE });
    }
    await submitForm('enquiry', { name: 'Erin Enquirer', email: 'erin@example.com', phone: '+44 20 7946 0000', company: 'Erin Ltd', service: 'Web Development', message: LONG_MESSAGE });
    await submitForm('quote', { name: 'Quinn Quoter', email: 'quinn@example.com', phone: '+1 555 0199', company: '', service: 'Mobile App', budget: 6500, timeline: 'ASAP', projectDetails: LONG_MESSAGE });
    await submitForm('free-offer', { email: 'freya@example.com', message: 'A free audit please' });

    const { context, page } = await open('/admin/dashboard', DESKTOP, false);
    await signIn(page);
    signedIn = await context.storageState();
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signIn(page: Page): Promise<void> {
    // Typing before the login island is live could be lost when it hydrates.
    await page.waitForSelector('[data-island="AdminLogin"][data-hydrated="true"]');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
  }

  async function open(path: string, viewport = DESKTOP, withSession = true): Promise<Session> {
    const context = await browser.newContext({ viewport, ...(withSession ? { storageState: signedIn } : {}) });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(server.url + path);
    if (withSession) await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
    return { context, page, problems };
  }

  const heading = (page: Page) => page.locator('h1').innerText();
  const sidebarLink = (page: Page, name: string) => page.locator('#admin-sidebar').getByRole('link', { name, exact: true });

  it('signs in through the form and shows the home, the sidebar and the top bar', async () => {
    const { context, page, problems } = await open('/admin/dashboard', DESKTOP, false);
    await signIn(page);
    await expect(heading(page)).resolves.toBe('Dashboard');
    await page.getByRole('heading', { name: 'Newest messages' }).waitFor();
    await expect(page.getByRole('heading', { name: 'Newest portfolio items' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: /unread messages?$/ }).getAttribute('href')).resolves.toBe('/admin/dashboard/messages?unread=true');
    await expect(page.getByRole('searchbox', { name: 'Search messages and portfolio titles' }).isVisible()).resolves.toBe(true);
    for (const name of ['Dashboard', 'Contact', 'Enquiry', 'Quotes', 'Free Offers', 'Users', 'Projects', 'Portfolio', 'Messages', 'Tasks', 'Analytics', 'Settings', 'Back to website']) {
      await expect(sidebarLink(page, name).isVisible()).resolves.toBe(true);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('switches views in the page, keeps them in the URL, on reload and with the back button', async () => {
    const { context, page, problems } = await open('/admin/dashboard');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await sidebarLink(page, 'Users').click();
    await page.waitForURL(`${server.url}/admin/dashboard/users`);
    await page.getByRole('heading', { name: 'Add an account' }).waitFor();
    await expect(sidebarLink(page, 'Users').getAttribute('aria-current')).resolves.toBe('page');
    // Focus moves to the new view's heading for keyboard and screen reader users.
    await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe('H1');
    for (const [name, text] of [
      ['Projects', 'Won work: every quote request marked Accepted.'],
      ['Messages', 'Every form’s messages, newest first.'],
      ['Tasks', 'Messages waiting for a first reply, the most urgent first.'],
      ['Analytics', 'Counted on our own server: no cookies'],
      ['Settings', 'Send a test to me'],
    ] as const) {
      await sidebarLink(page, name).click();
      await page.getByText(text).first().waitFor();
    }
    await sidebarLink(page, 'Quotes').click();
    await page.waitForURL(`${server.url}/admin/dashboard/forms/quote`);
    await page.getByRole('link', { name: /^Quinn Quoter/ }).waitFor();
    // No full page load happened: the marker set before is still there.
    await expect(page.evaluate(() => (window as unknown as { marker?: number }).marker)).resolves.toBe(1);

    await page.goBack();
    await page.waitForURL(`${server.url}/admin/dashboard/settings`);
    await expect(heading(page)).resolves.toBe('Settings');
    await page.goBack();
    await expect(heading(page)).resolves.toBe('Analytics');
    await page.goForward();
    await page.goForward();
    await page.getByRole('link', { name: /^Quinn Quoter/ }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: /^Quinn Quoter/ }).waitFor();
    await expect(heading(page)).resolves.toBe('Quotes submissions');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("lists each form's own messages newest first, cut to 50 characters, the rest behind Show more", async () => {
    const { context, page, problems } = await open('/admin/dashboard/forms/contact');
    const table = page.locator('.admin-table');
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(20);
    // Newest first: the last seeded visitor leads.
    await expect(table.locator('tbody tr').first().innerText()).resolves.toContain('Visitor 20');
    await page.getByRole('button', { name: 'Show more' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.admin-table tbody tr').length === 21);
    await expect(page.getByRole('button', { name: 'Show more' }).count()).resolves.toBe(0);

    // The hostile submission shows as text and runs nothing.
    await expect(table.locator('tbody tr').last().innerText()).resolves.toContain(HOSTILE);
    expect(await table.locator('img').count()).toBe(0);
    await expect(page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).resolves.toBeUndefined();

    await sidebarLink(page, 'Enquiry').click();
    await page.getByRole('link', { name: /^Erin Enquirer/ }).waitFor();
    await expect(page.locator('tbody tr').first().locator('td.admin-table__long').innerText()).resolves.toBe(`${LONG_MESSAGE.slice(0, 50).trimEnd()}…`);
    await expect(page.getByRole('combobox', { name: 'Status of the submission from Erin Enquirer' }).locator('option').allInnerTexts()).resolves.toEqual(['New', 'Read', 'Responded']);

    await sidebarLink(page, 'Quotes').click();
    await page.getByRole('link', { name: /^Quinn Quoter/ }).waitFor();
    await expect(page.locator('tbody tr').first().locator('td.admin-table__long').innerText()).resolves.toBe(`${LONG_MESSAGE.slice(0, 50).trimEnd()}…`);
    await expect(page.getByRole('combobox', { name: 'Status of the submission from Quinn Quoter' }).locator('option').allInnerTexts()).resolves.toEqual(['New', 'Read', 'Quoted', 'Accepted', 'Rejected']);

    await sidebarLink(page, 'Free Offers').click();
    await page.getByRole('link', { name: /^freya@example\.com/ }).waitFor();
    await expect(page.locator('tbody tr').first().innerText()).resolves.toContain('A free audit please');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('changes a status and still shows it after a reload', async () => {
    const { context, page, problems } = await open('/admin/dashboard/forms/quote');
    const status = page.getByRole('combobox', { name: 'Status of the submission from Quinn Quoter' });
    await status.waitFor();
    await expect(status.inputValue()).resolves.toBe('new');
    const patched = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes('/api/forms/quote/'));
    const reloaded = page.waitForResponse((response) => response.request().method() === 'GET' && response.url().includes('/api/leads?type=quote'));
    await status.selectOption('accepted');
    expect((await patched).status()).toBe(200);
    expect((await patched).request().headers()['x-csrf-token']).toBeTruthy();
    await reloaded;
    await page.reload();
    await status.waitFor();
    await expect(status.inputValue()).resolves.toBe('accepted');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('deletes a submission only after confirming in an accessible dialog', async () => {
    const { context, page, problems } = await open('/admin/dashboard/forms/free-offer');
    const menuButton = page.getByRole('button', { name: 'More actions for the submission from freya@example.com' });
    const deleteButton = page.getByRole('button', { name: 'Delete the submission from freya@example.com' });
    await menuButton.click();
    await deleteButton.click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this submission?' });
    await dialog.waitFor();
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Cancel');
    // Focus stays inside: Tab twice wraps back to Cancel.
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Delete');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Cancel');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(menuButton.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    expect(await page.locator('tbody tr').count()).toBe(1);

    await menuButton.click();
    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Nothing from the Free Offers form yet.').waitFor();
    await page.reload();
    await page.getByText('Nothing from the Free Offers form yet.').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('adds a portfolio item with a main and two slider images, shows it publicly, edits it and deletes it', async () => {
    const { context, page, problems } = await open('/admin/dashboard/portfolio');
    await page.getByText('No portfolio items yet.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Add Portfolio' }).click();
    const panel = page.getByRole('dialog', { name: 'Add Portfolio' });
    await panel.waitFor();

    // The spec's required fields are checked before anything is sent.
    await panel.getByRole('button', { name: 'Add Portfolio Item' }).click();
    await panel.getByText('Title is required.').waitFor();
    await expect(panel.getByText('Choose at least one category.').isVisible()).resolves.toBe(true);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('title');

    await panel.getByLabel('Title *').fill('Bakery ordering site');
    await panel.getByRole('checkbox', { name: 'Web Development' }).check();
    await panel.getByRole('checkbox', { name: 'Food' }).check();
    await panel.getByLabel('Client *').fill('Crumb & Co');
    await panel.getByLabel('Description *').fill('Online orders and a blog for a neighbourhood bakery.');
    await panel.getByLabel('Technologies').fill('React, Node.js');
    await panel.getByLabel('Website link').fill('https://crumb.example');
    await panel.getByLabel('Challenge').fill('Phone orders only.');
    await panel.getByLabel('Author').fill('Dana Baker');
    await panel.getByLabel('Position').fill('Owner');
    await panel.getByLabel('Testimonial text').fill('Orders doubled.');
    await expect(panel.getByText('Recommended size 300 × 200 px.').isVisible()).resolves.toBe(true);
    await expect(panel.getByText('Recommended size 800 × 600 px.').isVisible()).resolves.toBe(true);
    await panel.getByLabel('Main image').setInputFiles({ name: 'main.png', mimeType: 'image/png', buffer: await png(600, 400, [200, 60, 40]) });
    await panel.getByLabel('Slider images (up to 3)').setInputFiles([
      { name: 'slide-1.png', mimeType: 'image/png', buffer: await png(800, 600, [40, 120, 200]) },
      { name: 'slide-2.png', mimeType: 'image/png', buffer: await png(800, 600, [60, 180, 90]) },
    ]);
    await expect(panel.getByRole('img', { name: /^Preview of slider image/ }).count()).resolves.toBe(2);
    await expect(panel.getByRole('img', { name: 'Preview of the chosen main image' }).isVisible()).resolves.toBe(true);

    // Upload progress: every percentage shown is recorded while the request runs.
    await page.evaluate(() => {
      const seen: string[] = ((window as unknown as { progressSeen: string[] }).progressSeen = []);
      new MutationObserver(() => {
        const text = document.querySelector('.admin-upload')?.textContent;
        if (text && !seen.includes(text)) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const created = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/api/portfolio'));
    await panel.getByRole('button', { name: 'Add Portfolio Item' }).click();
    expect((await created).status()).toBe(201);
    await page.getByRole('status').getByText('Portfolio item added successfully!').waitFor();
    const progress = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    expect(progress.length).toBeGreaterThan(0);
    for (const text of progress) expect(text).toMatch(/^Uploading… (\d|[1-9]\d|100)%$/);
    const item = (await (await created).json()) as { _id: string; images: string[] };
    expect(item.images).toHaveLength(2);

    // Card, then the detail view.
    await page.getByRole('heading', { name: 'Bakery ordering site' }).waitFor();
    await page.getByRole('button', { name: 'View Bakery ordering site' }).click();
    await page.waitForURL(`${server.url}/admin/dashboard/portfolio/${item._id}`);
    const facts = page.locator('.admin-detail__facts');
    await facts.waitFor();
    for (const text of ['Crumb & Co', 'Web Development, Food', 'React, Node.js']) await expect(facts.innerText()).resolves.toContain(text);
    await expect(page.getByText('Phone orders only.').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Orders doubled.').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: /Visit Website/ }).getAttribute('href')).resolves.toBe('https://crumb.example/');
    // The image loads (it may still be on its way when the facts show).
    await page.getByRole('img', { name: 'Bakery ordering site main image' }).waitFor();
    await page.waitForFunction(() => Array.from(document.images).some((img) => img.alt === 'Bakery ordering site main image' && img.complete && img.naturalWidth > 0));
    expect(await page.locator('.admin-detail__thumbs img').count()).toBe(2);
    await page.reload();
    await facts.waitFor();

    const publicPage = await context.newPage();
    await publicPage.goto(`${server.url}/portfolio`);
    await expect(publicPage.getByText('Bakery ordering site').first().isVisible()).resolves.toBe(true);

    // Edit from the detail view: the panel is prefilled and saves through PUT.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const editPanel = page.getByRole('dialog', { name: 'Edit Bakery ordering site' });
    await editPanel.waitFor();
    await expect(editPanel.getByLabel('Client *').inputValue()).resolves.toBe('Crumb & Co');
    await expect(editPanel.getByRole('checkbox', { name: 'Food' }).isChecked()).resolves.toBe(true);
    await editPanel.getByLabel('Title *').fill('Bakery ordering site, relaunched');
    const updated = page.waitForResponse((response) => response.request().method() === 'PUT');
    await editPanel.getByRole('button', { name: 'Save changes' }).click();
    expect((await updated).status()).toBe(200);
    await page.getByRole('status').getByText('Portfolio item updated successfully!').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Bakery ordering site, relaunched' }).waitFor();
    expect(((await (await updated).json()) as { images: string[] }).images).toHaveLength(2);
    await publicPage.reload();
    await expect(publicPage.getByText('Bakery ordering site, relaunched').first().isVisible()).resolves.toBe(true);

    // Delete: confirmation, the spec's alert, gone from the grid and the public page.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Delete this portfolio item?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('status').getByText('Portfolio item deleted successfully!').waitFor();
    await page.waitForURL(`${server.url}/admin/dashboard/portfolio`);
    await page.getByText('No portfolio items yet.', { exact: false }).waitFor();
    await publicPage.reload();
    await expect(publicPage.getByText('Bakery ordering site, relaunched').count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows a save failure in the panel and keeps what was typed', async () => {
    const { context, page } = await open('/admin/dashboard/portfolio');
    await page.route('**/api/portfolio', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Storage is unavailable' }) }) : route.continue(),
    );
    await page.getByRole('button', { name: 'Add Portfolio' }).click();
    const panel = page.getByRole('dialog', { name: 'Add Portfolio' });
    await panel.getByLabel('Title *').fill('Kept title');
    await panel.getByRole('checkbox', { name: 'Finance' }).check();
    await panel.getByLabel('Client *').fill('Client');
    await panel.getByLabel('Description *').fill('Text');
    await panel.getByRole('button', { name: 'Add Portfolio Item' }).click();
    await panel.getByRole('alert').getByText('Failed to save portfolio item: Storage is unavailable').waitFor();
    await expect(panel.getByLabel('Title *').inputValue()).resolves.toBe('Kept title');
    await context.close();
  });

  it('offers Retry when a list fails to load', async () => {
    const { context, page } = await open('/admin/dashboard');
    let failing = true;
    await page.route('**/api/leads?type=enquiry*', (route) => (failing ? route.fulfill({ status: 500, body: 'down' }) : route.continue()));
    await page.route('**/api/portfolio', (route) => (failing ? route.abort() : route.continue()));
    await sidebarLink(page, 'Enquiry').click();
    await page.getByRole('alert').getByText('Failed to load messages.').waitFor();
    await sidebarLink(page, 'Portfolio').click();
    await page.getByRole('alert').getByText('Failed to load portfolio items').waitFor();
    failing = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    // Whatever earlier tests left: the grid or the empty message, and the error is gone.
    await page.locator('.admin-portfolio-grid, .admin-empty').first().waitFor();
    await expect(page.getByText('Failed to load portfolio items').count()).resolves.toBe(0);
    await sidebarLink(page, 'Enquiry').click();
    await page.getByRole('link', { name: /^Erin Enquirer/ }).waitFor();
    await context.close();
  });

  it('collapses the sidebar, remembers it across reloads without a hydration mismatch', async () => {
    const { context, page, problems } = await open('/admin/dashboard');
    const toggle = page.getByRole('button', { name: 'Collapse sidebar' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    await toggle.click();
    const expand = page.getByRole('button', { name: 'Expand sidebar' });
    await expect(expand.getAttribute('aria-expanded')).resolves.toBe('false');
    const width = () => page.locator('#admin-sidebar').evaluate((element) => element.getBoundingClientRect().width);
    expect(await width()).toBeLessThan(100);
    // Collapsed links keep their names for assistive technology.
    await expect(sidebarLink(page, 'Portfolio').isVisible()).resolves.toBe(true);
    await page.reload();
    await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
    await page.waitForFunction(() => document.querySelector('.admin-app')?.getAttribute('data-collapsed') === 'true');
    expect(await width()).toBeLessThan(100);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    expect(await width()).toBeGreaterThan(200);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens the sidebar as an overlay on a phone: focus kept inside, Escape closes it', async () => {
    const { context, page, problems } = await open('/admin/dashboard', PHONE);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
    const menu = page.getByRole('button', { name: 'Open navigation' });
    await menu.click();
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('true');
    await sidebarLink(page, 'Dashboard').waitFor({ state: 'visible' });
    for (let index = 0; index < 25; index++) {
      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => Boolean(document.activeElement?.closest('#admin-sidebar')))).resolves.toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(menu.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await menu.click();
    await sidebarLink(page, 'Contact').click();
    await page.waitForURL(`${server.url}/admin/dashboard/forms/contact`);
    await sidebarLink(page, 'Dashboard').waitFor({ state: 'hidden' });
    await page.locator('.admin-table').waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reloads into the login when the session is gone', async () => {
    const { context, page } = await open('/admin/dashboard');
    await context.clearCookies();
    await sidebarLink(page, 'Contact').click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await context.close();
  });

  it('logs out to the home page, and the dashboard asks for the login again', async () => {
    const { context, page } = await open('/admin/dashboard', DESKTOP, false);
    await signIn(page);
    await Promise.all([page.waitForURL(`${server.url}/`), page.getByRole('button', { name: 'Logout' }).click()]);
    await page.goto(`${server.url}/admin/dashboard/forms/contact`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await context.close();
  });

  it('logs out without JavaScript (as before the page hydrates): the button posts the session token to /admin/logout', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/dashboard`);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await Promise.all([page.waitForURL(`${server.url}/admin/dashboard`), page.getByRole('button', { name: 'Sign in' }).click()]);
    await expect(page.title()).resolves.toMatch(/^Admin dashboard/);
    await Promise.all([page.waitForURL(`${server.url}/`), page.getByRole('button', { name: 'Logout' }).click()]);
    expect((await context.cookies(server.url)).some((cookie) => cookie.name === 'sid')).toBe(false);
    await page.goto(`${server.url}/admin/dashboard`);
    await expect(page.title()).resolves.toMatch(/^Admin sign in/);
    await context.close();
  });

  it.each([
    ['375px', PHONE],
    ['1280px', DESKTOP],
  ])('has no axe violations on any view, the add panel or the confirmation at %s', async (_, viewport) => {
    const paths = ['/admin/dashboard', '/admin/dashboard/forms/contact', '/admin/dashboard/forms/quote', '/admin/dashboard/portfolio', '/admin/dashboard/settings', '/admin/dashboard/nope'];
    const { context, page } = await open('/admin/dashboard', viewport);
    const check = async (what: string) => {
      expect({ what, width: viewport.width, violations: await axeViolations(page) }).toEqual({ what, width: viewport.width, violations: [] });
    };
    for (const path of paths) {
      await page.goto(server.url + path);
      await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
      await page.waitForSelector('[role="status"].admin-loading', { state: 'detached' });
      await check(path);
    }
    await page.goto(`${server.url}/admin/dashboard/portfolio`);
    await page.getByRole('button', { name: 'Add Portfolio' }).click();
    await page.getByRole('dialog', { name: 'Add Portfolio' }).waitFor();
    await check('add panel');
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/admin/dashboard/forms/contact`);
    await page.getByRole('button', { name: /^More actions for the submission/ }).first().click();
    await page.getByRole('button', { name: /^Delete the submission/ }).first().click();
    await page.getByRole('alertdialog').waitFor();
    await check('confirmation');
    await context.close();
  }, 180_000);
});
