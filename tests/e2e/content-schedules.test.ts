import type { Browser } from 'playwright-core';
import { axeViolations, DESKTOP, launchBrowser, openDashboard, pageWidths, PHONE_DEVICE, signInThroughForm, type BrowserState } from './browser';
import { startServer, type RunningServer } from './server';

const OWNER = { username: 'schedule-owner', password: 'a long and private test passphrase' };
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

/** Planned publishes seen outside the page's editor, a page's own undo, and a preview link after its draft went live. */
describe('schedules, undo and previews in a real browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let signedIn: BrowserState;
  let session: Record<string, string>;
  let timeZone: string;

  const call = async <T>(path: string, method = 'GET', body?: unknown): Promise<T> => {
    const response = await fetch(`${server.url}${path}`, { method, headers: session, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? null : await response.json()) as T;
  };
  const latest = async (key: string) => {
    const item = await call<{ published: { version: number; data: Record<string, unknown> }; draft: { version: number; data: Record<string, unknown> } | null }>(`/api/content/${key}`);
    return { version: item.draft?.version ?? item.published.version, data: item.draft?.data ?? item.published.data };
  };
  const saveDraft = async (key: string, change: (data: Record<string, unknown>) => Record<string, unknown>) => {
    const { version, data } = await latest(key);
    return (await call<{ version: number }>(`/api/content/${key}/draft`, 'PUT', { data: change(structuredClone(data)), baseVersion: version })).version;
  };
  /** Next year's 1 December at `time` on the agency's clock, as the API reads a wall-clock time. */
  const december = (time: string) => `${new Date().getUTCFullYear() + 1}-12-01T${time}`;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password }), launchBrowser()]);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: server.url },
      body: JSON.stringify(OWNER),
    });
    const sid = login.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='))!.split(';')[0]!;
    const { csrfToken } = (await login.json()) as { csrfToken: string };
    session = { Cookie: sid, 'X-CSRF-Token': csrfToken, Origin: server.url, 'Content-Type': 'application/json', Accept: 'application/json' };
    timeZone = (await call<{ timeZone: string }>('/api/content/schedules')).timeZone;
    signedIn = await signInThroughForm(browser, server.url, OWNER);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('moves a page’s planned publish when it is scheduled again, and shows it once in the Website list and Upcoming', async () => {
    const version = await saveDraft('process', (data) => {
      const [first, ...rest] = data.steps as { title: string }[];
      return { ...data, steps: [{ ...first!, title: 'Scheduled step' }, ...rest] };
    });
    await call('/api/content/process/publish', 'POST', { version, at: december('09:00') });
    await call('/api/content/process/publish', 'POST', { version, at: december('10:00') });
    const when = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(`${december('10:00')}:00Z`));
    expect(when).toMatch(/ 1 Dec/);

    for (const [name, device] of [
      ['375', PHONE_DEVICE],
      ['1280', DESKTOP],
    ] as const) {
      const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/website`, signedIn, device);
      const upcoming = page.getByRole('region', { name: 'Upcoming publishes' });
      await upcoming.getByRole('link', { name: 'How we work' }).waitFor();
      await expect(upcoming.getByRole('listitem').count()).resolves.toBe(1);
      await expect(upcoming.innerText()).resolves.toMatch(/How we work\s*\w{3},? 1 Dec(?: \d{4})?, 10:00, version \d+, by schedule-owner/);
      await expect(upcoming.innerText()).resolves.not.toContain('09:00');
      const row = page.getByRole('row', { name: /How we work/ });
      await expect(row.innerText()).resolves.toMatch(/Scheduled for \w{3},? 1 Dec(?: \d{4})?, 10:00/);
      await expect(page.getByText('Undo the last publish').count()).resolves.toBe(0);
      const widths = await pageWidths(page);
      expect(widths.document).toBeLessThanOrEqual(widths.viewport);
      expect(await axeViolations(page)).toEqual([]);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/website-upcoming-${name}.png`, fullPage: true });
      expect(problems).toEqual([]);
      await context.close();
    }

    // The dashboard's card lists it too.
    const { context, page } = await openDashboard(browser, `${server.url}/admin/dashboard`, signedIn);
    await page.getByRole('region', { name: 'Upcoming publishes' }).getByRole('link', { name: 'How we work' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/dashboard-upcoming-1280.png`, fullPage: true });
    await context.close();
  }, 120_000);

  it('undoes the About page’s last publish only, after naming it; Home published before stays', async () => {
    const home = await saveDraft('home', (data) => ({ ...data, banner: { ...(data.banner as object), heading: 'Home, published by a colleague' } }));
    await call('/api/content/home/publish', 'POST', { version: home });
    const about = await saveDraft('about', (data) => ({ ...data, banner: { ...(data.banner as object), heading: 'About, published last' } }));
    const aboutVersion = (await call<{ version: number }>('/api/content/about/publish', 'POST', { version: about })).version;
    const home2 = await saveDraft('home', (data) => ({ ...data, banner: { ...(data.banner as object), heading: 'Home, published after About' } }));
    await call('/api/content/home/publish', 'POST', { version: home2 });

    for (const [name, device] of [
      ['375', PHONE_DEVICE],
      ['1280', DESKTOP],
    ] as const) {
      const { context, page, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/website/about`, signedIn, device);
      await page.getByRole('button', { name: 'Undo this page’s last publish' }).click();
      const question = page.getByRole('alertdialog', { name: 'Undo the last publish of “About”?' });
      await question.waitFor();
      await expect(question.innerText()).resolves.toMatch(new RegExp(`“About” goes back to version \\d+ \\(published .+\\), undoing version ${aboutVersion}, published .+ by schedule-owner\\.`));
      expect(await axeViolations(page)).toEqual([]);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/website-undo-question-${name}.png` });
      if (name === '375') {
        await question.getByRole('button', { name: 'Cancel' }).click();
      } else {
        await question.getByRole('button', { name: 'Undo the publish' }).click();
        await page.getByText(/^“About” is back to the content of version \d+ \(now published as version \d+\)\.$/).waitFor();
      }
      expect(problems).toEqual([]);
      await context.close();
    }
    expect(await (await fetch(`${server.url}/about`)).text()).not.toContain('About, published last');
    expect(await (await fetch(`${server.url}/`)).text()).toContain('Home, published after About');
  }, 120_000);

  it('says on a preview link that its version is now live once the draft is published', async () => {
    const version = await saveDraft('about', (data) => ({ ...data, banner: { ...(data.banner as object), heading: 'About, for the client' } }));
    const { url } = await call<{ url: string }>('/api/content/about/preview-links', 'POST', {});
    await call('/api/content/about/publish', 'POST', { version });
    for (const [name, device] of [
      ['375', PHONE_DEVICE],
      ['1280', DESKTOP],
    ] as const) {
      const context = await browser.newContext('viewport' in device ? device : { viewport: device });
      const page = await context.newPage();
      await page.goto(url.replace(/^https?:\/\/[^/]+/, server.url));
      const bar = page.getByRole('complementary', { name: 'Preview' });
      await expect(bar.innerText()).resolves.toMatch(new RegExp(`^This version is now live\\. “About” as visitors see it \\(version ${version}, published on .+\\); no change is waiting\\.`));
      await page.getByRole('heading', { level: 1, name: 'About, for the client' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/preview-live-${name}.png` });
      await context.close();
    }
  }, 120_000);
});
