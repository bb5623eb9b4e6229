import request from 'supertest';
import { createLogger } from '../logger';
import { messages } from '../messages';
import { createAdminAuth } from '../auth';
import { sessionCookieFrom, signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
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
    const created = await api().post('/api/users').set(owner.headers).send({ username: 'eddie', displayName: 'Eddie Example', role: 'editor' }).expect(201);
    expect(created.body).toEqual({
      user: { username: 'eddie', displayName: 'Eddie Example', role: 'editor', createdAt: clock.now().toISOString(), lastSignInAt: null, disabled: false, twoFactor: false, passkeys: 0, activeSessions: 0, email: null, emailVerified: false },
      password: expect.stringMatching(/^[\w-]{24}$/),
    });
    await login('eddie', created.body.password).expect(200);
    const list = await api().get('/api/users').set(owner.headers).expect(200);
    expect(list.body.map((user: { username: string }) => user.username)).toEqual(['eddie', 'the-owner']);
    expect(list.body[0]).toMatchObject({ lastSignInAt: clock.now().toISOString(), activeSessions: 1 });
    await api().post('/api/users').set(owner.headers).send({ username: 'EDDIE', displayName: 'Eddie Example', role: 'editor' }).expect(409);
    const bad = await api().post('/api/users').set(owner.headers).send({ username: 'x y', displayName: 'X y Example', role: 'boss' }).expect(400);
    expect(bad.body.fields).toMatchObject({ role: expect.any(String) });
  });

  it('creates an account with a one-time link valid 24 hours that sets its password (no JavaScript needed)', async () => {
    const created = await api().post('/api/users').set(owner.headers).send({ username: 'linda', displayName: 'Linda Example', role: 'editor', passwordSetup: 'link' }).expect(201);
    expect(created.body.password).toBeUndefined();
    const url = new URL(created.body.setPasswordUrl);
    expect(url.origin).toBe(ORIGIN);
    expect(created.body.setPasswordUrlExpiresAt).toBe(new Date(clock.now().getTime() + 24 * HOUR).toISOString());
    const token = url.searchParams.get('token')!;
    const page = await api().get(`/admin/set-password?token=${token}`).expect(200);
    expect(page.text).toContain('linda');
    expect(page.headers['referrer-policy']).toBe('same-origin');

    const differ = await api().post('/admin/set-password').set('Origin', ORIGIN).type('form').send({ token, displayName: 'Linda Example', password: 'a long new password', confirm: 'another one entirely' }).expect(400);
    expect(differ.text).toContain(messages.users.passwordsDiffer);
    await api().post('/admin/set-password').type('form').send({ token, displayName: 'Linda Example', password: 'a long new password', confirm: 'a long new password' }).expect(403);
    // Set: on to the sign-in form, the username filled in.
    const done = await api().post('/admin/set-password').set('Origin', ORIGIN).type('form').send({ token, displayName: 'Linda Example', password: 'a long new password', confirm: 'a long new password' }).expect(303);
    expect(done.headers.location).toBe('/admin/dashboard?username=linda&passwordSet=yes');
    await login('linda', 'a long new password').expect(200);
    // Used once: the link is gone.
    await api().get(`/admin/set-password?token=${token}`).expect(404);
  });

  it('takes the form post as Chromium sends it from the link page (its Origin, Sec-Fetch-Site and the page as Referer)', async () => {
    const created = await api().post('/api/users').set(owner.headers).send({ username: 'chrome-user', displayName: 'Chrome User Example', role: 'editor', passwordSetup: 'link' }).expect(201);
    const address = created.body.setPasswordUrl as string;
    const token = new URL(address).searchParams.get('token')!;
    const page = await api().get(`/admin/set-password?token=${token}`).expect(200);
    // `no-referrer` here made Chromium post with `Origin: null`, which no same-origin check can trust.
    // `same-origin` keeps the token from leaving our origin and lets the post name it.
    expect(page.headers['referrer-policy']).toBe('same-origin');
    const form = { token, username: 'chrome-user', displayName: 'Chrome User Example', password: 'a long new password', confirm: 'a long new password' };
    const post = (headers: Record<string, string>) => api().post('/admin/set-password').set(headers).type('form').send(form);
    // What a page with `no-referrer` made the browser send, and what a cross-site page sends: refused.
    await post({ Origin: 'null', 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate' }).expect(403);
    await post({ Origin: 'null', 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' }).expect(403);
    await post({ Origin: 'https://elsewhere.test', 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate', Referer: 'https://elsewhere.test/' }).expect(403);
    const done = await post({ Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-User': '?1', Referer: address }).expect(303);
    expect(done.headers.location).toBe('/admin/dashboard?username=chrome-user&passwordSet=yes');
    await login('chrome-user', 'a long new password').expect(200);
  });

  it('refuses a link after 24 hours', async () => {
    const created = await api().post('/api/users').set(owner.headers).send({ username: 'late', displayName: 'Late Example', role: 'editor', passwordSetup: 'link' }).expect(201);
    const token = new URL(created.body.setPasswordUrl).searchParams.get('token')!;
    clock.advance(24 * HOUR - 1000);
    await api().get(`/admin/set-password?token=${token}`).expect(200);
    clock.advance(1000);
    await api().get(`/admin/set-password?token=${token}`).expect(404);
    await api().post('/admin/set-password').set('Origin', ORIGIN).type('form').send({ token, password: 'a long new password', confirm: 'a long new password' }).expect(404);
    owner = await signInAsAdmin(t, { username: 'the-owner' }); // the owner's own session timed out meanwhile
  });

  it('disables and enables an account: disabled, it is signed out and cannot sign in', async () => {
    const created = await api().post('/api/users').set(owner.headers).send({ username: 'dora', displayName: 'Dora Example', role: 'editor' }).expect(201);
    const dora = await signInAsAdmin(t, { username: 'dora', password: created.body.password });
    const disabled = await api().patch('/api/users/dora').set(owner.headers).send({ disabled: true }).expect(200);
    expect(disabled.body.user).toMatchObject({ disabled: true, activeSessions: 0 });
    await api().get('/api/auth/session').set('Cookie', dora.cookie).expect(401);
    await login('dora', created.body.password).expect(401);
    await api().patch('/api/users/dora').set(owner.headers).send({ disabled: false }).expect(200);
    await login('dora', created.body.password).expect(200);
  });

  it('resets a password: a new one shown once, every session of the account ended', async () => {
    const created = await api().post('/api/users').set(owner.headers).send({ username: 'rita', displayName: 'Rita Example', role: 'editor' }).expect(201);
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

  describe('display names', () => {
    const ENTER_A_NAME = 'Enter a name, such as Maria Lopez.';
    const NO_MAIL_SYNTAX = 'Leave out < > @ and ": the name is shown as the sender of our e-mails.';
    const CONTROL = 'Leave out tabs and invisible control characters.';
    let boss: AdminTestSession;
    beforeAll(async () => {
      boss = await signInAsAdmin(t, { username: 'name-owner' });
    });
    const listed = async () => (await api().get('/api/users').set(boss.headers).expect(200)).body as { username: string; displayName: string | null }[];

    it('creates an account with its display name, trimmed, and refuses one without a name or with a bad one (400 naming the field)', async () => {
      const before = await listed();
      const without = await api().post('/api/users').set(boss.headers).send({ username: 'nameless', role: 'editor' }).expect(400);
      expect(without.body).toEqual({ error: `displayName: ${ENTER_A_NAME}`, fields: { displayName: ENTER_A_NAME } });
      const refused: [unknown, string][] = [
        ['', ENTER_A_NAME],
        ['   ', ENTER_A_NAME],
        [42, ENTER_A_NAME],
        [null, ENTER_A_NAME],
        ['M'.repeat(81), 'A name has at most 80 characters.'],
        // A header injection, and the line breaks Unicode adds.
        ['Maria\r\nBcc: victim@example.com', 'Keep the name on one line.'],
        ['Maria\u2028Lopez', 'Keep the name on one line.'],
        ['Maria\u0085Lopez', 'Keep the name on one line.'],
        ['Maria\tLopez', CONTROL],
        ['Maria\u0000Lopez', CONTROL],
        ['Maria\u009bLopez', CONTROL],
        // A direction override would show "Maria Lopez at …" as something else.
        ['Maria \u202eLopez', CONTROL],
        ['Maria Lopez <maria@evil.example>', NO_MAIL_SYNTAX],
        ['"Maria" Lopez', NO_MAIL_SYNTAX],
        ['maria@agency', NO_MAIL_SYNTAX],
      ];
      for (const [displayName, message] of refused) {
        const response = await api().post('/api/users').set(boss.headers).send({ username: 'nameless', displayName, role: 'editor' });
        expect({ displayName, status: response.status, body: response.body }).toEqual({ displayName, status: 400, body: { error: `displayName: ${message}`, fields: { displayName: message } } });
      }
      expect(await listed()).toEqual(before);

      const created = await api().post('/api/users').set(boss.headers).send({ username: 'maria', displayName: '  María López-Núñez  ', role: 'editor' }).expect(201);
      expect(created.body.user).toMatchObject({ username: 'maria', displayName: 'María López-Núñez' });
      // 80 characters as people count them, whatever the script: 40 of these are 80 UTF-16 units, the emoji 80 more.
      const longest = `${'李'.repeat(40)}${'😀'.repeat(40)}`;
      await api().post('/api/users').set(boss.headers).send({ username: 'longest', displayName: longest, role: 'editor' }).expect(201);
      await api().post('/api/users').set(boss.headers).send({ username: 'too-long', displayName: `${longest}李`, role: 'editor' }).expect(400);
      const after = await listed();
      expect(after.find((user) => user.username === 'maria')?.displayName).toBe('María López-Núñez');
      expect(after.find((user) => user.username === 'longest')?.displayName).toBe(longest);
      // Accounts made before names were asked for have none, and say so.
      expect(after.find((user) => user.username === 'name-owner')?.displayName).toBeNull();
      expect(await t.db('audit_log').where({ action: 'user.create', target_id: 'maria' }).pluck('summary')).toEqual(['role editor; name "María López-Núñez"; password generated']);
    });

    it('the set-password page asks an account without a name for it, as a plain form post, and shows a named account its name', async () => {
      // An account made before names were asked for, sent a link.
      await createAdminAuth({ db: t.db, logger: createLogger('silent'), now: clock.now }).createAdmin('olga', 'an old password 123', 'editor');
      const reset = await api().patch('/api/users/olga').set(boss.headers).send({ resetPassword: 'link' }).expect(200);
      const token = new URL(reset.body.setPasswordUrl).searchParams.get('token')!;
      const page = await api().get(`/admin/set-password?token=${token}`).expect(200);
      expect(page.text).toContain('<label for="set-displayName">Your name</label>');
      expect(page.text).toMatch(/<input id="set-displayName" type="text" autoComplete="name" required="" aria-describedby="set-displayName-hint" name="displayName" value=""\/>/);

      const post = (form: Record<string, string>) => api().post('/admin/set-password').set('Origin', ORIGIN).type('form').send({ token, username: 'olga', ...form });
      const missing = await post({ password: 'a new password 123', confirm: 'a new password 123' }).expect(400);
      expect(missing.text).toContain(`aria-invalid="true" aria-describedby="set-displayName-hint set-displayName-error" name="displayName" value=""/><p id="set-displayName-error" class="admin-login__error">${ENTER_A_NAME}</p>`);
      // Every mistake at once, each beside its field; the name typed comes back to be corrected, the passwords never do.
      const mistakes = await post({ displayName: 'Olga <olga@agency.test>', password: 'too short', confirm: 'not the same' }).expect(400);
      expect(mistakes.text).toContain('name="displayName" value="Olga &lt;olga@agency.test&gt;"/><p id="set-displayName-error" class="admin-login__error">Leave out &lt; &gt; @ and &quot;: the name is shown as the sender of our e-mails.</p>');
      expect(mistakes.text).toContain('<p id="set-password-error" class="admin-login__error">Passwords need at least 12 characters.</p>');
      expect(mistakes.text).toContain(`<p id="set-confirm-error" class="admin-login__error">${messages.users.passwordsDiffer}</p>`);
      expect(mistakes.text).not.toContain('too short');
      await login('olga', 'a new password 123').expect(401);

      const done = await post({ displayName: ' Olga Dale ', password: 'a new password 123', confirm: 'a new password 123' }).expect(303);
      expect(done.headers.location).toBe('/admin/dashboard?username=olga&passwordSet=yes');
      // Only the first owner's set-up asks for an address: an invitation's page has no such field.
      expect(page.text).not.toContain('name="email"');
      await login('olga', 'a new password 123').expect(200);
      expect((await listed()).find((user) => user.username === 'olga')?.displayName).toBe('Olga Dale');
      expect(await t.db('audit_log').where({ action: 'account.display-name', target_id: 'olga' }).select('actor_name', 'summary')).toEqual([{ actor_name: 'olga', summary: 'name "Olga Dale" (set-password page)' }]);

      // Once named, the next link's page shows the name, to be confirmed or corrected.
      const again = await api().patch('/api/users/olga').set(boss.headers).send({ resetPassword: 'link' }).expect(200);
      const named = await api().get(new URL(again.body.setPasswordUrl).pathname + new URL(again.body.setPasswordUrl).search).expect(200);
      expect(named.text).toContain('name="displayName" value="Olga Dale"/>');
    });

    it('the first admin\'s setup address, printed at the first start, asks for the owner\'s name and e-mail address, errors beside each field, then signs in prefilled', async () => {
      const fresh = await createTestApp({}, { adminAuthOptions: { failureDelayMs: 0 } });
      try {
        const setup = await createAdminAuth({ db: fresh.db, logger: createLogger('silent') }).ensureFirstAdmin({});
        const address = `/admin/set-password?token=${setup!.token}`;
        const page = await request(fresh.app.callback()).get(address).expect(200);
        expect(page.text).toContain('Account: <strong>admin</strong>');
        expect(page.text).toContain('name="displayName" value=""/>');
        expect(page.text).toContain('<label for="set-email">Your e-mail address</label>');
        expect(page.text).toMatch(/<input id="set-email" type="email" autoComplete="email" required="" aria-describedby="set-email-hint" name="email" value=""\/>/);
        const post = (form: Record<string, string>) => request(fresh.app.callback()).post('/admin/set-password').set('Origin', ORIGIN).type('form').send({ token: setup!.token, username: 'admin', ...form });
        const form = { displayName: 'Ada Owner', password: 'the first owner password', confirm: 'the first owner password' };

        // No JavaScript: a missing or mistyped address comes back beside its field, as typed (escaped); nothing is set.
        const missing = await post(form).expect(400);
        expect(missing.text).toMatch(/aria-invalid="true" aria-describedby="set-email-hint set-email-error" name="email" value=""\/><p id="set-email-error" class="admin-login__error">[^<]+<\/p>/);
        const typo = await post({ ...form, email: 'ada@<script>' }).expect(400);
        expect(typo.text).toContain('name="email" value="ada@&lt;script&gt;"/><p id="set-email-error" class="admin-login__error">');
        expect(typo.text).not.toContain('the first owner password');
        await request(fresh.app.callback()).post('/api/auth/login').set('Origin', ORIGIN).send({ username: 'admin', password: 'the first owner password' }).expect(401);

        // Mail is not set up on this site: the address waits unconfirmed, and the sign-in form says so.
        const done = await post({ ...form, email: 'ada@agency.test' }).expect(303);
        expect(done.headers.location).toBe('/admin/dashboard?username=admin&passwordSet=waiting');
        const signInPage = await request(fresh.app.callback()).get(done.headers.location!).expect(200);
        expect(signInPage.text).toMatch(/<input id="admin-username" [^>]*value="admin"\/>/);
        expect(signInPage.text).toContain('Your e-mail address waits to be confirmed: mail is not set up yet.');
        const signedIn = await request(fresh.app.callback()).post('/api/auth/login').set('Origin', ORIGIN).send({ username: 'admin', password: 'the first owner password' }).expect(200);
        const account = await request(fresh.app.callback()).get('/api/account').set('Cookie', sessionCookieFrom(signedIn.headers['set-cookie'])!).expect(200);
        expect(account.body).toMatchObject({ displayName: 'Ada Owner', email: 'ada@agency.test', emailVerified: false });
        expect(await fresh.db('audit_log').where({ action: 'account.email-change', target_id: 'admin' }).pluck('summary')).toEqual(['address ada@agency.test (first set-up); waits to be confirmed']);
      } finally {
        await fresh.destroy();
      }
    });
  });

  it('is owners only, and needs a session', async () => {
    await api().get('/api/users').expect(401);
    await api().post('/api/users').set('Origin', ORIGIN).send({ username: 'z', displayName: 'Z Example', role: 'editor' }).expect(401);
  });
});
