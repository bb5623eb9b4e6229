import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, DESKTOP, openDashboard, pageWidths, PHONE_DEVICE, signInThroughForm, launchBrowser, type BrowserState } from './browser';
import { startServer, type RunningServer } from './server';

const OWNER = { username: 'facts-owner', password: 'a long and private test passphrase' };
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

/** The public page's HTML as a visitor gets it. */
const publicPage = async (server: RunningServer, path: string) => (await fetch(`${server.url}${path}`)).text();

/** Waits until `path` shows `text` (a publish reaches the page by the content version, polled). */
async function untilShown(server: RunningServer, path: string, text: string): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const html = await publicPage(server, path);
    if (html.includes(text)) return html;
    if (Date.now() > deadline) throw new Error(`${path} never showed ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The agency's JSON-LD on the page in the browser. */
const agencyJsonLd = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('script[type="application/ld+json"]'), (script) => JSON.parse(script.textContent ?? '') as Record<string, unknown>).find(
      (block) => block['@type'] === 'ProfessionalService',
    ),
  );

/** One fact, one field (issue 40): phone and hours in Agency details, the time zone from a list, images that never keep the old one's words. */
describe('the agency’s facts in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let state: BrowserState;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password }), launchBrowser()]);
    state = await signInThroughForm(browser, server.url, OWNER);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('changes the phone and the hours once in Agency details: /contact, every Call Now, WhatsApp and the JSON-LD follow', async () => {
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/website/business`, state);
    await page.getByRole('button', { name: 'Save draft' }).waitFor();
    const phone = page.locator('#content-field-phone');
    await phone.waitFor();
    await expect(page.getByLabel(/Phone link|Chat link/).count()).resolves.toBe(0);

    // A number without its country code is refused beside the field, in words.
    await phone.fill('020 7946 0123');
    await page.getByRole('button', { name: 'Save draft' }).click();
    const phoneError = page.locator('#content-field-phone-error');
    await phoneError.getByText('Start the number with + and its country code, such as +1 555 010 2030.').waitFor();
    await expect(phone.getAttribute('aria-invalid')).resolves.toBe('true');
    await phone.fill('+44 20 7946 0123');
    await page.getByText('Shown as +44 20 7946 0123.').waitFor();

    // Hours: Friday until 16:30, Saturday mornings; a closing time before the opening one is refused beside its day.
    const hours = page.getByRole('group', { name: 'Opening hours' });
    await hours.getByLabel('Closes on Friday').fill('16:30');
    await hours.getByLabel('Saturday').check();
    await hours.getByLabel('Opens on Saturday').fill('10:00');
    await hours.getByLabel('Closes on Saturday').fill('09:00');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await hours.getByText('Saturday: the closing time must be after the opening time.').waitFor();
    await expect(hours.getByLabel('Closes on Saturday').getAttribute('aria-invalid')).resolves.toBe('true');
    await hours.getByLabel('Closes on Saturday').fill('13:00');
    const words = 'Monday to Thursday, 9 AM to 6 PM; Friday, 9 AM to 4:30 PM; Saturday, 10 AM to 1 PM';
    await hours.getByText(words).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await axeViolations(page)).toEqual([]);
    if (SCREENSHOTS) await hours.screenshot({ path: `${SCREENSHOTS}/facts-hours-1280.png` });
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/facts-editor-1280.png`, fullPage: true });

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published: the site shows it now.').first().waitFor();

    const html = await untilShown(server, '/contact', words);
    expect(html).not.toContain('15550102030');
    expect(html).toContain('<a href="tel:+442079460123">Call Now <span class="top-bar__detail">+44 20 7946 0123</span></a>');
    expect(html).toContain('href="https://wa.me/442079460123"');
    expect(problems).toEqual([]);
    await context.close();

    for (const viewport of [DESKTOP, PHONE_DEVICE]) {
      const visitor = await browser.newContext('viewport' in viewport ? viewport : { viewport });
      const contact = await visitor.newPage();
      await contact.goto(`${server.url}/contact`);
      await contact.locator('.contact-hours').getByText(words).waitFor();
      await expect(contact.locator('.contact-box a[href="tel:+442079460123"]').textContent()).resolves.toBe('+44 20 7946 0123');
      await expect(contact.locator('a[href="tel:+442079460123"]').count()).resolves.toBeGreaterThanOrEqual(3);
      await expect(contact.locator('a[href^="tel:"]:not([href="tel:+442079460123"])').count()).resolves.toBe(0);
      const agency = await agencyJsonLd(contact);
      expect(agency?.telephone).toBe('+442079460123');
      expect(agency?.openingHoursSpecification).toEqual([
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'].map((day) => `https://schema.org/${day}`), opens: '09:00', closes: '18:00' },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Friday'], opens: '09:00', closes: '16:30' },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Saturday'], opens: '10:00', closes: '13:00' },
      ]);
      expect((await pageWidths(contact)).document).toBeLessThanOrEqual('viewport' in viewport ? viewport.viewport.width : viewport.width);
      expect(await axeViolations(contact)).toEqual([]);
      if (SCREENSHOTS) await contact.locator('.contact-layout').screenshot({ path: `${SCREENSHOTS}/facts-contact-${'viewport' in viewport ? 375 : 1280}.png` });
      await visitor.close();
    }
  }, 120_000);

  it('fits the hours editor on a phone', async () => {
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/website/business`, state, PHONE_DEVICE);
    const hours = page.getByRole('group', { name: 'Opening hours' });
    await hours.waitFor();
    expect((await pageWidths(page)).document).toBeLessThanOrEqual(375);
    await hours.scrollIntoViewIfNeeded();
    expect(await axeViolations(page)).toEqual([]);
    if (SCREENSHOTS) await hours.screenshot({ path: `${SCREENSHOTS}/facts-hours-375.png` });
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it('gives a new image no words of the old one, and a save made while it uploads waits for it', async () => {
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/website/home`, state);
    const field = page.getByRole('group', { name: 'Banner image' });
    const alt = field.getByLabel(/^Alternative text/);
    await alt.waitFor();
    await field.getByLabel(/^Decorative/).check();
    await expect(alt.isDisabled()).resolves.toBe(true);

    // The upload is held until the save has been asked for.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/content/images', async (route) => {
      await held;
      await route.continue();
    });
    const picture = await sharp({ create: { width: 1200, height: 700, channels: 3, background: { r: 200, g: 90, b: 40 } } }).png().toBuffer();
    await field.getByLabel('Upload an image').setInputFiles({ name: 'team.png', mimeType: 'image/png', buffer: picture });
    // Choosing the file started the upload, and took "Decorative" and the old words away.
    await field.getByText(/Uploading…/).waitFor();
    await expect(field.getByLabel(/^Decorative/).isChecked()).resolves.toBe(false);
    await expect(alt.inputValue()).resolves.toBe('');
    await field.getByText('Describe the new image (the old one’s text was cleared), or mark it decorative.').waitFor();
    if (SCREENSHOTS) await field.screenshot({ path: `${SCREENSHOTS}/facts-image-uploading-1280.png` });

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Waiting for the image to finish uploading, then saving…').waitFor();
    await expect(page.getByText('Draft saved.').count()).resolves.toBe(0);
    release();
    // Once it is in, the save goes on with the new image (never the old one), still without words for it.
    await field.getByText('Uploaded team.png.').waitFor();
    await page.getByText('Draft saved.').first().waitFor();
    const waited = await page.evaluate(async () => ((await (await fetch('/api/content/home')).json()) as { draft: { data: { banner: { image: { src: string; alt: string; decorative: boolean } } } } }).draft.data.banner.image);
    expect(waited).toEqual({ src: expect.stringMatching(/^\/media\/content\//), alt: '', decorative: false });
    await alt.fill('Our team at the whiteboard');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Draft saved.').first().waitFor();
    const draft = await page.evaluate(async () => ((await (await fetch('/api/content/home')).json()) as { draft: { data: { banner: { image: { src: string; alt: string; decorative: boolean } } } } }).draft.data.banner.image);
    expect(draft).toEqual({ src: expect.stringMatching(/^\/media\/content\/[0-9a-f-]{36}$/), alt: 'Our team at the whiteboard', decorative: false });
    await expect(field.getByLabel(/^Image file/).inputValue()).resolves.toBe(draft.src);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('offers every time zone to choose from, the browser’s one click away, and refuses an unknown one in words', async () => {
    for (const viewport of [DESKTOP, PHONE_DEVICE]) {
      const context = await browser.newContext({ ...('viewport' in viewport ? viewport : { viewport }), storageState: state, timezoneId: 'Asia/Tokyo' });
      const page = await context.newPage();
      await page.goto(`${server.url}/admin/dashboard/settings`);
      const zone = page.getByLabel('Time zone');
      await zone.waitFor();
      const listed = await zone.evaluate((input) => Array.from((input as HTMLInputElement).list?.options ?? [], (option) => option.value));
      expect(listed).toEqual(expect.arrayContaining(['Europe/London', 'America/Los_Angeles', 'Asia/Tokyo', 'UTC']));
      expect(listed.length).toBeGreaterThan(300);
      const width = 'viewport' in viewport ? 375 : 1280;
      expect((await pageWidths(page)).document).toBeLessThanOrEqual(width);
      expect(await axeViolations(page)).toEqual([]);
      if (SCREENSHOTS) await page.locator('form[aria-labelledby="settings-title"]').screenshot({ path: `${SCREENSHOTS}/facts-time-zone-${width}.png` });
      if (width === 375) {
        await context.close();
        continue;
      }

      await zone.fill('Mars/Olympus');
      await page.getByText('"Mars/Olympus" is not a time zone: choose one from the list, such as Europe/London.').waitFor();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('"Mars/Olympus" is not a time zone this site knows: choose one from the list, such as Europe/London.').waitFor();

      await page.getByRole('button', { name: /^Use Asia\/Tokyo/ }).click();
      await expect(zone.inputValue()).resolves.toBe('Asia/Tokyo');
      await expect(page.getByRole('button', { name: /^Use Asia\/Tokyo/ }).count()).resolves.toBe(0);
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Settings saved.').first().waitFor();
      const saved = await page.evaluate(async () => ((await (await fetch('/api/settings')).json()) as { settings: { timeZone: string } }).settings.timeZone);
      expect(saved).toBe('Asia/Tokyo');
      // The checkbox no longer states hours the agency may not keep.
      await page.getByLabel('Count working hours only (the opening hours set in Website › Agency details)').waitFor();
      await context.close();
    }
  }, 120_000);
});
