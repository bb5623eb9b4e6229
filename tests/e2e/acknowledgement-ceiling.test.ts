import type { Browser } from 'playwright-core';
import { startSmtp, type Inbox } from '../helpers/smtp-inbox';
import { axeViolations, DESKTOP, launchBrowser, openDashboard, pageWidths, PHONE_DEVICE, signInThroughForm, type BrowserState } from './browser';
import { startServer, type RunningServer } from './server';
import { VALID_FORMS } from '../helpers/form-fixtures';
import { CONFIRMATION_LIMITS } from '../../shared/visitor-confirmation';

const ADMIN = { username: 'ceiling-owner', password: 'a long and private test passphrase' };

/** The owners' warning once the site's daily most of acknowledgements is used up, on a phone and a desktop. */
describe("the acknowledgements' daily ceiling in a real browser", () => {
  let server: RunningServer;
  let browser: Browser;
  let inbox: Inbox;
  let signedIn: BrowserState;

  beforeAll(async () => {
    inbox = await startSmtp();
    [server, browser] = await Promise.all([
      startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, NOTIFY_TO: 'staff@agency.test', TRUST_PROXY: 'true', FORM_RATE_LIMIT: '1000' }),
      launchBrowser(),
    ]);
    signedIn = await signInThroughForm(browser, server.url, ADMIN);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await inbox?.close();
  });

  it('warns owners above every view once visitors go without, with the leads still arriving', async () => {
    const { context, page } = await openDashboard(browser, `${server.url}/admin/dashboard/saved-replies`, signedIn, DESKTOP);
    await page.getByRole('checkbox', { name: 'Contact' }).check();
    await page.getByRole('button', { name: 'Save acknowledgements' }).click();
    await page.getByText('Acknowledgements saved.').waitFor();
    await context.close();

    // One more than the ceiling, each from its own network to its own address.
    for (let i = 0; i <= CONFIRMATION_LIMITS.perDay; i += 1) {
      const response = await fetch(`${server.url}/api/forms/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.9.${Math.floor(i / 200)}.${i % 200}` },
        body: JSON.stringify({ ...VALID_FORMS.contact, email: `visitor${i}@example.net` }),
      });
      expect(response.status).toBe(201);
    }

    for (const [name, device] of [
      ['phone', PHONE_DEVICE],
      ['desktop', DESKTOP],
    ] as const) {
      const { context: viewing, page: view, problems } = await openDashboard(browser, `${server.url}/admin/dashboard/messages`, signedIn, device);
      const warning = view.getByRole('region', { name: 'Acknowledgements paused' });
      await warning.waitFor();
      await warning.getByText(/paused until .*The site sent its most for one day \(100\), so 1 visitor since got none; their leads still arrive in the inbox\./).waitFor();
      await warning.getByRole('link', { name: 'see the audit trail' }).waitFor();
      expect((await pageWidths(view)).document).toBeLessThanOrEqual('viewport' in device ? device.viewport.width : device.width);
      expect(await axeViolations(view)).toEqual([]);
      if (process.env.E2E_SCREENSHOTS) await view.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/acknowledgements-paused-${name}.png`, fullPage: true });
      expect(problems).toEqual([]);
      await viewing.close();
    }
  }, 120_000);
});
