import path from 'node:path';
import type { Browser } from 'playwright-core';
import { axeViolations, type BrowserState, DESKTOP, openDashboard, pageWidths, PHONE_DEVICE } from './browser';
import type { RunningServer } from './server';
import { startStaffSite, type StaffSite } from './staff-site';

const OWNER = { username: 'address-owner', password: 'a long and private test passphrase' };
/** Where the Address panel's screenshots go when SCREENSHOT_DIR is set (to look at them). */
const SHOTS = process.env.SCREENSHOT_DIR;

/**
 * A service's Address panel in Chromium: a bad address refused beside its field, then the address
 * changed (the old address lands on the new page), then the page retired to /services after
 * confirming (both addresses land there). At phone and desktop widths, axe clean.
 */
describe('a page’s address, in a real browser', () => {
  let site: StaffSite;
  // The suite's site, browser and signed-in owner, read by each test.
  let server: RunningServer;
  let browser: Browser;
  let signedIn: BrowserState;

  beforeAll(async () => {
    site = await startStaffSite(OWNER, 'address');
    ({ server, browser, signedIn } = site);
  }, 120_000);
  afterAll(() => site?.stop());

  /** Where a visitor following `address` ends up. */
  const landing = async (address: string) => {
    const visitor = await browser.newContext();
    const visit = await visitor.newPage();
    const answer = await visit.goto(`${server.url}${address}`);
    const result = { path: new URL(visit.url()).pathname, status: answer?.status(), redirected: answer?.request().redirectedFrom() !== null };
    await visitor.close();
    return result;
  };

  it.each([
    ['phone', PHONE_DEVICE, 'web-development', 'websites'],
    ['desktop', DESKTOP, 'ui-ux-design', 'product-design'],
  ] as const)('changes a service’s address, then retires it to /services (%s)', async (name, device, slug, renamed) => {
    const width = 'viewport' in device ? device.viewport.width : device.width;
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/website/services/${slug}`, signedIn, device);
    const panel = page.getByRole('region', { name: 'Address' });
    await panel.getByText(`/services/${slug}`, { exact: true }).waitFor();

    const change = panel.getByRole('form', { name: 'Change address' });
    await change.getByLabel(/^New address/).fill('Not A Slug');
    await change.getByRole('button', { name: 'Change address' }).click();
    await change.getByText(/Use lower-case letters/).waitFor();
    await change.locator('input[aria-invalid="true"]').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect((await pageWidths(page)).document).toBeLessThanOrEqual(width);
    if (SHOTS) await panel.screenshot({ path: path.join(SHOTS, `address-panel-${name}.png`) });

    await change.getByLabel(/^New address/).fill(renamed);
    await change.getByRole('button', { name: 'Change address' }).click();
    await page.getByText(`The page is now at /services/${renamed}; /services/${slug} sends visitors there.`).waitFor();
    await panel.getByText(`/services/${renamed}`, { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/dashboard/website/services/${renamed}`);
    expect(await landing(`/services/${slug}`)).toEqual({ path: `/services/${renamed}`, status: 200, redirected: true });

    const retire = panel.getByRole('form', { name: 'Retire this page' });
    await retire.getByLabel(/^Where should its visitors go/).selectOption('/services');
    await retire.getByRole('button', { name: 'Retire this page' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Retire this page?' });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Retire the page' }).click();
    await page.getByText(`The page is retired: /services/${renamed} sends visitors to /services.`).waitFor();
    await panel.getByRole('button', { name: 'Bring back' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect((await pageWidths(page)).document).toBeLessThanOrEqual(width);
    if (SHOTS) await panel.screenshot({ path: path.join(SHOTS, `address-panel-retired-${name}.png`) });
    expect(await landing(`/services/${renamed}`)).toEqual({ path: '/services', status: 200, redirected: true });
    expect(await landing(`/services/${slug}`)).toEqual({ path: '/services', status: 200, redirected: true });

    expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([]);
    await context.close();
  }, 90_000);
});
