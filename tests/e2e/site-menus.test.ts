import type { Browser, Locator, Page } from 'playwright-core';
import { axeViolations, type BrowserState, DESKTOP, openDashboard, pageWidths, PHONE_DEVICE } from './browser';
import type { RunningServer } from './server';
import { startStaffSite, type StaffSite } from './staff-site';

const OWNER = { username: 'menus-owner', password: 'a long and private test passphrase' };
/** Where screenshots of the menu editor go when set (looked at by hand). */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

/** Waits until the header of `/` (desktop bar and phone menu) holds `text`: a publish reaches the site by its content version. */
async function untilInHeader(server: RunningServer, text: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const html = await (await fetch(`${server.url}/`)).text();
    if (html.slice(html.indexOf('<header'), html.indexOf('</header>')).includes(text)) return;
    if (Date.now() > deadline) throw new Error(`the header never showed ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The field called `label` in `scope` (a list item's fieldset): its first, as an item's own fields come before those of the links under it. */
const field = (scope: Locator, label: RegExp) => scope.getByLabel(label).first();

async function publishInEditor(page: Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Published: the site shows it now.').waitFor();
}

/**
 * A visitor at 375 px opens the phone menu (and the group `under`, when the link is in one) and
 * finds `label` there; at 1280 px the desktop bar shows it (in the dropdown `under`, opened without
 * JavaScript's help: a `<details>`). axe clean at both widths, nothing wider than the screen.
 */
async function visitorFinds(browser: Browser, server: RunningServer, label: string, under?: string): Promise<void> {
  const phone = await browser.newContext(PHONE_DEVICE);
  const onPhone = await phone.newPage();
  await onPhone.goto(`${server.url}/privacy`);
  await onPhone.getByRole('button', { name: 'Open menu' }).click();
  const menu = onPhone.getByRole('navigation', { name: 'Mobile' });
  await menu.waitFor();
  if (under) await menu.getByRole('button', { name: under }).click();
  await menu.getByRole('link', { name: label, exact: true }).waitFor({ state: 'visible' });
  expect((await pageWidths(onPhone)).document).toBeLessThanOrEqual(PHONE_DEVICE.viewport.width);
  expect(await axeViolations(onPhone)).toEqual([]);
  await phone.close();

  const desktop = await browser.newContext({ viewport: DESKTOP });
  const onDesktop = await desktop.newPage();
  await onDesktop.goto(`${server.url}/privacy`);
  const bar = onDesktop.getByRole('navigation', { name: 'Main' });
  if (under) await bar.locator('summary', { hasText: under }).click();
  await bar.getByRole('link', { name: label, exact: true }).waitFor({ state: 'visible' });
  expect((await pageWidths(onDesktop)).document).toBeLessThanOrEqual(DESKTOP.width);
  expect(await axeViolations(onDesktop)).toEqual([]);
  await desktop.close();
}

/**
 * The menus as documents staff edit (issue 41, "Menus") in Chromium: a "Careers" link added to the
 * main navigation in Website, at the top (on a phone) or under an existing item (on a desktop),
 * published, is in the public header's desktop bar and phone menu; a link to no page is refused
 * beside its field first. axe clean throughout, at 375 and 1280 px.
 */
describe('the main menu staff edit, in a real browser', () => {
  let site: StaffSite;
  let server: RunningServer;
  let browser: Browser;
  let signedIn: BrowserState;

  beforeAll(async () => {
    site = await startStaffSite(OWNER, 'menus');
    ({ server, browser, signedIn } = site);
  }, 120_000);
  afterAll(() => site?.stop());

  it('adds "Careers" at the top of the main menu on a phone (375 px): published, the header shows it', async () => {
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/website`, signedIn, PHONE_DEVICE);
    await page.getByRole('heading', { name: 'Site-wide', level: 2 }).waitFor();
    await page.getByRole('link', { name: 'Main menu', exact: true }).click();
    await page.getByRole('heading', { name: 'Main menu', level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const items = page.locator('.admin-list-field__items').first().locator(':scope > li');
    const count = await items.count();
    await page.getByLabel('Kind of menu item').selectOption({ label: 'Link' });
    await page.getByRole('button', { name: 'Add menu item to Menu items' }).click();
    const careers = page.locator(`[data-item="${count}"]`).first();
    await field(careers, /^Label/).fill('Careers');
    await field(careers, /^Link/).fill('/about#careers');
    expect((await pageWidths(page)).document).toBeLessThanOrEqual(PHONE_DEVICE.viewport.width);
    expect(await axeViolations(page)).toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/main-menu-375.png`, fullPage: true });
    await publishInEditor(page);
    await untilInHeader(server, '<a href="/about#careers">Careers</a>');
    expect(problems).toEqual([]);
    await context.close();

    await visitorFinds(browser, server, 'Careers');
  }, 90_000);

  it('adds "Careers" under About on a desktop (1280 px): a link to no page is refused beside its field, then published in the dropdown', async () => {
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/website/menus/main`, signedIn, DESKTOP);
    await page.getByRole('heading', { name: 'Main menu', level: 1 }).waitFor();
    const about = page.locator('[data-item="1"]').first();
    await expect(field(about, /^Label/).inputValue()).resolves.toBe('About');
    await about.getByRole('button', { name: 'Add link to Links under it' }).click();
    const child = about.locator('[data-item="0"]').first();
    await field(child, /^Label/).fill('Join us');
    await field(child, /^Link/).fill('/jobs');

    // /jobs is no page of the site: refused, named beside the field and at the top.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Publishing was refused: fix these first' });
    await refused.getByText('/jobs').first().waitFor();
    await expect(field(child, /^Link/).getAttribute('aria-invalid')).resolves.toBe('true');
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await axeViolations(page)).toEqual([]);

    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/main-menu-refused-1280.png`, fullPage: true });
    await field(child, /^Link/).fill('/contact#careers');
    await publishInEditor(page);
    await untilInHeader(server, '<a href="/contact#careers">Join us</a>');
    expect(problems.filter((problem) => !problem.includes('status of 422'))).toEqual([]);
    await context.close();

    await visitorFinds(browser, server, 'Join us', 'About');
  }, 90_000);
});
