import request from 'supertest';
import { createLogger } from '../logger';
import { createAdminAuth } from '../auth';
import { adminLoginMessages } from '../../shared/admin-auth';
import { passkeyMessages } from '../../shared/passkeys';
import { messages } from '../messages';
import { sessionCookieFrom, signInAsAdmin, TEST_ADMIN, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { SoftPasskey, type CreationOptions, type RequestOptions } from '../../tests/helpers/webauthn';

const ORIGIN = 'https://agency.test';
const RP = { id: 'agency.test', origin: ORIGIN };
const EDITOR = { username: 'editor-ed', password: 'editor password long enough' };

function manualClock(start = new Date('2026-12-08T08:00:00Z')) {
  let current = start.getTime();
  return { now: () => new Date(current), advance: (ms: number) => void (current += ms) };
}

describe('passkeys', () => {
  let t: TestApp;
  let owner: AdminTestSession;
  const clock = manualClock();
  const api = () => request(t.app.callback());

  /** Adds a new software passkey to the session's account; answers it and the API's passkey. */
  async function addPasskey(session: AdminTestSession, name: string, password: string = TEST_ADMIN.password) {
    const options = (await api().post('/api/account/passkeys/options').set(session.headers).send({ password }).expect(200)).body as CreationOptions;
    const passkey = new SoftPasskey(RP);
    const added = await api().post('/api/account/passkeys').set(session.headers).send({ name, response: passkey.register(options) }).expect(201);
    return { passkey, added: added.body as { id: string; name: string } };
  }

  const signInOptions = async () => (await api().post('/api/auth/passkey/options').set('Origin', ORIGIN).send({}).expect(200)).body as RequestOptions & { allowCredentials?: unknown[]; userVerification?: string; rpId?: string };
  const verify = (body: object, ip?: string) => {
    const call = api().post('/api/auth/passkey/verify').set('Origin', ORIGIN);
    return (ip ? call.set('X-Forwarded-For', ip) : call).send(body);
  };

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' }, { adminAuthOptions: { now: clock.now, failureDelayMs: 0 }, logger: createLogger('error') });
    owner = await signInAsAdmin(t);
    await createAdminAuth({ db: t.db, logger: createLogger('silent') }).createAdmin(EDITOR.username, EDITOR.password, 'editor');
  });
  afterAll(() => t.destroy());
  beforeEach(() => t.db('login_failures').delete());

  it('adds a passkey after the current password: discoverable, user-verified, bound to the site', async () => {
    const wrong = await api().post('/api/account/passkeys/options').set(owner.headers).send({ password: 'not it at all' }).expect(400);
    expect(wrong.body.fields).toEqual({ password: messages.account.wrongCurrentPassword });
    const options = (await api().post('/api/account/passkeys/options').set(owner.headers).send({ password: TEST_ADMIN.password }).expect(200)).body;
    expect(options).toMatchObject({ rp: { id: 'agency.test' }, user: { name: TEST_ADMIN.username }, attestation: 'none', authenticatorSelection: { residentKey: 'required', userVerification: 'required' } });
    const passkey = new SoftPasskey(RP);
    const added = await api().post('/api/account/passkeys').set(owner.headers).send({ name: ' MacBook ', response: passkey.register(options) }).expect(201);
    expect(added.body).toEqual({ id: expect.any(String), name: 'MacBook', createdAt: clock.now().toISOString(), lastUsedAt: null });
    // The challenge was used: the same answer again adds nothing.
    await api().post('/api/account/passkeys').set(owner.headers).send({ name: 'Again', response: passkey.register(options) }).expect(400);
    const list = await api().get('/api/account/passkeys').set(owner.headers).expect(200);
    expect(list.body).toEqual([added.body]);
    const audit = await t.db('audit_log').where({ action: 'passkey.add' }).select('actor_name', 'summary');
    expect(audit).toEqual([{ actor_name: TEST_ADMIN.username, summary: '"MacBook"' }]);
  });

  it('refuses a registration answered in another session, from another origin, or without user verification', async () => {
    const other = await signInAsAdmin(t);
    const options = (await api().post('/api/account/passkeys/options').set(owner.headers).send({ password: TEST_ADMIN.password }).expect(200)).body;
    const stolen = await api().post('/api/account/passkeys').set(other.headers).send({ name: 'Stolen', response: new SoftPasskey(RP).register(options) }).expect(400);
    expect(stolen.body).toEqual({ error: passkeyMessages.notAdded });
    const options2 = (await api().post('/api/account/passkeys/options').set(owner.headers).send({ password: TEST_ADMIN.password }).expect(200)).body;
    await api().post('/api/account/passkeys').set(owner.headers).send({ name: 'Phish', response: new SoftPasskey(RP).register(options2, { origin: 'https://evil.example' }) }).expect(400);
    const options3 = (await api().post('/api/account/passkeys/options').set(owner.headers).send({ password: TEST_ADMIN.password }).expect(200)).body;
    await api().post('/api/account/passkeys').set(owner.headers).send({ name: 'No lock', response: new SoftPasskey(RP, { userVerified: false }).register(options3) }).expect(400);
    const bad = await api().post('/api/account/passkeys').set(owner.headers).send({ name: '', response: { id: 'x' } }).expect(400);
    expect(bad.body.error).toEqual(expect.any(String));
    expect((await api().get('/api/account/passkeys').set(owner.headers)).body.map((p: { name: string }) => p.name)).toEqual(['MacBook']);
  });

  it('signs in with a passkey alone (no username), once per challenge, and refuses a replayed answer', async () => {
    const { passkey } = await addPasskey(owner, 'Pixel');
    const options = await signInOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options).toMatchObject({ userVerification: 'required', rpId: 'agency.test' });
    const answer = passkey.authenticate(options);
    const signedIn = await verify({ response: answer }).expect(200);
    expect(signedIn.body).toMatchObject({ username: TEST_ADMIN.username, role: 'owner', twoFactorSetupRequired: false });
    const cookie = sessionCookieFrom(signedIn.headers['set-cookie'])!;
    expect(cookie).toBeDefined();
    await api().get('/api/auth/session').set('Cookie', cookie).expect(200);
    const replayed = await verify({ response: answer }).expect(401);
    expect(replayed.body).toEqual({ error: passkeyMessages.refused });
    const pixel = (await api().get('/api/account/passkeys').set(owner.headers)).body.find((p: { name: string }) => p.name === 'Pixel');
    expect(pixel.lastUsedAt).toBe(clock.now().toISOString());
    const audit = await t.db('audit_log').whereIn('action', ['auth.sign-in', 'auth.sign-in-failed']).orderBy('id', 'desc').limit(2).select('action', 'summary');
    expect(audit).toEqual([
      { action: 'auth.sign-in-failed', summary: 'passkey refused: unknown, used or expired challenge' },
      { action: 'auth.sign-in', summary: 'passkey "Pixel"' },
    ]);
  });

  it('refuses an expired challenge, another origin or relying party, a counter that did not move on, and an unknown passkey', async () => {
    const { passkey } = await addPasskey(owner, 'Tablet');
    const late = await signInOptions();
    clock.advance(5 * 60_000);
    await verify({ response: passkey.authenticate(late) }).expect(401);
    await verify({ response: passkey.authenticate(await signInOptions(), { origin: 'https://evil.example' }) }).expect(401);
    await verify({ response: passkey.authenticate(await signInOptions(), { rpId: 'evil.example' }) }).expect(401);
    await verify({ response: passkey.authenticate(await signInOptions()) }).expect(200);
    // A clone of the key answers with the counter the original already used.
    passkey.counter -= 1;
    await verify({ response: passkey.authenticate(await signInOptions()) }).expect(401);
    await verify({ response: new SoftPasskey(RP).authenticate(await signInOptions()) }).expect(401);
    // Bad input is a 400 with a message, never a 500.
    const bad = await verify({ response: { id: '' } }).expect(400);
    expect(bad.body).toEqual({ error: passkeyMessages.refused });
    await api().post('/api/auth/passkey/verify').set('Origin', 'https://evil.example').send({}).expect(403);
  });

  it('throttles refused passkey sign-ins like passwords, and a success forgives them', async () => {
    const { passkey } = await addPasskey(owner, 'Throttled');
    const ip = '203.0.113.9';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const options = await signInOptions();
      await verify({ response: passkey.authenticate(options, { origin: 'https://evil.example' }) }, ip).expect(401);
    }
    const throttled = await verify({ response: passkey.authenticate(await signInOptions()) }, ip).expect(429);
    expect(throttled.body.error).toBe(adminLoginMessages.throttled(Number(throttled.headers['retry-after'])));
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held.
    await verify({ response: passkey.authenticate(await signInOptions()) }, '203.0.113.10').expect(200);
  });

  it('renames and removes (with the current password) the account\'s own passkeys; a removed one signs in no more', async () => {
    const { passkey, added } = await addPasskey(owner, 'Old laptop');
    const renamed = await api().patch(`/api/account/passkeys/${added.id}`).set(owner.headers).send({ name: 'Work laptop' }).expect(200);
    expect(renamed.body).toMatchObject({ id: added.id, name: 'Work laptop' });
    await api().patch(`/api/account/passkeys/${added.id}`).set(owner.headers).send({ name: 'x'.repeat(61) }).expect(400);
    await api().patch('/api/account/passkeys/999999').set(owner.headers).send({ name: 'Nope' }).expect(404);
    await api().patch('/api/account/passkeys/abc').set(owner.headers).send({ name: 'Nope' }).expect(404);
    const wrong = await api().post(`/api/account/passkeys/${added.id}/remove`).set(owner.headers).send({ password: 'not my password' }).expect(400);
    expect(wrong.body.fields).toEqual({ password: messages.account.wrongCurrentPassword });
    await api().post(`/api/account/passkeys/${added.id}/remove`).set(owner.headers).send({ password: TEST_ADMIN.password }).expect(204);
    await api().post(`/api/account/passkeys/${added.id}/remove`).set(owner.headers).send({ password: TEST_ADMIN.password }).expect(404);
    await verify({ response: passkey.authenticate(await signInOptions()) }).expect(401);
    const audit = await t.db('audit_log').whereIn('action', ['passkey.rename', 'passkey.remove']).orderBy('id').select('action', 'summary');
    expect(audit).toEqual([
      { action: 'passkey.rename', summary: '"Old laptop" → "Work laptop"' },
      { action: 'passkey.remove', summary: '"Work laptop"' },
    ]);
    // Another account's passkey is not one's own to rename or remove.
    const editor = await signInAsAdmin(t, EDITOR);
    const { added: edPasskey } = await addPasskey(editor, 'Ed phone', EDITOR.password);
    await api().patch(`/api/account/passkeys/${edPasskey.id}`).set(owner.headers).send({ name: 'Mine' }).expect(404);
    await api().post(`/api/account/passkeys/${edPasskey.id}/remove`).set(owner.headers).send({ password: TEST_ADMIN.password }).expect(404);
  });

  it('lets an owner remove every passkey of another account (a lost device), signing it out; not editors', async () => {
    const editor = await signInAsAdmin(t, EDITOR);
    const { passkey } = await addPasskey(editor, 'Lost phone', EDITOR.password);
    await api().delete(`/api/users/${EDITOR.username}/passkeys`).set(editor.headers).expect(403);
    const users = (await api().get('/api/users').set(owner.headers).expect(200)).body as { username: string; passkeys: number }[];
    expect(users.find((user) => user.username === EDITOR.username)?.passkeys).toBeGreaterThanOrEqual(1);
    await api().delete(`/api/users/${owner.username}/passkeys`).set(owner.headers).expect(409);
    await api().delete(`/api/users/${EDITOR.username}/passkeys`).set(owner.headers).expect(204);
    await api().get('/api/account').set(editor.headers).expect(401);
    await verify({ response: passkey.authenticate(await signInOptions()) }).expect(401);
    const [row] = await t.db('audit_log').where({ action: 'passkey.remove', target_id: EDITOR.username }).orderBy('id', 'desc').limit(1).select('actor_name', 'summary');
    expect(row).toEqual({ actor_name: TEST_ADMIN.username, summary: expect.stringMatching(/passkeys? removed by an owner; signed out everywhere$/) });
  });

  it('meets the owners\' "require two-factor" rule: a passkey sign-in, or adding one in a password-only session', async () => {
    await api().patch('/api/settings').set(owner.headers).send({ requireTwoFactor: true }).expect(200);
    try {
      const editor = await signInAsAdmin(t, EDITOR);
      const account = await api().get('/api/account').set(editor.headers).expect(200);
      expect(account.body.twoFactorSetupRequired).toBe(true);
      await api().get('/api/account/sessions').set(editor.headers).expect(403);
      // Adding a passkey is open during the setup, and completes it.
      const { passkey } = await addPasskey(editor, 'Ed laptop', EDITOR.password);
      expect((await api().get('/api/account').set(editor.headers).expect(200)).body.twoFactorSetupRequired).toBe(false);
      await api().get('/api/account/sessions').set(editor.headers).expect(200);
      // A password sign-in of that account (it has no TOTP) is still sent to the setup…
      const byPassword = await signInAsAdmin(t, EDITOR);
      expect((await api().get('/api/account').set(byPassword.headers).expect(200)).body.twoFactorSetupRequired).toBe(true);
      // …a passkey sign-in is complete.
      const signedIn = await verify({ response: passkey.authenticate(await signInOptions()) }).expect(200);
      expect(signedIn.body.twoFactorSetupRequired).toBe(false);
      await api().get('/api/account/sessions').set('Cookie', sessionCookieFrom(signedIn.headers['set-cookie'])!).expect(200);
    } finally {
      await api().patch('/api/settings').set(owner.headers).send({ requireTwoFactor: null }).expect(200);
    }
  });

  it('keeps challenges in the database, used once and expiring', async () => {
    await t.db('admin_passkey_challenges').delete();
    const options = await signInOptions();
    expect(await t.db('admin_passkey_challenges').where({ challenge: options.challenge, purpose: 'sign-in' }).count('* as count').first()).toEqual({ count: expect.anything() });
    const [row] = await t.db('admin_passkey_challenges').select('created_at', 'expires_at');
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(5 * 60_000);
    // Expired challenges are cleared as new ones are handed out.
    clock.advance(5 * 60_000);
    await signInOptions();
    expect(await t.db('admin_passkey_challenges').pluck('challenge')).not.toContain(options.challenge);
  });
});
