import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { axeViolations, DESKTOP, launchBrowser, openDashboard, pageWidths, PHONE_DEVICE, signInThroughForm, type BrowserState } from './browser';
import { startServer, type RunningServer } from './server';

const OWNER = { username: 'backups-owner', password: 'a long and private test passphrase' };
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

/** Settings > Backups in Chromium: the owners' warning, Back up now with its progress, a download behind the password. */
describe('backups in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let state: BrowserState;
  let backupDir: string;

  beforeAll(async () => {
    backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-backups-'));
    // A night whose backup failed: the owners are warned until a good one follows.
    fs.writeFileSync(path.join(backupDir, 'backup-20260101-023000.tar.gz.failed'), JSON.stringify({ at: '2026-01-01T02:31:00.000Z', error: 'no space left on device' }));
    [server, browser] = await Promise.all([startServer({ ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, BACKUP_DIR: backupDir }), launchBrowser()]);
    state = await signInThroughForm(browser, server.url, OWNER);
    // A server's first start (migrations, the first backup check) is slow on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  it('warns on the dashboard home, backs up now with progress, and downloads after the password', async () => {
    const home = await openDashboard(browser, `${server.url}/admin/dashboard`, state);
    await home.page.getByRole('heading', { name: 'Backup problem' }).waitFor();
    await home.page.getByText('The last backup failed: no space left on device.').waitFor();
    await home.page.getByRole('link', { name: 'See the backups' }).click();
    const { page } = home;
    await page.getByRole('heading', { name: 'Backups', level: 1 }).waitFor();
    // The list arrives after the heading: wait for it, then count.
    await page.getByRole('row', { name: /Failed/ }).waitFor();
    await expect(page.getByRole('row', { name: /Failed/ }).count()).resolves.toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Back up now' }).click();
    await page.getByRole('button', { name: 'Backing up…' }).waitFor();
    await page.locator('.admin-backup-progress').waitFor();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/backups-running-1280.png`, fullPage: true });
    await page.getByText('Backup made and verified.').waitFor({ timeout: 90_000 });
    await page.getByRole('row', { name: /Verified/ }).waitFor();
    // The good backup supersedes the failed night (rotation), and the warning goes.
    await expect(page.getByRole('row', { name: /Failed/ }).count()).resolves.toBe(0);
    await expect(page.getByRole('heading', { name: 'Backup problem' }).count()).resolves.toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/backups-1280.png`, fullPage: true });

    await page.getByRole('button', { name: /^Download the backup of/ }).click();
    await page.getByLabel(/^Your password, to download it/).fill('not the password');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await page.getByText('This is not your current password.').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/backups-download-1280.png`, fullPage: true });
    await page.getByLabel(/^Your password, to download it/).fill(OWNER.password);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download', exact: true }).click()]);
    const [name] = fs.readdirSync(backupDir).filter((file) => file.endsWith('.tar.gz'));
    expect(download.suggestedFilename()).toBe(name);
    const saved = await download.path();
    expect(fs.readFileSync(saved).equals(fs.readFileSync(path.join(backupDir, name!)))).toBe(true);
    // The wrong password's 400 is the browser's only complaint.
    expect(home.problems).toEqual(['error: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    await home.context.close();
  }, 150_000);

  it('fits a phone and passes axe', async () => {
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/settings/backups`, state, PHONE_DEVICE);
    await page.getByRole('row', { name: /Verified/ }).waitFor();
    const widths = await pageWidths(page);
    expect(widths.document).toBeLessThanOrEqual(375);
    expect(widths.viewport).toBe(375);
    expect(await axeViolations(page)).toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/backups-375.png`, fullPage: true });
    const settings = await openDashboard(browser, `${server.url}/admin/dashboard/settings`, state, PHONE_DEVICE);
    await settings.page.getByRole('link', { name: /See the backups/ }).waitFor();
    // The mail card's two test buttons wrap on a phone rather than widen the page.
    await settings.page.getByRole('button', { name: 'Send a test to the notification recipients' }).waitFor();
    expect((await pageWidths(settings.page)).document).toBeLessThanOrEqual(375);
    if (SCREENSHOTS) await settings.page.screenshot({ path: `${SCREENSHOTS}/settings-375.png`, fullPage: true });
    await settings.context.close();
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});

/** A night whose backup verified but could not be copied to S3: good here, not off the machine. */
describe('a backup that was not uploaded, in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let state: BrowserState;
  let backupDir: string;
  const REASON = 'getaddrinfo ENOTFOUND backups.example.invalid';

  beforeAll(async () => {
    backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-backups-s3-'));
    const name = 'backup-20260101-023000.tar.gz';
    fs.writeFileSync(path.join(backupDir, name), 'a verified backup');
    fs.writeFileSync(path.join(backupDir, `${name}.verified`), JSON.stringify({ verifiedAt: '2026-01-01T02:40:00.000Z', rows: 1200, tables: 32, images: 0, bytes: 17, ms: 900, heldMs: 12, uploadError: REASON }));
    [server, browser] = await Promise.all([startServer({ ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password, BACKUP_DIR: backupDir, BACKUP_SCHEDULE: 'off' }), launchBrowser()]);
    state = await signInThroughForm(browser, server.url, OWNER);
    // A server's first start (migrations, the first backup check) is slow on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  it('is on the owners\' dashboard banner and beside the backup, on a phone, with axe clean', async () => {
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard`, state, PHONE_DEVICE);
    await page.getByText(`The last backup was verified here, but its upload to S3 failed: ${REASON}`).waitFor();
    await page.getByRole('link', { name: 'See the backups' }).click();
    const row = page.getByRole('row', { name: /Verified/ });
    await row.waitFor();
    await expect(row.getByText(`not uploaded to S3: ${REASON}`).count()).resolves.toBe(1);
    const widths = await pageWidths(page);
    expect(widths.document).toBeLessThanOrEqual(375);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await axeViolations(page)).toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/backups-not-uploaded-375.png`, fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it.each([
    ['375', PHONE_DEVICE],
    ['1280', DESKTOP],
  ] as const)('says at %s px where each backup is, what it holds, where the key is, and how to restore it', async (width, device) => {
    const name = 'backup-20260101-023000.tar.gz';
    const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard`, state, device);
    // Backups is an owners' entry of the sidebar, not only a link at the end of Settings.
    if (device === DESKTOP) await page.locator('#admin-sidebar').getByRole('link', { name: 'Backups', exact: true }).click();
    else await page.goto(`${server.url}/admin/dashboard/settings/backups`);
    const row = page.getByRole('row', { name: /Verified/ });
    await row.waitFor();
    await expect(row.getByText(name, { exact: true }).count()).resolves.toBe(1);
    const storage = page.locator('.admin-backup-storage');
    await expect(storage.getByText(backupDir, { exact: true }).count()).resolves.toBe(1);
    await expect(storage.textContent()).resolves.toMatch(/leads .*staff accounts.*content and portfolio, images.*personal data/);
    // Where the key is (the embedded data folder's file here), never the key itself.
    await expect(storage.textContent()).resolves.toMatch(/in the file \/.+\/app-key\./);

    await row.getByRole('button', { name: /^How to restore/ }).click();
    const steps = page.locator('.admin-backup-restore');
    await steps.getByRole('heading', { name: `Restore ${name}` }).waitFor();
    await expect(steps.locator('.admin-backup-restore__command').textContent()).resolves.toBe(`npm run restore -- ${backupDir}/${name} --replace`);
    await expect(steps.textContent()).resolves.toContain('Stop the site.');
    const widths = await pageWidths(page);
    expect(widths.document).toBeLessThanOrEqual(device === DESKTOP ? 1280 : 375);
    expect(await axeViolations(page)).toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/backups-restore-${width}.png`, fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);
});
