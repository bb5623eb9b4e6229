import request from 'supertest';
import { findAdminUserByUsername } from '../../server/db/admin-users';
import { createLogger } from '../../server/logger';
import { createAdminAuth } from '../../server/auth';
import type { TestApp } from './test-app';
import type { AdminRole } from '../../shared/admin-auth';

export const TEST_ADMIN = { username: 'test-admin', password: 'correct horse battery staple' } as const;

export interface AdminTestSession {
  username: string;
  /** `sid=…` (or `__Host-sid=…` in production), ready for a `Cookie` header. */
  cookie: string;
  csrfToken: string;
  /** Everything a same-origin, signed-in, state-changing request carries: `.set(session.headers)`. */
  headers: { Cookie: string; 'X-CSRF-Token': string; Origin: string };
}

function cookieFrom(setCookie: string | string[] | undefined, name: RegExp): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.find((value) => name.test(value))?.split(';')[0];
}

/** The `name=value` part of the session cookie a response sets. */
export function sessionCookieFrom(setCookie: string | string[] | undefined): string | undefined {
  return cookieFrom(setCookie, /^(__Host-)?sid=/);
}

/** The `name=value` part of the device cookie a successful login sets. */
export function deviceCookieFrom(setCookie: string | string[] | undefined): string | undefined {
  return cookieFrom(setCookie, /^(__Host-)?admin-device=/);
}

/**
 * Creates an admin in the test database (unless one with that name exists) and signs in through
 * the real login API, returning the cookie and CSRF token other tests send.
 */
export async function signInAsAdmin(
  t: TestApp,
  {
    username = TEST_ADMIN.username,
    password = TEST_ADMIN.password,
    remember = false,
    role = 'owner',
  }: { username?: string; password?: string; remember?: boolean; role?: AdminRole } = {},
): Promise<AdminTestSession> {
  if (!(await findAdminUserByUsername(t.db, username))) {
    await createAdminAuth({ db: t.db, logger: createLogger('silent') }).createAdmin(username, password, role);
  }
  const origin = new URL(t.config.publicUrl).origin;
  const response = await request(t.app.callback())
    .post('/api/auth/login')
    .set('Origin', origin)
    .send({ username, password, remember });
  if (response.status !== 200) throw new Error(`signInAsAdmin: login answered ${response.status} ${JSON.stringify(response.body)}`);
  const cookie = sessionCookieFrom(response.headers['set-cookie']);
  if (!cookie) throw new Error('signInAsAdmin: the login set no session cookie');
  const csrfToken = (response.body as { csrfToken: string }).csrfToken;
  return { username, cookie, csrfToken, headers: { Cookie: cookie, 'X-CSRF-Token': csrfToken, Origin: origin } };
}
