import type { Browser } from 'playwright-core';
import { axeViolations, DESKTOP, launchBrowser, PHONE, watchConsole } from './browser';
import { startServer, type RunningServer } from './server';

const ADMIN = { username: 'projects-admin', password: 'a long and private test passphrase' };

describe('Projects from won quotes in a real browser', () => {
  let site: RunningServer;
  let browser: Browser;
  let cookie: string;
  let csrfToken: string;

  /** What a signed-in admin's API call carries. */
  const asAdmin = (extra: Record<string, string> = {}) => ({ cookie, 'x-csrf-token': csrfToken, origin: site.url, ...extra });

  beforeAll(async () => {
    [site, browser] = await Promise.all([startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, FORM_RATE_LIMIT: '100' }), launchBrowser()]);
    const login = await fetch(`${site.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: site.url }, body: JSON.stringify(ADMIN) });
    cookie = login.headers.getSetCookie().find((line) => /^sid=/.test(line))!.split(';')[0]!;
    csrfToken = ((await login.json()) as { csrfToken: string }).csrfToken;
    const quote = { name: 'Quinn Quoter', email: 'quinn@example.com', phone: '+1 555 0199', company: 'Quinn Bakery', service: 'Web Development', budget: 6500, timeline: 'ASAP', projectDetails: 'An ordering site.', fillMs: 20_000 };
    const sent = await fetch(`${site.url}/api/forms/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(quote) });
    const { _id } = (await sent.json()) as { _id: string };
    const accepted = await fetch(`${site.url}/api/forms/quote/${_id}/status`, { method: 'PATCH', headers: asAdmin({ 'content-type': 'application/json' }), body: JSON.stringify({ status: 'accepted' }) });
    expect(accepted.status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('lists the won quote, moves its stage and opens a portfolio item filled in from it (%s)', async (_, viewport) => {
    const context = await browser.newContext({ viewport });
    await context.addCookies([{ name: 'sid', value: cookie.split('=')[1]!, url: site.url }]);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${site.url}/admin/dashboard/projects`);
    await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
    const row = page.getByRole('row', { name: /Quinn Bakery/ });
    await row.waitFor();
    await expect(row.innerText()).resolves.toMatch(/Web Development[\s\S]*\$6,500/);

    const stage = page.getByLabel('Stage of Quinn Bakery');
    const target = viewport === PHONE ? 'in-progress' : 'delivered';
    await stage.selectOption(target);
    await page.getByRole('status').filter({ hasText: 'Quinn Bakery:' }).waitFor();
    await page.reload();
    await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
    await expect(page.getByLabel('Stage of Quinn Bakery').inputValue()).resolves.toBe(target);
    await page.screenshot({ path: `screenshots/admin-projects-${viewport.width}.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Create portfolio item for Quinn Bakery' }).click();
    const panel = page.getByRole('dialog');
    await panel.waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard/portfolio');
    await expect(panel.getByLabel('Client *').inputValue()).resolves.toBe('Quinn Bakery');
    await expect(panel.getByLabel('Title *').inputValue()).resolves.toBe('Web Development for Quinn Bakery');
    await expect(panel.getByRole('checkbox', { name: 'Web Development' }).isChecked()).resolves.toBe(true);
    await expect(panel.getByRole('checkbox', { name: 'Food' }).isChecked()).resolves.toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('draws a page of projects, shows more on request, and searches and filters them in the URL (%s)', async (_, viewport) => {
    if (viewport === PHONE) {
      // 60 projects newer than Quinn's: more than a page of 50.
      const ids: string[] = [];
      for (let i = 0; i < 60; i += 1) {
        const quote = { name: `Paging Client ${i}`, email: `paging${i}@example.com`, phone: '+1 555 0100', company: `Paging Co ${i}`, service: 'Branding', budget: 2000, timeline: 'ASAP', projectDetails: 'A new logo.', fillMs: 20_000 };
        const sent = await fetch(`${site.url}/api/forms/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(quote) });
        expect(sent.status).toBe(201);
        ids.push(((await sent.json()) as { _id: string })._id);
      }
      const bulk = await fetch(`${site.url}/api/leads/bulk`, { method: 'POST', headers: asAdmin({ 'content-type': 'application/json' }), body: JSON.stringify({ action: 'status', ids, status: 'accepted' }) });
      expect(bulk.status).toBe(200);
    }
    const context = await browser.newContext({ viewport });
    await context.addCookies([{ name: 'sid', value: cookie.split('=')[1]!, url: site.url }]);
    const page = await context.newPage();
    const problems = watchConsole(page);
    const answers: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/projects') answers.push(response.status());
    });
    await page.goto(`${site.url}/admin/dashboard/projects`);
    await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    await expect(rows.count()).resolves.toBe(50);
    await expect(page.getByText('Quinn Bakery', { exact: true }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Show more' }).click();
    await page.getByText('Quinn Bakery', { exact: true }).waitFor();
    await expect(rows.count()).resolves.toBe(61);
    await expect(page.getByRole('button', { name: 'Show more' }).count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(viewport.width);

    // Too short a search is refused in the form, with the API's words, and asks nothing of the server.
    const filters = page.getByRole('form', { name: 'Filter projects' });
    const search = filters.getByRole('searchbox', { name: 'Search' });
    await search.fill('qu');
    await filters.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Search for at least 3 characters.').waitFor();
    await expect(search.getAttribute('aria-invalid')).resolves.toBe('true');
    expect(answers).toEqual([200, 200]);

    await search.fill('quinn');
    await filters.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/admin\/dashboard\/projects\?q=quinn$/);
    await page.getByText('Quinn Bakery', { exact: true }).waitFor();
    await expect(rows.count()).resolves.toBe(1);
    // Moved to Delivered by the desktop run of the test above.
    const stage = 'delivered';
    await filters.getByLabel('Stage').selectOption('accepted');
    await page.waitForURL(/\?stage=accepted&q=quinn$/);
    await page.getByText('No projects match these filters.').waitFor();
    await filters.getByLabel('Stage').selectOption(stage);
    await page.waitForURL(new RegExp(`\\?stage=${stage}&q=quinn$`));
    await page.getByText('Quinn Bakery', { exact: true }).waitFor();
    await page.reload();
    await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
    await page.getByText('Quinn Bakery', { exact: true }).waitFor();
    await expect(filters.getByLabel('Stage').inputValue()).resolves.toBe(stage);
    await page.screenshot({ path: `screenshots/admin-projects-filtered-${viewport.width}.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // The link to the won quote says what it opens.
    await page.getByRole('link', { name: 'Original request (the quote from Quinn Bakery)' }).click();
    await page.waitForURL(/\/admin\/dashboard\/messages\/quote\/[0-9a-f-]{36}$/);
    expect(problems).toEqual([]);
    await context.close();
  });
});
