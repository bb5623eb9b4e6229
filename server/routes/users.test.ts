import request from 'supertest';
import { createLogger } from '../logger';
import { messages } from '../messages';
import { createAdminAuth } from '../services/admin-auth';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

const ORIGIN = 'https://agency.test';
const HOUR = 3600_000;

function manualClock(start = new Date('2026-11-25T08:00:00Z')) {
  let current = start.getTime();
  return { now: () => new Date(current), advance: (ms: number) => void (current += ms) };
}

describe('accounts API', () => {
  let t: TestApp;
  let owner: AdminTestSession;
  const clock = manualClock();
  const api = () => request(t.app.callback());
  const login = (username: string, password: string) => api().post('/api/auth/login').set('Origin', ORIGIN).send({ username, password });
  const auditActions = async () => (await t.db('audit_log').orderBy('id').select('action', 'actor_name', 'target_id')).map((row) => `${row.actor_name} ${row.action} ${row.target_id ?? ''}`.trim());

  beforeAll(async () => {
    t = await createTestApp({}, { adminAuthOptions: { now: clock.now, failureDelayMs: 0 } });
    owner = await signInAsAdmin(t, { username: 'the-owner' });
  });
  afterAll(() => t.destroy());

  it('creates an account with a generated password shown once, which signs in', async () => {
    const created = await api().post('/api/users').set(owner.headers).send({ username: 'eddie', role: 'editor' }).expect(201);
    expect(created.body).toEqual({
      user: { username: 'eddie', role: 'editor', createdAt: clock.now().toISOString(), lastSignInAt: null, disabled: false, twoFactor: false, activeSessions: 0, email: null, emailVerified: false },
      password: expect.stringMatching(/^[\w-]{24}$/),
    });
    await login('eddie', created.body.password).expect(200);
    const list = await api().get('/api/users').set(owner.headers).expect(200);
    expect(list.body.map((user: { username: string }) => user.username)).toEqual(['eddie', 'the-owner']);
    expect(list.body[0]).toMatchObject({ lastSignInAt: clock.now().toISOString(), activeSessions: 1 });
    await api().post('/api/users').set(owner.headers).send({ username: 'EDDIE', role: 'editor' }).expect(409);
    const bad = await api().post('/api/users').set(owner.headers).send({ username: 'x y', role: 'boss' }).expect(400);
    expect(bad.body.fields).toMatchObject({ role: expect.any(String) });
  });

  it('creates an account with a one-time link valid 24 hours that sets its password (no JavaScript needed)', async () => {
    const created = await api().post('/api/users').set(owner.headers).send({ username: 'linda', role: 'editor', passwordSetup: 'link' }).expect(201);
    expect(created.body.password).toBeUndefined();
    const url = new URL(created.body.setPasswordUrl);
    expect(url.origin).toBe(ORIGIN);
    expect(created.body.setPasswordUrlExpiresAt).toBe(new Date(clock.now().getTime() + 24 * HOUR).toISOString());
    const token = url.searchParams.get('token')!;
    const page = await api().get(`/admin/set-password?token=${token}`).expect(200);
    expect(page.text).toContain('linda');
    expect(page.headers['referrer-policy']).toBe('same-origin');

    const differ = await api().post('/admin/set-password').set('Origin', ORIGIN).type('form').send({ token, password: 'a long new password', confirm: 'another one entirely' }).expect(400);
    expect(differ.text).toContain(messages.users.passwordsDiffer);
    await api().post('/admin/set-password').type('form').send({ token, password: 'a long new password', confirm: 'a long new password' }).expect(403);
    await api().post('/admin/set-password').set('Origin', ORIGIN).type('form').send({ token, password: 'a long new password', confirm: 'a long new password' }).expect(200);
    await login('linda', 'a long new password').expect(200);
    // Used once: the link is gone.
    await api().get(`/admin/set-password?token=${token}`).expect(404);
  });

  it('takes the form post as Chromium sends it from the link page (its Origin, Sec-Fetch-Site and the page as Referer)', async () => {
    const created = await api().post('/api/users').set(owner.headers).send({ username: 'chrome-user', role: 'editor', passwordSetup: 'link' }).expect(201);
    const address = created.body.setPasswordUrl as string;
    const token = new URL(address).searchParams.get('token')!;
    const page = await api().get(`/admin/set-password?token=${token}`).expect(200);
    // `no-referrer` here made Chromium post with `Origin: null`, which no same-origin check can trust.
    // `same-origin` keeps the token from leaving our origin and lets the post name it.
    expect(page.headers['referrer-policy']).toBe('same-origin');
    const form = { token, username: 'chrome-user', password: 'a long new password', confirm: 'a long new password' };
    const post = (headers: Record<string, string>) => api().post('/admin/set-password').set(headers).type('form').send(form);
    // What a page with `no-referrer` made the browser send, and what a cross-site page sends: refused.
    await post({ Origin: 'null', 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate' }).expect(403);
    await post({ Origin: 'null', 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' }).expect(403);
    await post({ Origin: 'https://elsewhere.test', 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate', Referer: 'https://elsewhere.test/' }).expect(403);
    const done = await post({ Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-User': '?1', Referer: address }).expect(200);
    expect(done.text).toContain('is set');
    expect(done.headers['referrer-policy']).toBe('same-origin');
    await login('chrome-user', 'a long new password').expect(200);
  });

  it('refuses a link after 24 hours', async () => {
    const created = await api().post('/api/users').set(owner.headers).send({ username: 'late', role: 'editor', passwordSetup: 'link' }).expect(201);
    const token = new URL(created.body.setPasswordUrl).searchParams.get('token')!;
    clock.advance(24 * HOUR - 1000);
    await api().get(`/admin/set-password?token=${token}`).expect(200);
    clock.advance(1000);
    await api().get(`/admin/set-password?token=${token}`).expect(404);
    await api().post('/admin/set-password').set('Origin', ORIGIN).type('form').send({ token, password: 'a long new password', confirm: 'a long new password' }).expect(404);
    owner = await signInAsAdmin(t, { username: 'the-owner' }); // the owner's own session timed out meanwhile
  });

  it('disables and enables an account: disabled, it is signed out and cannot sign in', async () => {
    const created = await api().post('/api/users').set(owner.headers).send({ username: 'dora', role: 'editor' }).expect(201);
    const dora = await signInAsAdmin(t, { username: 'dora', password: created.body.password });
    const disabled = await api().patch('/api/users/dora').set(owner.headers).send({ disabled: true }).expect(200);
    expect(disabled.body.user).toMatchObject({ disabled: true, activeSessions: 0 });
    await api().get('/api/auth/session').set('Cookie', dora.cookie).expect(401);
    await login('dora', created.body.password).expect(401);
    await api().patch('/api/users/dora').set(owner.headers).send({ disabled: false }).expect(200);
    await login('dora', created.body.password).expect(200);
  });

  it('resets a password: a new one shown once, every session of the account ended', async () => {
    const created = await api().post('/api/users').set(owner.headers).send({ username: 'rita', role: 'editor' }).expect(201);
    const rita = await signInAsAdmin(t, { username: 'rita', password: created.body.password });
    const reset = await api().patch('/api/users/rita').set(owner.headers).send({ resetPassword: 'generate' }).expect(200);
    expect(reset.body.password).toMatch(/^[\w-]{24}$/);
    await api().get('/api/auth/session').set('Cookie', rita.cookie).expect(401);
    await login('rita', created.body.password).expect(401);
    await login('rita', reset.body.password).expect(200);
  });

  it('changes roles but never leaves no active owner, and nobody disables or deletes themselves', async () => {
    const lastOwner = await api().patch('/api/users/the-owner').set(owner.headers).send({ role: 'editor' }).expect(409);
    expect(lastOwner.body).toEqual({ error: messages.users.lastOwner });
    await api().patch('/api/users/the-owner').set(owner.headers).send({ disabled: true }).expect(409);
    await api().delete('/api/users/the-owner').set(owner.headers).expect(409);

    await api().patch('/api/users/eddie').set(owner.headers).send({ role: 'owner' }).expect(200);
    const self = await api().delete('/api/users/the-owner').set(owner.headers).expect(409);
    expect(self.body).toEqual({ error: messages.users.notYourself });
    // With another owner, demoting oneself is allowed (and then the users API is closed to one).
    await api().patch('/api/users/the-owner').set(owner.headers).send({ role: 'editor' }).expect(200);
    await api().get('/api/users').set(owner.headers).expect(403);
  });

  it('deletes an account, which then cannot sign in, and audits every change', async () => {
    // eddie is the owner now; give eddie a known password the way the CLI does.
    await createAdminAuth({ db: t.db, logger: createLogger('silent'), now: clock.now }).setPassword('eddie', 'ed password 12345');
    const eddie = await signInAsAdmin(t, { username: 'eddie', password: 'ed password 12345' });
    await api().delete('/api/users/rita').set(eddie.headers).expect(204);
    await api().delete('/api/users/rita').set(eddie.headers).expect(404);
    await login('rita', 'whatever it was').expect(401);
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        'the-owner user.create eddie',
        'the-owner user.create linda',
        'linda account.password-change linda',
        'the-owner user.disable dora',
        'the-owner user.enable dora',
        'the-owner user.password-reset rita',
        'the-owner user.update eddie',
        'the-owner user.update the-owner',
        'eddie user.delete rita',
      ]),
    );
  });

  it('answers a username no account can have with 400 naming it, not a database error', async () => {
    const owner = await signInAsAdmin(t, { username: 'second-owner' });
    for (const method of ['patch', 'delete'] as const) {
      const response = await api()[method]('/api/users/a%00b').set(owner.headers).send({ role: 'editor' }).expect(400);
      expect(response.body.error).toMatch(/^username: /);
    }
    await api().patch('/api/users/nobody-here').set(owner.headers).send({ role: 'editor' }).expect(404);
  });

  it('is owners only, and needs a session', async () => {
    await api().get('/api/users').expect(401);
    await api().post('/api/users').set('Origin', ORIGIN).send({ username: 'z', role: 'editor' }).expect(401);
  });
});
