import request from 'supertest';
import { messages } from '../messages';
import { sessionCookieFrom, signInAsAdmin, TEST_ADMIN } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

const ORIGIN = 'https://agency.test';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** The dashboard island's props as the page carries them (the signed-in admin the server read). */
function decodeProps(html: string): Record<string, unknown> {
  const attribute = /data-island="AdminDashboard"[^>]*data-props="([^"]*)"/.exec(html)?.[1] ?? '{}';
  return JSON.parse(attribute.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')) as Record<string, unknown>;
}

describe('your account', () => {
  let t: TestApp;
  const api = () => request(t.app.callback());
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' }, { adminAuthOptions: { failureDelayMs: 0 } });
    await signInAsAdmin(t);
  });
  afterAll(() => t.destroy());

  async function signInFrom(userAgent: string, ip: string, password: string = TEST_ADMIN.password) {
    const response = await api().post('/api/auth/login').set({ Origin: ORIGIN, 'User-Agent': userAgent, 'X-Forwarded-For': ip }).send({ username: TEST_ADMIN.username, password }).expect(200);
    const cookie = sessionCookieFrom(response.headers['set-cookie'])!;
    return { cookie, headers: { Cookie: cookie, 'X-CSRF-Token': response.body.csrfToken as string, Origin: ORIGIN } };
  }

  it('shows your display name and changes it, audited, where the back office reads the signed-in admin; bad names are refused naming the field', async () => {
    const eda = await signInAsAdmin(t, { username: 'eda', role: 'editor' });
    const from = { ...eda.headers, 'X-Forwarded-For': '198.51.100.40' };
    const propsOfDashboard = async () => decodeProps((await api().get('/admin/dashboard/account').set('Cookie', eda.cookie).expect(200)).text);
    // Made before names were asked for: none yet, and the dashboard asks for one.
    expect((await api().get('/api/account').set(eda.headers).expect(200)).body).toMatchObject({ username: 'eda', displayName: null });
    expect(await propsOfDashboard()).toMatchObject({ username: 'eda', displayName: null });

    for (const [displayName, message] of [
      ['', 'Enter a name, such as Maria Lopez.'],
      ['Eda\nEditor', 'Keep the name on one line.'],
      ['Eda <eda@agency.test>', 'Leave out < > @ and ": the name is shown as the sender of our e-mails.'],
    ]) {
      const refused = await api().post('/api/account/display-name').set(from).send({ displayName }).expect(400);
      expect(refused.body).toEqual({ error: `displayName: ${message}`, fields: { displayName: message } });
    }
    const unknown = await api().post('/api/account/display-name').set(from).send({ displayName: 'Eda Editor', username: 'someone-else' }).expect(400);
    expect(unknown.body.fields).toEqual({ username: messages.account.unknownField });

    expect((await api().post('/api/account/display-name').set(from).send({ displayName: '  Eda Editor ' }).expect(200)).body).toEqual({ displayName: 'Eda Editor' });
    expect((await api().get('/api/account').set(eda.headers).expect(200)).body.displayName).toBe('Eda Editor');
    expect(await propsOfDashboard()).toMatchObject({ username: 'eda', displayName: 'Eda Editor' });
    await api().post('/api/account/display-name').set(from).send({ displayName: 'Eda Evans' }).expect(200);
    // The same name again changes nothing and records nothing.
    await api().post('/api/account/display-name').set(from).send({ displayName: 'Eda Evans' }).expect(200);
    expect(await t.db('audit_log').where({ action: 'account.display-name' }).orderBy('id').select('actor_name', 'target_id', 'summary', 'ip')).toEqual([
      { actor_name: 'eda', target_id: 'eda', summary: 'name "Eda Editor"', ip: '198.51.100.40' },
      { actor_name: 'eda', target_id: 'eda', summary: 'name "Eda Editor" → "Eda Evans"', ip: '198.51.100.40' },
    ]);

    await api().post('/api/account/display-name').set('Origin', ORIGIN).send({ displayName: 'Nobody' }).expect(401);
    await api().post('/api/account/display-name').set({ Cookie: eda.cookie, Origin: ORIGIN }).send({ displayName: 'No Token' }).expect(403);
    expect((await api().get('/api/account').set(eda.headers).expect(200)).body.displayName).toBe('Eda Evans');
  });

  it('lists your sessions with device, address and times, and ends one of them', async () => {
    const laptop = await signInFrom(FIREFOX, '198.51.100.7');
    const phone = await signInFrom(SAFARI, '203.0.113.9');
    const list = await api().get('/api/account/sessions').set(laptop.headers).expect(200);
    expect(list.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ current: true, device: 'Firefox on Windows', ip: '198.51.100.7' }),
        expect.objectContaining({ current: false, device: 'Safari on iOS', ip: '203.0.113.9' }),
      ]),
    );
    const phoneSession = list.body.find((session: { device: string }) => session.device === 'Safari on iOS');
    await api().delete(`/api/account/sessions/${phoneSession.id}`).set(laptop.headers).expect(204);
    await api().get('/api/auth/session').set('Cookie', phone.cookie).expect(401);
    await api().delete(`/api/account/sessions/${phoneSession.id}`).set(laptop.headers).expect(404);
    // Another account's session cannot be ended from here.
    const other = await signInAsAdmin(t, { username: 'someone-else' });
    const others = await api().get('/api/account/sessions').set(other.headers).expect(200);
    await api().delete(`/api/account/sessions/${others.body[0].id}`).set(laptop.headers).expect(404);
    await api().get('/api/auth/session').set('Cookie', other.cookie).expect(200);
    expect(await t.db('audit_log').where({ action: 'account.session-end' }).count('* as count')).toEqual([{ count: expect.anything() }]);
  });

  it('changes your password with the current one, ending your other sessions only', async () => {
    const here = await signInFrom(FIREFOX, '198.51.100.7');
    const elsewhere = await signInFrom(SAFARI, '203.0.113.9');
    const wrong = await api().post('/api/account/password').set(here.headers).send({ currentPassword: 'not it at all', newPassword: 'a brand new password' }).expect(400);
    expect(wrong.body.fields).toEqual({ currentPassword: messages.account.wrongCurrentPassword });
    const short = await api().post('/api/account/password').set(here.headers).send({ currentPassword: TEST_ADMIN.password, newPassword: 'short' }).expect(400);
    expect(short.body.fields).toEqual({ newPassword: expect.stringContaining('12') });
    const changed = await api().post('/api/account/password').set(here.headers).send({ currentPassword: TEST_ADMIN.password, newPassword: 'a brand new password' }).expect(204);
    // This browser stays signed in under a new session id: the old cookie opens nothing any more.
    const renewed = sessionCookieFrom(changed.headers['set-cookie']);
    expect(renewed).toBeDefined();
    expect(renewed).not.toEqual(here.cookie);
    await api().get('/api/auth/session').set('Cookie', here.cookie).expect(401);
    const session = await api().get('/api/auth/session').set('Cookie', renewed!).expect(200);
    // The same CSRF token goes on with it, so the open dashboard keeps working.
    expect(session.body.csrfToken).toBe(here.headers['X-CSRF-Token']);
    await api().get('/api/account/sessions').set({ ...here.headers, Cookie: renewed! }).expect(200);
    await api().get('/api/auth/session').set('Cookie', elsewhere.cookie).expect(401);
    await signInFrom(FIREFOX, '198.51.100.8', 'a brand new password');
    const rows = await t.db('audit_log').where({ action: 'account.password-change' }).select('actor_name', 'target_id');
    expect(rows).toEqual([{ actor_name: TEST_ADMIN.username, target_id: TEST_ADMIN.username }]);
  });

  it('throttles guesses of the current password like sign-ins', async () => {
    const here = await signInFrom(FIREFOX, '198.51.100.20', 'a brand new password');
    for (let i = 0; i < 5; i++) await api().post('/api/account/password').set({ ...here.headers, 'X-Forwarded-For': '198.51.100.20' }).send({ currentPassword: `guess ${i}`, newPassword: 'another new password' }).expect(400);
    const refused = await api().post('/api/account/password').set({ ...here.headers, 'X-Forwarded-For': '198.51.100.20' }).send({ currentPassword: 'a brand new password', newPassword: 'another new password' }).expect(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
