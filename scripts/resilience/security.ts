/**
 * Security across every route, against a production build: the security headers on every answer,
 * private answers never publicly cacheable, the session cookie's flags, 401 on every admin call
 * without a session, 403 on state changes without the CSRF token or from another site (with
 * nothing changed), upload rejections (with nothing stored) and login throttling.
 */
import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { startServer, type RunningServer } from '../../tests/e2e/server';
import { freePort } from '../lib/net';
import { CheckReport, type CheckResult } from './check';

const ADMIN = { username: 'sweep-admin', password: 'every route, every header' };
const PUBLIC_PAGES = ['/', '/about', '/services', '/services/web-development', '/toolkit', '/contact', '/enquire', '/quote', '/free-offer', '/regions', '/thank-you/quote', '/portfolio', '/portfolio/web-development', '/portfolio/app-development', '/industries/real-estate', '/industries/it', '/sitemap.xml', '/robots.txt'];
const PRIVATE_ANSWERS = ['/admin/dashboard', '/admin/dashboard/forms/contact', '/api/forms/contact', '/api/auth/session'];
const FORM_TYPES = ['contact', 'enquiry', 'quote', 'free-offer'];

interface Session {
  cookie: string;
  csrfToken: string;
}

async function call(server: RunningServer, method: string, path: string, { session, csrf, origin, body, contentType }: { session?: Session; csrf?: string; origin?: string; body?: BodyInit; contentType?: string } = {}) {
  const headers: Record<string, string> = {};
  if (session) headers.cookie = session.cookie;
  if (csrf) headers['x-csrf-token'] = csrf;
  if (origin) headers.origin = origin;
  if (contentType) headers['content-type'] = contentType;
  return fetch(`${server.url}${path}`, { method, headers, body, redirect: 'manual' });
}

function checkHeaders(report: CheckReport, path: string, response: Response): void {
  const csp = response.headers.get('content-security-policy') ?? '';
  const scriptSrc = csp.match(/script-src ([^;]*)/)?.[1] ?? '';
  report.expect(/'self'/.test(scriptSrc) && !/unsafe-inline|unsafe-eval/.test(scriptSrc), `${path}: CSP script-src is "${scriptSrc}"`);
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) report.expect(csp.includes(directive), `${path}: CSP lacks ${directive}`);
  report.expect(response.headers.get('x-content-type-options') === 'nosniff', `${path}: no nosniff`);
  report.expect(Boolean(response.headers.get('referrer-policy')), `${path}: no Referrer-Policy`);
  report.expect(/max-age=\d{7,}/.test(response.headers.get('strict-transport-security') ?? ''), `${path}: no HSTS`);
  report.expect(!response.headers.has('x-powered-by'), `${path}: X-Powered-By sent`);
}

async function portfolioCount(server: RunningServer): Promise<number> {
  return ((await (await fetch(`${server.url}/api/portfolio`)).json()) as unknown[]).length;
}

/** The same PNG claiming other dimensions in its header (a decompression bomb's first line). */
function withDeclaredSize(png: Buffer, width: number, height: number): Buffer {
  const bomb = Buffer.from(png);
  bomb.writeUInt32BE(width, 16);
  bomb.writeUInt32BE(height, 20);
  bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29); // IHDR's checksum covers its type and data
  return bomb;
}

function upload(file: Buffer, name: string, type: string): FormData {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(file)], { type }), name);
  for (const [field, value] of Object.entries({ title: 'Sweep', categories: 'web', displayCategories: 'Web Development', client: 'Sweep Ltd', description: 'Upload rejection sweep.' })) form.append(field, value);
  return form;
}

export async function securitySweep(): Promise<CheckResult> {
  const report = new CheckReport();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer({ NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), PUBLIC_URL: origin, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  try {
    // Headers everywhere; public pages cacheable by a CDN, private answers never.
    for (const path of PUBLIC_PAGES) {
      const response = await call(server, 'GET', path);
      report.expect(response.status === 200, `${path} answered ${response.status}`);
      checkHeaders(report, path, response);
    }
    for (const path of ['/no-such-page', '/api/no-such-call', '/healthz']) checkHeaders(report, path, await call(server, 'GET', path));

    const login = await call(server, 'POST', '/api/auth/login', { origin, contentType: 'application/json', body: JSON.stringify({ ...ADMIN, remember: false }) });
    const setCookie = login.headers.getSetCookie().find((line) => line.startsWith('__Host-sid=')) ?? '';
    report.figure('session cookie attributes', setCookie.split(';').slice(1).map((part) => part.trim().split('=')[0]).join(', '));
    for (const flag of ['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/']) report.expect(setCookie.includes(flag), `session cookie lacks ${flag}`);
    report.expect(!/Domain=/i.test(setCookie), 'session cookie names a Domain');
    const session: Session = { cookie: setCookie.split(';')[0]!, csrfToken: ((await login.json()) as { csrfToken: string }).csrfToken };

    for (const path of PRIVATE_ANSWERS) {
      const response = await call(server, 'GET', path, { session });
      report.expect(response.status === 200, `${path} answered ${response.status} to a signed-in admin`);
      report.expect(/no-store|private/.test(response.headers.get('cache-control') ?? ''), `${path} may be cached: ${response.headers.get('cache-control')}`);
      checkHeaders(report, path, response);
    }

    // A submission to act on, and a portfolio item.
    const submission = (await (await call(server, 'POST', '/api/forms/contact', { contentType: 'application/json', body: JSON.stringify({ name: 'Sweep', phone: '+44 20 7946 0000', email: 'sweep@example.com', subject: 'Sweep', message: 'Security sweep', fillMs: 5000, clientToken: randomUUID() }) })).json()) as { _id: string };
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } }).png().toBuffer();
    const created = await call(server, 'POST', '/api/portfolio', { session, csrf: session.csrfToken, origin, body: upload(png, 'cover.png', 'image/png') });
    report.expect(created.status === 201, `adding a portfolio item answered ${created.status}`);
    const itemId = ((await created.json()) as { _id: string })._id;

    // 401 on every admin call without a session.
    const adminCalls: [string, string][] = [
      ...FORM_TYPES.flatMap((type): [string, string][] => [
        ['GET', `/api/forms/${type}`],
        ['PATCH', `/api/forms/${type}/${submission._id}/status`],
        ['DELETE', `/api/forms/${type}/${submission._id}`],
      ]),
      ['POST', '/api/portfolio'],
      ['PUT', `/api/portfolio/${itemId}`],
      ['DELETE', `/api/portfolio/${itemId}`],
      ['POST', '/api/auth/logout'],
      ['GET', '/api/auth/session'],
    ];
    const unauthorised = [];
    for (const [method, path] of adminCalls) {
      const response = await call(server, method, path, { origin, contentType: 'application/json', body: method === 'GET' ? undefined : '{"status":"read"}' });
      if (response.status !== 401) unauthorised.push(`${method} ${path} → ${response.status}`);
    }
    report.figure('admin calls refused without a session', `${adminCalls.length - unauthorised.length} of ${adminCalls.length}`);
    report.expect(unauthorised.length === 0, `not 401: ${unauthorised.join(', ')}`);

    // 403 without the CSRF token, with a wrong one, or from another site; nothing changes.
    const stateChanges: [string, string, BodyInit | undefined][] = [
      ['PATCH', `/api/forms/contact/${submission._id}/status`, '{"status":"responded"}'],
      ['DELETE', `/api/forms/contact/${submission._id}`, undefined],
      ['DELETE', `/api/portfolio/${itemId}`, undefined],
      ['POST', '/api/auth/logout', undefined],
    ];
    const notRefused = [];
    for (const [method, path, body] of stateChanges) {
      for (const variant of [{ origin }, { origin, csrf: 'wrong-token' }, { origin: 'https://evil.example', csrf: session.csrfToken }]) {
        const response = await call(server, method, path, { session, contentType: 'application/json', body, ...variant });
        if (response.status !== 403) notRefused.push(`${method} ${path} ${JSON.stringify(variant)} → ${response.status}`);
      }
    }
    const inbox = (await (await call(server, 'GET', '/api/forms/contact', { session })).json()) as { _id: string; status: string }[];
    const unchanged = inbox.find((row) => row._id === submission._id)?.status === 'new' && (await call(server, 'GET', `/api/portfolio/${itemId}`)).status === 200;
    report.figure('state changes refused without a valid token or from another site', `${stateChanges.length * 3 - notRefused.length} of ${stateChanges.length * 3}`);
    report.expect(notRefused.length === 0, `not 403: ${notRefused.join(', ')}`);
    report.expect(unchanged, 'a refused request changed something');

    // Uploads checked by their content; nothing stored when refused.
    const before = await portfolioCount(server);
    const rejected: [string, Buffer, string][] = [
      ['HTML renamed .png', Buffer.from('<!doctype html><script>alert(1)</script>'), 'page.png'],
      ['SVG with script', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg'],
      ['empty file', Buffer.alloc(0), 'empty.png'],
      ['over 10 MB', Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024)]), 'big.png'],
      ['50000×50000 pixels', withDeclaredSize(png, 50_000, 50_000), 'huge.png'],
    ];
    const accepted = [];
    for (const [label, file, name] of rejected) {
      const response = await call(server, 'POST', '/api/portfolio', { session, csrf: session.csrfToken, origin, body: upload(file, name, 'image/png') });
      if (response.status < 400 || response.status >= 500) accepted.push(`${label} → ${response.status}`);
    }
    report.figure('hostile uploads refused with a 4xx', `${rejected.length - accepted.length} of ${rejected.length}`);
    report.expect(accepted.length === 0, `not refused: ${accepted.join(', ')}`);
    report.expect((await portfolioCount(server)) === before, 'a refused upload left an item behind');

    // Login throttling (last: it blocks this address for 15 minutes).
    const attempts = [];
    for (let i = 0; i < 6; i += 1) {
      attempts.push((await call(server, 'POST', '/api/auth/login', { origin, contentType: 'application/json', body: JSON.stringify({ username: ADMIN.username, password: `wrong ${i}` }) })).status);
    }
    report.figure('six wrong passwords answered', attempts.join(', '));
    report.expect(attempts.slice(0, 5).every((status) => status === 401) && attempts[5] === 429, 'login throttling did not answer 429 after 5 failures');
  } finally {
    await server.stop();
  }
  return report.result();
}
