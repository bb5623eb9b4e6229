/**
 * Security across every route, against a production build: the security headers on every answer,
 * private answers never publicly cacheable, the session and device cookies' flags, 401 on every
 * admin route of the app's own route table without a session, 404 or the redirect to the one
 * spelling for every other spelling of every route, signed in or not, 403 on state changes without
 * the CSRF token or from another site (with nothing changed), upload rejections (with nothing stored) and the login throttle: guessing
 * bounded per address and per account a day, and never a lock on the admin's own browser; roles,
 * password changes, two-factor sign-in (replay, recovery codes, code throttling) and the audit trail.
 */
import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import { startServer, type RunningServer } from '../../tests/e2e/server';
import { expectedForSpelling, fillRoutePath, mediaFileIn, otherSpellings, type RouteSamples } from '../../tests/helpers/route-spellings';
import type { RouteEntry } from '../../server/middleware/access';
import { freePort, rawRequest } from '../lib/net';
import { productionRouteTable } from '../lib/route-table';
import { CheckReport, type CheckResult } from './check';

const ADMIN = { username: 'sweep-admin', password: 'every route, every header' };
const PUBLIC_PAGES = ['/', '/about', '/services', '/services/web-development', '/toolkit', '/contact', '/enquire', '/quote', '/free-offer', '/regions', '/thank-you/quote', '/portfolio', '/portfolio/web-development', '/portfolio/app-development', '/industries/real-estate', '/industries/it', '/sitemap.xml', '/robots.txt'];
const PRIVATE_ANSWERS = ['/admin/dashboard', '/admin/dashboard/forms/contact', '/api/forms/contact', '/api/auth/session'];

interface Session {
  cookie: string;
  csrfToken: string;
}

interface CallOptions {
  session?: Session;
  csrf?: string;
  origin?: string;
  body?: BodyInit;
  contentType?: string;
  /** Sent as `X-Forwarded-For` (the server trusts its proxy here), so one machine can be many addresses. */
  from?: string;
  /** Any other cookie, such as the device cookie. */
  cookie?: string;
}

async function call(server: RunningServer, method: string, path: string, { session, csrf, origin, body, contentType, from, cookie }: CallOptions = {}) {
  const headers: Record<string, string> = {};
  const cookies = [session?.cookie, cookie].filter(Boolean);
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  if (from) headers['x-forwarded-for'] = from;
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

/** The `name=value` of a cookie a response sets. */
function setCookieLine(response: Response, name: string): string {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`)) ?? '';
}

/** The attributes a Set-Cookie line names, for the report. */
function cookieAttributes(line: string): string {
  return line.split(';').slice(1).map((part) => part.trim().split('=')[0]).join(', ');
}

function upload(file: Buffer, name: string, type: string): FormData {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(file)], { type }), name);
  for (const [field, value] of Object.entries({ title: 'Sweep', categories: 'web', displayCategories: 'Web Development', client: 'Sweep Ltd', description: 'Upload rejection sweep.' })) form.append(field, value);
  return form;
}

/** Bodies that would change something, for the owners' routes an editor tries (`{}` for the rest). */
const OWNER_CALL_BODIES: Record<string, object[]> = {
  'POST /api/users': [{ username: 'made-by-editor', displayName: 'Made By Editor Example', role: 'owner' }],
  'PATCH /api/users/:username': [{ role: 'editor' }, { disabled: true }, { resetPassword: 'generate' }],
  'PATCH /api/settings': [{ requireTwoFactor: true }],
  'POST /api/personal-data/find': [{ email: 'sweep@example.com' }],
  'POST /api/personal-data/export': [{ email: 'sweep@example.com' }],
  'POST /api/personal-data/erase': [{ email: 'sweep@example.com' }],
};

/**
 * Every route of the app's own table under every other spelling of its path (letter case, an
 * escaped letter, `//`, a final `/`, `.` and `..` segments), signed in as an owner with the CSRF
 * token and anonymously: each must be answered 404, or for a page read with GET the redirect to
 * its one spelling, never by the handler.
 */
async function everySpelling(report: CheckReport, server: RunningServer, origin: string, owner: Session, routes: RouteEntry[], samples: RouteSamples): Promise<void> {
  const wrong: string[] = [];
  let tried = 0;
  for (const route of routes) {
    const expected = expectedForSpelling(route.path, route.method, fillRoutePath(route.path, samples));
    for (const spelling of otherSpellings(route.path).map((template) => fillRoutePath(route.path, samples, template))) {
      for (const session of [owner, undefined]) {
        tried += 1;
        const headers: Record<string, string> = session ? { cookie: session.cookie, 'x-csrf-token': session.csrfToken, origin } : { origin };
        const response = await rawRequest(server.url, route.method, spelling, { ...headers, 'content-type': 'application/json' }, route.method === 'GET' ? undefined : '{}');
        const location = response.headers.location;
        if (response.status !== expected.status || (expected.status === 301 && location !== expected.location)) {
          wrong.push(`${route.method} ${spelling}${session ? ' signed in' : ''} → ${response.status}${location ? ` ${location}` : ''}`);
        }

      }
    }
  }
  report.figure('other spellings of every route answered 404 or moved to their own', `${tried - wrong.length} of ${tried} (${routes.length} routes)`);
  report.expect(wrong.length === 0, `answered otherwise: ${wrong.slice(0, 10).join(', ')}`);
}

/**
 * Accounts, roles and two-factor sign-in against a real server: an editor is refused every
 * owner-only call (403, nothing changed); a password change ends the other sessions; a TOTP code
 * and a recovery code each work once; wrong codes are throttled like passwords; and each of these
 * left its row in the audit trail.
 */
async function accountsAndTwoFactor(report: CheckReport, server: RunningServer, origin: string, owner: Session, routes: RouteEntry[], samples: RouteSamples): Promise<void> {
  const json = (method: string, path: string, session: Session | undefined, body?: object, from = '198.51.100.60') =>
    call(server, method, path, { session, csrf: session?.csrfToken, origin, from, contentType: body ? 'application/json' : undefined, body: body ? JSON.stringify(body) : undefined });
  const loginAs = async (username: string, password: string, from: string, code?: string) => {
    const response = await json('POST', '/api/auth/login', undefined, { username, password, ...(code ? { code } : {}) }, from);
    const body = (await response.json().catch(() => ({}))) as { csrfToken?: string; twoFactorRequired?: boolean };
    const cookie = setCookieLine(response, '__Host-sid').split(';')[0];
    return { status: response.status, body, session: cookie && body.csrfToken ? { cookie, csrfToken: body.csrfToken } : undefined };
  };

  const created = await json('POST', '/api/users', owner, { username: 'sweep-editor', displayName: 'Sweep Editor Example', role: 'editor' });
  const { password } = (await created.json()) as { password: string };
  report.expect(created.status === 201 && Boolean(password), `creating an editor answered ${created.status}`);
  let editor = (await loginAs('sweep-editor', password, '198.51.100.61')).session!;

  // Role refusals: 403 on every owner-only call, and the accounts, settings and the sweep's lead unchanged.
  const sweepLeads = async () => ((await (await json('POST', '/api/personal-data/find', owner, { email: 'sweep@example.com' })).json()) as { leads: { _id: string }[] }).leads.map((lead) => lead._id);
  const state = async () => JSON.stringify([await (await json('GET', '/api/users', owner)).json(), await (await json('GET', '/api/settings', owner)).json(), await sweepLeads()]);
  const before = await state();
  const notRefused = [];
  const ownerCalls = routes
    .filter((route) => route.access?.who === 'owner')
    .flatMap((route) => (OWNER_CALL_BODIES[`${route.method} ${route.path}`] ?? [route.method === 'GET' ? undefined : {}]).map((body) => ({ ...route, body })));
  for (const { method, path, body } of ownerCalls) {
    const response = await json(method, fillRoutePath(path, samples), editor, body);
    if (response.status !== 403) notRefused.push(`${method} ${path} → ${response.status}`);
  }
  report.figure('owner-only calls refused to an editor', `${ownerCalls.length - notRefused.length} of ${ownerCalls.length}`);
  report.expect(notRefused.length === 0, `not 403 for an editor: ${notRefused.join(', ')}`);
  report.expect((await state()) === before, 'an editor’s refused call changed an account, a setting or a lead');

  // A password change ends the account's other sessions and keeps this one, under a new id.
  const other = (await loginAs('sweep-editor', password, '198.51.100.62')).session!;
  const newPassword = 'sweep editor new password';
  const changed = await json('POST', '/api/account/password', editor, { currentPassword: password, newPassword });
  const renewed: Session = { ...editor, cookie: setCookieLine(changed, '__Host-sid').split(';')[0]! };
  const [stillIn, oldIdOut, otherOut] = [await json('GET', '/api/auth/session', renewed), await json('GET', '/api/auth/session', editor), await json('GET', '/api/auth/session', other)];
  report.figure('password change: this session (new id / old id) / the other session', `${stillIn.status} / ${oldIdOut.status} / ${otherOut.status}`);
  report.expect(changed.status === 204 && stillIn.status === 200 && oldIdOut.status === 401 && otherOut.status === 401, 'a password change did not renew this session and end the others');
  editor = renewed;

  // Two-factor: a code and a recovery code each work once.
  const setup = (await (await json('POST', '/api/account/totp/setup', editor)).json()) as { secret: string };
  const totp = new TOTP({ secret: Secret.fromBase32(setup.secret) });
  const enabled = await json('POST', '/api/account/totp/enable', editor, { code: totp.generate() });
  const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
  report.expect(enabled.status === 200 && recoveryCodes.length === 10, `turning two-factor on answered ${enabled.status}`);
  const passwordOnly = await loginAs('sweep-editor', newPassword, '198.51.100.63');
  report.expect(passwordOnly.body.twoFactorRequired === true && !passwordOnly.session, 'a right password alone gave a session to an account with two-factor');
  const nextCode = totp.generate({ timestamp: Date.now() + 30_000 });
  const [codeFirst, codeAgain] = [await loginAs('sweep-editor', newPassword, '198.51.100.63', nextCode), await loginAs('sweep-editor', newPassword, '198.51.100.63', nextCode)];
  const [recoveryFirst, recoveryAgain] = [await loginAs('sweep-editor', newPassword, '198.51.100.63', recoveryCodes[0]), await loginAs('sweep-editor', newPassword, '198.51.100.63', recoveryCodes[0])];
  report.figure('TOTP code used / replayed', `${codeFirst.status} / ${codeAgain.status}`);
  report.figure('recovery code used / reused', `${recoveryFirst.status} / ${recoveryAgain.status}`);
  report.expect(codeFirst.status === 200 && codeAgain.status === 401, 'a TOTP code was not accepted exactly once');
  report.expect(recoveryFirst.status === 200 && recoveryAgain.status === 401, 'a recovery code was not accepted exactly once');

  // Wrong codes count in the password throttle: 5, then even a right recovery code waits.
  const codeGuesses = [];
  for (let i = 0; i < 5; i += 1) codeGuesses.push((await loginAs('sweep-editor', newPassword, '203.0.113.77', String(100000 + i))).status);
  const afterGuesses = await loginAs('sweep-editor', newPassword, '203.0.113.77', recoveryCodes[1]);
  report.figure('5 wrong codes, then a right recovery code from that address', `${codeGuesses.join(' ')} → ${afterGuesses.status}`);
  report.expect(codeGuesses.every((status) => status === 401) && afterGuesses.status === 429, 'wrong codes were not throttled like passwords');

  // The audit trail has a row for each kind of action tried.
  const actions = ['user.create', 'auth.sign-in', 'auth.sign-in-failed', 'auth.throttled', 'account.password-change', 'two-factor.enable'];
  const missing = [];
  for (const action of actions) {
    const page = (await (await json('GET', `/api/audit?action=${action}`, owner)).json()) as { items: unknown[] };
    if (!page.items?.length) missing.push(action);
  }
  report.figure('audit actions recorded', `${actions.length - missing.length} of ${actions.length}`);
  report.expect(missing.length === 0, `no audit row for ${missing.join(', ')}`);
}

/** Where the admin's own browser signs in from; the attackers use other addresses. */
const ADMIN_ADDRESS = '198.51.100.1';

/**
 * The login throttle against a real server (the real 1 s delay on every failure): a lock for one
 * address is not a lock for another, nor for the admin's known browser; a known browser that keeps
 * failing is locked on its own; a guess spread over many addresses stops at the daily ceiling,
 * and the known browser still gets in.
 */
async function loginThrottle(report: CheckReport, server: RunningServer, origin: string, firstDevice: string): Promise<void> {
  const attempt = (password: string, from: string, cookie?: string) =>
    call(server, 'POST', '/api/auth/login', { origin, from, cookie, contentType: 'application/json', body: JSON.stringify({ username: ADMIN.username, password }) });
  /** Signs in with the right password; the device cookie the browser now holds (renewed on every login). */
  const signIn = async (from: string, cookie?: string) => {
    const response = await attempt(ADMIN.password, from, cookie);
    return { status: response.status, device: setCookieLine(response, '__Host-admin-device').split(';')[0] || cookie };
  };
  const guesses = async (count: number, from: string, cookie?: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) statuses.push((await attempt(`wrong guess ${from} ${i}`, from, cookie)).status);
    return statuses;
  };

  // One attacking address: blocked there after 5 failures; the same password works elsewhere and on the known browser.
  const fromOneAddress = await guesses(5, '203.0.113.5');
  const blocked = await attempt(ADMIN.password, '203.0.113.5');
  const elsewhere = await signIn('192.0.2.10');
  const knownThere = await signIn('203.0.113.5', firstDevice);
  report.figure('5 wrong passwords from one address, then the right one there / elsewhere / on the known browser there',
    `${fromOneAddress.join(', ')} → ${blocked.status} (Retry-After ${blocked.headers.get('retry-after')}) / ${elsewhere.status} / ${knownThere.status}`);
  report.expect(fromOneAddress.every((status) => status === 401) && blocked.status === 429 && Number(blocked.headers.get('retry-after')) > 0, 'one address was not throttled after 5 failures');
  report.expect(elsewhere.status === 200 && knownThere.status === 200, 'failures from one address kept the admin out elsewhere or on a known browser');

  // A known browser that keeps failing is locked on its own; the account is not.
  const device = knownThere.device!;
  const deviceGuesses = await guesses(5, ADMIN_ADDRESS, device);
  const deviceLocked = await attempt(ADMIN.password, ADMIN_ADDRESS, device);
  const otherBrowser = await signIn(ADMIN_ADDRESS);
  report.figure('5 wrong passwords on a known browser, then the right one on it / on another browser',
    `${deviceGuesses.join(', ')} → ${deviceLocked.status} / ${otherBrowser.status}`);
  report.expect(deviceGuesses.every((status) => status === 401) && deviceLocked.status === 429, 'a known browser that keeps failing was not locked out');
  report.expect(otherBrowser.status === 200, 'a known browser’s failures locked the account out for others');

  // Many addresses (5 guesses each, all at once): the account's daily ceiling holds for browsers it does not know.
  const addresses = Array.from({ length: 25 }, (_, i) => `203.0.113.${100 + i}`);
  const spread = (await Promise.all(addresses.map((address) => guesses(5, address)))).flat();
  const checked = spread.filter((status) => status === 401).length + fromOneAddress.length;
  const ceiling = await attempt(ADMIN.password, '192.0.2.99');
  const knownAfter = await signIn(ADMIN_ADDRESS, otherBrowser.device);
  report.figure(`passwords checked for the account from ${addresses.length + 1} addresses in a day`, checked);
  report.figure('then the right password from a new address / on a known browser',
    `${ceiling.status} (Retry-After ${ceiling.headers.get('retry-after')}) / ${knownAfter.status}`);
  report.expect(checked === 100, `the daily ceiling let ${checked} passwords be checked, not 100`);
  report.expect(ceiling.status === 429 && Number(ceiling.headers.get('retry-after')) > 23 * 3600, 'the daily ceiling did not hold for a new address');
  report.expect(knownAfter.status === 200, 'the daily ceiling kept a known browser out');
}

export async function securitySweep(): Promise<CheckResult> {
  const report = new CheckReport();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer({ NODE_ENV: 'production', LOG_LEVEL: 'info', PORT: String(port), PUBLIC_URL: origin, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: 'true' });
  // The sample portfolio is drawn after the site listens: the counts below start once it is all there.
  await server.waitForLog(/sample portfolio ready/);
  try {
    // Headers everywhere; public pages cacheable by a CDN, private answers never.
    for (const path of PUBLIC_PAGES) {
      const response = await call(server, 'GET', path);
      report.expect(response.status === 200, `${path} answered ${response.status}`);
      checkHeaders(report, path, response);
    }
    for (const path of ['/no-such-page', '/api/no-such-call', '/healthz']) checkHeaders(report, path, await call(server, 'GET', path));

    const login = await call(server, 'POST', '/api/auth/login', { origin, contentType: 'application/json', body: JSON.stringify({ ...ADMIN, remember: false }), from: ADMIN_ADDRESS });
    const setCookie = setCookieLine(login, '__Host-sid');
    report.figure('session cookie attributes', cookieAttributes(setCookie));
    for (const flag of ['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/']) report.expect(setCookie.includes(flag), `session cookie lacks ${flag}`);
    report.expect(!/Domain=/i.test(setCookie), 'session cookie names a Domain');
    const session: Session = { cookie: setCookie.split(';')[0]!, csrfToken: ((await login.json()) as { csrfToken: string }).csrfToken };
    const deviceCookie = setCookieLine(login, '__Host-admin-device');
    report.figure('device cookie attributes', cookieAttributes(deviceCookie));
    for (const flag of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/', 'Max-Age=31536000']) report.expect(deviceCookie.includes(flag), `device cookie lacks ${flag}`);
    report.expect(!/Domain=/i.test(deviceCookie), 'device cookie names a Domain');

    for (const path of PRIVATE_ANSWERS) {
      const response = await call(server, 'GET', path, { session });
      report.expect(response.status === 200, `${path} answered ${response.status} to a signed-in admin`);
      report.expect(/no-store|private/.test(response.headers.get('cache-control') ?? ''), `${path} may be cached: ${response.headers.get('cache-control')}`);
      checkHeaders(report, path, response);
    }

    // A submission to act on, and a portfolio item.
    const submission = (await (await call(server, 'POST', '/api/forms/contact', { contentType: 'application/json', body: JSON.stringify({ name: 'Sweep', phone: '+44 20 7946 0000', email: 'sweep@example.com', subject: 'Sweep', message: 'Security sweep', fillMs: 5000, clientToken: randomUUID() }) })).json()) as { _id: string };
    const quote = (await (await call(server, 'POST', '/api/forms/quote', { contentType: 'application/json', body: JSON.stringify({ name: 'Sweep', email: 'sweep@example.com', phone: '+44 20 7946 0000', company: '', service: 'Web Development', budget: 5000, timeline: '1-3 months', projectDetails: 'Security sweep', fillMs: 5000, clientToken: randomUUID() }) })).json()) as { _id: string };
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } }).png().toBuffer();
    const created = await call(server, 'POST', '/api/portfolio', { session, csrf: session.csrfToken, origin, body: upload(png, 'cover.png', 'image/png') });
    report.expect(created.status === 201, `adding a portfolio item answered ${created.status}`);
    const itemId = ((await created.json()) as { _id: string })._id;

    // What the routes' parameters stand for: the rows just made.
    const routes = await productionRouteTable();
    const item = await (await call(server, 'GET', `/api/portfolio/${itemId}`)).text();
    const sessions = (await (await call(server, 'GET', '/api/account/sessions', { session })).json()) as { id: string }[];
    const samples: RouteSamples = { leadId: quote._id, itemId, mediaFile: mediaFileIn(item), sessionId: sessions[0]!.id, username: ADMIN.username };

    // 401 on every admin route of the table without a session.
    const adminCalls = routes.filter((route) => route.access && route.access.who !== 'anyone');
    const unauthorised = [];
    for (const route of adminCalls) {
      const path = fillRoutePath(route.path, samples);
      const response = await call(server, route.method, path, { origin, contentType: 'application/json', body: route.method === 'GET' ? undefined : '{"status":"read"}' });
      if (response.status !== 401) unauthorised.push(`${route.method} ${path} → ${response.status}`);
    }
    report.figure('admin calls refused without a session', `${adminCalls.length - unauthorised.length} of ${adminCalls.length}`);
    report.expect(adminCalls.length > 40 && unauthorised.length === 0, `not 401: ${unauthorised.join(', ')}`);

    await everySpelling(report, server, origin, session, routes, samples);

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

    await accountsAndTwoFactor(report, server, origin, session, routes, samples);

    // Login throttling, last (it leaves the account throttled for browsers it does not know).
    await loginThrottle(report, server, origin, deviceCookie.split(';')[0]!);
  } finally {
    await server.stop();
  }
  return report.result();
}
