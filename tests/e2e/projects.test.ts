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
    [site, browser] = await Promise.all([startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }), launchBrowser()]);
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
});
