import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { HttpError } from '../http-errors';
import { messages } from '../messages';
import type { AdminRole } from '../../shared/admin-auth';

/** The signed-in admin, put on `ctx.state.admin` by the session middleware when a valid session exists. */
export interface AdminIdentity {
  id: number;
  username: string;
  role: AdminRole;
  twoFactor: boolean;
}

declare module 'koa' {
  interface DefaultState {
    admin?: AdminIdentity;
    /** The owners require two-factor and this admin has none: only its setup (and sign-out) is open. */
    twoFactorSetupRequired?: boolean;
  }
}

/** Methods that never change state, so they need no CSRF token. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameSecret(given: string, expected: string): boolean {
  // Comparing fixed-length digests keeps the comparison constant-time whatever the lengths.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Refuses (403) a state-changing admin request that does not come from our own pages or does not
 * carry this session's CSRF token. Exported for the no-JavaScript forms, which send the token as a
 * form field instead of the `X-CSRF-Token` header.
 */
export function assertCsrf(ctx: Context, token: string | undefined): void {
  if (!ctx.state.sameOrigin) throw new HttpError(403, messages.admin.crossSiteRefused);
  const expected = ctx.state.adminSession?.csrfToken;
  if (!token || !expected || !sameSecret(token, expected)) throw new HttpError(403, messages.admin.badCsrfToken);
}

/**
 * The request's CSRF token: `X-CSRF-Token`, or on routes that take plain HTML form posts
 * (`formPosts`) a urlencoded body's `csrf` field. That field is taken out of the body, so the
 * handler validates the form's own fields only.
 */
function csrfTokenOf(ctx: Context, formPosts: boolean): string | undefined {
  let field: string | undefined;
  if (formPosts && ctx.is('application/x-www-form-urlencoded')) {
    const { csrf, ...fields } = (ctx.request.body ?? {}) as { [field: string]: NonNullable<Context['request']['body']> };
    ctx.request.body = fields;
    if (typeof csrf === 'string') field = csrf;
  }
  return ctx.get('X-CSRF-Token') || field;
}

/**
 * Guards admin-only routes: without a signed-in admin the answer is 401 and the handler never runs;
 * a state-changing method also needs the session's token (in `X-CSRF-Token`, or with `formPosts`
 * also as a form's `csrf` field) and a same-origin request, else 403; an account that must first
 * set up two-factor sign-in gets 403 too, except on the routes that say `duringTwoFactorSetup`. The
 * session itself comes from the admin session middleware in `server/app.ts`.
 */
export function requireAdmin({ duringTwoFactorSetup = false, formPosts = false }: { duringTwoFactorSetup?: boolean; formPosts?: boolean } = {}): Middleware {
  return async (ctx, next) => {
    if (!ctx.state.admin || !ctx.state.adminSession) throw new HttpError(401, messages.admin.notSignedIn);
    if (!SAFE_METHODS.has(ctx.method)) assertCsrf(ctx, csrfTokenOf(ctx, formPosts));
    // An account the owners' two-factor rule sent to set it up can do that (and sign out) only.
    if (ctx.state.twoFactorSetupRequired && !duringTwoFactorSetup) throw new HttpError(403, messages.twoFactor.setupRequired);
    await next();
  };
}

/**
 * Guards routes only some roles may use, after `requireAdmin()`: another role's call is answered
 * 403 before its handler runs, so it changes nothing.
 */
export function requireRole(...roles: AdminRole[]): Middleware {
  return async (ctx, next) => {
    if (!ctx.state.admin || !roles.includes(ctx.state.admin.role)) throw new HttpError(403, messages.admin.notYourRole);
    await next();
  };
}

/** The signed-in admin as the audit trail names them (behind requireAdmin(), so always there). */
export function adminActor(ctx: Context): { id: number; name: string } {
  const admin = ctx.state.admin;
  if (!admin) throw new HttpError(401, messages.admin.notSignedIn);
  return { id: admin.id, name: admin.username };
}
