import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { animationsDone, axeViolations, DESKTOP, launchBrowser, PHONE, watchConsole } from './browser';
import { startServer, type RunningServer } from './server';

/** A person takes more than the server's minimum fill time (3 s by default) to fill a form. */
const HUMAN_FILL_MS = 3500;
/** The spec shows the success popup for 3 s. */
const POPUP_MS = 3000;
const SCREENSHOTS = path.resolve(__dirname, '../../screenshots');

describe('visitor forms in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ FORM_RATE_LIMIT: '100' }), launchBrowser()]);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(pagePath: string, { viewport = DESKTOP, javaScript = true, modalSeen = true } = {}): Promise<{ page: Page; problems: string[] }> {
    const context = await browser.newContext({ viewport, javaScriptEnabled: javaScript });
    contexts.push(context);
    // Playwright's clock: time runs as usual until a test pauses it to step through the timings.
    if (javaScript) await context.clock.install();
    const page = await context.newPage();
    const problems = watchConsole(page);
    // Outside the region/offer modal's own test, the visitor has already seen it this session.
    if (modalSeen) await page.addInitScript(() => sessionStorage.setItem('region-offer-modal-shown', '1'));
    await page.goto(server.url + pagePath);
    return { page, problems };
  }

  /** Console problems, leaving out the network errors the failure tests cause on purpose. */
  const realProblems = (problems: string[]) => problems.filter((line) => !line.includes('Failed to load resource'));

  /**
   * Holds the form's call, as on a slow network, until `release()`: the test sees the busy label
   * first, then lets the call through.
   */
  async function holdCall(page: Page, type: string): Promise<{ release: () => void }> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/forms/${type}`, async (route) => {
      await released;
      await route.continue();
    });
    return { release };
  }

  async function axe(page: Page, label: string): Promise<void> {
    expect({ label, violations: await axeViolations(page) }).toEqual({ label, violations: [] });
  }

  function storedLogs(type: string): number {
    return server.logs.filter((line) => line.includes('"msg":"form submission stored"') && line.includes(`"form":"${type}"`)).length;
  }

  /**
   * A person's fill time passes (the clock jumps forward) and the clock stops there, so the success
   * popup's 3 s can be stepped through exactly (`seeSuccessPopup`).
   */
  async function waitUntilHuman(page: Page): Promise<void> {
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + HUMAN_FILL_MS);
  }

  async function fillEnquiry(scope: Locator | Page, phone = '+44 20 7946 0958'): Promise<void> {
    await scope.getByLabel('Name').fill('Ada Lovelace');
    await scope.getByLabel('Email').fill('ada@example.com');
    await scope.getByLabel('Phone').fill(phone);
    await scope.getByLabel('Company').fill('Analytical Engines Ltd');
    await scope.getByLabel('Service').selectOption('UI/UX Design');
    await scope.getByLabel('Message').fill('We would like a new website for our engines.');
  }

  /** The Thank You popup shows, is still there just before the spec's 3 s and gone just after (clock paused by `waitUntilHuman`). */
  async function seeSuccessPopup(page: Page, title: string): Promise<void> {
    const popup = page.getByRole('status').filter({ hasText: title });
    await popup.waitFor({ state: 'visible' });
    await page.clock.runFor(POPUP_MS - 100);
    await expect(popup.isVisible()).resolves.toBe(true);
    await page.clock.runFor(200);
    await popup.waitFor({ state: 'detached' });
    await page.clock.resume();
  }

  it('Enquire Now: the first click opens the side panel, a person sends an enquiry, sees Sending... and Thank You, and the panel closes', async () => {
    const { page, problems } = await open('/about');
    const before = storedLogs('enquiry');
    await page.locator('.top-bar').getByRole('link', { name: 'Enquire Now' }).click();
    const panel = page.getByRole('dialog', { name: 'Enquire Now' });
    await panel.waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(await page.evaluate(() => document.documentElement.classList.contains('scroll-locked'))).toBe(true);
    await expect(panel.getByLabel('Service').evaluate((select: HTMLSelectElement) => [select.value, select.options[0]!.text, select.options[0]!.disabled])).resolves.toEqual(['', 'Select a service', true]);
    await axe(page, 'enquire panel 1280');

    await fillEnquiry(panel);
    await waitUntilHuman(page);
    const call = await holdCall(page, 'enquiry');
    await panel.getByRole('button', { name: 'Submit' }).click();
    await panel.getByRole('button', { name: 'Sending...' }).waitFor();
    await expect(panel.getByRole('button', { name: 'Sending...' }).isDisabled()).resolves.toBe(true);
    call.release();
    await seeSuccessPopup(page, 'Thank You');
    await panel.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('scroll-locked'))).toBe(false);
    expect(storedLogs('enquiry')).toBe(before + 1);

    // Opened again, the form is empty.
    await page.locator('.top-bar').getByRole('link', { name: 'Enquire Now' }).click();
    await expect(page.getByRole('dialog', { name: 'Enquire Now' }).getByLabel('Name').inputValue()).resolves.toBe('');
    expect(realProblems(problems)).toEqual([]);
  });

  it('Enquire Now: errors show in the panel (field checks, server text, fallback text), focus stays inside and Escape closes', async () => {
    const { page, problems } = await open('/services');
    const link = page.locator('.top-bar').getByRole('link', { name: 'Enquire Now' });
    await link.click();
    const panel = page.getByRole('dialog', { name: 'Enquire Now' });
    await panel.waitFor();

    await panel.getByRole('button', { name: 'Submit' }).click();
    await expect(panel.getByRole('alert').textContent()).resolves.toContain('Please correct the highlighted fields.');
    await expect(panel.locator('#enquire-panel-name-error').textContent()).resolves.toBe('Please enter your name.');
    await expect(panel.locator('#enquire-panel-service-error').textContent()).resolves.toBe('Please select a service from the list.');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('enquire-panel-name');

    await fillEnquiry(panel);
    await page.route('**/api/forms/enquiry', (route) => route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: 'Too many form submissions from your network.' }) }));
    await panel.getByRole('button', { name: 'Submit' }).click();
    await panel.getByRole('alert').filter({ hasText: 'Too many form submissions from your network.' }).waitFor();
    await page.unroute('**/api/forms/enquiry');
    await page.route('**/api/forms/enquiry', (route) => route.abort());
    await panel.getByRole('button', { name: 'Submit' }).click();
    await panel.getByRole('alert').filter({ hasText: 'Failed to submit form. Please try again.' }).waitFor();

    // Tab cycles inside the panel.
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    await expect(panel.evaluate((element) => element.contains(document.activeElement))).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await expect(link.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    expect(realProblems(problems)).toEqual([]);
  });

  it('Get a Quote: the popup opens from the phone bar with the spec defaults and the $10,000+ slider, submits and closes', async () => {
    const { page, problems } = await open('/contact', { viewport: PHONE });
    const before = storedLogs('quote');
    await page.getByRole('navigation', { name: 'Quick actions' }).getByRole('link', { name: 'Quote' }).click();
    const popup = page.getByRole('dialog', { name: 'Get a Quote' });
    await popup.waitFor();
    await expect(popup.getByLabel('Service').inputValue()).resolves.toBe('Web Development');
    await expect(popup.getByLabel('Timeline').inputValue()).resolves.toBe('1-3 months');
    await expect(popup.locator('output').textContent()).resolves.toBe('$5,000');
    await expect(popup.locator('.field__range-labels').textContent()).resolves.toBe('$1,000$10,000+');
    await axe(page, 'quote popup 375');

    const slider = popup.getByRole('slider', { name: /Budget/ });
    await slider.focus();
    await page.keyboard.press('End');
    await expect(popup.locator('output').textContent()).resolves.toBe('$10,000+');
    await page.keyboard.press('ArrowLeft');
    await expect(popup.locator('output').textContent()).resolves.toBe('$9,500');

    await popup.getByLabel('Name').fill('Grace Hopper');
    await popup.getByLabel('Email').fill('grace@example.com');
    await popup.getByLabel('Phone').fill('(555) 010-2040');
    await popup.getByLabel('Project details').fill('A booking app for iOS and Android.');
    await waitUntilHuman(page);
    const call = await holdCall(page, 'quote');
    await popup.getByRole('button', { name: 'Get My Quote' }).click();
    await popup.getByRole('button', { name: 'Submitting...' }).waitFor();
    call.release();
    await seeSuccessPopup(page, 'Thank You');
    await popup.waitFor({ state: 'detached' });
    expect(storedLogs('quote')).toBe(before + 1);
    expect(realProblems(problems)).toEqual([]);
  });

  it('region/offer modal: opens by itself on / with five regions and the free-offer form, once per session', async () => {
    const { page, problems } = await open('/', { modalSeen: false });
    const before = storedLogs('free-offer');
    const modal = page.getByRole('dialog', { name: 'Choose Your Region & Free Offer' });
    await modal.waitFor();
    const visit = modal.getByRole('link', { name: /^Visit Now/ });
    await expect(visit.count()).resolves.toBe(5);
    await expect(visit.first().getAttribute('href')).resolves.toBe('https://us.brightpath.example');
    for (const label of ['USA', 'UK', 'EU', 'UAE', 'India']) await expect(modal.getByText(label, { exact: true }).count()).resolves.toBe(1);
    await axe(page, 'region/offer modal 1280');

    await modal.getByLabel('Email').fill('alan@example.com');
    await modal.getByLabel('Message (optional)').fill('Send it please.');
    await waitUntilHuman(page);
    await modal.getByRole('button', { name: 'Claim Offer' }).click();
    await seeSuccessPopup(page, 'Thank You');
    await expect(modal.getByLabel('Email').inputValue()).resolves.toBe('');
    expect(storedLogs('free-offer')).toBe(before + 1);

    // Failure: an alert with the server's text, else "Submit failed".
    await modal.getByLabel('Email').fill('alan@example.com');
    const alertAfterClaim = async () => {
      // Accepted as soon as it opens: an alert left open holds the click that raised it.
      const shown = new Promise<string>((resolve) =>
        page.once('dialog', (dialog) => {
          resolve(dialog.message());
          void dialog.accept();
        }),
      );
      await modal.getByRole('button', { name: 'Claim Offer' }).click();
      return shown;
    };
    await page.route('**/api/forms/free-offer', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: 'This address cannot receive offers.' }) }));
    await expect(alertAfterClaim()).resolves.toBe('This address cannot receive offers.');
    await page.unroute('**/api/forms/free-offer');
    await page.route('**/api/forms/free-offer', (route) => route.abort());
    await expect(alertAfterClaim()).resolves.toBe('Submit failed');

    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    // Same browser session: the home page does not open it again (nor load React for it).
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await expect(page.locator('[data-island="RegionOfferModal"]').getAttribute('data-hydrated')).resolves.toBeNull();
    // The top bar's Region link shows the region choice alone.
    await page.locator('.top-bar').getByRole('link', { name: 'Region' }).click();
    const regionOnly = page.getByRole('dialog', { name: 'Choose Your Region' });
    await regionOnly.waitFor();
    await expect(regionOnly.getByRole('link', { name: /^Visit Now/ }).count()).resolves.toBe(5);
    await expect(regionOnly.getByLabel('Email').count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await page.locator('.top-bar').getByRole('link', { name: 'Free Offers' }).click();
    await page.getByRole('dialog', { name: 'Claim Your Free Offer' }).getByLabel('Email').waitFor();
    expect(realProblems(problems)).toEqual([]);
  });

  it('contact form: Sending..., then Message Sent! and the Thank You! popup for 3 s, then cleared; failures in a banner', async () => {
    const { page, problems } = await open('/contact');
    const before = storedLogs('contact');
    const form = page.getByRole('form', { name: 'Send Us a Message' });
    // The form wakes on the first touch; the fill time counts from then.
    await form.getByLabel('Name').click();
    await page.locator('[data-island="InlineForm"][data-hydrated="true"]').waitFor({ state: 'attached' });
    await form.getByLabel('Name').fill('Katherine Johnson');
    await form.getByLabel('Phone').fill('555 010 2050');
    await form.getByLabel('Email').fill('katherine@example.com');
    await form.getByLabel('Subject').fill('A new site');
    await form.getByLabel('Message').fill('Can we talk about a new site?');
    await waitUntilHuman(page);
    const call = await holdCall(page, 'contact');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.getByRole('button', { name: 'Sending...' }).waitFor();
    call.release();
    await form.getByRole('button', { name: 'Message Sent!' }).waitFor();
    await seeSuccessPopup(page, 'Thank You!');
    await form.getByRole('button', { name: 'Send Message' }).waitFor();
    await expect(form.getByLabel('Name').inputValue()).resolves.toBe('');
    expect(storedLogs('contact')).toBe(before + 1);

    await page.unroute('**/api/forms/contact');
    await page.route('**/api/forms/contact', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await form.getByLabel('Name').fill('Katherine Johnson');
    await form.getByLabel('Phone').fill('555 010 2050');
    await form.getByLabel('Email').fill('katherine@example.com');
    await form.getByLabel('Subject').fill('A new site');
    await form.getByLabel('Message').fill('Second try.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.getByRole('alert').filter({ hasText: 'Failed to submit form. Please try again.' }).waitFor();
    expect(realProblems(problems)).toEqual([]);
  });

  it('without JavaScript: the contact form posts and lands on the thank-you page', async () => {
    const { page: tab } = await open('/contact', { javaScript: false });
    const page = tab.getByRole('form', { name: 'Send Us a Message' });
    const before = storedLogs('contact');
    await page.getByLabel('Name').fill('Mary Jackson');
    await page.getByLabel('Phone').fill('555 010 2060');
    await page.getByLabel('Email').fill('mary@example.com');
    await page.getByLabel('Subject').fill('Wind tunnels');
    await page.getByLabel('Message').fill('Please call me back.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await tab.waitForURL('**/thank-you/contact');
    await expect(tab.locator('h1').textContent()).resolves.toBe('Thank You!');
    expect(storedLogs('contact')).toBe(before + 1);
  });

  it('without JavaScript: Enquire Now leads to /enquire, a mistake comes back beside its field with the values kept, then it goes through', async () => {
    const { page } = await open('/about', { javaScript: false });
    const before = storedLogs('enquiry');
    await page.locator('.top-bar').getByRole('link', { name: 'Enquire Now' }).click();
    await page.waitForURL('**/enquire');
    const form = page.getByRole('form', { name: 'Enquire Now' });
    await fillEnquiry(form, 'call me');
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.waitForLoadState();
    await expect(form.locator('#enquiry-form-phone-error').textContent()).resolves.toMatch(/^Please enter a valid phone number/);
    await expect(form.getByLabel('Name').inputValue()).resolves.toBe('Ada Lovelace');
    await expect(form.getByLabel('Service').inputValue()).resolves.toBe('UI/UX Design');
    await expect(form.getByLabel('Phone').getAttribute('aria-invalid')).resolves.toBe('true');
    await form.getByLabel('Phone').fill('+44 20 7946 0958');
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL('**/thank-you/enquiry');
    await expect(page.locator('h1').textContent()).resolves.toBe('Thank You');
    expect(storedLogs('enquiry')).toBe(before + 1);
  });

  it('captures the panels and form pages at 375 and 1280 px for review', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const shot = async (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${viewport.width}.png`) });
      const { page } = await open('/about', { viewport });
      const enquire = viewport === PHONE ? page.getByRole('navigation', { name: 'Quick actions' }).getByRole('link', { name: 'Enquire' }) : page.locator('.top-bar').getByRole('link', { name: 'Enquire Now' });
      await enquire.click();
      await page.getByRole('dialog', { name: 'Enquire Now' }).getByRole('button', { name: 'Submit' }).click();
      await page.getByRole('dialog', { name: 'Enquire Now' }).getByRole('alert').getByText('Please correct the highlighted fields.').waitFor();
      await animationsDone(page);
      await shot(page, 'panel-enquire-errors');
      await page.keyboard.press('Escape');
      const quote = viewport === PHONE ? page.getByRole('navigation', { name: 'Quick actions' }).getByRole('link', { name: 'Quote' }) : page.locator('.site-header').getByRole('link', { name: 'Get a Quote' });
      await quote.click();
      await page.getByRole('dialog', { name: 'Get a Quote' }).waitFor();
      await animationsDone(page);
      await shot(page, 'panel-quote');
      await page.keyboard.press('Escape');
      const home = await open('/', { viewport, modalSeen: false });
      await home.page.getByRole('dialog').waitFor();
      await animationsDone(home.page);
      await home.page.screenshot({ path: path.join(SCREENSHOTS, `panel-region-offer-${viewport.width}.png`) });
      await axe(home.page, `region/offer modal ${viewport.width}`);
    }
  });
});
