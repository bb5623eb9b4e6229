import request from 'supertest';
import { Secret, TOTP } from 'otpauth';
import { adminLoginMessages } from '../../shared/admin-auth';
import { messages } from '../messages';
import { createLogger } from '../logger';
import { createAdminAuth } from '../auth';
import { deviceCookieFrom, sessionCookieFrom, signInAsAdmin, TEST_ADMIN, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

const ORIGIN = 'https://agency.test';
const STEP = 30_000;

function manualClock(start = new Date('2026-11-25T08:00:10Z')) {
  let current = start.getTime();
  return { now: () => new Date(current), advance: (ms: number) => void (current += ms) };
}

describe('two-factor sign-in', () => {
  let t: TestApp;
  let owner: AdminTestSession;
  let secret: string;
  let recoveryCodes: string[];
  const clock = manualClock();
  const api = () => request(t.app.callback());
  const codeAt = (offsetSteps = 0) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: clock.now().getTime() + offsetSteps * STEP });
  const login = (body: object, headers: Record<string, string> = {}) => api().post('/api/auth/login').set({ Origin: ORIGIN, ...headers }).send({ username: TEST_ADMIN.username, password: TEST_ADMIN.password, ...body });

  beforeAll(async () => {
    t = await createTestApp({}, { adminAuthOptions: { now: clock.now, failureDelayMs: 0 } });
    owner = await signInAsAdmin(t);
  });
  afterAll(() => t.destroy());
  beforeEach(() => t.db('login_failures').delete());

  it('is set up with a server-rendered QR code and a first code, giving ten recovery codes shown once', async () => {
    const setup = await api().post('/api/account/totp/setup').set(owner.headers).expect(200);
    expect(setup.body).toEqual({ secret: expect.stringMatching(/^[A-Z2-7]{32}$/), otpauthUrl: expect.stringMatching(/^otpauth:\/\/totp\//), qrSvg: expect.stringMatching(/^<svg[^>]*>.*<\/svg>\s*$/s) });
    expect(setup.body.otpauthUrl).toContain(`secret=${setup.body.secret}`);
    secret = setup.body.secret;
    // Stored sealed with the application key: the column alone does not give the secret.
    const [{ id, totp_secret: sealed }] = await t.db('admin_users').whereNotNull('totp_secret').select('id', 'totp_secret');
    expect(sealed).toMatch(/^enc1:/);
    expect(sealed).not.toContain(secret);
    expect(t.keyring.open(sealed, `totp:${id}`)).toBe(secret);
    const wrong = await api().post('/api/account/totp/enable').set(owner.headers).send({ code: '000000' }).expect(400);
    expect(wrong.body.fields).toEqual({ code: messages.twoFactor.wrongCode });
    const enabled = await api().post('/api/account/totp/enable').set(owner.headers).send({ code: codeAt() }).expect(200);
    recoveryCodes = enabled.body.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    // Stored hashed only.
    const stored = await t.db('admin_recovery_codes').select('code_hash');
    expect(stored.map((row) => row.code_hash).join()).not.toContain(recoveryCodes[0]!.replace(/-/g, ''));
    const account = await api().get('/api/account').set(owner.headers).expect(200);
    expect(account.body).toMatchObject({ twoFactor: true, recoveryCodesLeft: 10 });
    await api().post('/api/account/totp/setup').set(owner.headers).expect(409);
  });

  it('asks for the code after a right password, without a session, and completes with it', async () => {
    const first = await login({}).expect(200);
    expect(first.body).toEqual({ twoFactorRequired: true });
    expect(sessionCookieFrom(first.headers['set-cookie'])).toBeUndefined();
    // The confirming code was used at setup: the same step is refused.
    await login({ code: codeAt() }).expect(401);
    clock.advance(STEP);
    const done = await login({ code: codeAt() }).expect(200);
    expect(done.body).toMatchObject({ username: TEST_ADMIN.username, csrfToken: expect.any(String) });
    expect(sessionCookieFrom(done.headers['set-cookie'])).toBeDefined();
  });

  it('refuses a code used before (replay), and accepts the next step within ±1 step', async () => {
    clock.advance(STEP);
    const code = codeAt();
    await login({ code }).expect(200);
    const replay = await login({ code }).expect(401);
    expect(replay.body).toEqual({ error: adminLoginMessages.invalidCode, twoFactorRequired: true });
    // The app's clock one step ahead is still accepted; two steps is not.
    await login({ code: codeAt(2) }).expect(401);
    await login({ code: codeAt(1) }).expect(200);
  });

  it('takes each recovery code once', async () => {
    const code = recoveryCodes[0]!;
    await login({ code: code.toLowerCase() }).expect(200);
    await login({ code }).expect(401);
    const account = await api().get('/api/account').set(owner.headers).expect(200);
    expect(account.body.recoveryCodesLeft).toBe(9);
  });

  it('throttles wrong codes like wrong passwords: 5 per 15 minutes, then 429 even with the right code', async () => {
    for (let i = 0; i < 5; i++) await login({ code: '123456' }, { 'X-Forwarded-For': '192.0.2.50' }).expect(401);
    clock.advance(STEP * 3);
    const refused = await login({ code: codeAt() });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Submitting the password alone does not reset the count.
    await login({}).expect(429);
  });

  it('works without JavaScript: the form asks for the code in a second step', async () => {
    await t.db('login_failures').delete();
    clock.advance(STEP * 2);
    const form = (body: object, cookie?: string) => {
      const call = api().post('/admin/login').set('Origin', ORIGIN).type('form');
      return (cookie ? call.set('Cookie', cookie) : call).send(body);
    };
    const first = await form({ username: TEST_ADMIN.username, password: TEST_ADMIN.password, returnTo: '/admin/dashboard' }).expect(200);
    expect(first.text).toContain('name="code"');
    const challenge = (first.headers['set-cookie'] as unknown as string[]).find((line) => line.startsWith('admin-2fa='))!;
    expect(challenge).toMatch(/HttpOnly; SameSite=Strict/);
    const cookie = challenge.split(';')[0]!;
    const wrong = await form({ step: 'code', code: '000000', returnTo: '/admin/dashboard' }, cookie).expect(401);
    expect(wrong.text).toContain('Invalid code');
    const done = await form({ step: 'code', code: codeAt(), returnTo: '/admin/dashboard' }, cookie).expect(303);
    expect(done.headers.location).toBe('/admin/dashboard');
    expect(sessionCookieFrom(done.headers['set-cookie'])).toBeDefined();
    // The challenge is used up.
    const again = await form({ step: 'code', code: codeAt(1), returnTo: '/admin/dashboard' }, cookie).expect(400);
    expect(again.text).toContain('took too long');
  });

  it('records each step in the audit trail', async () => {
    const rows = await t.db('audit_log').select('action', 'summary');
    const seen = rows.map((row) => `${row.action}: ${row.summary}`);
    expect(seen).toEqual(expect.arrayContaining(['two-factor.enable: 10 recovery codes issued', 'auth.sign-in: password and code', 'auth.sign-in: password and recovery code', 'auth.sign-in-failed: wrong or used code']));
    expect(seen.some((line) => line.startsWith('auth.throttled'))).toBe(true);
  });

  it('an owner requiring two-factor sends an account without it to set it up first', async () => {
    const editor = await signInAsAdmin(t, { username: 'no-phone', role: 'editor' });
    await api().patch('/api/settings').set(owner.headers).send({ requireTwoFactor: true }).expect(200);
    const session = await api().get('/api/auth/session').set(editor.headers).expect(200);
    expect(session.body.twoFactorSetupRequired).toBe(true);
    const refused = await api().get('/api/forms/contact').set(editor.headers).expect(403);
    expect(refused.body).toEqual({ error: messages.twoFactor.setupRequired });
    const setup = await api().post('/api/account/totp/setup').set(editor.headers).expect(200);
    const code = new TOTP({ secret: Secret.fromBase32(setup.body.secret) }).generate({ timestamp: clock.now().getTime() });
    await api().post('/api/account/totp/enable').set(editor.headers).send({ code }).expect(200);
    await api().get('/api/forms/contact').set(editor.headers).expect(200);
    await api().patch('/api/settings').set(owner.headers).send({ requireTwoFactor: null }).expect(200);
  });

  it('is turned off with the password, or by an owner for a lost phone', async () => {
    const editor = await api().post('/api/auth/login').set('Origin', ORIGIN).send({ username: 'no-phone', password: TEST_ADMIN.password }).expect(200);
    expect(editor.body).toEqual({ twoFactorRequired: true });
    await api().patch('/api/users/no-phone').set(owner.headers).send({ twoFactor: false }).expect(200);
    await api().post('/api/auth/login').set('Origin', ORIGIN).send({ username: 'no-phone', password: TEST_ADMIN.password }).expect(200).expect((response) => expect(response.body.csrfToken).toBeDefined());
    await api().post('/api/account/totp/disable').set(owner.headers).send({ password: 'wrong password here' }).expect(400);
    await api().post('/api/account/totp/disable').set(owner.headers).send({ password: TEST_ADMIN.password }).expect(204);
    await login({}).expect(200).expect((response) => expect(response.body.twoFactorRequired).toBeUndefined());
  });

  it('turning off your own through the users call needs your password too, as in Your account', async () => {
    const setup = await api().post('/api/account/totp/setup').set(owner.headers).expect(200);
    secret = setup.body.secret;
    clock.advance(STEP);
    await api().post('/api/account/totp/enable').set(owner.headers).send({ code: codeAt() }).expect(200);
    const twoFactorOf = async (username: string) => ((await api().get('/api/users').set(owner.headers).expect(200)).body as { username: string; twoFactor: boolean }[]).find((user) => user.username === username)!.twoFactor;

    const without = await api().patch(`/api/users/${TEST_ADMIN.username}`).set(owner.headers).send({ twoFactor: false }).expect(400);
    expect(without.body).toEqual({ error: messages.account.wrongCurrentPassword, fields: { password: messages.account.wrongCurrentPassword } });
    const wrong = await api().patch(`/api/users/${TEST_ADMIN.username}`).set(owner.headers).send({ twoFactor: false, password: 'not my password at all' }).expect(400);
    expect(wrong.body.fields).toEqual({ password: messages.account.wrongCurrentPassword });
    expect(await twoFactorOf(TEST_ADMIN.username)).toBe(true);
    // A wrong password here is a guess like a failed sign-in: it counts in the throttle.
    expect(Number((await t.db('login_failures').where({ username_key: TEST_ADMIN.username }).count('* as count'))[0]!.count)).toBe(2);

    await api().patch(`/api/users/${TEST_ADMIN.username}`).set(owner.headers).send({ twoFactor: false, password: TEST_ADMIN.password }).expect(200);
    expect(await twoFactorOf(TEST_ADMIN.username)).toBe(false);
    // Resetting your own password there is refused without it as well (it would hand out a new one).
    await api().patch(`/api/users/${TEST_ADMIN.username}`).set(owner.headers).send({ resetPassword: 'generate' }).expect(400);
    // Another account's second factor is still turned off by an owner alone (a lost phone).
    const editor = await api().post('/api/auth/login').set('Origin', ORIGIN).send({ username: 'no-phone', password: TEST_ADMIN.password }).expect(200);
    const editorSession = { Cookie: sessionCookieFrom(editor.headers['set-cookie'])!, 'X-CSRF-Token': editor.body.csrfToken as string, Origin: ORIGIN };
    const editorSetup = await api().post('/api/account/totp/setup').set(editorSession).expect(200);
    await api().post('/api/account/totp/enable').set(editorSession).send({ code: new TOTP({ secret: Secret.fromBase32(editorSetup.body.secret) }).generate({ timestamp: clock.now().getTime() }) }).expect(200);
    expect(await twoFactorOf('no-phone')).toBe(true);
    await api().patch('/api/users/no-phone').set(owner.headers).send({ twoFactor: false }).expect(200);
    expect(await twoFactorOf('no-phone')).toBe(false);
  });
});

describe('the daily per-username ceiling, after a password reset forgot every known browser', () => {
  let t: TestApp;
  let secret: string;
  const clock = manualClock();
  const NEW_PASSWORD = 'the password after the reset';
  const api = () => request(t.app.callback());
  const codeAt = () => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: clock.now().getTime() });
  const login = (body: object, ip: string, device?: string) =>
    api().post('/api/auth/login').set({ Origin: ORIGIN, 'X-Forwarded-For': ip, ...(device ? { Cookie: device } : {}) }).send({ username: TEST_ADMIN.username, ...body });
  /** 100 failures from 20 addresses: a guess spread wide, which reaches the account's daily ceiling. */
  const flood = () =>
    t.db('login_failures').insert(Array.from({ length: 100 }, (_, i) => ({ kind: 'password', username_key: TEST_ADMIN.username, ip: `203.0.113.${i % 20}`, device_id: null, failed_at: clock.now() })));

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' }, { adminAuthOptions: { now: clock.now, failureDelayMs: 0 } });
    const owner = await signInAsAdmin(t);
    secret = (await api().post('/api/account/totp/setup').set(owner.headers).expect(200)).body.secret;
    await api().post('/api/account/totp/enable').set(owner.headers).send({ code: codeAt() }).expect(200);
    clock.advance(STEP);
    await createAdminAuth({ db: t.db, logger: createLogger('silent') }).setPassword(TEST_ADMIN.username, NEW_PASSWORD);
    expect(await t.db('admin_devices').pluck('id')).toEqual([]);
  });
  afterAll(() => t.destroy());

  it('lets a right password with a valid code through; anything less gets the same 429, whether the password was right or not', async () => {
    await flood();
    const wrongPassword = await login({ password: 'not the password', code: codeAt() }, '192.0.2.60');
    const passwordAlone = await login({ password: NEW_PASSWORD }, '192.0.2.61');
    const wrongCode = await login({ password: NEW_PASSWORD, code: '000000' }, '192.0.2.62');
    for (const refused of [wrongPassword, passwordAlone, wrongCode]) {
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe(wrongPassword.headers['retry-after']);
      expect(refused.body).toEqual({ error: adminLoginMessages.throttledCodeMayPass(Number(wrongPassword.headers['retry-after'])), codeMayPass: true });
      expect(refused.headers['set-cookie']).toBeUndefined();
    }
    expect(Number(wrongPassword.headers['retry-after'])).toBeGreaterThan(23 * 3600);

    clock.advance(STEP);
    const inside = await login({ password: NEW_PASSWORD, code: codeAt() }, '192.0.2.63').expect(200);
    expect(inside.body.csrfToken).toEqual(expect.any(String));
    const device = deviceCookieFrom(inside.headers['set-cookie'])!;
    expect(device).toBeDefined();

    // That browser signed in after the reset: it is known now, and the ceiling does not hold it.
    await login({ password: NEW_PASSWORD }, '192.0.2.64', device).expect(200).expect((response) => expect(response.body).toEqual({ twoFactorRequired: true }));
    clock.advance(STEP);
    const again = await login({ password: NEW_PASSWORD, code: codeAt() }, '192.0.2.64', device).expect(200);
    // Still honoured with the cookie it was given next.
    clock.advance(STEP);
    await login({ password: NEW_PASSWORD, code: codeAt() }, '192.0.2.65', deviceCookieFrom(again.headers['set-cookie'])!).expect(200);
    // Other browsers are still held by the ceiling.
    await login({ password: NEW_PASSWORD }, '192.0.2.66').expect(429);
  });

  it('closes that way after 10 wrong codes with the right password in a day (a stolen password is no key to code guessing)', async () => {
    await t.db('login_failures').delete();
    await flood();
    for (let i = 0; i < 10; i += 1) await login({ password: NEW_PASSWORD, code: String(100000 + i) }, `192.0.2.${70 + i}`).expect(429);
    clock.advance(STEP);
    await login({ password: NEW_PASSWORD, code: codeAt() }, '192.0.2.90').expect(429);
    // An owner's unlock (npm run admin -- unlock) clears it.
    await createAdminAuth({ db: t.db, logger: createLogger('silent') }).unlock(TEST_ADMIN.username, { id: null, name: 'system' }, 'test');
    await login({ password: NEW_PASSWORD, code: codeAt() }, '192.0.2.90').expect(200);
  });

  it('without JavaScript, the refused form asks for a code beside the password, and both in one post sign in', async () => {
    await t.db('login_failures').delete();
    await flood();
    const form = (body: object) => api().post('/admin/login').set({ Origin: ORIGIN, 'X-Forwarded-For': '192.0.2.95' }).type('form').send({ username: TEST_ADMIN.username, returnTo: '/admin/dashboard', ...body });
    const refused = await form({ password: NEW_PASSWORD }).expect(429);
    expect(refused.text).toContain('enter your password with a code from your app');
    expect(refused.text).toMatch(/name="password"[\s\S]*name="code"/);
    clock.advance(STEP);
    const done = await form({ password: NEW_PASSWORD, code: codeAt() }).expect(303);
    expect(sessionCookieFrom(done.headers['set-cookie'])).toBeDefined();
  });
});
