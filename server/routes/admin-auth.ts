import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Config } from '../config';
import { RateLimitedError, ValidationError } from '../errors';
import { HttpError } from '../http-errors';
import {
  clearChallengeCookie,
  clearSessionCookie,
  readChallengeToken,
  readDeviceToken,
  readSessionId,
  setChallengeCookie,
  setDeviceCookie,
  setSessionCookie,
} from '../middleware/admin-session';
import { allow, createRouter } from '../middleware/access';
import type { AdminAuth, LoginResult } from '../auth';
import { adminLoginMessages, adminLoginSchema, LOGIN_INPUT_MAX, type AdminLoginAnswer } from '../../shared/admin-auth';
import { passkeyMessages } from '../../shared/passkeys';

export interface AdminAuthRouteDeps {
  auth: AdminAuth;
  config: Pick<Config, 'isProduction'>;
}

/**
 * How a sign-in ended: the login's own outcomes, `incomplete` when the form lacked a field, and
 * `challenge-expired` when the second step came without a live challenge (no-JavaScript form).
 */
export type SignInResult = LoginResult | { outcome: 'incomplete' } | { outcome: 'challenge-expired' };

/** Sets the cookies and headers an outcome calls for; the callers differ only in how they answer. */
function applyOutcome(ctx: Context, config: AdminAuthRouteDeps['config'], result: SignInResult): SignInResult {
  if (result.outcome === 'signed-in') {
    setSessionCookie(ctx, config, result.sessionId, result.session);
    setDeviceCookie(ctx, config, result.device);
    if (readChallengeToken(ctx, config)) clearChallengeCookie(ctx, config);
  }
  if (result.outcome === 'second-factor-required') setChallengeCookie(ctx, config, result.challengeToken, result.challengeExpiresAt);
  if (result.outcome === 'challenge-expired') clearChallengeCookie(ctx, config);
  if (result.outcome === 'throttled') ctx.set('Retry-After', String(result.retryAfterSeconds));
  return result;
}

/**
 * Signs in from a login form (its routes take our own pages only: a cross-site page must not be
 * able to log a browser into an account of its choosing), the old session rotated out, the session and device
 * cookies set on success, `Retry-After` when throttled. An account with two-factor sign-in needs
 * `code` too; without it the answer is `second-factor-required` and a challenge cookie that lets
 * the no-JavaScript form send the code alone (`completeSignIn`). Shared by the JSON API and the
 * no-JavaScript form; they differ only in how they answer.
 */
export async function signIn(ctx: Context, { auth, config }: AdminAuthRouteDeps, body: unknown): Promise<SignInResult> {
  const parsed = adminLoginSchema.safeParse(body ?? {});
  if (!parsed.success) return { outcome: 'incomplete' };
  const result = await auth.login(
    { ...parsed.data, ip: ctx.ip, userAgent: ctx.get('User-Agent') || undefined, previousSessionId: readSessionId(ctx, config), deviceToken: readDeviceToken(ctx, config) },
    ctx.state.log,
  );
  return applyOutcome(ctx, config, result);
}

/** The no-JavaScript form's second step: the code, with the challenge cookie a right password set. */
export async function completeSignIn(ctx: Context, { auth, config }: AdminAuthRouteDeps, code: unknown): Promise<SignInResult> {
  const challengeToken = readChallengeToken(ctx, config);
  if (!challengeToken) return applyOutcome(ctx, config, { outcome: 'challenge-expired' });
  if (typeof code !== 'string' || !code.trim() || code.length > LOGIN_INPUT_MAX.code) return { outcome: 'incomplete' };
  const result = await auth.completeChallenge(
    { challengeToken, code, ip: ctx.ip, userAgent: ctx.get('User-Agent') || undefined, previousSessionId: readSessionId(ctx, config), deviceToken: readDeviceToken(ctx, config) },
    ctx.state.log,
  );
  return applyOutcome(ctx, config, result);
}

/** Ends the request's session and clears its cookie (the caller has checked the CSRF token). */
export async function signOut(ctx: Context, { auth, config }: AdminAuthRouteDeps): Promise<void> {
  if (ctx.state.adminSession && ctx.state.admin) await auth.logout(ctx.state.adminSession, ctx.state.admin, ctx.state.log);
  clearSessionCookie(ctx, config);
}

/**
 * The JSON login: `POST /api/auth/login` (`{ username, password, remember?, code? }`; for an
 * account with two-factor sign-in, without `code` → `{ twoFactorRequired: true }` and no session),
 * `POST /api/auth/logout`, and `GET /api/auth/session` (who is signed in, with the session's CSRF
 * token; 401 without a session); `POST /api/auth/passkey/options` and `POST /api/auth/passkey/verify`
 * `{ response, remember? }` (signing in with a passkey: the same answer as the login's).
 */
export function adminAuthApiRoutes(deps: AdminAuthRouteDeps): Router {
  const router = createRouter();

  router.get('/api/auth/session', allow.adminDuringTwoFactorSetup, (ctx) => {
    const { admin, adminSession } = ctx.state;
    const answer: AdminLoginAnswer = { username: admin!.username, role: admin!.role, csrfToken: adminSession!.csrfToken, twoFactorSetupRequired: Boolean(ctx.state.twoFactorSetupRequired) };
    ctx.body = answer;
  });

  router.post('/api/auth/login', allow.anyoneFromOurPages, async (ctx) => {
    const result = await signIn(ctx, deps, ctx.request.body);
    switch (result.outcome) {
      case 'incomplete':
      case 'challenge-expired':
        throw new ValidationError(adminLoginMessages.required);
      case 'throttled':
        if (result.codeMayPass) {
          ctx.status = 429;
          ctx.body = { error: adminLoginMessages.throttledCodeMayPass(result.retryAfterSeconds), codeMayPass: true };
          return;
        }
        throw new RateLimitedError(adminLoginMessages.throttled(result.retryAfterSeconds), result.retryAfterSeconds);
      case 'invalid':
        throw new HttpError(401, adminLoginMessages.invalid);
      case 'invalid-code':
        ctx.status = 401;
        ctx.body = { error: adminLoginMessages.invalidCode, twoFactorRequired: true };
        return;
      case 'second-factor-required':
        ctx.body = { twoFactorRequired: true };
        return;
      case 'signed-in': {
        const answer: AdminLoginAnswer = { username: result.admin.username, role: result.admin.role, csrfToken: result.session.csrfToken, twoFactorSetupRequired: result.twoFactorSetupRequired };
        ctx.body = answer;
      }
    }
  });

  // Signing in with a passkey: the options (a challenge for any passkey of this site, no username),
  // then the browser's answer → the same answer as a password sign-in. Throttled like one; the
  // options (each a stored challenge) are limited per network (429 with Retry-After).
  router.post('/api/auth/passkey/options', allow.anyoneFromOurPages, async (ctx) => {
    ctx.body = await deps.auth.passkeys.signInOptions(ctx.ip);
  });

  router.post('/api/auth/passkey/verify', allow.anyoneFromOurPages, async (ctx) => {
    const result = await deps.auth.passkeys.signIn(
      ctx.request.body,
      { ip: ctx.ip, userAgent: ctx.get('User-Agent') || undefined, previousSessionId: readSessionId(ctx, deps.config), deviceToken: readDeviceToken(ctx, deps.config) },
      ctx.state.log,
    );
    switch (result.outcome) {
      case 'incomplete':
        throw new ValidationError(passkeyMessages.refused);
      case 'throttled':
        applyOutcome(ctx, deps.config, result);
        throw new RateLimitedError(adminLoginMessages.throttled(result.retryAfterSeconds), result.retryAfterSeconds);
      case 'invalid':
        throw new HttpError(401, passkeyMessages.refused);
      case 'signed-in': {
        applyOutcome(ctx, deps.config, result);
        const answer: AdminLoginAnswer = { username: result.admin.username, role: result.admin.role, csrfToken: result.session.csrfToken, twoFactorSetupRequired: result.twoFactorSetupRequired };
        ctx.body = answer;
      }
    }
  });

  router.post('/api/auth/logout', allow.adminDuringTwoFactorSetup, async (ctx) => {
    await signOut(ctx, deps);
    ctx.status = 204;
  });

  return router;
}
