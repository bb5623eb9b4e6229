import type { Context, Middleware } from 'koa';
import type { Config } from '../config';
import { type AdminAuth, type AdminSessionState, CHALLENGE_MS, DEVICE_COOKIE_MS, type DeviceCookie, REMEMBER_ME_MS } from '../auth';
import { audienceOf } from '../path-audience';
import { isSameOriginRequest } from './same-origin';

declare module 'koa' {
  interface DefaultState {
    /** The live session behind the request's cookie (set together with `admin`). */
    adminSession?: AdminSessionState;
    /** Whether the request comes from our own pages (see `isSameOriginRequest`). */
    sameOrigin?: boolean;
  }
}

type CookieConfig = Pick<Config, 'isProduction'>;

/**
 * The session cookie's name: in production `__Host-sid`, which browsers accept only with Secure,
 * Path=/ and no Domain, so no other site or subdomain can plant or read it. Plain `sid` elsewhere,
 * because a Secure cookie would not come back over http://localhost.
 */
export function sessionCookieName({ isProduction }: CookieConfig): string {
  return isProduction ? '__Host-sid' : 'sid';
}

/**
 * The device cookie's name, `__Host-` prefixed in production like the session cookie. It is only
 * ever read by the login, so it is `SameSite=Strict`: no other site can make a browser send it.
 */
export function deviceCookieName({ isProduction }: CookieConfig): string {
  return isProduction ? '__Host-admin-device' : 'admin-device';
}

/**
 * Writes the Set-Cookie header by hand: Koa's cookie helper refuses a Secure cookie on a request it
 * believes is plain HTTP, which is every request behind a TLS proxy when TRUST_PROXY is off.
 */
function setCookie(
  ctx: Context,
  config: CookieConfig,
  cookie: { name: string; value: string; sameSite: 'Lax' | 'Strict'; lifetime?: { maxAgeMs: number; expires: Date } },
): void {
  const parts = [`${cookie.name}=${cookie.value}`, 'Path=/', 'HttpOnly', `SameSite=${cookie.sameSite}`];
  if (config.isProduction) parts.push('Secure');
  if (cookie.lifetime) parts.push(`Max-Age=${Math.floor(cookie.lifetime.maxAgeMs / 1000)}`, `Expires=${cookie.lifetime.expires.toUTCString()}`);
  ctx.append('Set-Cookie', parts.join('; '));
}

/**
 * Called right after login. Remember me → a persistent cookie living as long as the session;
 * otherwise a browser-session cookie (no Max-Age or Expires), gone when the browser closes.
 */
export function setSessionCookie(ctx: Context, config: CookieConfig, sessionId: string, session: AdminSessionState): void {
  const lifetime = session.remember ? { maxAgeMs: REMEMBER_ME_MS, expires: session.expiresAt } : undefined;
  setCookie(ctx, config, { name: sessionCookieName(config), value: sessionId, sameSite: 'Lax', lifetime });
}

export function clearSessionCookie(ctx: Context, config: CookieConfig): void {
  setCookie(ctx, config, { name: sessionCookieName(config), value: '', sameSite: 'Lax', lifetime: { maxAgeMs: 0, expires: new Date(0) } });
}

export function readSessionId(ctx: Context, config: CookieConfig): string | undefined {
  return ctx.cookies.get(sessionCookieName(config)) || undefined;
}

/** Called right after login: the browser is a known device of that account for `DEVICE_COOKIE_MS`, logout or not. */
export function setDeviceCookie(ctx: Context, config: CookieConfig, device: DeviceCookie): void {
  setCookie(ctx, config, { name: deviceCookieName(config), value: device.token, sameSite: 'Strict', lifetime: { maxAgeMs: DEVICE_COOKIE_MS, expires: device.expiresAt } });
}

/**
 * The cookie standing in for a right password while the no-JavaScript form asks for the second
 * factor: strict, short-lived, and useless without a valid code.
 */
export function challengeCookieName({ isProduction }: CookieConfig): string {
  return isProduction ? '__Host-admin-2fa' : 'admin-2fa';
}

export function setChallengeCookie(ctx: Context, config: CookieConfig, token: string, expiresAt: Date): void {
  setCookie(ctx, config, { name: challengeCookieName(config), value: token, sameSite: 'Strict', lifetime: { maxAgeMs: CHALLENGE_MS, expires: expiresAt } });
}

export function clearChallengeCookie(ctx: Context, config: CookieConfig): void {
  setCookie(ctx, config, { name: challengeCookieName(config), value: '', sameSite: 'Strict', lifetime: { maxAgeMs: 0, expires: new Date(0) } });
}

export function readChallengeToken(ctx: Context, config: CookieConfig): string | undefined {
  return ctx.cookies.get(challengeCookieName(config)) || undefined;
}

export function readDeviceToken(ctx: Context, config: CookieConfig): string | undefined {
  return ctx.cookies.get(deviceCookieName(config)) || undefined;
}

/**
 * Loads the admin session behind the cookie for admin pages and API calls: puts the admin on
 * `ctx.state.admin` and the session (with its CSRF token) on `ctx.state.adminSession`. A cookie
 * whose session is unknown or timed out is cleared. Each route's declaration (`allow.*`) then decides what needs one.
 */
export function adminSession({ auth, config }: { auth: AdminAuth; config: Pick<Config, 'isProduction' | 'publicUrl'> }): Middleware {
  const publicOrigin = new URL(config.publicUrl).origin;
  return async (ctx, next) => {
    // Public pages never see a session; the back office's pages and the API may act for one.
    const audience = audienceOf(ctx.path);
    if (audience === 'site') return next();
    ctx.state.sameOrigin = isSameOriginRequest(ctx, publicOrigin);
    const sessionId = readSessionId(ctx, config);
    if (sessionId) {
      const found = await auth.resolveSession(sessionId);
      if (found) {
        ctx.state.admin = found.admin;
        ctx.state.adminSession = found.session;
        ctx.state.twoFactorSetupRequired = auth.setupRequired(found.admin);
      } else {
        clearSessionCookie(ctx, config);
      }
    }
    await next();
  };
}
