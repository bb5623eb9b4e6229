import request from 'supertest';
import { createLogger } from '../logger';
import { createAdminAuth } from '../auth';
import { adminLoginMessages } from '../../shared/admin-auth';
import { passkeyMessages } from '../../shared/passkeys';
import { PASSKEY_LIVE_SIGN_IN_CHALLENGES_MAX, PASSKEY_OPTIONS_LIMITS } from '../auth/passkeys';
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
    const options = (await api().post('/api/account/passkeys/options').set(session.headers).send({ password, name }).expect(200)).body as CreationOptions;
    const passkey = new SoftPasskey(RP);
    const added = await api().post('/api/account/passkeys').set(session.headers).send({ name, response: passkey.register(options) }).expect(201);
    return { passkey, added: added.body as { id: string; name: string } };
  }

  const askOptions = (ip?: string) => {
    const call = api().post('/api/auth/passkey/options').set('Origin', ORIGIN);
    return (ip ? call.set('X-Forwarded-For', ip) : call).send({});
  };
  const signInOptions = async (ip?: string) => (await askOptions(ip).expect(200)).body as RequestOptions & { allowCredentials?: unknown[]; userVerification?: string; rpId?: string };
  /** Signs in with the passkey; answers the session's headers (cookie, CSRF token). */
  async function signInWithPasskey(passkey: SoftPasskey): Promise<AdminTestSession> {
    const signedIn = await verify({ response: passkey.authenticate(await signInOptions()) }).expect(200);
    const cookie = sessionCookieFrom(signedIn.headers['set-cookie'])!;
    return { username: signedIn.body.username, cookie, csrfToken: signedIn.body.csrfToken, headers: { Cookie: cookie, 'X-CSRF-Token': signedIn.body.csrfToken, Origin: ORIGIN } };
  }
  const countRows = async (table: string, where: Record<string, unknown> = {}) => Number((await t.db(table).where(where).count<{ count: string | number }[]>('* as count').first())?.count);
  const setupRequired = async (session: AdminTestSession) => (await api().get('/api/account').set(session.headers).expect(200)).body.twoFactorSetupRequired as boolean;
  const requireTwoFactor = (on: boolean) => api().patch('/api/settings').set(owner.headers).send({ requireTwoFactor: on ? true : null }).expect(200);
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
  beforeEach(async () => {
    await t.db('login_failures').delete();
    await t.db('form_rate_limits').delete();
  });

  it('adds a passkey after the current password: discoverable, user-verified, bound to the site', async () => {
    const wrong = await api().post('/api/account/passkeys/options').set(owner.headers).send({ password: 'not it at all', name: 'MacBook' }).expect(400);
    expect(wrong.body.fields).toEqual({ password: messages.account.wrongCurrentPassword });
    // The name is checked with the options, before the browser asks the device for a passkey.
    for (const name of ['   ', 'x'.repeat(61), undefined]) {
      const badName = await api().post('/api/account/passkeys/options').set(owner.headers).send({ password: TEST_ADMIN.password, name }).expect(400);
      expect(Object.keys(badName.body.fields)).toEqual(['name']);
    }
    expect(await countRows('admin_passkey_challenges', { purpose: 'register' })).toBe(0);
    const options = (await api().post('/api/account/passkeys/options').set(owner.headers).send({ password: TEST_ADMIN.password, name: 'MacBook' }).expect(200)).body;
    expect(options).toMatchObject({ rp: { id: 'agency.test' }, user: { name: TEST_ADMIN.username }, attestation: 'none', authenticatorSelection: { residentKey: 'required', userVerification: 'required' } });
    const passkey = new SoftPasskey(RP);
    const added = await api().post('/api/account/passkeys').set(owner.headers).send({ name: ' MacBook ', response: passkey.register(options) }).expect(201);
    expect(added.body).toEqual({ id: expect.any(String), name: 'MacBook', createdAt: clock.now().toISOString(), lastUsedAt: null, signedInHere: false });
    // The challenge was used: the same answer again adds nothing.
    await api().post('/api/account/passkeys').set(owner.headers).send({ name: 'Again', response: passkey.register(options) }).expect(400);
    const list = await api().get('/api/account/passkeys').set(owner.headers).expect(200);
    expect(list.body).toEqual([added.body]);
    const audit = await t.db('audit_log').where({ action: 'passkey.add' }).select('actor_name', 'summary');
    expect(audit).toEqual([{ actor_name: TEST_ADMIN.username, summary: '"MacBook"' }]);
  });

  it('refuses a registration answered in another session, from another origin, or without user verification', async () => {
    const other = await signInAsAdmin(t);
    const options = (await api().post('/api/account/passkeys/options').set(owner.headers).send({ password: TEST_ADMIN.password, name: 'Stolen' }).expect(200)).body;
    const stolen = await api().post('/api/account/passkeys').set(other.headers).send({ name: 'Stolen', response: new SoftPasskey(RP).register(options) }).expect(400);
    expect(stolen.body).toEqual({ error: passkeyMessages.notAdded });
    const options2 = (await api().post('/api/account/passkeys/options').set(owner.headers).send({ password: TEST_ADMIN.password, name: 'Phish' }).expect(200)).body;
    await api().post('/api/account/passkeys').set(owner.headers).send({ name: 'Phish', response: new SoftPasskey(RP).register(options2, { origin: 'https://evil.example' }) }).expect(400);
    const options3 = (await api().post('/api/account/passkeys/options').set(owner.headers).send({ password: TEST_ADMIN.password, name: 'No lock' }).expect(200)).body;
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
      { action: 'passkey.remove', summary: '"Work laptop", confirmed with a password' },
    ]);
    // Another account's passkey is not one's own to rename or remove.
    const editor = await signInAsAdmin(t, EDITOR);
    const { added: edPasskey } = await addPasskey(editor, 'Ed phone', EDITOR.password);
    await api().patch(`/api/account/passkeys/${edPasskey.id}`).set(owner.headers).send({ name: 'Mine' }).expect(404);
    await api().post(`/api/account/passkeys/${edPasskey.id}/remove`).set(owner.headers).send({ password: TEST_ADMIN.password }).expect(404);
  });

  describe('removing a passkey confirmed with a passkey instead of the password', () => {
    const removalOptions = async (session: AdminTestSession, id: string) =>
      (await api().post(`/api/account/passkeys/${id}/remove/options`).set(session.headers).send({}).expect(200)).body as RequestOptions & { allowCredentials: { id: string }[]; userVerification: string; rpId: string };
    const removeWith = (session: AdminTestSession, id: string, body: object) => api().post(`/api/account/passkeys/${id}/remove`).set(session.headers).send(body);
    const passkeyRow = (id: string) => t.db('admin_passkeys').where({ id }).first('counter', 'last_used_at');
    const remaining = async (...ids: string[]) => (await t.db('admin_passkeys').whereIn('id', ids).pluck('id')).map(String);

    it('accepts any passkey of the account, the removed one too, once per challenge, and moves its counter on', async () => {
      // An account of its own: the options offer all of its passkeys, and only them.
      const cora = { username: 'confirm-cora', password: 'cora password long enough' };
      await createAdminAuth({ db: t.db, logger: createLogger('silent') }).createAdmin(cora.username, cora.password, 'editor');
      const session = await signInAsAdmin(t, cora);
      const { passkey: laptop, added: laptopAdded } = await addPasskey(session, 'Laptop', cora.password);
      const { passkey: phone, added: phoneAdded } = await addPasskey(session, 'Phone', cora.password);
      const options = await removalOptions(session, laptopAdded.id);
      expect(options).toMatchObject({ rpId: 'agency.test', userVerification: 'required' });
      expect(options.allowCredentials.map((credential) => credential.id).sort()).toEqual([laptop.id, phone.id].sort());
      const admin = await t.db('admin_users').where({ username: cora.username }).first('id');
      expect(await t.db('admin_passkey_challenges').where({ challenge: options.challenge }).first('purpose', 'admin_user_id')).toEqual({ purpose: 'confirm', admin_user_id: admin.id });
      // The phone confirms removing the laptop; its counter moves on as on a sign-in.
      const answer = phone.authenticate(options);
      await removeWith(session, laptopAdded.id, { passkey: answer }).expect(204);
      expect(await passkeyRow(phoneAdded.id)).toEqual({ counter: expect.anything(), last_used_at: clock.now() });
      expect(Number((await passkeyRow(phoneAdded.id)).counter)).toBe(phone.counter - 1);
      // The same answer again (replayed) removes nothing.
      const replayed = await removeWith(session, phoneAdded.id, { passkey: answer }).expect(400);
      expect(replayed.body).toEqual({ error: passkeyMessages.notConfirmed });
      // The device still at hand confirms its own removal.
      await removeWith(session, phoneAdded.id, { passkey: phone.authenticate(await removalOptions(session, phoneAdded.id)) }).expect(204);
      expect(await remaining(laptopAdded.id, phoneAdded.id)).toEqual([]);
      const audit = await t.db('audit_log').where({ action: 'passkey.remove', target_id: cora.username }).orderBy('id', 'desc').limit(2).pluck('summary');
      expect(audit).toEqual(['"Phone", confirmed with a passkey', '"Laptop", confirmed with a passkey']);
      await api().post(`/api/account/passkeys/${phoneAdded.id}/remove/options`).set(session.headers).send({}).expect(404);
    });

    it('refuses another account\'s passkey, another session\'s challenge and a sign-in challenge; a confirmation signs nobody in', async () => {
      const session = await signInAsAdmin(t);
      const { passkey: mine, added } = await addPasskey(session, 'Mine');
      const olga = { username: 'other-olga', password: 'olga password long enough' };
      await createAdminAuth({ db: t.db, logger: createLogger('silent') }).createAdmin(olga.username, olga.password, 'editor');
      const { passkey: eds, added: edsAdded } = await addPasskey(await signInAsAdmin(t, olga), 'Olga phone', olga.password);
      await api().post(`/api/account/passkeys/${edsAdded.id}/remove/options`).set(session.headers).send({}).expect(404);
      const refused = [
        // Another account's passkey answering this account's challenge.
        eds.authenticate(await removalOptions(session, added.id)),
        // This account's passkey answering another session's challenge (of the same account).
        mine.authenticate(await removalOptions(await signInAsAdmin(t), added.id)),
        // A sign-in challenge.
        mine.authenticate(await signInOptions()),
      ];
      for (const passkey of refused) expect((await removeWith(session, added.id, { passkey }).expect(400)).body).toEqual({ error: passkeyMessages.notConfirmed });
      // A confirmation challenge is no sign-in challenge either.
      await verify({ response: mine.authenticate(await removalOptions(session, added.id)) }).expect(401);
      expect(await remaining(added.id, edsAdded.id)).toHaveLength(2);
    });

    it('asks for exactly one of the password and a passkey', async () => {
      const session = await signInAsAdmin(t);
      const { passkey, added } = await addPasskey(session, 'Laptop');
      const neither = await removeWith(session, added.id, {}).expect(400);
      expect(neither.body.fields).toEqual({ password: passkeyMessages.passwordOrPasskey });
      const both = await removeWith(session, added.id, { password: TEST_ADMIN.password, passkey: passkey.authenticate(await removalOptions(session, added.id)) }).expect(400);
      expect(both.body.error).toBe(passkeyMessages.notBoth);
      await removeWith(session, added.id, { passkey: { id: 'x' } }).expect(400);
      expect(await remaining(added.id)).toEqual([added.id]);
    });
  });

  it('lets an owner remove every passkey of another account (a lost device), signing it out; not editors', async () => {
    const editor = await signInAsAdmin(t, EDITOR);
    const { passkey } = await addPasskey(editor, 'Lost phone', EDITOR.password);
    await api().delete(`/api/users/${EDITOR.username}/passkeys`).set(editor.headers).expect(403);
    const users = (await api().get('/api/users').set(owner.headers).expect(200)).body as { username: string; passkeys: number }[];
    expect(users.find((user) => user.username === EDITOR.username)?.passkeys).toBeGreaterThanOrEqual(1);
    await api().delete(`/api/users/${owner.username}/passkeys`).set(owner.headers).expect(409);
    const byPasskey = await signInWithPasskey(passkey);
    await api().delete(`/api/users/${EDITOR.username}/passkeys`).set(owner.headers).set('X-Forwarded-For', '198.51.100.7').expect(204);
    await api().get('/api/account').set(editor.headers).expect(401);
    await api().get('/api/account').set(byPasskey.headers).expect(401);
    await verify({ response: passkey.authenticate(await signInOptions()) }).expect(401);
    const [row] = await t.db('audit_log').where({ action: 'passkey.remove', target_id: EDITOR.username }).orderBy('id', 'desc').limit(1).select('actor_name', 'summary', 'ip');
    expect(row).toEqual({ actor_name: TEST_ADMIN.username, summary: '2 passkeys removed by an owner; signed out everywhere', ip: '198.51.100.7' });
  });

  it('meets the owners\' "require two-factor" rule: a passkey sign-in, or adding one in a password-only session', async () => {
    // The owner's own session meets the rule by a passkey added in it (kept for the tests that follow).
    await addPasskey(owner, 'Owner key');
    await api().patch('/api/settings').set(owner.headers).send({ requireTwoFactor: true }).expect(200);
    expect(await setupRequired(owner)).toBe(false);
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
      // …where the password alone adds no second factor to an account that has a passkey: neither
      // another passkey nor TOTP (it signs in with its passkey; a lost one an owner removes).
      const refused = await api().post('/api/account/passkeys/options').set(byPassword.headers).send({ password: EDITOR.password, name: 'Thief' }).expect(403);
      expect(refused.body).toEqual({ error: passkeyMessages.signInWithPasskey });
      expect(passkeyMessages.signInWithPasskey).toMatch(/owner to remove your passkeys/);
      await api().post('/api/account/passkeys').set(byPassword.headers).send({ name: 'Thief', response: new SoftPasskey(RP).register((await api().post('/api/account/passkeys/options').set(editor.headers).send({ password: EDITOR.password, name: 'x' })).body) }).expect(403);
      await api().post('/api/account/totp/setup').set(byPassword.headers).send({}).expect(403);
      await api().post('/api/account/totp/enable').set(byPassword.headers).send({ code: '123456' }).expect(403);
      expect(await setupRequired(byPassword)).toBe(true);
      expect((await api().get('/api/account/passkeys').set(byPassword.headers).expect(200)).body.map((p: { name: string }) => p.name)).toEqual(['Ed laptop']);
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
    const second = await signInOptions();
    expect(await t.db('admin_passkey_challenges').orderBy('challenge').select('challenge', 'purpose', 'admin_user_id', 'session_id_hash')).toEqual(
      [options.challenge, second.challenge].sort().map((challenge) => ({ challenge, purpose: 'sign-in', admin_user_id: null, session_id_hash: null })),
    );
    const [row] = await t.db('admin_passkey_challenges').select('created_at', 'expires_at');
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(5 * 60_000);
    // Expired challenges are cleared as new ones are handed out.
    clock.advance(5 * 60_000);
    const third = await signInOptions();
    expect(await t.db('admin_passkey_challenges').pluck('challenge')).toEqual([third.challenge]);
  });

  it('ends the sessions a passkey opened when it is removed; one it was added in counts as two-factor by it no more', async () => {
    const fay = { username: 'fresh-fay', password: 'fay password long enough' };
    await createAdminAuth({ db: t.db, logger: createLogger('silent') }).createAdmin(fay.username, fay.password, 'editor');
    await requireTwoFactor(true);
    try {
      // Set up in a password session by adding a passkey (the account had none).
      const byPassword = await signInAsAdmin(t, fay);
      expect(await setupRequired(byPassword)).toBe(true);
      const { passkey: first, added: firstAdded } = await addPasskey(byPassword, 'First', fay.password);
      expect(await setupRequired(byPassword)).toBe(false);
      // A session the passkey opens says so, and adds a second one.
      const byFirst = await signInWithPasskey(first);
      expect((await api().get('/api/account/passkeys').set(byFirst.headers).expect(200)).body.map((p: { name: string; signedInHere: boolean }) => [p.name, p.signedInHere])).toEqual([['First', true]]);
      const { passkey: second, added: secondAdded } = await addPasskey(byFirst, 'Second', fay.password);
      const bySecond = await signInWithPasskey(second);
      // Removing the first (in the session it opened) ends that session; the password session it
      // was added in is sent back to the setup; the second passkey's session goes on.
      await api().post(`/api/account/passkeys/${firstAdded.id}/remove`).set(byFirst.headers).send({ password: fay.password }).expect(204);
      await api().get('/api/account').set(byFirst.headers).expect(401);
      expect(await setupRequired(byPassword)).toBe(true);
      await api().get('/api/account/sessions').set(byPassword.headers).expect(403);
      expect(await setupRequired(bySecond)).toBe(false);
      const user = await t.db('admin_users').where({ username: fay.username }).first('id');
      const sessions = await t.db('admin_sessions').where({ admin_user_id: user.id }).select('passkey_id', 'added_passkey_id');
      expect(sessions.map((row) => [row.passkey_id === null ? null : String(row.passkey_id), row.added_passkey_id]).sort()).toEqual([
        [null, null],
        [secondAdded.id, null],
      ]);
    } finally {
      await requireTwoFactor(false);
    }
  });

  it('lets a verified passkey through the account\'s daily ceiling (like password and code), not a refused one nor other limits', async () => {
    const { passkey } = await addPasskey(owner, 'Ceiling');
    // Wrong passwords for the account from 101 addresses: its daily ceiling holds every browser it does not know.
    const usernameKey = TEST_ADMIN.username.toLowerCase();
    await t.db('login_failures').insert(Array.from({ length: 101 }, (_, i) => ({ kind: 'password', username_key: usernameKey, ip: `198.18.${Math.floor(i / 250)}.${i % 250}`, device_id: null, failed_at: clock.now() })));
    const byPassword = await api().post('/api/auth/login').set('Origin', ORIGIN).set('X-Forwarded-For', '192.0.2.50').send({ username: TEST_ADMIN.username, password: TEST_ADMIN.password }).expect(429);
    expect(byPassword.body.codeMayPass).toBe(true);
    // A refused answer gets the throttled answer (and counts); a verified passkey signs in.
    await verify({ response: passkey.authenticate(await signInOptions(), { origin: 'https://evil.example' }) }, '192.0.2.50').expect(429);
    const signedIn = await verify({ response: passkey.authenticate(await signInOptions()) }, '192.0.2.50').expect(200);
    expect(signedIn.body.username).toBe(TEST_ADMIN.username);
    // The address's own limit still holds a passkey.
    await t.db('login_failures').insert(Array.from({ length: 20 }, () => ({ kind: 'password', username_key: 'someone-else', ip: '192.0.2.51', device_id: null, failed_at: clock.now() })));
    await verify({ response: passkey.authenticate(await signInOptions()) }, '192.0.2.51').expect(429);
  });

  it('limits sign-in options per network (429 with Retry-After) and caps the challenges kept, so one client cannot grow the table', async () => {
    await t.db('admin_passkey_challenges').delete();
    const hostile = '203.0.113.66';
    const answers = [];
    for (let call = 0; call < PASSKEY_OPTIONS_LIMITS.perNetwork + 5; call += 1) answers.push(await askOptions(hostile));
    expect(answers.map((answer) => answer.status)).toEqual([...Array(PASSKEY_OPTIONS_LIMITS.perNetwork).fill(200), ...Array(5).fill(429)]);
    const refused = answers.at(-1)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toEqual({ error: passkeyMessages.tooManyOptions(Number(refused.headers['retry-after'])) });
    // What that client grew: one challenge per allowed ask and one rate-limit row.
    expect(await countRows('admin_passkey_challenges')).toBe(PASSKEY_OPTIONS_LIMITS.perNetwork);
    expect(await t.db('form_rate_limits').pluck('ip')).toEqual([`passkey-options:network:${hostile}`]);
    // Another network is not held…
    await signInOptions('203.0.113.67');
    // …until the challenges waiting site-wide reach the cap (many networks at once): then none is handed out.
    const at = clock.now();
    const filler = Array.from({ length: PASSKEY_LIVE_SIGN_IN_CHALLENGES_MAX - PASSKEY_OPTIONS_LIMITS.perNetwork - 1 }, (_, i) => ({
      challenge: `filler-${i}`,
      purpose: 'sign-in',
      created_at: at,
      expires_at: new Date(at.getTime() + 60_000),
    }));
    for (let start = 0; start < filler.length; start += 1000) await t.db('admin_passkey_challenges').insert(filler.slice(start, start + 1000));
    const full = await askOptions('203.0.113.68').expect(429);
    expect(Number(full.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countRows('admin_passkey_challenges')).toBe(PASSKEY_LIVE_SIGN_IN_CHALLENGES_MAX);
    await t.db('admin_passkey_challenges').delete();
  });

  it('keeps one challenge per session and purpose: asking again replaces it, so a signed-in client cannot grow the table', async () => {
    await t.db('admin_passkey_challenges').delete();
    const ask = async () => (await api().post('/api/account/passkeys/options').set(owner.headers).send({ password: TEST_ADMIN.password, name: 'Tablet' }).expect(200)).body as CreationOptions;
    const first = await ask();
    for (let call = 0; call < 20; call += 1) await ask();
    const latest = await ask();
    const another = await signInAsAdmin(t);
    await api().post('/api/account/passkeys/options').set(another.headers).send({ password: TEST_ADMIN.password, name: 'Phone' }).expect(200);
    expect(await t.db('admin_passkey_challenges').orderBy('purpose').select('purpose', 'admin_user_id')).toEqual([
      { purpose: 'register', admin_user_id: expect.any(Number) },
      { purpose: 'register', admin_user_id: expect.any(Number) },
    ]);
    // The replaced challenge is refused; the latest adds the passkey.
    await api().post('/api/account/passkeys').set(owner.headers).send({ name: 'Tablet', response: new SoftPasskey(RP).register(first) }).expect(400);
    const added = await api().post('/api/account/passkeys').set(owner.headers).send({ name: 'Tablet', response: new SoftPasskey(RP).register(latest) }).expect(201);
    await api().post(`/api/account/passkeys/${added.body.id}/remove`).set(owner.headers).send({ password: TEST_ADMIN.password }).expect(204);
    await t.db('admin_passkey_challenges').delete();
  });

  it('refuses a disabled account\'s passkey', async () => {
    const dan = { username: 'disabled-dan', password: 'dan password long enough' };
    const session = await signInAsAdmin(t, { ...dan, role: 'editor' });
    const { passkey } = await addPasskey(session, 'Dan key', dan.password);
    await api().patch(`/api/users/${dan.username}`).set(owner.headers).send({ disabled: true }).expect(200);
    const refused = await verify({ response: passkey.authenticate(await signInOptions()) }).expect(401);
    expect(refused.body).toEqual({ error: passkeyMessages.refused });
    const [row] = await t.db('audit_log').where({ action: 'auth.sign-in-failed', actor_name: dan.username }).orderBy('id', 'desc').limit(1).select('summary');
    expect(row).toEqual({ summary: 'passkey refused: account disabled' });
  });

  it('signs in once when the same answer is sent twice at the same time', async () => {
    const { passkey } = await addPasskey(owner, 'Twice');
    const answer = passkey.authenticate(await signInOptions());
    const statuses = (await Promise.all([verify({ response: answer }), verify({ response: answer })])).map((reply) => reply.status);
    expect(statuses.sort()).toEqual([200, 401]);
  });

  it('answers malformed answers of the right shape with 400 or 401, never 500', async () => {
    const { passkey } = await addPasskey(owner, 'Shapes');
    type Answer = ReturnType<SoftPasskey['authenticate']>;
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    const withResponse = (answer: Answer, change: Partial<Answer['response']>) => ({ ...answer, response: { ...answer.response, ...change } });
    // Each made from a fresh answer (its own challenge), so each reaches the check it is about.
    const variants: { name: string; status: number; change: (answer: Answer) => unknown }[] = [
      { name: 'unknown id', status: 401, change: (answer) => ({ ...answer, id: 'AAAA', rawId: 'AAAA' }) },
      { name: 'client data not JSON', status: 401, change: (answer) => withResponse(answer, { clientDataJSON: b64('not json') }) },
      { name: 'client data without challenge', status: 401, change: (answer) => withResponse(answer, { clientDataJSON: b64('{"type":"webauthn.get"}') }) },
      { name: 'client data a JSON array', status: 401, change: (answer) => withResponse(answer, { clientDataJSON: b64('[1,2]') }) },
      { name: 'odd base64', status: 401, change: (answer) => withResponse(answer, { clientDataJSON: 'A' }) },
      { name: 'signature garbage', status: 401, change: (answer) => withResponse(answer, { signature: 'AAAA' }) },
      { name: 'authenticator data garbage', status: 401, change: (answer) => withResponse(answer, { authenticatorData: 'AA' }) },
      { name: 'user handle of another account', status: 401, change: (answer) => withResponse(answer, { userHandle: b64('admin-999') }) },
      { name: 'not base64url', status: 400, change: (answer) => ({ ...answer, id: 'a+b/c=' }) },
      { name: 'wrong type', status: 400, change: (answer) => ({ ...answer, type: 'password' }) },
    ];
    const answered = [];
    for (const [index, variant] of variants.entries()) {
      // From addresses of their own: five refusals from one would throttle the sixth.
      const reply = await verify({ response: variant.change(passkey.authenticate(await signInOptions())) }, `198.51.100.${20 + index}`);
      answered.push({ name: variant.name, status: reply.status });
    }
    // The passkey itself still signs in.
    await verify({ response: passkey.authenticate(await signInOptions()) }).expect(200);
    expect(answered).toEqual(variants.map(({ name, status }) => ({ name, status })));
  });
});
