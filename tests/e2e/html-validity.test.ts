/**
 * Valid HTML, checked by the W3C's Nu Html Checker (`vnu-jar`, run with the machine's Java): every
 * public page of the table of public pages (`public-pages.ts`: content, services, industries,
 * portfolio, forms, thank-you pages, a portfolio item's page with and without its slider, a
 * service, an industry and a page staff made, the 404 page), a form and the admin login shown again with their errors, and the admin login, all
 * fetched from the production build and checked in one run of the checker.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { preparePortfolio } from './portfolio-items';
import { NOT_FOUND_PATH, publicPagePaths } from './public-pages';
import { startServer, type RunningServer } from './server';
import { publishStaffMade, STAFF_MADE_PATHS, WALKER_OWNER_ENV } from './staff-pages';

const VNU_JAR = path.resolve(__dirname, '../../node_modules/vnu-jar/build/dist/vnu.jar');

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

describe('HTML validity (W3C Nu Html Checker)', () => {
  let server: RunningServer;
  let dataDir: string;
  let itemIds: string[];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-vnu-e2e-'));
    itemIds = await preparePortfolio(dataDir);
    server = await startServer({ DATA_DIR: dataDir, ...WALKER_OWNER_ENV });
    // A service, an industry and a page staff made (every kind of section): in the sitemap, so checked.
    await publishStaffMade(server);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finds no error on any public page, the admin login or Forgot password?', async () => {
    const publicPages = await publicPagePaths(server);
    expect(publicPages).toEqual(expect.arrayContaining([...itemIds.map((id) => `/portfolio/${id}`), ...STAFF_MADE_PATHS]));
    const pages: { name: string; status: number; request: () => Promise<Response> }[] = [
      ...publicPages.map((pagePath) => ({ name: pagePath, status: pagePath === NOT_FOUND_PATH ? 404 : 200, request: () => fetch(server.url + pagePath) })),
      ...['/admin/dashboard', '/admin/forgot-password'].map((pagePath) => ({ name: pagePath, status: 200, request: () => fetch(server.url + pagePath) })),
      {
        name: 'POST /quote with errors',
        status: 400,
        request: () => fetch(`${server.url}/quote`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'name=&budget=99&service=Other' }),
      },
      { name: '/admin/verify-email with a used link', status: 404, request: () => fetch(`${server.url}/admin/verify-email?token=${'x'.repeat(43)}`) },
      {
        name: 'POST /admin/forgot-password',
        status: 200,
        request: () => fetch(`${server.url}/admin/forgot-password`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url }, body: 'identifier=someone' }),
      },
      {
        name: 'POST /admin/login without a password',
        status: 400,
        request: () =>
          fetch(`${server.url}/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url }, body: 'username=someone&password=' }),
      },
    ];

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-vnu-pages-'));
    const fileOf = new Map<string, string>();
    for (const [index, page] of pages.entries()) {
      const response = await page.request();
      expect([page.name, response.status]).toEqual([page.name, page.status]);
      const file = path.join(dir, `page-${index}.html`);
      fs.writeFileSync(file, await response.text());
      fileOf.set(`file:${file}`, page.name);
    }

    // One run of the checker for every page: starting the JVM costs more than checking a page.
    const { stdout } = await promisify(execFile)('java', ['-jar', VNU_JAR, '--errors-only', '--exit-zero-always', '--format', 'json', '--stdout', ...fileOf.keys()].map((arg) => arg.replace(/^file:/, '')), {
      maxBuffer: 64 * 1024 * 1024,
    });
    fs.rmSync(dir, { recursive: true, force: true });
    const messages = (JSON.parse(stdout) as { messages: VnuMessage[] }).messages;
    const errors = messages
      .filter((message) => message.type !== 'info')
      .map((message) => `${fileOf.get(message.url ?? '') ?? message.url}:${message.lastLine ?? '?'}: ${message.message}${message.extract ? `\n    ${message.extract.trim()}` : ''}`);
    expect(errors).toEqual([]);
  });
});
