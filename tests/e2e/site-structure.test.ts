import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { axeViolations, type BrowserState, DESKTOP, openDashboard, pageWidths, PHONE_DEVICE } from './browser';
import type { RunningServer } from './server';
import { startStaffSite, type StaffSite } from './staff-site';

const OWNER = { username: 'structure-owner', password: 'a long and private test passphrase' };
/** Where the screenshots of the Add dialog and /careers go (looked at by hand). */
const SHOTS = process.env.SCREENSHOTS ?? path.join(os.tmpdir(), 'site-structure-shots');

async function publicPage(server: RunningServer, address: string): Promise<{ status: number; text: string }> {
  const answer = await fetch(`${server.url}${address}`);
  return { status: answer.status, text: await answer.text() };
}

/** Waits until `address` answers 200 showing `text`: a publish reaches the site by its content version. */
async function untilShown(server: RunningServer, address: string, text: string): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const { status, text: html } = await publicPage(server, address);
    if (status === 200 && html.includes(text)) return html;
    if (Date.now() > deadline) throw new Error(`${address} never showed ${text} (${status})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Website > Add <noun>: the dialog, a refused address beside its field, then the document added and opened. */
async function addDocument(page: Page, noun: string, name: string, { badSlug, screenshot }: { badSlug?: string; screenshot?: string } = {}) {
  await page.getByRole('button', { name: `Add ${noun}` }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Add an? ${noun}$`) });
  await dialog.waitFor();
  await dialog.getByLabel(/^Name/).fill(name);
  if (badSlug) {
    const proposed = await dialog.getByLabel(/^Address/).inputValue();
    await dialog.getByLabel(/^Address/).fill(badSlug);
    await dialog.getByRole('button', { name: `Add ${noun}` }).click();
    await dialog.locator('.admin-field__error').first().waitFor();
    await expect(dialog.getByLabel(/^Address/).getAttribute('aria-invalid')).resolves.toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    if (screenshot) await page.screenshot({ path: screenshot });
    await dialog.getByLabel(/^Address/).fill(proposed);
  }
  await dialog.getByRole('button', { name: `Add ${noun}` }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  await page.getByText('Draft, never published').first().waitFor();
}

async function publishInEditor(page: Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Published: the site shows it now.').waitFor();
}

/**
 * Staff shape the site (issue 41) in Chromium: a service added in Website and published is in the
 * menu, on /services, at its own address and in both forms' service options; a page "Careers" with questions and answers is live
 * at /careers, its answer opening on a click, within a 375 px phone. axe clean throughout.
 */
describe('services and pages staff add, in a real browser', () => {
  let site: StaffSite;
  // The suite's site, browser and signed-in owner, read by each test.
  let server: RunningServer;
  let browser: Browser;
  let signedIn: BrowserState;

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    site = await startStaffSite(OWNER, 'structure');
    ({ server, browser, signedIn } = site);
  }, 120_000);
  afterAll(() => site?.stop());

  it.each([
    ['phone', PHONE_DEVICE],
    ['desktop', DESKTOP],
  ] as const)('adds a service and publishes it: the menu, /services, its page and both forms follow (%s)', async (name, device) => {
    const width = 'viewport' in device ? device.viewport.width : device.width;
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/website`, signedIn, device);
    await page.getByRole('heading', { name: 'Services', level: 2 }).waitFor();
    const title = `Video Production ${name === 'phone' ? 'Phone' : 'Desk'}`;
    const slug = `video-production-${name === 'phone' ? 'phone' : 'desk'}`;
    await addDocument(page, 'service', title, { badSlug: 'Admin Page', screenshot: path.join(SHOTS, `add-dialog-${width}.png`) });
    expect(new URL(page.url()).pathname).toBe(`/admin/dashboard/website/services/${slug}`);
    expect(await axeViolations(page)).toEqual([]);
    expect((await pageWidths(page)).document).toBeLessThanOrEqual(width);
    expect((await publicPage(server, `/services/${slug}`)).status).toBe(404);

    await publishInEditor(page);
    const own = await untilShown(server, `/services/${slug}`, title);
    expect(own).toContain('<h1');
    const services = await untilShown(server, '/services', `/services/${slug}`);
    expect(services.slice(services.indexOf('<header'), services.indexOf('</header>'))).toContain(`href="/services/${slug}"`);

    // Back in the list, under Services, published.
    await page.goto(`${server.url}/admin/dashboard/website`);
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByText('Published').waitFor();
    expect(problems.filter((problem) => !problem.includes('status of 404'))).toEqual([]);
    await context.close();

    await expectInBothForms(device, title, true);
    expect((await publicPage(server, '/sitemap.xml')).text).toContain(`/services/${slug}</loc>`);

    // Renamed to a shorter address, then retired with a redirect (the rest of issue 41's story):
    // out of the menu, the sitemap and the forms, and every address it had answers 301.
    const renamed = slug.replace('video-production', 'video');
    await moveThenRetire(device, slug, renamed);
    for (const address of [`/services/${slug}`, `/services/${renamed}`]) {
      expect(await redirectOf(address)).toEqual({ status: 301, location: '/services' });
    }
    const sitemap = (await publicPage(server, '/sitemap.xml')).text;
    expect(sitemap).not.toContain(`/services/${slug}<`);
    expect(sitemap).not.toContain(`/services/${renamed}<`);
    const servicesAfter = (await publicPage(server, '/services')).text;
    expect(servicesAfter).not.toContain(`href="/services/${renamed}"`);
    expect(servicesAfter).not.toContain(`href="/services/${slug}"`);
    await expectInBothForms(device, title, false);
  }, 120_000);

  /** The status and target of `address` as sent (not followed). */
  async function redirectOf(address: string): Promise<{ status: number; location: string | null }> {
    const answer = await fetch(`${server.url}${address}`, { redirect: 'manual' });
    return { status: answer.status, location: answer.headers.get('location') && new URL(answer.headers.get('location')!, server.url).pathname };
  }

  /** The editor's Address panel: the service moved from `slug` to `renamed` (the old address answering 301), then retired to /services. */
  async function moveThenRetire(device: typeof PHONE_DEVICE | typeof DESKTOP, slug: string, renamed: string) {
    const width = 'viewport' in device ? device.viewport.width : device.width;
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/website/services/${slug}`, signedIn, device);
    const panel = page.getByRole('region', { name: 'Address' });
    const change = panel.getByRole('form', { name: 'Change address' });
    await change.getByLabel(/^New address/).fill(renamed);
    await change.getByRole('button', { name: 'Change address' }).click();
    await page.getByText(`The page is now at /services/${renamed}; /services/${slug} sends visitors there.`).waitFor();
    expect(await redirectOf(`/services/${slug}`)).toEqual({ status: 301, location: `/services/${renamed}` });

    const retire = panel.getByRole('form', { name: 'Retire this page' });
    await retire.getByLabel(/^Where should its visitors go/).selectOption('/services');
    await retire.getByRole('button', { name: 'Retire this page' }).click();
    await page.getByRole('alertdialog', { name: 'Retire this page?' }).getByRole('button', { name: 'Retire the page' }).click();
    await page.getByText(`The page is retired: /services/${renamed} sends visitors to /services.`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect((await pageWidths(page)).document).toBeLessThanOrEqual(width);
    expect(problems).toEqual([]);
    await context.close();
  }

  /** The service options a form's select offers, placeholder left out. */
  const serviceOptions = (scope: Locator) => scope.locator('select[name="service"] option:not([value=""])').allTextContents();

  /**
   * A visitor at `device`'s width finds `service` in both forms, or in neither once it is retired (issue 41): the enquiry form of the
   * Enquire panel opened from the page's menu, and the quote form's page (after the services that
   * ship, "Other" last); axe clean and within the screen.
   */
  async function expectInBothForms(device: typeof PHONE_DEVICE | typeof DESKTOP, service: string, offered: boolean) {
    const width = 'viewport' in device ? device.viewport.width : device.width;
    const visitor = await browser.newContext('viewport' in device ? device : { viewport: device });
    const visit = await visitor.newPage();
    await visit.addInitScript(() => sessionStorage.setItem('region-offer-modal-shown', '1'));
    await visit.goto(`${server.url}/about`);
    const enquire = 'viewport' in device ? visit.getByRole('navigation', { name: 'Quick actions' }).getByRole('link', { name: 'Enquire' }) : visit.locator('.top-bar').getByRole('link', { name: 'Enquire Now' });
    await enquire.click();
    const panel = visit.getByRole('dialog', { name: 'Enquire Now' });
    await panel.locator('select[name="service"]').waitFor();
    const enquiry = await serviceOptions(panel);
    expect(enquiry).toEqual(expect.arrayContaining(['Web Development', 'Digital Marketing']));
    expect(enquiry.includes(service)).toBe(offered);
    expect(await axeViolations(visit)).toEqual([]);
    expect((await pageWidths(visit)).document).toBeLessThanOrEqual(width);

    await visit.goto(`${server.url}/quote`);
    const quote = await serviceOptions(visit.getByRole('form', { name: 'Get a Quote' }));
    expect(quote.slice(0, 5)).toEqual(['Web Development', 'Mobile App', 'UI/UX Design', 'Branding', 'Digital Marketing']);
    if (offered) expect(quote.indexOf(service)).toBeGreaterThan(4);
    else expect(quote).not.toContain(service);
    expect(quote.at(-1)).toBe('Other');
    await expect(visit.locator('select[name="service"]').inputValue()).resolves.toBe('Web Development');
    expect(await axeViolations(visit)).toEqual([]);
    expect((await pageWidths(visit)).document).toBeLessThanOrEqual(width);
    await visitor.close();
  }

  it('adds a page "Careers" with questions and answers: live at /careers, the answer opening on a click, within a phone', async () => {
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/website`, signedIn, DESKTOP);
    await page.getByRole('heading', { name: 'Pages', level: 2 }).waitFor();
    await addDocument(page, 'page', 'Careers', { badSlug: 'services' });
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard/website/pages/careers');

    // A section of questions and answers, after the banner and text it starts with.
    await page.getByLabel('Kind of section').selectOption({ label: 'Frequently asked questions' });
    await page.getByRole('button', { name: 'Add section to Sections' }).click();
    const faq = page.locator('[data-item="2"]').first();
    await faq.getByLabel(/^Heading/).first().fill('Questions');
    await faq.getByLabel(/^Question/).first().fill('Do you hire remotely?');
    await faq.getByLabel(/^Answer/).first().fill('Yes, within two hours of our time zone.');
    await publishInEditor(page);
    await untilShown(server, '/careers', 'Do you hire remotely?');
    expect(problems).toEqual([]);
    await context.close();

    for (const options of [PHONE_DEVICE, { viewport: DESKTOP }]) {
      const width = options.viewport.width;
      const visitor = await browser.newContext(options);
      const visit = await visitor.newPage();
      const answer = await visit.goto(`${server.url}/careers`);
      expect(answer?.status()).toBe(200);
      const jsonLd = await visit.locator('script[type="application/ld+json"]').allTextContents();
      expect(jsonLd.map((text) => (JSON.parse(text) as { '@type': string })['@type'])).toContain('FAQPage');
      const question = visit.getByText('Do you hire remotely?', { exact: true });
      const reply = visit.getByText('Yes, within two hours of our time zone.');
      await expect(reply.isVisible()).resolves.toBe(false);
      await question.click();
      await reply.waitFor({ state: 'visible' });
      const widths = await pageWidths(visit);
      expect(widths.document).toBeLessThanOrEqual(width);
      expect(await axeViolations(visit)).toEqual([]);
      await visit.screenshot({ path: path.join(SHOTS, `careers-${width}.png`), fullPage: true });
      await visitor.close();
    }
    expect((await publicPage(server, '/sitemap.xml')).text).toContain('/careers</loc>');
  }, 90_000);
});
