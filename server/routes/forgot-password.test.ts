import request from 'supertest';
import { Secret, TOTP } from 'otpauth';
import { FORGOT_PASSWORD_LIMITS } from '../auth/forgot-password';
import { VERIFY_EMAILS_PER_HOUR } from '../auth/staff-email';
import { signInAsAdmin, TEST_ADMIN, type AdminTestSession } from '../../tests/helpers/admin-session';
import { startSmtp, type Inbox } from '../../tests/helpers/smtp-inbox';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

const ORIGIN = 'https://agency.test';
const HOUR = 3600_000;

/** The one link of a raw message whose address starts with `path`, and its token. */
function linkIn(raw: string, path: string): { url: URL; token: string } {
  // The body is quoted-printable (its signature's dash is not ASCII): `=3D` is `=`.
  const body = raw.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const found = new RegExp(`${ORIGIN}${path}\\?token=[\\w-]{43}(?![\\w-])`).exec(body);
  if (!found) throw new Error(`no ${path} link in:\n${raw}`);
  const url = new URL(found[0]);
  return { url, token: url.searchParams.get('token')! };
}

function header(raw: string, name: string): string | undefined {
  return new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim();
}

describe('staff e-mail addresses, invitations by e-mail and "Forgot password?"', () => {
  let inbox: Inbox;
  let t: TestApp;
  let owner: AdminTestSession;
  let current = new Date('2026-12-04T09:00:00Z').getTime();
  const clock = { now: () => new Date(current), advance: (ms: number) => void (current += ms) };
  const api = () => request(t.app.callback());
  const login = (username: string, password: string) => api().post('/api/auth/login').set('Origin', ORIGIN).send({ username, password });
  const forgot = (identifier: string) => api().post('/admin/forgot-password').set('Origin', ORIGIN).type('form').send({ identifier });
  /** The set-password page's form as a browser posts it: the account's name comes prefilled. */
  const setPassword = (token: string, password: string, displayName = 'Ivy Example') => api().post('/admin/set-password').set('Origin', ORIGIN).type('form').send({ token, displayName, password, confirm: password });
  /** The messages that arrived since `before`, once the queued work is done. */
  const mailSince = async (before: number) => {
    await t.backgroundTasks.idle();
    return inbox.messages.slice(before);
  };

  beforeAll(async () => {
    inbox = await startSmtp();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${inbox.port}` }, { adminAuthOptions: { now: clock.now, failureDelayMs: 0 } });
    owner = await signInAsAdmin(t);
  });
  afterAll(async () => {
    await t.destroy();
    await inbox.close();
  });
  beforeEach(() => t.db('form_rate_limits').delete());

  it('lets a signed-in person give their address, verified by a single-use link mailed to it', async () => {
    await api().post('/api/account/email').set(owner.headers).send({ email: 'owner@agency.test', password: 'wrong password' }).expect(400);
    await api().post('/api/account/email').set(owner.headers).send({ email: 'not an address', password: TEST_ADMIN.password }).expect(400);
    const before = inbox.messages.length;
    const set = await api().post('/api/account/email').set(owner.headers).send({ email: 'owner@agency.test', password: TEST_ADMIN.password }).expect(200);
    expect(set.body).toEqual({ email: 'owner@agency.test', emailVerified: false, verificationSentTo: 'owner@agency.test' });
    const [raw] = await mailSince(before);
    expect(header(raw!, 'Subject')).toBe('Confirm your e-mail address for the Brightpath Digital back office');
    expect(header(raw!, 'To')).toBe('owner@agency.test');
    expect(header(raw!, 'Content-Type')).toMatch(/^text\/plain/);
    const { url, token } = linkIn(raw!, '/admin/verify-email');
    // The token is stored hashed only.
    expect(JSON.stringify(await t.db('admin_email_links').select())).not.toContain(token);
    // Opening the link changes nothing (a mail scanner may fetch it); the button confirms.
    const page = await api().get(url.pathname + url.search).expect(200);
    expect(page.text).toContain('owner@agency.test');
    expect((await api().get('/api/account').set(owner.headers).expect(200)).body).toMatchObject({ email: 'owner@agency.test', emailVerified: false });
    const done = await api().post('/admin/verify-email').set('Origin', ORIGIN).type('form').send({ token }).expect(200);
    expect(done.text).toContain('is confirmed');
    expect((await api().get('/api/account').set(owner.headers).expect(200)).body).toMatchObject({ email: 'owner@agency.test', emailVerified: true });
    // Used once.
    await api().get(url.pathname + url.search).expect(404);
    await api().post('/admin/verify-email').set('Origin', ORIGIN).type('form').send({ token }).expect(404);
    // Owners see it in Users; the trail has both steps.
    const listed = (await api().get('/api/users').set(owner.headers).expect(200)).body.find((user: { username: string }) => user.username === TEST_ADMIN.username);
    expect(listed).toMatchObject({ email: 'owner@agency.test', emailVerified: true });
    expect(await t.db('audit_log').whereIn('action', ['account.email-change', 'account.email-verify']).orderBy('id').pluck('action')).toEqual(['account.email-change', 'account.email-verify']);
    // Another account cannot take a verified address.
    const editor = await signInAsAdmin(t, { username: 'eddie', role: 'editor' });
    const taken = await api().post('/api/account/email').set(editor.headers).send({ email: 'OWNER@agency.test', password: TEST_ADMIN.password }).expect(409);
    expect(taken.body.error).toMatch(/verified this e-mail address/);
  });

  it(`removes an address, and mails at most ${VERIFY_EMAILS_PER_HOUR} confirmation links an hour to one account`, async () => {
    const rita = await signInAsAdmin(t, { username: 'rita', role: 'editor' });
    const save = (email: string | null) => api().post('/api/account/email').set(rita.headers).send({ email, password: TEST_ADMIN.password });
    const before = inbox.messages.length;
    for (let sent = 0; sent < VERIFY_EMAILS_PER_HOUR; sent++) await save(`rita${sent}@agency.test`).expect(200);
    const limited = await save('rita-again@agency.test').expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailSince(before)).toHaveLength(VERIFY_EMAILS_PER_HOUR);
    expect((await save(null).expect(200)).body).toEqual({ email: null, emailVerified: false });
    expect((await api().get('/api/account').set(rita.headers).expect(200)).body).toMatchObject({ email: null, emailVerified: false });
    // The last link sent no longer confirms anything.
    const last = linkIn(inbox.messages.at(-1)!, '/admin/verify-email');
    await api().get(last.url.pathname + last.url.search).expect(404);
  });

  it('sends an invitation by e-mail: following the link sets the password and verifies the address', async () => {
    const before = inbox.messages.length;
    await api().post('/api/users').set(owner.headers).send({ username: 'ivy', displayName: 'Ivy Example', role: 'editor', passwordSetup: 'email' }).expect(400);
    const created = await api().post('/api/users').set(owner.headers).send({ username: 'ivy', displayName: 'Ivy Example', role: 'editor', passwordSetup: 'email', email: 'ivy@agency.test' }).expect(201);
    // The owner is told where it went and never sees the link.
    expect(created.body).toEqual({ user: expect.objectContaining({ username: 'ivy', email: 'ivy@agency.test', emailVerified: false }), emailedTo: 'ivy@agency.test' });
    const [raw] = await mailSince(before);
    expect(header(raw!, 'Subject')).toBe('Your Brightpath Digital back-office account');
    expect(raw).toContain('Your username is: ivy');
    const { url, token } = linkIn(raw!, '/admin/set-password');
    expect((await api().get(url.pathname + url.search).expect(200)).text).toContain('ivy');
    expect((await setPassword(token, 'ivy has a long password').expect(303)).headers.location).toBe('/admin/dashboard?username=ivy&passwordSet=yes');
    await login('ivy', 'ivy has a long password').expect(200);
    const ivy = (await api().get('/api/users').set(owner.headers).expect(200)).body.find((user: { username: string }) => user.username === 'ivy');
    expect(ivy).toMatchObject({ email: 'ivy@agency.test', emailVerified: true });
  });

  it('keeps the link passed by hand for accounts without an address, and resets by e-mail only to a verified one', async () => {
    await api().post('/api/users').set(owner.headers).send({ username: 'nomail', displayName: 'Nomail Example', role: 'editor', passwordSetup: 'link' }).expect(201);
    const refused = await api().patch('/api/users/nomail').set(owner.headers).send({ resetPassword: 'email' }).expect(400);
    expect(refused.body.fields).toEqual({ resetPassword: expect.stringMatching(/no e-mail address/) });
    const before = inbox.messages.length;
    const reset = await api().patch('/api/users/ivy').set(owner.headers).send({ resetPassword: 'email' }).expect(200);
    expect(reset.body.emailedTo).toBe('ivy@agency.test');
    expect(reset.body.setPasswordUrl).toBeUndefined();
    const [raw] = await mailSince(before);
    expect(header(raw!, 'Subject')).toBe('Set a new password for your Brightpath Digital back-office account');
    await setPassword(linkIn(raw!, '/admin/set-password').token, 'ivy has another password').expect(303);
    await login('ivy', 'ivy has another password').expect(200);
  });

  it('answers "Forgot password?" the same for every account, known or not, and mails only a verified address', async () => {
    const form = await api().get('/admin/forgot-password').expect(200);
    expect(form.text).toContain('Username or e-mail address');
    expect((await api().get('/admin/dashboard').expect(200)).text).toContain('href="/admin/forgot-password"');
    await forgot('').expect(400);
    await api().post('/admin/forgot-password').type('form').send({ identifier: 'ivy' }).expect(403);
    // An account that gave an address and never verified it.
    const unverified = await signInAsAdmin(t, { username: 'una', role: 'editor' });
    await api().post('/api/account/email').set(unverified.headers).send({ email: 'una@agency.test', password: TEST_ADMIN.password }).expect(200);
    await t.backgroundTasks.idle();
    const before = inbox.messages.length;
    const answers = await Promise.all(['nobody-here', 'nobody@agency.test', 'una', 'una@agency.test', 'nomail'].map(async (identifier) => (await forgot(identifier).expect(200)).text));
    for (const answer of answers) expect(answer).toBe(answers[0]);
    expect(answers[0]).toContain('If an account matches what you typed');
    expect(await mailSince(before)).toEqual([]);
  });

  it('resets a password by e-mail: single-use link valid an hour, other sessions ended, second factor still asked', async () => {
    // Ivy turns on two-factor sign-in and stays signed in on another browser.
    const ivy = await signInAsAdmin(t, { username: 'ivy', password: 'ivy has another password' });
    const setup = await api().post('/api/account/totp/setup').set(ivy.headers).expect(200);
    const code = () => new TOTP({ secret: Secret.fromBase32(setup.body.secret) }).generate({ timestamp: clock.now().getTime() });
    await api().post('/api/account/totp/enable').set(ivy.headers).send({ code: code() }).expect(200);

    const before = inbox.messages.length;
    const answer = await forgot('IVY@agency.test').expect(200);
    expect(answer.text).toBe((await forgot('nobody-here').expect(200)).text);
    const mail = await mailSince(before);
    expect(mail).toHaveLength(1);
    const raw = mail[0]!;
    expect(header(raw, 'Subject')).toBe('Reset your Brightpath Digital back-office password');
    expect(header(raw, 'To')).toBe('ivy@agency.test');
    expect(raw).toContain('for one hour');
    const { url, token } = linkIn(raw, '/admin/set-password');
    expect(await t.db('admin_password_links').where({ sent_to: 'ivy@agency.test' }).first()).toMatchObject({ expires_at: new Date(clock.now().getTime() + HOUR) });
    expect(await t.db('audit_log').where({ action: 'account.password-reset-request', actor_name: 'ivy' }).pluck('summary')).toEqual(['link e-mailed to ivy@agency.test']);

    // Asking changed nothing yet: the old password still signs in.
    expect((await login('ivy', 'ivy has another password').expect(200)).body).toMatchObject({ twoFactorRequired: true });
    expect((await api().get(url.pathname + url.search).expect(200)).text).toContain('ivy');
    await setPassword(token, 'ivy reset her password').expect(303);
    // Used once; every session of the account ended.
    await api().get(url.pathname + url.search).expect(404);
    await setPassword(token, 'somebody else again').expect(404);
    await api().get('/api/auth/session').set('Cookie', ivy.cookie).expect(401);
    // Signing in with the new password still takes the second factor.
    await login('ivy', 'ivy has another password').expect(401);
    const signIn = await login('ivy', 'ivy reset her password').expect(200);
    expect(signIn.body).toMatchObject({ twoFactorRequired: true });
  });

  it('refuses a link an hour old', async () => {
    const before = inbox.messages.length;
    await forgot('owner@agency.test').expect(200);
    const [raw] = await mailSince(before);
    const { url, token } = linkIn(raw!, '/admin/set-password');
    clock.advance(HOUR - 1000);
    await api().get(url.pathname + url.search).expect(200);
    clock.advance(1000);
    await api().get(url.pathname + url.search).expect(404);
    await setPassword(token, 'too late for this one').expect(404);
    await login(TEST_ADMIN.username, TEST_ADMIN.password).expect(200);
  });

  it(`sends at most ${FORGOT_PASSWORD_LIMITS.perAccount} links an hour to an account, answering the same after that`, async () => {
    const before = inbox.messages.length;
    const answers: string[] = [];
    for (let asked = 0; asked < FORGOT_PASSWORD_LIMITS.perAccount + 3; asked++) answers.push((await forgot(TEST_ADMIN.username).expect(200)).text);
    for (const answer of answers) expect(answer).toBe(answers[0]);
    expect(await mailSince(before)).toHaveLength(FORGOT_PASSWORD_LIMITS.perAccount);
    // One audit row for the refused ones, counting them.
    const refused = await t.db('audit_log').where({ action: 'account.password-reset-request', actor_name: TEST_ADMIN.username }).where('summary', 'like', 'not sent%').select('repeats');
    expect(refused).toEqual([{ repeats: 3 }]);
    // Only the newest link works.
    const links = (await mailSince(before)).map((raw) => linkIn(raw, '/admin/set-password').token);
    await api().get(`/admin/set-password?token=${links[0]}`).expect(404);
    await api().get(`/admin/set-password?token=${links[links.length - 1]}`).expect(200);
  });

  it(`drops requests past ${FORGOT_PASSWORD_LIMITS.perAddress} an hour from one network address, answering the same`, async () => {
    for (let asked = 0; asked < FORGOT_PASSWORD_LIMITS.perAddress; asked++) await forgot(`someone-${asked}`).expect(200);
    await t.backgroundTasks.idle();
    const before = inbox.messages.length;
    await forgot(TEST_ADMIN.username).expect(200);
    expect(await mailSince(before)).toEqual([]);
  });
});
