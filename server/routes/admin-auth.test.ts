import request from 'supertest';
import { hashToken } from '../auth/credentials';
import { DEVICE_COOKIE_MS, IDLE_TIMEOUT_MS, REMEMBER_ME_MS } from '../auth/sessions';
import { LOGIN_FAILURE_DELAY_MS } from '../auth/sign-in';
import { adminLoginMessages } from '../../shared/admin-auth';
import { messages } from '../messages';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { deviceCookieFrom, sessionCookieFrom, signInAsAdmin, TEST_ADMIN } from '../../tests/helpers/admin-session';

const { badCsrfToken, crossSiteRefused, notSignedIn } = messages.admin;

const ORIGIN = 'https://agency.test';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A clock the tests move by hand. */
function manualClock(start = new Date('2026-11-23T08:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
  };
}

function login(t: TestApp, body: object, headers: Record<string, string> = { Origin: ORIGIN }) {
  return request(t.app.callback()).post('/api/auth/login').set(headers).send(body);
}

function whoAmI(t: TestApp, cookie: string) {
  return request(t.app.callback()).get('/api/auth/session').set('Cookie', cookie);
}

async function sessionCount(t: TestApp): Promise<number> {
  const row = await t.db('admin_sessions').count<{ count: string | number }[]>('* as count').first();
  return Number(row?.count ?? 0);
}

describe('admin login API', () => {
  let t: TestApp;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp({}, { adminAuthOptions: { now: clock.now, failureDelayMs: 0 } });
    await signInAsAdmin(t); // creates TEST_ADMIN
  });
  afterAll(() => t.destroy());
  beforeEach(() => t.db('login_failures').delete());

  it('signs in: username and CSRF token, an HttpOnly SameSite=Lax session cookie, the id stored only hashed', async () => {
    const response = await login(t, { username: TEST_ADMIN.username, password: TEST_ADMIN.password });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toEqual({ username: TEST_ADMIN.username, role: 'owner', csrfToken: expect.stringMatching(/^[\w-]{43}$/), twoFactorSetupRequired: false });
    const setCookie = (response.headers['set-cookie'] as unknown as string[])[0]!;
    expect(setCookie).toMatch(/^sid=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    const sessionId = sessionCookieFrom(setCookie)!.slice('sid='.length);
    const stored = await t.db('admin_sessions').where({ id_hash: hashToken(sessionId) }).first();
    expect(stored).toMatchObject({ csrf_token: response.body.csrfToken, remember: false });
    expect(await t.db('admin_sessions').where({ id_hash: sessionId }).first()).toBeUndefined();
    const me = await whoAmI(t, sessionCookieFrom(setCookie)!);
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ username: TEST_ADMIN.username, role: 'owner', csrfToken: response.body.csrfToken, twoFactorSetupRequired: false });
  });

  it('accepts the username in any case', async () => {
    const response = await login(t, { username: TEST_ADMIN.username.toUpperCase(), password: TEST_ADMIN.password });
    expect(response.status).toBe(200);
    expect(response.body.username).toBe(TEST_ADMIN.username);
  });

  it('answers a wrong password and an unknown user identically, with no cookie', async () => {
    const wrongPassword = await login(t, { username: TEST_ADMIN.username, password: 'not the password at all' });
    const unknownUser = await login(t, { username: 'nobody-here', password: TEST_ADMIN.password });
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: adminLoginMessages.invalid });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(Object.keys(wrongPassword.headers).sort()).toEqual(Object.keys(unknownUser.headers).sort());
  });

  it('refuses a malformed login with 400 and a cross-site login with 403, creating no session', async () => {
    const before = await sessionCount(t);
    const missing = await login(t, { username: TEST_ADMIN.username });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: adminLoginMessages.required });
    const wrongTypes = await login(t, { username: ['a'], password: 42 });
    expect(wrongTypes.status).toBe(400);
    // A NUL byte cannot even be counted as a failure in PostgreSQL: refused before it gets there.
    const nulByte = await login(t, { username: 'a\u0000b', password: 'wrong password' });
    expect(nulByte.status).toBe(400);
    const crossSite = await login(t, TEST_ADMIN, { Origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toEqual({ error: crossSiteRefused });
    const crossSiteFetch = await login(t, TEST_ADMIN, { 'Sec-Fetch-Site': 'cross-site' });
    expect(crossSiteFetch.status).toBe(403);
    const noOrigin = await login(t, TEST_ADMIN, {});
    expect(noOrigin.status).toBe(403);
    expect(await sessionCount(t)).toBe(before);
  });

  it('accepts Sec-Fetch-Site: same-origin without an Origin header', async () => {
    const response = await login(t, TEST_ADMIN, { 'Sec-Fetch-Site': 'same-origin' });
    expect(response.status).toBe(200);
  });

  it('rotates the session at login: the cookie the browser came with stops working', async () => {
    const first = await signInAsAdmin(t);
    const second = await login(t, TEST_ADMIN, { Origin: ORIGIN, Cookie: first.cookie });
    expect(second.status).toBe(200);
    const secondCookie = sessionCookieFrom(second.headers['set-cookie'])!;
    expect(secondCookie).not.toBe(first.cookie);
    expect(second.body.csrfToken).not.toBe(first.csrfToken);
    expect((await whoAmI(t, first.cookie)).status).toBe(401);
    expect((await whoAmI(t, secondCookie)).status).toBe(200);
  });

  it('gives the browser a device cookie: HttpOnly, SameSite=Strict, a year long, stored only hashed, renewed at every login', async () => {
    const first = await login(t, TEST_ADMIN);
    const setCookie = (first.headers['set-cookie'] as unknown as string[])[1]!;
    expect(setCookie).toMatch(/^admin-device=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=31536000; Expires=[^;]+$/);
    expect(new Date(/Expires=([^;]+)/.exec(setCookie)![1]!).getTime()).toBe(clock.now().getTime() + DEVICE_COOKIE_MS - (clock.now().getTime() % 1000));
    const cookie = deviceCookieFrom(first.headers['set-cookie'])!;
    const token = cookie.slice('admin-device='.length);
    const stored = (await t.db('admin_devices').where({ token_hash: hashToken(token) }).first()) as { id: string | number } | undefined;
    expect(stored).toBeDefined();
    expect(await t.db('admin_devices').where({ token_hash: token }).first()).toBeUndefined();

    // The same browser signing in again keeps its row under a new token; the old token is dead.
    const again = await login(t, TEST_ADMIN, { Origin: ORIGIN, Cookie: cookie });
    const renewed = deviceCookieFrom(again.headers['set-cookie'])!.slice('admin-device='.length);
    expect(renewed).not.toBe(token);
    expect(await t.db('admin_devices').where({ token_hash: hashToken(token) }).first()).toBeUndefined();
    expect(await t.db('admin_devices').where({ token_hash: hashToken(renewed) }).first()).toMatchObject({ id: stored!.id });
  });

  it('logs out: 204, the row deleted, the cookie cleared, and the old cookie then gets 401', async () => {
    const session = await signInAsAdmin(t);
    const before = await sessionCount(t);
    const response = await request(t.app.callback()).post('/api/auth/logout').set(session.headers);
    expect(response.status).toBe(204);
    expect(response.headers['set-cookie']).toEqual(['sid=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
    expect(await sessionCount(t)).toBe(before - 1);
    const replay = await whoAmI(t, session.cookie);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ error: notSignedIn });
    expect((await request(t.app.callback()).post('/api/auth/logout').set(session.headers)).status).toBe(401);
  });

  it('answers 401 with a JSON error on admin calls without a session or with an unknown one', async () => {
    for (const cookie of [undefined, 'sid=not-a-session', `sid=${'x'.repeat(43)}`]) {
      const get = request(t.app.callback()).get('/api/auth/session');
      const post = request(t.app.callback()).post('/api/auth/logout').set('Origin', ORIGIN).set('X-CSRF-Token', 'whatever');
      for (const response of await Promise.all([cookie ? get.set('Cookie', cookie) : get, cookie ? post.set('Cookie', cookie) : post])) {
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ error: notSignedIn });
      }
    }
  });

  describe('CSRF: a state-changing call without the token or from another site is refused and changes nothing', () => {
    const cases: [string, (headers: Record<string, string>) => Record<string, string>, string][] = [
      ['no token', ({ 'X-CSRF-Token': _token, ...rest }) => rest, badCsrfToken],
      ['a wrong token', (headers) => ({ ...headers, 'X-CSRF-Token': 'x'.repeat(43) }), badCsrfToken],
      ['an empty token', (headers) => ({ ...headers, 'X-CSRF-Token': '' }), badCsrfToken],
      ['a cross-site Origin', (headers) => ({ ...headers, Origin: 'https://evil.example' }), crossSiteRefused],
      ['Origin "null"', (headers) => ({ ...headers, Origin: 'null' }), crossSiteRefused],
      ['Sec-Fetch-Site: cross-site', (headers) => ({ ...headers, 'Sec-Fetch-Site': 'cross-site' }), crossSiteRefused],
      ['Sec-Fetch-Site: same-site (a sibling subdomain)', (headers) => ({ ...headers, 'Sec-Fetch-Site': 'same-site' }), crossSiteRefused],
      ['neither Origin nor Sec-Fetch-Site', ({ Origin: _origin, ...rest }) => rest, crossSiteRefused],
    ];
    it.each(cases)('%s → 403', async (_name, alter, message) => {
      const session = await signInAsAdmin(t);
      const rowsBefore = await t.db('admin_sessions').orderBy('id_hash').select();
      const response = await request(t.app.callback()).post('/api/auth/logout').set(alter(session.headers));
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: message });
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(await t.db('admin_sessions').orderBy('id_hash').select()).toEqual(rowsBefore);
      expect((await whoAmI(t, session.cookie)).status).toBe(200);
    });

    it('the request’s own origin counts as same-origin too (PUBLIC_URL differing from the Host)', async () => {
      const session = await signInAsAdmin(t);
      const response = await request(t.app.callback())
        .post('/api/auth/logout')
        .set({ ...session.headers, Host: 'admin.internal:8080', Origin: 'http://admin.internal:8080' });
      expect(response.status).toBe(204);
    });
  });

  describe('throttling (counted in the database)', () => {
    it('after 5 failures for one username answers 429, even with the right password, until 15 minutes pass', async () => {
      for (let i = 0; i < 5; i += 1) expect((await login(t, { username: TEST_ADMIN.username, password: `wrong-${i}` })).status).toBe(401);
      const blocked = await login(t, TEST_ADMIN);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ error: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.' });
      expect(blocked.headers['retry-after']).toBe('900');
      expect(blocked.headers['set-cookie']).toBeUndefined();
      expect(Number((await t.db('login_failures').count<{ c: string }[]>('* as c'))[0]!.c)).toBe(5);
      // Retry-After counts down to the moment the oldest failure leaves the window.
      clock.advance(10 * MINUTE);
      expect((await login(t, TEST_ADMIN)).headers['retry-after']).toBe('300');
      clock.advance(5 * MINUTE + 1000);
      expect((await login(t, TEST_ADMIN)).status).toBe(200);
    });

    it('a burst of parallel guesses gets at most 5 passwords checked; the rest get 429', async () => {
      const guesses = await Promise.all(
        Array.from({ length: 12 }, (_, i) => login(t, { username: TEST_ADMIN.username, password: `parallel guess ${i}` })),
      );
      const checked = guesses.filter((response) => response.status === 401).length;
      // How many get through depends on how the requests interleave (on PostgreSQL often none, as
      // every one counts all the others); never more than five.
      expect(checked).toBeLessThanOrEqual(5);
      expect(guesses.filter((response) => response.status === 429)).toHaveLength(12 - checked);
      expect(Number((await t.db('login_failures').count<{ c: string }[]>('* as c'))[0]!.c)).toBe(checked);
    });

    it('a success forgives that browser’s failures on the account', async () => {
      for (let i = 0; i < 4; i += 1) await login(t, { username: TEST_ADMIN.username, password: `wrong-${i}` });
      expect((await login(t, TEST_ADMIN)).status).toBe(200);
      for (let i = 0; i < 4; i += 1) expect((await login(t, { username: TEST_ADMIN.username, password: `again-${i}` })).status).toBe(401);
    });
  });

  describe('session timeouts (injected clock)', () => {
    it('without remember me: ends after 2 h idle, activity keeps it alive, 12 h after login at the latest', async () => {
      const idle = await signInAsAdmin(t);
      clock.advance(IDLE_TIMEOUT_MS - 60_000);
      expect((await whoAmI(t, idle.cookie)).status).toBe(200);
      clock.advance(IDLE_TIMEOUT_MS);
      const expired = await whoAmI(t, idle.cookie);
      expect(expired.status).toBe(401);
      expect(sessionCookieFrom(expired.headers['set-cookie'])).toBe('sid=');
      expect(await t.db('admin_sessions').where({ id_hash: hashToken(idle.cookie.slice(4)) }).first()).toBeUndefined();

      const active = await signInAsAdmin(t);
      for (let hours = 1; hours < 12; hours += 1) {
        clock.advance(HOUR);
        expect((await whoAmI(t, active.cookie)).status).toBe(200);
      }
      clock.advance(HOUR);
      expect((await whoAmI(t, active.cookie)).status).toBe(401);
    });

    it('with remember me: survives a long idle, ends after 30 days', async () => {
      const remembered = await signInAsAdmin(t, { remember: true });
      clock.advance(3 * 24 * HOUR);
      expect((await whoAmI(t, remembered.cookie)).status).toBe(200);
      clock.advance(REMEMBER_ME_MS - 3 * 24 * HOUR - 60_000);
      expect((await whoAmI(t, remembered.cookie)).status).toBe(200);
      clock.advance(60_000);
      expect((await whoAmI(t, remembered.cookie)).status).toBe(401);
    });

    it('writes last_seen_at at most once a minute', async () => {
      const session = await signInAsAdmin(t);
      const idHash = hashToken(session.cookie.slice(4));
      const lastSeen = async () => ((await t.db('admin_sessions').where({ id_hash: idHash }).first()) as { last_seen_at: Date }).last_seen_at.getTime();
      const loggedInAt = await lastSeen();
      clock.advance(30_000);
      await whoAmI(t, session.cookie);
      expect(await lastSeen()).toBe(loggedInAt);
      clock.advance(40_000);
      await whoAmI(t, session.cookie);
      expect(await lastSeen()).toBe(loggedInAt + 70_000);
    });
  });

  describe('remember-me cookie lifetime', () => {
    it('remember me: a 30-day persistent cookie; otherwise a browser-session cookie', async () => {
      const remembered = await login(t, { ...TEST_ADMIN, remember: true });
      const persistent = (remembered.headers['set-cookie'] as unknown as string[])[0]!;
      expect(persistent).toContain('Max-Age=2592000');
      const expires = new Date(/Expires=([^;]+)/.exec(persistent)![1]!).getTime();
      expect(expires).toBe(clock.now().getTime() + REMEMBER_ME_MS - (clock.now().getTime() % 1000));

      const browserSession = (await login(t, { ...TEST_ADMIN, remember: false })).headers['set-cookie'] as unknown as string[];
      expect(browserSession[0]).not.toMatch(/Max-Age|Expires/);
    });

    it('the no-JavaScript form value "on" counts as remember me', async () => {
      const response = await request(t.app.callback())
        .post('/api/auth/login')
        .set('Origin', ORIGIN)
        .type('form')
        .send({ username: TEST_ADMIN.username, password: TEST_ADMIN.password, remember: 'on' });
      expect(response.status).toBe(200);
      expect((response.headers['set-cookie'] as unknown as string[])[0]).toContain('Max-Age=2592000');
    });
  });
});

describe('admin login in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production' }, { adminAuthOptions: { failureDelayMs: 0 } });
  });
  afterAll(() => t.destroy());

  it('uses a Secure __Host-sid cookie, and a Secure __Host-admin-device cookie', async () => {
    const session = await signInAsAdmin(t);
    expect(session.cookie).toMatch(/^__Host-sid=[\w-]{43}$/);
    const response = await login(t, TEST_ADMIN);
    expect((response.headers['set-cookie'] as unknown as string[])[0]).toMatch(/^__Host-sid=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    expect((response.headers['set-cookie'] as unknown as string[])[1]).toMatch(
      /^__Host-admin-device=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure; Max-Age=31536000; Expires=[^;]+$/,
    );
    expect((await whoAmI(t, session.cookie)).status).toBe(200);
    expect((await whoAmI(t, `sid=${session.cookie.split('=')[1]}`)).status).toBe(401);
  });
});

describe('failed login delay', () => {
  let t: TestApp;
  const waits: number[] = [];
  beforeAll(async () => {
    t = await createTestApp({}, { adminAuthOptions: { sleep: async (ms) => void waits.push(ms) } });
    await signInAsAdmin(t);
  });
  afterAll(() => t.destroy());

  it('pads a failure to 1 s, for a wrong password and an unknown user alike; a success answers at once', async () => {
    for (const body of [{ username: TEST_ADMIN.username, password: 'wrong password!' }, { username: 'ghost', password: 'wrong password!' }]) {
      waits.length = 0;
      expect((await login(t, body)).status).toBe(401);
      // One wait for what is left of the second once the lookup and the hash check are done.
      expect(waits).toHaveLength(1);
      expect(waits[0]).toBeGreaterThan(0);
      expect(waits[0]).toBeLessThanOrEqual(LOGIN_FAILURE_DELAY_MS);
    }
    waits.length = 0;
    expect((await login(t, TEST_ADMIN)).status).toBe(200);
    expect(waits).toEqual([]);
  });
});

describe('login throttling: per address, per account a day, and known devices let through', () => {
  let t: TestApp;
  const clock = manualClock();
  const SECOND_ADMIN = { username: 'second-admin', password: 'another long password' };
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' }, { adminAuthOptions: { now: clock.now, failureDelayMs: 0 } });
    await signInAsAdmin(t);
    await signInAsAdmin(t, SECOND_ADMIN);
  });
  afterAll(() => t.destroy());
  beforeEach(async () => {
    await t.db('login_failures').delete();
    await t.db('admin_devices').delete();
  });

  /** A request from `ip`, carrying a device cookie when given one. */
  const from = (ip: string, deviceCookie?: string) => ({ Origin: ORIGIN, 'X-Forwarded-For': ip, ...(deviceCookie ? { Cookie: deviceCookie } : {}) });
  const guess = (ip: string, { username = TEST_ADMIN.username, device }: { username?: string; device?: string } = {}) =>
    login(t, { username, password: 'wrong password' }, from(ip, device));
  /** Signs in from `ip` as a browser would the first time, returning the device cookie it is given. */
  async function knownDevice(ip: string, account: { username: string; password: string } = TEST_ADMIN): Promise<string> {
    const response = await login(t, account, from(ip));
    expect(response.status).toBe(200);
    return deviceCookieFrom(response.headers['set-cookie'])!;
  }
  const failureCount = async () => Number((await t.db('login_failures').count<{ c: string }[]>('* as c'))[0]!.c);

  it('failures from one address do not stop the right password from another address, nor from a known device at that address', async () => {
    const device = await knownDevice('203.0.113.5');
    for (let i = 0; i < 5; i += 1) expect((await guess('203.0.113.5')).status).toBe(401);

    const blocked = await login(t, TEST_ADMIN, from('203.0.113.5'));
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBe('900');
    expect(blocked.body).toEqual({ error: adminLoginMessages.throttled(900) });
    expect((await login(t, TEST_ADMIN, from('198.51.100.7'))).status).toBe(200);
    expect((await login(t, TEST_ADMIN, from('203.0.113.5', device))).status).toBe(200);
  });

  it('a guess spread over many addresses stops at 100 failures a day for the account; a known device still gets in', async () => {
    const device = await knownDevice('198.51.100.1');
    const answers: number[] = [];
    for (let address = 0; address < 20; address += 1) {
      for (let i = 0; i < 5; i += 1) answers.push((await guess(`203.0.113.${address + 10}`)).status);
    }
    expect(answers.every((status) => status === 401)).toBe(true);

    // The 101st guess, from yet another address, is refused, and so is the right password without a
    // second factor, with the same answer (only a right password with a valid code passes the
    // ceiling: two-factor.test.ts). Those attempts count as failures of their addresses.
    const wrongPassword = await guess('192.0.2.50');
    expect(wrongPassword.status).toBe(429);
    const rightPassword = await login(t, TEST_ADMIN, from('192.0.2.51'));
    expect(rightPassword.status).toBe(429);
    expect(rightPassword.headers['retry-after']).toBe(String(DAY / 1000));
    expect(wrongPassword.headers['retry-after']).toBe(String(DAY / 1000));
    expect(rightPassword.body).toEqual({ error: adminLoginMessages.throttledCodeMayPass(DAY / 1000), codeMayPass: true });
    expect(wrongPassword.body).toEqual(rightPassword.body);
    expect(await failureCount()).toBe(102);
    // Where two limits are reached, the answer names the longer wait.
    expect((await login(t, TEST_ADMIN, from('203.0.113.10'))).headers['retry-after']).toBe(String(DAY / 1000));

    // The ceiling is the account's: other accounts and the known device are not held by it.
    expect((await login(t, SECOND_ADMIN, from('192.0.2.52'))).status).toBe(200);
    expect((await login(t, TEST_ADMIN, from('192.0.2.53', device))).status).toBe(200);

    clock.advance(DAY);
    expect((await login(t, TEST_ADMIN, from('192.0.2.51'))).status).toBe(200);
  }, 120_000); // a hundred Argon2id checks in a row: more than the default allows on a busy machine

  it('a device cookie counts only for the account it was issued to', async () => {
    const device = await knownDevice('198.51.100.1');
    for (let i = 0; i < 5; i += 1) expect((await guess('203.0.113.9', { username: SECOND_ADMIN.username, device })).status).toBe(401);
    expect((await login(t, SECOND_ADMIN, from('203.0.113.9', device))).status).toBe(429);
    // A cookie shaped like a token but never issued, and the stored hash itself, count for nothing either.
    const forged = `admin-device=${'A'.repeat(43)}`;
    expect((await login(t, TEST_ADMIN, from('203.0.113.9', forged))).status).toBe(200);
    for (let i = 0; i < 5; i += 1) await guess('203.0.113.9');
    expect((await login(t, TEST_ADMIN, from('203.0.113.9', forged))).status).toBe(429);
    const storedHash = ((await t.db('admin_devices').first('token_hash')) as { token_hash: string }).token_hash;
    expect((await login(t, TEST_ADMIN, from('203.0.113.9', `admin-device=${storedHash}`))).status).toBe(429);

    // Throttled at that address only: the second admin gets in from another one, and the first admin's own device still works.
    expect((await login(t, SECOND_ADMIN, from('198.51.100.3'))).status).toBe(200);
    expect((await login(t, TEST_ADMIN, from('203.0.113.9', device))).status).toBe(200);
  });

  it('a known device that keeps failing is locked out on its own, without locking out anyone else', async () => {
    const device = await knownDevice('198.51.100.1');
    for (let i = 0; i < 5; i += 1) expect((await guess('198.51.100.1', { device })).status).toBe(401);
    const locked = await login(t, TEST_ADMIN, from('198.51.100.1', device));
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBe('900');
    // Its failures count neither against the account nor against the address.
    expect((await login(t, TEST_ADMIN, from('198.51.100.1'))).status).toBe(200);
    clock.advance(15 * MINUTE);
    expect((await login(t, TEST_ADMIN, from('198.51.100.1', device))).status).toBe(200);
  });

  it('20 failures from one address across accounts block that address for browsers it does not know', async () => {
    const device = await knownDevice('203.0.113.5');
    for (let i = 0; i < 20; i += 1) expect((await guess('203.0.113.5', { username: `guess-${i}` })).status).toBe(401);
    expect((await login(t, SECOND_ADMIN, from('203.0.113.5'))).status).toBe(429);
    expect((await login(t, SECOND_ADMIN, from('198.51.100.7'))).status).toBe(200);
    expect((await login(t, TEST_ADMIN, from('203.0.113.5', device))).status).toBe(200);
  });
});
