import { createHash, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type Koa from 'koa';
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
  /**
   * The name replies to clients are sent and signed as ("Maria Lopez"); null until the account
   * gives one. The audit trail names the account by its username (`adminActor`), not by this.
   */
  displayName: string | null;
  /** The account's e-mail address once confirmed, else null (with the name: what a reply it writes needs). */
  confirmedEmail: string | null;
}

declare module 'koa' {
  interface DefaultState {
    admin?: AdminIdentity;
    /** The owners require two-factor and this admin has none: only its setup (and sign-out) is open. */
    twoFactorSetupRequired?: boolean;
  }
}

/**
 * Who may call a route, declared once per route as the first middleware of its stack (`allow.*`):
 * - `anyone`: visitors' pages and calls. `from: 'our-pages'` also refuses a state-changing call that
 *   does not come from our own pages (signing in, setting a password, signing out); the session
 *   middleware tells that for back-office and API paths, so elsewhere such a call is refused.
 * - `admin` (any signed-in admin) and `owner`: without a session 401; another role 403; a
 *   state-changing call needs the session's CSRF token from our own pages, else 403; and unless
 *   `twoFactor` is `'setup-allowed'`, an account the owners' rule sends to set up two-factor sign-in
 *   first is refused 403. (Their answers, like every API and back-office answer, are kept by no
 *   cache: `uncachedApiAndBackOffice`.)
 */
export type Access =
  | { who: 'anyone'; from: 'anywhere' | 'our-pages' }
  | { who: 'admin' | 'owner'; twoFactor: 'complete' | 'setup-allowed' };

/** Methods that never change state, so they need no CSRF token. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameSecret(given: string, expected: string): boolean {
  // Comparing fixed-length digests keeps the comparison constant-time whatever the lengths.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Refuses (403) a state-changing admin request that does not come from our own pages or does not
 * carry this session's CSRF token. Exported for the no-JavaScript sign-out, which needs the token
 * only when there is a session to end.
 */
export function assertCsrf(ctx: Context, token: string | undefined): void {
  if (!ctx.state.sameOrigin) throw new HttpError(403, messages.admin.crossSiteRefused);
  const expected = ctx.state.adminSession?.csrfToken;
  if (!token || !expected || !sameSecret(token, expected)) throw new HttpError(403, messages.admin.badCsrfToken);
}

/**
 * The request's CSRF token: `X-CSRF-Token`, or for a plain HTML form post (urlencoded) its `csrf`
 * field. That field is taken out of the body, so the handler validates the form's own fields only.
 */
export function csrfTokenOf(ctx: Context): string | undefined {
  let field: string | undefined;
  if (ctx.is('application/x-www-form-urlencoded')) {
    const { csrf, ...fields } = (ctx.request.body ?? {}) as { [field: string]: NonNullable<Context['request']['body']> };
    ctx.request.body = fields;
    if (typeof csrf === 'string') field = csrf;
  }
  return ctx.get('X-CSRF-Token') || field;
}

/** Each guard's declaration, so the route table can be read back and checked. */
const declarations = new WeakMap<object, Access>();

function guard(access: Access): Middleware {
  const middleware: Middleware =
    access.who === 'anyone'
      ? (ctx, next) => {
          if (access.from === 'our-pages' && !SAFE_METHODS.has(ctx.method) && !ctx.state.sameOrigin) throw new HttpError(403, messages.admin.crossSiteRefused);
          return next();
        }
      : (ctx, next) => {
          if (!ctx.state.admin || !ctx.state.adminSession) throw new HttpError(401, messages.admin.notSignedIn);
          if (!SAFE_METHODS.has(ctx.method)) assertCsrf(ctx, csrfTokenOf(ctx));
          if (ctx.state.twoFactorSetupRequired && access.twoFactor === 'complete') throw new HttpError(403, messages.twoFactor.setupRequired);
          if (access.who === 'owner' && ctx.state.admin.role !== 'owner') throw new HttpError(403, messages.admin.notYourRole);
          return next();
        };
  declarations.set(middleware, access);
  return middleware;
}

/** The declarations routes start with: `router.get(path, allow.admin, handler)`. */
export const allow = {
  anyone: guard({ who: 'anyone', from: 'anywhere' }),
  anyoneFromOurPages: guard({ who: 'anyone', from: 'our-pages' }),
  admin: guard({ who: 'admin', twoFactor: 'complete' }),
  /** Also open while the account must first set up two-factor sign-in (its setup, who it is, sign-out). */
  adminDuringTwoFactorSetup: guard({ who: 'admin', twoFactor: 'setup-allowed' }),
  owner: guard({ who: 'owner', twoFactor: 'complete' }),
} as const;

/**
 * A router for the app's routes: paths match exactly as written, letter case and trailing slash
 * included, so the route that runs is the route that was declared (other spellings are answered
 * by `canonicalUrl` before any router runs).
 */
export function createRouter(): Router {
  return new Router({ sensitive: true, strict: true });
}

export interface RouteEntry {
  method: string;
  path: string;
  access: Access | undefined;
}

type RouterLayer = Router['stack'][number];

/** The routers mounted on `app` (each router's middleware points back to it). */
function routersOf(app: Koa): Router[] {
  return app.middleware.flatMap((middleware) => {
    const router = (middleware as { router?: Router }).router;
    return router ? [router] : [];
  });
}

/** Every method and path the app's routers answer, with its declaration (HEAD goes with GET). */
export function routeTableOf(app: Koa): RouteEntry[] {
  return routersOf(app).flatMap((router) =>
    router.stack.flatMap((layer: RouterLayer) =>
      layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ method, path: String(layer.path), access: declarations.get(layer.stack[0]!) })),
    ),
  );
}

/**
 * Refuses to start an app with a route that declares no access, or a router that matches paths
 * loosely or runs middleware of its own in front of routes (`router.use`): deny by default.
 */
export function assertEveryRouteDeclared(app: Koa): void {
  const problems: string[] = [];
  for (const router of routersOf(app)) {
    for (const layer of router.stack as RouterLayer[]) {
      const name = `${layer.methods.filter((method) => method !== 'HEAD').join(',') || 'USE'} ${String(layer.path)}`;
      if (layer.methods.length === 0) problems.push(`${name}: router.use() runs before any declaration; declare access on each route instead`);
      else if (!declarations.has(layer.stack[0]!)) problems.push(`${name}: no access declared (start the route with allow.*)`);
      if (!layer.opts.sensitive || !layer.opts.strict) problems.push(`${name}: matches other spellings (create the router with createRouter())`);
    }
  }
  if (problems.length > 0) throw new Error(`Routes refused:\n${problems.join('\n')}`);
}

/** The signed-in admin as the audit trail names them; 401 if there is none. */
export function adminActor(ctx: Context): { id: number; name: string } {
  const admin = ctx.state.admin;
  if (!admin) throw new HttpError(401, messages.admin.notSignedIn);
  return { id: admin.id, name: admin.username };
}
