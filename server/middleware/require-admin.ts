import type { Middleware } from 'koa';
import { HttpError } from '../http-errors';

/** The signed-in admin, put on `ctx.state.admin` by the session middleware when a valid session exists. */
export interface AdminIdentity {
  id: number;
  username: string;
}

declare module 'koa' {
  interface DefaultState {
    admin?: AdminIdentity;
  }
}

export const notSignedIn = 'Please sign in as an admin to do this.';

/**
 * Guards admin-only routes: without a signed-in admin on the request the answer is 401 and the
 * handler never runs. Sessions (and CSRF checks on state-changing requests) come from the admin
 * session middleware composed in `server/app.ts`.
 */
export function requireAdmin(): Middleware {
  return async (ctx, next) => {
    if (!ctx.state.admin) throw new HttpError(401, notSignedIn);
    await next();
  };
}
