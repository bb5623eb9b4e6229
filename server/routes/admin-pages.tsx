import type Router from '@koa/router';
import type { Context } from 'koa';
import { AdminDashboardPage, adminDashboardMeta } from '../../views/pages/AdminDashboardPage';
import { AdminLoginPage, adminLoginMeta, type AdminLoginPageProps } from '../../views/pages/AdminLoginPage';
import { allow, assertCsrf, createRouter, csrfTokenOf } from '../middleware/access';
import type { SendPage } from '../render/send-page';
import { adminLoginMessages, LOGIN_INPUT_MAX, signInPrefill } from '../../shared/admin-auth';
import { DASHBOARD_PATH } from '../../shared/lead-facts';
import { completeSignIn, signIn, signOut, type AdminAuthRouteDeps, type SignInResult } from './admin-auth';

type LoginStep = 'password' | 'code';


/**
 * What the no-JavaScript login screen shows again for a sign-in that is not complete: its status,
 * which step (the password, or the second factor's code), and the message.
 */
function loginAnswer(result: Exclude<SignInResult, { outcome: 'signed-in' }>, step: LoginStep): [number, LoginStep, string | undefined] {
  switch (result.outcome) {
    case 'incomplete':
      return [400, step, step === 'code' ? adminLoginMessages.codeRequired : adminLoginMessages.required];
    case 'invalid':
      return [401, 'password', adminLoginMessages.invalid];
    case 'throttled':
      return [429, step, result.codeMayPass ? adminLoginMessages.throttledCodeMayPass(result.retryAfterSeconds) : adminLoginMessages.throttled(result.retryAfterSeconds)];
    case 'second-factor-required':
      return [200, 'code', undefined];
    case 'invalid-code':
      return [401, 'code', adminLoginMessages.invalidCode];
    case 'challenge-expired':
      return [400, 'password', adminLoginMessages.challengeExpired];
  }
}

/** The dashboard or one of its views: plain segments under `DASHBOARD_PATH`, no dot-segments. */
const DASHBOARD_VIEW_PATH = new RegExp(`^${DASHBOARD_PATH}(?:/[\\w~-][\\w.~-]*)*/?$`);

/** A dashboard path to come back to after login; anything else (another site, another area) falls back to the dashboard. */
export function dashboardReturnPath(value: unknown): string {
  return typeof value === 'string' && DASHBOARD_VIEW_PATH.test(value) ? value : DASHBOARD_PATH;
}

/**
 * The admin pages: `/admin/dashboard` and every view under it (the dashboard keeps its view in the
 * path) show the dashboard with a session and the login screen without one; the no-JavaScript
 * login and logout forms post here. Nothing is cacheable and GET never changes state. The dashboard
 * is given the agency's time zone (Settings) as it is now, to show every date in it.
 */
export function adminPageRoutes(send: SendPage, deps: AdminAuthRouteDeps & { timeZone: () => string }): Router {
  const router = createRouter();

  const sendLogin = (ctx: Context, status: number, props: AdminLoginPageProps) =>
    send(ctx, { path: props.returnTo, meta: adminLoginMeta, page: <AdminLoginPage {...props} /> }, { status, cacheable: false });

  const dashboard = (ctx: Context) => {
    const { admin, adminSession } = ctx.state;
    // After a password is set, the form comes with the username filled in (`signInAfterPasswordUrl`).
    if (!admin || !adminSession) return sendLogin(ctx, 200, { returnTo: dashboardReturnPath(ctx.path), ...signInPrefill(ctx.query) });
    // The query too: the inbox's filters live in it.
    const page = (
      <AdminDashboardPage
        admin={{ username: admin.username, role: admin.role, displayName: admin.displayName }}
        csrfToken={adminSession.csrfToken}
        twoFactorSetupRequired={Boolean(ctx.state.twoFactorSetupRequired)}
        path={ctx.url}
        timeZone={deps.timeZone()}
      />
    );
    send(ctx, { meta: adminDashboardMeta, page }, { cacheable: false });
  };

  // `/admin/login` is only posted to; reaching it by address (a bookmark of a failed attempt) leads to the login screen.
  router.get(['/admin', '/admin/login'], allow.anyone, (ctx) => ctx.redirect(DASHBOARD_PATH));
  router.get(DASHBOARD_PATH, allow.anyone, dashboard);
  router.get(`${DASHBOARD_PATH}/{*view}`, allow.anyone, dashboard);

  router.post('/admin/login', allow.anyoneFromOurPages, async (ctx) => {
    const form = (ctx.request.body ?? {}) as Record<string, unknown>;
    const returnTo = dashboardReturnPath(form.returnTo);
    const username = typeof form.username === 'string' ? form.username.slice(0, LOGIN_INPUT_MAX.username) : '';
    const remember = form.remember === 'on';
    // A refused request (403) or a failure (5xx) is thrown on to the error page; every outcome of
    // the sign-in itself shows the login screen again with its message.
    const step: LoginStep = form.step === 'code' ? 'code' : 'password';
    const result = step === 'code' ? await completeSignIn(ctx, deps, form.code) : await signIn(ctx, deps, form);
    if (result.outcome === 'signed-in') {
      ctx.status = 303;
      ctx.redirect(returnTo);
      return;
    }
    const [status, nextStep, error] = loginAnswer(result, step);
    // At the account's daily ceiling the password form asks for a code too (both in one post).
    const offerCode = result.outcome === 'throttled' && Boolean(result.codeMayPass);
    sendLogin(ctx, status, { returnTo, username, remember, error, step: nextStep, offerCode });
  });

  // Anyone may ask to sign out (a session that already ended is sent home all the same); ending a
  // session takes its CSRF token.
  router.post('/admin/logout', allow.anyoneFromOurPages, async (ctx) => {
    if (ctx.state.admin) {
      assertCsrf(ctx, csrfTokenOf(ctx));
      await signOut(ctx, deps);
    }
    ctx.status = 303;
    ctx.redirect('/');
  });

  return router;
}
