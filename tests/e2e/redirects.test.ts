import type { Browser } from 'playwright-core';
import { axeViolations, type BrowserState, DESKTOP, openDashboard, pageWidths, PHONE_DEVICE } from './browser';
import type { RunningServer } from './server';
import { startStaffSite, type StaffSite } from './staff-site';

const OWNER = { username: 'redirect-owner', password: 'a long and private test passphrase' };

/**
 * Website > Redirects in Chromium: an old address refused beside its field (a live page), then
 * added; the old address then lands on the new page, the use is counted in the list, and the
 * redirect is deleted after confirming. At phone and desktop widths, axe clean.
 */
describe('the Redirects list, in a real browser', () => {
  let site: StaffSite;
  // The suite's site, browser and signed-in owner, read by each test.
  let server: RunningServer;
  let browser: Browser;
  let signedIn: BrowserState;

  beforeAll(async () => {
    site = await startStaffSite(OWNER, 'redirects');
    ({ server, browser, signedIn } = site);
  }, 120_000);
  afterAll(() => site?.stop());

  it.each([
    ['phone', PHONE_DEVICE],
    ['desktop', DESKTOP],
  ] as const)('adds a redirect, the old address lands on the new page, and deletes it (%s)', async (name, device) => {
    const width = 'viewport' in device ? device.viewport.width : device.width;
    // Its own address on a phone; from the sidebar on a desktop.
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard${name === 'phone' ? '/website/redirects' : ''}`, signedIn, device);
    if (name === 'desktop') await page.getByRole('navigation').getByRole('link', { name: 'Redirects' }).click();
    await page.getByRole('heading', { name: 'Redirects', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Built into the site' }).waitFor();

    const form = page.getByRole('form', { name: 'Add a redirect' });
    const oldAddress = `/Old-Site/${name}.html`;
    // A live page is refused beside its field.
    await form.getByLabel(/^Old address/).fill('/about');
    await form.getByLabel(/^Sends to/).fill('/contact');
    await form.getByRole('button', { name: 'Add redirect' }).click();
    await form.getByText('/about is a page of the site: a redirect would never be used. Retire the page first.').waitFor();
    await form.locator('input[aria-invalid="true"]').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await form.getByLabel(/^Old address/).fill(oldAddress);
    await form.getByLabel(/^Sends to/).fill('/services');
    await form.getByRole('button', { name: 'Add redirect' }).click();
    const stored = `/old-site/${name}.html`;
    await page.getByText(`Redirect added: ${stored} now sends visitors to /services.`).waitFor();
    const row = page.getByRole('row').filter({ hasText: stored });
    await row.getByText('0 times').waitFor();
    expect((await pageWidths(page)).document).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `screenshots/admin-redirects-${name}.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // A visitor following an old link lands on the new page.
    const visitor = await browser.newContext();
    const visit = await visitor.newPage();
    const answer = await visit.goto(`${server.url}${oldAddress}`);
    expect(new URL(visit.url()).pathname).toBe('/services');
    expect(answer?.status()).toBe(200);
    expect(answer?.request().redirectedFrom()?.url()).toBe(`${server.url}${oldAddress}`);
    await visitor.close();

    // Counted in the list; then deleted after confirming, and the old address is not found again.
    await page.reload();
    await page.getByRole('row').filter({ hasText: stored }).getByText('1 time', { exact: true }).waitFor();
    await page.getByRole('row').filter({ hasText: stored }).getByRole('button', { name: `Delete the redirect from ${stored}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this redirect?' });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`Redirect deleted: ${stored} is not found again.`).waitFor();
    const gone = await fetch(`${server.url}${stored}`, { redirect: 'manual' });
    expect(gone.status).toBe(404);
    expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([]);
    await context.close();
  }, 90_000);
});
