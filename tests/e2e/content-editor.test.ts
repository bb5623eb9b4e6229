import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { Browser, Locator, Page } from 'playwright-core';
import { axeViolations, nextFrames, openDashboard, pageWidths, PHONE_DEVICE, signInThroughForm, launchBrowser, type BrowserState } from './browser';
import { startServer, type RunningServer } from './server';

const OWNER = { username: 'website-owner', password: 'a long and private test passphrase' };
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const NEW_PHONE = '+1 (555) 010-7777';
const VNU_JAR = path.resolve(__dirname, '../../node_modules/vnu-jar/build/dist/vnu.jar');

/** The views as rendered in the browser (the dashboard draws them after loading), checked by vnu at the end. */
const rendered = new Map<string, string>();
async function keepMarkup(page: Page, name: string): Promise<void> {
  rendered.set(name, await page.content());
}

/** The public page's HTML as a visitor gets it. */
async function publicPage(server: RunningServer, path: string): Promise<string> {
  return (await fetch(`${server.url}${path}`)).text();
}

/** Waits until `path` shows `text`: a publish reaches every instance by its content version, polled. */
async function untilShown(server: RunningServer, path: string, text: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await publicPage(server, path)).includes(text)) {
    if (Date.now() > deadline) throw new Error(`${path} never showed ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until a field holds `value` (the form follows the document once it has loaded again). */
async function untilValue(field: Locator, value: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while ((await field.inputValue()) !== value) {
    if (Date.now() > deadline) throw new Error(`the field holds "${await field.inputValue()}", not "${value}"`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function openEditor(page: Page, title: string) {
  await page.getByRole('link', { name: title, exact: true }).click();
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Save draft' }).waitFor();
}

/** Website: staff change the site's words in the admin and see them on the site (issue 26). */
describe('the Website section in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let state: BrowserState;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password }), launchBrowser()]);
    state = await signInThroughForm(browser, server.url, OWNER);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('changes the phone number: a draft the site does not show, then published on / and /contact', async () => {
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/website`, state);
    await page.getByRole('heading', { name: 'Site-wide', level: 2 }).waitFor();
    for (const group of ['Pages', 'Home page sections', 'Services', 'Industries']) await page.getByRole('heading', { name: group, level: 2 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await keepMarkup(page, 'the list');
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/website-1280.png`, fullPage: true });

    await openEditor(page, 'Agency details');
    const phone = page.locator('#content-field-phone');
    const before = await phone.inputValue();
    expect(before).not.toBe(NEW_PHONE);
    expect(await axeViolations(page)).toEqual([]);

    // A required field left empty is named beside the field and at the top, and nothing is sent.
    await page.getByLabel('Agency name').fill('');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Fix these fields first').waitFor();
    await expect(page.getByLabel('Agency name').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.locator('.admin-field__error', { hasText: 'Enter the agency name.' }).count()).resolves.toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await keepMarkup(page, 'the editor with an error');
    await page.getByLabel('Agency name').fill('Brightpath Digital');

    await phone.fill(NEW_PHONE);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Draft saved. The public site has not changed.').waitFor();
    await page.getByText('Draft waiting').first().waitFor();
    // A draft is invisible to visitors.
    expect(await publicPage(server, '/contact')).not.toContain(NEW_PHONE);
    expect(await publicPage(server, '/contact')).toContain(before);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('Published: the site shows it now.').waitFor();
    await untilShown(server, '/', NEW_PHONE);
    await untilShown(server, '/contact', NEW_PHONE);
    expect(await publicPage(server, '/contact')).not.toContain(before);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/website-editor-1280.png`, fullPage: true });

    // The site itself, in the browser.
    const site = await context.newPage();
    await site.goto(`${server.url}/contact`);
    await site.getByText(NEW_PHONE).first().waitFor();
    await site.close();

    // The history has the publish, and comparing it with the one before names the phone number alone.
    await page.getByRole('button', { name: /^Compare with previous \(version \d+\)$/ }).first().click();
    const comparison = page.locator('.admin-content-compare');
    await comparison.getByText('Phone number', { exact: true }).waitFor();
    await expect(comparison.locator('.admin-content-changes__item').count()).resolves.toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await keepMarkup(page, 'the editor comparing versions');

    // Undone in one click (after a question naming the page, the versions and who published them): the site shows the number it had.
    await page.getByRole('button', { name: 'Undo this page’s last publish' }).click();
    const question = page.getByRole('alertdialog', { name: 'Undo the last publish of “Agency details”?' });
    await expect(question.innerText()).resolves.toMatch(/“Agency details” goes back to version \d+ \(published .+\), undoing version \d+, published .+ by \S+\. It is published as a new version; the draft and every other page stay as they are\./);
    await question.getByRole('button', { name: 'Undo the publish' }).click();
    await page.getByText(/^“Agency details” is back to the content of version \d+ \(now published as version \d+\)\.$/).waitFor();
    await untilShown(server, '/contact', before);
    await untilValue(phone, before);

    // The undone version, restored from the history, is the draft the form shows.
    await page.getByRole('button', { name: /^Restore as draft \(version \d+\)$/ }).first().click();
    await page.getByText(/^Version \d+ is now the draft\./).waitFor();
    await untilValue(phone, NEW_PHONE);
    expect(await publicPage(server, '/contact')).not.toContain(NEW_PHONE);
    expect(problems).toEqual([]);
    await context.close();
  }, 200_000);

  it('keeps what was typed over a reload, and fits a phone', async () => {
    const { context, page } = await openDashboard(browser, `${server.url}/admin/dashboard/website/business`, state, PHONE_DEVICE);
    await page.getByRole('button', { name: 'Save draft' }).waitFor();
    await page.getByLabel('Tagline').fill('Typed before the reload');
    await page.reload();
    await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
    await page.getByText('Your unsaved changes from before the page was reloaded are back.').waitFor();
    await expect(page.getByLabel('Tagline').inputValue()).resolves.toBe('Typed before the reload');

    const widths = await pageWidths(page);
    expect(widths.document).toBeLessThanOrEqual(375);
    expect(widths.viewport).toBe(375);
    // The action bar stays at the bottom of the screen over whatever field is there; axe counts a
    // field it leaves a sliver of as too small a target, so the check is made with the first field in view.
    // At once: a smooth scroll still running would leave axe a field half under the bar.
    await page.locator('#content-field-name').evaluate((field) => field.scrollIntoView({ block: 'center', behavior: 'instant' }));
    expect(await axeViolations(page)).toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/website-editor-375.png`, fullPage: true });

    // Lists: add, move and remove by keyboard-reachable buttons named after the item.
    const socials = page.getByRole('group', { name: 'Social links' });
    const count = await socials.getByRole('button', { name: /^Remove Social link \d+$/ }).count();
    await socials.getByRole('button', { name: 'Add social link to Social links' }).click();
    await socials.getByRole('button', { name: `Remove Social link ${count + 1}` }).waitFor();
    await socials.getByRole('button', { name: `Move up Social link ${count + 1}` }).click();
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(`Move up Social link ${count}`);
    await socials.getByRole('button', { name: `Remove Social link ${count}` }).click();
    await expect(socials.getByRole('button', { name: /^Remove Social link \d+$/ }).count()).resolves.toBe(count);

    // A link to a page that does not exist blocks publishing, named beside its field and at the top.
    await page.getByLabel('Company profile link').fill('/no-such-page');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Publishing was refused: fix these first' });
    await refused.getByRole('link', { name: 'Company profile link' }).waitFor();
    await refused.getByText('/no-such-page').first().waitFor();
    await expect(page.getByLabel('Company profile link').getAttribute('aria-invalid')).resolves.toBe('true');
    // From the page's top, as the other checks: scrolled, a list's buttons can sit under the fixed top bar.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await axeViolations(page)).toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/website-refused-375.png` });
    expect(await publicPage(server, '/')).not.toContain('Typed before the reload');

    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page.getByRole('alertdialog', { name: 'Discard the draft?' }).getByRole('button', { name: 'Discard draft' }).click();
    await page.getByText('Draft discarded').waitFor();
    await expect(page.getByLabel('Tagline').inputValue()).resolves.not.toBe('Typed before the reload');

    const list = await openDashboard(browser, `${server.url}/admin/dashboard/website`, state, PHONE_DEVICE);
    await list.page.getByRole('heading', { name: 'Industries', level: 2 }).waitFor();
    expect((await pageWidths(list.page)).document).toBeLessThanOrEqual(375);
    expect(await axeViolations(list.page)).toEqual([]);
    if (SCREENSHOTS) await list.page.screenshot({ path: `${SCREENSHOTS}/website-375.png`, fullPage: true });
    await list.context.close();
    await context.close();
  }, 120_000);

  it('two editors at once, at 1280 and 375: different fields merge without asking, the same field is chosen per field, and each outcome replaces the last in the action bar', async () => {
    const owner = await openDashboard(browser, `${server.url}/admin/dashboard/website/home`, state);
    const created = await owner.page.evaluate(async () => {
      const session = (await (await fetch('/api/auth/session')).json()) as { csrfToken: string };
      const response = await fetch('/api/users', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrfToken }, body: JSON.stringify({ username: 'maria', displayName: 'Maria Example', role: 'editor' }) });
      return (await response.json()) as { password: string };
    });
    const maria = await openDashboard(browser, `${server.url}/admin/dashboard/website/home`, await signInThroughForm(browser, server.url, { username: 'maria', password: created.password }), PHONE_DEVICE);
    const heading = (page: Page) => page.getByRole('group', { name: 'Banner' }).getByLabel(/^Heading/);
    const introduction = (page: Page) => page.getByRole('group', { name: 'Banner' }).getByLabel(/^Introduction/);
    const bar = (page: Page) => page.locator('.admin-content-actions');
    await heading(owner.page).waitFor();
    await heading(maria.page).waitFor();
    const shippedIntroduction = await introduction(owner.page).inputValue();

    // Different fields: the owner's heading and Maria's introduction are both kept, no question asked.
    await heading(owner.page).fill('Owner’s heading');
    await owner.page.getByRole('button', { name: 'Save draft' }).click();
    await bar(owner.page).getByRole('status').getByText('Draft saved. The public site has not changed.').waitFor();
    await introduction(maria.page).fill('Maria’s introduction');
    await maria.page.getByRole('button', { name: 'Save draft' }).click();
    await bar(maria.page).getByRole('status').getByText('Draft saved, with website-owner’s changes to Banner › Heading kept too.').waitFor();
    await untilValue(heading(maria.page), 'Owner’s heading');
    await expect(maria.page.locator('.admin-content-conflict').count()).resolves.toBe(0);
    let stored = await owner.page.evaluate(async () => (await fetch('/api/content/home', { headers: { Accept: 'application/json' } })).json());
    expect([stored.draft.data.banner.heading, stored.draft.data.banner.lead]).toEqual(['Owner’s heading', 'Maria’s introduction']);
    expect(shippedIntroduction).not.toBe('Maria’s introduction');

    // The same field: the second to save is asked about that field only, beside the action bar.
    await owner.page.reload();
    await heading(owner.page).waitFor();
    await heading(owner.page).fill('Owner’s second heading');
    await owner.page.getByRole('button', { name: 'Save draft' }).click();
    await bar(owner.page).getByRole('status').getByText('Draft saved.', { exact: false }).waitFor();
    await heading(maria.page).fill('Maria’s heading');
    await maria.page.getByRole('button', { name: 'Save draft' }).click();
    const choices = maria.page.getByRole('region', { name: 'website-owner saved this page while you were editing' });
    await choices.waitFor();
    await bar(maria.page).getByRole('status').getByText('Not saved yet: website-owner also changed Banner › Heading. Choose whose to keep, then save.').waitFor();
    const field = choices.getByRole('group', { name: 'Banner › Heading' });
    await field.getByText('Owner’s second heading').waitFor();
    await field.getByText('Maria’s heading').waitFor();
    await expect(choices.getByRole('group').count()).resolves.toBe(1);
    await expect(choices.getByRole('button', { name: 'Save with these choices' }).isDisabled()).resolves.toBe(true);
    await keepMarkup(maria.page, 'the editor asking per field');
    expect(await axeViolations(maria.page)).toEqual([]);
    expect((await pageWidths(maria.page)).document).toBeLessThanOrEqual(375);
    if (SCREENSHOTS) await maria.page.screenshot({ path: `${SCREENSHOTS}/website-conflict-375.png` });
    await field.getByLabel(/^Keep mine/).check();
    await choices.getByRole('button', { name: 'Save with these choices' }).click();
    await bar(maria.page).getByRole('status').getByText('Draft saved.', { exact: false }).waitFor();
    await expect(choices.count()).resolves.toBe(0);
    stored = await owner.page.evaluate(async () => (await fetch('/api/content/home', { headers: { Accept: 'application/json' } })).json());
    expect([stored.draft.data.banner.heading, stored.draft.data.banner.lead]).toEqual(['Maria’s heading', 'Maria’s introduction']);

    // The owner, saving again over an old version, is asked in turn and takes Maria's.
    await heading(owner.page).fill('Owner’s third heading');
    await owner.page.getByRole('button', { name: 'Save draft' }).click();
    const ownerChoices = owner.page.getByRole('region', { name: 'maria saved this page while you were editing' });
    await ownerChoices.waitFor();
    expect(await axeViolations(owner.page)).toEqual([]);
    if (SCREENSHOTS) await owner.page.screenshot({ path: `${SCREENSHOTS}/website-conflict-1280.png` });
    await ownerChoices.getByLabel(/^Take maria’s/).check();
    await ownerChoices.getByRole('button', { name: 'Save with these choices' }).click();
    await bar(owner.page).getByRole('status').getByText('Draft saved.', { exact: false }).waitFor();
    await untilValue(heading(owner.page), 'Maria’s heading');

    // Each outcome replaces the last: a green "Published", then a refusal, and no green above it.
    await owner.page.getByRole('button', { name: 'Publish', exact: true }).click();
    await bar(owner.page).getByRole('status').getByText('Published: the site shows it now.').waitFor();
    await untilShown(server, '/', 'Maria’s heading');
    await owner.page.getByRole('group', { name: 'Main button' }).getByLabel(/^Button link/).fill('/no-such-page');
    await owner.page.getByRole('button', { name: 'Publish', exact: true }).click();
    await bar(owner.page).getByRole('alert').getByText('Not published: fix the fields listed at the top first.').waitFor();
    await expect(owner.page.getByText('Published: the site shows it now.').count()).resolves.toBe(0);
    await expect(owner.page.locator('.admin-notice--success').count()).resolves.toBe(0);
    await owner.page.getByRole('alert').filter({ hasText: 'Publishing was refused: fix these first' }).waitFor();
    await owner.page.getByRole('button', { name: 'Discard draft' }).click();
    await owner.page.getByRole('alertdialog', { name: 'Discard the draft?' }).getByRole('button', { name: 'Discard draft' }).click();
    await bar(owner.page).getByRole('status').getByText('Draft discarded').waitFor();
    await expect(owner.page.getByText('Not published: fix the fields').count()).resolves.toBe(0);
    await maria.context.close();
    await owner.context.close();
  }, 180_000);

  it('keeps the action bar on screen on a long page on a phone, before and after hydration, clear of the field in focus', async () => {
    const context = await browser.newContext({ ...PHONE_DEVICE, storageState: state });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin/dashboard/website/home`);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/website-editor-home-375-before-hydration.png` });
    await page.waitForSelector('[data-island="AdminDashboard"][data-hydrated="true"]');
    const save = page.getByRole('button', { name: 'Save draft' });
    await save.waitFor();
    const viewport = page.viewportSize()!;
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(viewport.height * 3);
    // At the top of a long page, Save and Publish are in view, at the bottom of the screen.
    const barPlace = () =>
      page.evaluate(() => {
        const box = document.querySelector('.admin-content-actions')!.getBoundingClientRect();
        return { scrolledTo: window.scrollY, onScreen: box.top >= 0 && Math.round(box.bottom) <= window.innerHeight, top: Math.round(box.top), height: Math.round(box.height), where: `${box.top} ${box.bottom} ${window.innerHeight}` };
      });
    // Once the page has settled (a colleague's presence notice, the history loading above it).
    await page
      .waitForFunction(() => {
        const box = document.querySelector('.admin-content-actions')!.getBoundingClientRect();
        return box.top >= 0 && Math.round(box.bottom) <= window.innerHeight;
      }, undefined, { timeout: 10_000 })
      .catch(() => undefined);
    expect(await barPlace()).toEqual({ scrolledTo: 0, onScreen: true, top: expect.any(Number), height: expect.any(Number), where: expect.any(String) });
    expect((await barPlace()).height).toBeLessThan(viewport.height / 4);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/website-editor-home-375.png` });
    await page.getByRole('group', { name: 'Banner' }).getByLabel(/^Heading/).fill('Typed on a phone');
    await save.click();
    await page.locator('.admin-content-actions').getByRole('status').getByText('Draft saved.', { exact: false }).waitFor();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/website-editor-home-375-saved.png` });

    // Moving through the fields by keyboard, none in focus is hidden under the bar (WCAG 2.2 focus not obscured).
    await page.getByRole('group', { name: 'Banner' }).getByLabel(/^Eyebrow/).focus();
    for (let step = 0; step < 25; step += 1) {
      await page.keyboard.press('Tab');
      await nextFrames(page);
      const covered = await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement | null;
        const actions = document.querySelector('.admin-content-actions');
        if (!focused || !actions || actions.contains(focused)) return null;
        const field = focused.getBoundingClientRect();
        return field.bottom > actions.getBoundingClientRect().top ? `${focused.tagName} ${focused.id}` : null;
      });
      expect(covered).toBeNull();
    }
    // At the end of the form the bar sits after the last field, covering none.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastField = (await page.locator('.admin-content-editor .admin-form .admin-field').last().boundingBox())!;
    const atEnd = (await page.locator('.admin-content-actions').boundingBox())!;
    expect(lastField.y + lastField.height).toBeLessThanOrEqual(atEnd.y);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page.getByRole('alertdialog', { name: 'Discard the draft?' }).getByRole('button', { name: 'Discard draft' }).click();
    await page.getByText('Draft discarded').waitFor();
    await context.close();
  }, 120_000);

  it('schedules a publish of the draft, pinning its version', async () => {
    const first = await openDashboard(browser, `${server.url}/admin/dashboard/website/contact`, state);
    // "Heading *" (required), not "Form heading *".
    const heading = (page: Page) => page.getByLabel(/^Heading/);
    await heading(first.page).waitFor();
    await heading(first.page).fill('Mine: talk to us');
    await first.page.getByRole('button', { name: 'Save draft' }).click();
    await first.page.getByText('Draft saved.').first().waitFor();

    // Scheduled: the version is pinned, and a later save is said to be left out of it.
    const { page } = first;
    await page.getByRole('button', { name: 'Schedule…' }).click();
    await page.getByLabel('Day', { exact: true }).fill('15 Mar 2030');
    await page.getByLabel(/^Time/).fill('09:30');
    await page.getByRole('button', { name: 'Schedule publish' }).click();
    await page.getByText(/is scheduled to publish on 15 Mar 2030, 09:30/).waitFor();
    await heading(page).fill('Mine, changed after scheduling');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('The draft was changed after it was scheduled').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await keepMarkup(page, 'the editor with a publish scheduled');
    if (SCREENSHOTS) await page.locator('.admin-content-schedule').screenshot({ path: `${SCREENSHOTS}/website-schedule-1280.png` });
    await page.getByRole('button', { name: 'Cancel the scheduled publish' }).click();
    await page.getByRole('alertdialog', { name: 'Cancel the scheduled publish?' }).getByRole('button', { name: 'Cancel the publish' }).click();
    await page.getByText('Nothing is scheduled for this page.').waitFor();

    // Someone else with the page open is named (a soft notice, no lock).
    const created = await page.evaluate(async () => {
      const session = (await (await fetch('/api/auth/session')).json()) as { csrfToken: string };
      const response = await fetch('/api/users', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrfToken }, body: JSON.stringify({ username: 'ada', displayName: 'Ada Example', role: 'editor' }) });
      return (await response.json()) as { password: string };
    });
    const ada = await openDashboard(browser, `${server.url}/admin/dashboard/website/contact`, await signInThroughForm(browser, server.url, { username: 'ada', password: created.password }));
    await heading(ada.page).waitFor();
    await page.reload();
    await page.getByText('ada is editing this page too.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await ada.context.close();
    await first.context.close();
  }, 180_000);

  it('uploads a banner image, shows it in the field, and the saved draft draws it as a <picture> in the preview and a shared link', async () => {
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/website/home`, state);
    const field = page.getByRole('group', { name: 'Banner image' });
    const file = field.getByLabel(/^Image file/);
    await file.waitFor();
    // A PNG made here, so no fixture file is needed.
    const picture = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 32, g: 96, b: 160 } } }).png().toBuffer();
    await field.getByLabel('Upload an image').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: picture });
    await field.getByText('Uploaded banner.png.').waitFor();
    const src = await file.inputValue();
    expect(src).toMatch(/^\/media\/content\/[0-9a-f-]{36}$/);
    // The thumbnail is the uploaded image itself, loaded.
    const thumb = field.locator('img.admin-image-field__thumb');
    await expect(thumb.getAttribute('src')).resolves.toBe(src);
    await page.waitForFunction(() => (document.querySelector('img.admin-image-field__thumb') as HTMLImageElement | null)?.naturalWidth);
    expect(await axeViolations(page)).toEqual([]);
    await keepMarkup(page, 'the editor with an uploaded image');
    if (SCREENSHOTS) await field.screenshot({ path: `${SCREENSHOTS}/website-image-1280.png` });

    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Draft saved.').first().waitFor();
    // On a phone, the saved draft's image field (thumbnail, address, upload) fits the screen.
    const phone = await openDashboard(browser, `${server.url}/admin/dashboard/website/home`, state, PHONE_DEVICE);
    const phoneField = phone.page.getByRole('group', { name: 'Banner image' });
    await phoneField.locator('img.admin-image-field__thumb').waitFor();
    expect((await pageWidths(phone.page)).document).toBeLessThanOrEqual(375);
    if (SCREENSHOTS) await phoneField.screenshot({ path: `${SCREENSHOTS}/website-image-375.png` });
    await phone.context.close();
    // The Preview link opens the saved draft, drawn with the uploaded image's renditions.
    const href = await page.getByRole('link', { name: /^Preview/ }).getAttribute('href');
    expect(href).toBe('/admin/preview/home');
    const preview = await page.evaluate(async (url) => (await fetch(url)).text(), href!);
    const banner = /<picture class="hero__image"><source type="image\/avif" srcSet="\/media\/[0-9a-f]{64}\.avif 480w/;
    expect(banner.test(preview)).toBe(true);
    expect(banner.test(await publicPage(server, '/'))).toBe(false);

    // A link for a client: shown once with Copy, listed with Revoke, and dead once revoked.
    await page.getByRole('button', { name: 'Share preview link' }).click();
    const shared = await page.getByLabel(/^New link/).inputValue();
    expect(shared).toMatch(/\/preview\/[0-9a-f]{64}$/);
    const client = new URL(shared).pathname;
    expect(banner.test(await publicPage(server, client))).toBe(true);
    await page.getByRole('button', { name: /^Copy/ }).click();
    await page.locator('.admin-content-share__made [role="status"]').filter({ hasText: /Copied|copy it/ }).waitFor();
    if (SCREENSHOTS) await page.locator('.admin-content-share').screenshot({ path: `${SCREENSHOTS}/website-share-1280.png` });
    await page.getByRole('button', { name: /^Revoke/ }).click();
    await page.getByText('The preview link no longer works.').waitFor();
    expect((await fetch(`${server.url}${client}`)).status).toBe(404);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('tells an editor that an owner publishes the agency details, and offers no Publish for a draft changing them, at 1280 and 375', async () => {
    const owner = await openDashboard(browser, `${server.url}/admin/dashboard/website`, state);
    const created = await owner.page.evaluate(async () => {
      const session = (await (await fetch('/api/auth/session')).json()) as { csrfToken: string };
      const response = await fetch('/api/users', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrfToken }, body: JSON.stringify({ username: 'eddie', displayName: 'Eddie Example', role: 'editor' }) });
      return (await response.json()) as { password: string };
    });
    await owner.context.close();
    const editor = await signInThroughForm(browser, server.url, { username: 'eddie', password: created.password });

    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/website/business`, editor);
    const note = page.getByRole('note', { name: 'An owner publishes the agency details.' });
    await note.waitFor();
    await note.getByText('Change them and save a draft: an owner publishes it.').waitFor();
    const publishButton = page.getByRole('button', { name: 'Publish', exact: true });
    // The action bar draws its buttons once the document's state is read.
    await publishButton.waitFor();
    await expect(publishButton.count()).resolves.toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    // Changing the e-mail address takes Publish and Schedule away, saying why; the draft still saves.
    await page.getByLabel('E-mail address').fill('attacker@evil.example');
    const why = page.getByRole('status').filter({ hasText: 'This draft changes the E-mail address of the agency details: an owner publishes it.' });
    await why.waitFor();
    await expect(publishButton.count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Schedule…' }).isDisabled()).resolves.toBe(true);
    await page.getByText('An owner schedules a change of the agency details.').waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Draft saved. The public site has not changed.').waitFor();
    await expect(publishButton.count()).resolves.toBe(0);
    expect(await publicPage(server, '/contact')).not.toContain('attacker@evil.example');
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await axeViolations(page)).toEqual([]);
    await keepMarkup(page, 'the agency details for an editor');
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/website-editor-owner-note-1280.png`, fullPage: true });

    const phone = await openDashboard(browser, `${server.url}/admin/dashboard/website/business`, editor, PHONE_DEVICE);
    await phone.page.getByRole('note', { name: 'An owner publishes the agency details.' }).waitFor();
    await phone.page.getByRole('status').filter({ hasText: 'This draft changes the E-mail address' }).waitFor();
    const widths = await pageWidths(phone.page);
    expect(widths.document).toBeLessThanOrEqual(375);
    expect(widths.viewport).toBe(375);
    expect(await axeViolations(phone.page)).toEqual([]);
    if (SCREENSHOTS) await phone.page.screenshot({ path: `${SCREENSHOTS}/website-editor-owner-note-375.png`, fullPage: true });
    await phone.context.close();

    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page.getByRole('alertdialog', { name: 'Discard the draft?' }).getByRole('button', { name: 'Discard draft' }).click();
    await page.getByText('Draft discarded').waitFor();
    await expect(publishButton.count()).resolves.toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('draws valid HTML in every state kept above (W3C Nu Html Checker)', async () => {
    expect([...rendered.keys()]).toHaveLength(7);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'website-vnu-'));
    const nameOf = new Map<string, string>();
    for (const [index, [name, html]] of [...rendered].entries()) {
      const file = path.join(dir, `view-${index}.html`);
      fs.writeFileSync(file, html);
      nameOf.set(`file:${file}`, name);
    }
    const { stdout } = await promisify(execFile)('java', ['-jar', VNU_JAR, '--errors-only', '--exit-zero-always', '--format', 'json', '--stdout', ...nameOf.keys()].map((arg) => arg.replace(/^file:/, '')), { maxBuffer: 64 * 1024 * 1024 });
    fs.rmSync(dir, { recursive: true, force: true });
    const messages = (JSON.parse(stdout) as { messages: { type: string; url?: string; lastLine?: number; message: string; extract?: string }[] }).messages;
    // The kit's DataTable repeats each table element's own role on purpose (the phone's card layout
    // makes Chromium forget them; see DataTable.tsx), which the checker calls redundant.
    const kitTableRoles = /^The “role” attribute must not be used on a “(tr|th|td|thead|tbody)” element which has a “table” ancestor/;
    expect(messages.filter((message) => message.type !== 'info' && !kitTableRoles.test(message.message)).map((message) => `${nameOf.get(message.url ?? '') ?? message.url}:${message.lastLine ?? '?'}: ${message.message} ${message.extract?.trim() ?? ''}`)).toEqual([]);
  }, 120_000);
});
