import { startingSiteContent } from '../../shared/content/defaults';
import request from 'supertest';
import { adminLoginMessages } from '../../shared/admin-auth';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { SYSTEM_ACTOR } from '../services/audit';
import { deviceCookieFrom, sessionCookieFrom, signInAsAdmin, TEST_ADMIN } from '../../tests/helpers/admin-session';
import { adminDashboardMeta } from '../../views/pages/AdminDashboardPage';
import { adminLoginMeta } from '../../views/pages/AdminLoginPage';
import { dashboardReturnPath } from './admin-pages';

const ORIGIN = 'https://agency.test';

function postForm(t: TestApp, path: string, form: Record<string, string>, headers: Record<string, string> = { Origin: ORIGIN }) {
  return request(t.app.callback()).post(path).set(headers).type('form').send(form);
}

async function sessionCount(t: TestApp): Promise<number> {
  return Number((await t.db('admin_sessions').count<{ c: string }[]>('* as c'))[0]!.c);
}

describe('admin pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { adminAuthOptions: { failureDelayMs: 0 } });
    await signInAsAdmin(t);
  });
  afterAll(() => t.destroy());
  beforeEach(() => t.db('login_failures').delete());

  it.each(['/admin/dashboard', '/admin/dashboard/forms/quote', '/admin/dashboard/portfolio/123'])(
    'GET %s without a session shows the login screen: no chrome, noindex, no-store, coming back to the same path',
    async (path) => {
      const response = await request(t.app.callback()).get(path);
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
      expect(response.text).toContain('action="/admin/login"');
      expect(response.text).toContain(`name="returnTo" value="${path}"`);
      expect(response.text).toMatch(/<input id="admin-username" [^>]*name="username"/);
      expect(response.text).toContain('type="password"');
      expect(response.text).toContain('name="remember"');
      expect(response.text).not.toContain('site-header');
      expect(response.text).not.toContain('site-footer');
      expect(response.text).toContain(`<title>${adminLoginMeta(startingSiteContent()).title} |`);
    },
  );

  it('GET /admin/dashboard/… with a session shows the dashboard with the session’s CSRF token, never cached', async () => {
    const session = await signInAsAdmin(t);
    for (const path of ['/admin/dashboard', '/admin/dashboard/forms/contact']) {
      const response = await request(t.app.callback()).get(path).set('Cookie', session.cookie);
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.text).toContain(`<title>${adminDashboardMeta.title} |`);
      expect(response.text).toContain('noindex');
      expect(response.text).not.toContain('action="/admin/login"');
    }
    expect((await request(t.app.callback()).get('/admin')).headers.location).toBe('/admin/dashboard');
    expect((await request(t.app.callback()).get('/admin/login')).headers.location).toBe('/admin/dashboard');
  });

  it('gives the dashboard the agency’s time zone as Settings have it now, to show every date in it', async () => {
    const session = await signInAsAdmin(t);
    const zoneOfPage = async () => {
      const response = await request(t.app.callback()).get('/admin/dashboard').set('Cookie', session.cookie);
      const props = response.text.match(/data-island="AdminDashboard"[^>]*data-props="([^"]*)"/)![1]!.replace(/&quot;/g, '"');
      return (JSON.parse(props) as { timeZone: string }).timeZone;
    };
    const before = t.settings.current().timeZone;
    try {
      await t.settings.update({ timeZone: 'Asia/Tokyo' }, SYSTEM_ACTOR);
      expect(await zoneOfPage()).toBe('Asia/Tokyo');
    } finally {
      await t.settings.update({ timeZone: before }, SYSTEM_ACTOR);
    }
    expect(await zoneOfPage()).toBe(before);
  });

  it('POST /admin/login (no JavaScript) signs in and redirects 303 to the dashboard path', async () => {
    const response = await postForm(t, '/admin/login', { ...TEST_ADMIN, remember: 'on', returnTo: '/admin/dashboard/portfolio' });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/admin/dashboard/portfolio');
    const cookie = sessionCookieFrom(response.headers['set-cookie'])!;
    expect((response.headers['set-cookie'] as unknown as string[])[0]).toContain('Max-Age=2592000');
    expect(deviceCookieFrom(response.headers['set-cookie'])).toMatch(/^admin-device=[\w-]{43}$/);
    const dashboard = await request(t.app.callback()).get('/admin/dashboard/portfolio').set('Cookie', cookie);
    expect(dashboard.text).toContain(`<title>${adminDashboardMeta.title} |`);
  });

  it('a failed form login re-renders the form with the error and the username kept; 429 once throttled', async () => {
    const failed = await postForm(t, '/admin/login', { username: 'Someone<b>', password: 'wrong password', remember: 'on', returnTo: '/admin/dashboard/forms/quote' });
    expect(failed.status).toBe(401);
    expect(failed.headers['cache-control']).toBe('no-store');
    expect(failed.headers['set-cookie']).toBeUndefined();
    expect(failed.text).toContain(`role="alert">${adminLoginMessages.invalid}</p>`);
    expect(failed.text).toContain('value="Someone&lt;b&gt;"');
    expect(failed.text).toContain('value="/admin/dashboard/forms/quote"');
    expect(failed.text).toMatch(/<input type="checkbox" name="remember" checked=""/);
    expect(failed.text).not.toContain('wrong password');

    for (let i = 0; i < 4; i += 1) await postForm(t, '/admin/login', { username: 'someone<b>', password: 'wrong password' });
    const throttled = await postForm(t, '/admin/login', { username: 'someone<b>', password: 'wrong password' });
    expect(throttled.status).toBe(429);
    const retryAfter = Number(throttled.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(throttled.text).toContain(adminLoginMessages.throttled(retryAfter));

    const empty = await postForm(t, '/admin/login', { username: 'x' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain(adminLoginMessages.required);
  });

  it('a cross-site form login is refused with 403 and signs nobody in', async () => {
    const before = await sessionCount(t);
    const response = await postForm(t, '/admin/login', { ...TEST_ADMIN }, { Origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await sessionCount(t)).toBe(before);
  });

  it('only dashboard paths are accepted to come back to', () => {
    expect(dashboardReturnPath('/admin/dashboard/forms/quote')).toBe('/admin/dashboard/forms/quote');
    for (const bad of ['//evil.example', 'https://evil.example/admin/dashboard', '/admin/dashboardx', '/admin/dashboard/../../x', '/admin/dashboard/%2e%2e/%2e%2e/x', '/', 42, undefined]) {
      expect(dashboardReturnPath(bad)).toBe('/admin/dashboard');
    }
  });

  it('POST /admin/logout (no JavaScript) needs the csrf field, then ends the session and goes to /', async () => {
    const session = await signInAsAdmin(t);
    const before = await sessionCount(t);
    const refused = await postForm(t, '/admin/logout', { csrf: 'wrong' }, { Origin: ORIGIN, Cookie: session.cookie });
    expect(refused.status).toBe(403);
    const crossSite = await postForm(t, '/admin/logout', { csrf: session.csrfToken }, { Origin: 'https://evil.example', Cookie: session.cookie });
    expect(crossSite.status).toBe(403);
    expect(await sessionCount(t)).toBe(before);

    const response = await postForm(t, '/admin/logout', { csrf: session.csrfToken }, { Origin: ORIGIN, Cookie: session.cookie });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/');
    expect(sessionCookieFrom(response.headers['set-cookie'])).toBe('sid=');
    expect(await sessionCount(t)).toBe(before - 1);
    const after = await request(t.app.callback()).get('/admin/dashboard').set('Cookie', session.cookie);
    expect(after.text).toContain('action="/admin/login"');
  });

  it('public pages never look at the session cookie', async () => {
    const session = await signInAsAdmin(t);
    for (const cookie of [session.cookie, 'sid=stale-or-forged']) {
      const response = await request(t.app.callback()).get('/about').set('Cookie', cookie);
      expect(response.status).toBe(200);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers['cache-control']).toContain('public');
    }
  });

  it('GET never signs out', async () => {
    const session = await signInAsAdmin(t);
    expect((await request(t.app.callback()).get('/admin/logout').set('Cookie', session.cookie)).status).toBe(404);
    expect((await request(t.app.callback()).get('/api/auth/logout').set('Cookie', session.cookie)).status).toBe(404);
    expect((await request(t.app.callback()).get('/api/auth/session').set('Cookie', session.cookie)).status).toBe(200);
  });
});
