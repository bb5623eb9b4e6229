import Router from '@koa/router';
import type { Context } from 'koa';
import type { Config } from '../config';
import { RateLimitedError, ValidationError } from '../errors';
import { HttpError } from '../http-errors';
import { messages } from '../messages';
import { clearSessionCookie, readDeviceToken, readSessionId, setDeviceCookie, setSessionCookie } from '../middleware/admin-session';
import { requireAdmin } from '../middleware/require-admin';
import type { AdminAuth, LoginResult } from '../services/admin-auth';
import { adminLoginMessages, adminLoginSchema, type AdminLoginAnswer } from '../../shared/admin-auth';

export interface AdminAuthRouteDeps {
  auth: AdminAuth;
  config: Pick<Config, 'isProduction'>;
}

/** How a sign-in ended: the login's own outcomes, or `incomplete` when the form lacked a field. */
export type SignInResult = LoginResult | { outcome: 'incomplete' };

/**
 * Signs in from a login form: same-origin only (a cross-site page must not be able to log a
 * browser into an account of its choosing), the old session rotated out, the session and device
 * cookies set on success, `Retry-After` when throttled. Shared by the JSON API and the
 * no-JavaScript form; they differ only in how they answer.
 */
export async function signIn(ctx: Context, { auth, config }: AdminAuthRouteDeps, body: unknown): Promise<SignInResult> {
  if (!ctx.state.sameOrigin) throw new HttpError(403, messages.admin.crossSiteRefused);
  const parsed = adminLoginSchema.safeParse(body ?? {});
  if (!parsed.success) return { outcome: 'incomplete' };
  const result = await auth.login(
    { ...parsed.data, ip: ctx.ip, userAgent: ctx.get('User-Agent') || undefined, previousSessionId: readSessionId(ctx, config), deviceToken: readDeviceToken(ctx, config) },
    ctx.state.log,
  );
  if (result.outcome === 'signed-in') {
    setSessionCookie(ctx, config, result.sessionId, result.session);
    setDeviceCookie(ctx, config, result.device);
  }
  if (result.outcome === 'throttled') ctx.set('Retry-After', String(result.retryAfterSeconds));
  return result;
}

/** Ends the request's session and clears its cookie (the caller has checked the CSRF token). */
export async function signOut(ctx: Context, { auth, config }: AdminAuthRouteDeps): Promise<void> {
  if (ctx.state.adminSession && ctx.state.admin) await auth.logout(ctx.state.adminSession, ctx.state.admin, ctx.state.log);
  clearSessionCookie(ctx, config);
}

/**
 * The JSON login: `POST /api/auth/login`, `POST /api/auth/logout`, and `GET /api/auth/session`
 * (who is signed in, with the session's CSRF token; 401 without a session).
 */
export function adminAuthApiRoutes(deps: AdminAuthRouteDeps): Router {
  const router = new Router({ prefix: '/api/auth' });

  router.get('/session', requireAdmin(), (ctx) => {
    const answer: AdminLoginAnswer = { username: ctx.state.admin!.username, role: ctx.state.admin!.role, csrfToken: ctx.state.adminSession!.csrfToken };
    ctx.body = answer;
  });

  router.post('/login', async (ctx) => {
    const result = await signIn(ctx, deps, ctx.request.body);
    ctx.set('Cache-Control', 'no-store');
    if (result.outcome === 'incomplete') throw new ValidationError(adminLoginMessages.required);
    if (result.outcome === 'throttled') throw new RateLimitedError(adminLoginMessages.throttled(result.retryAfterSeconds), result.retryAfterSeconds);
    if (result.outcome === 'invalid') throw new HttpError(401, adminLoginMessages.invalid);
    const answer: AdminLoginAnswer = { username: result.admin.username, role: result.admin.role, csrfToken: result.session.csrfToken };
    ctx.body = answer;
  });

  router.post('/logout', requireAdmin(), async (ctx) => {
    await signOut(ctx, deps);
    ctx.status = 204;
  });

  return router;
}
