import Router from '@koa/router';
import type { Context } from 'koa';
import { AdminDashboardPage, adminDashboardMeta } from '../../views/pages/AdminDashboardPage';
import { AdminLoginPage, adminLoginMeta, type AdminLoginPageProps } from '../../views/pages/AdminLoginPage';
import { HttpError } from '../http-errors';
import { assertCsrf } from '../middleware/require-admin';
import type { RenderPage } from '../render/render-page';
import { adminLoginMessages } from '../../shared/admin-auth';
import { signIn, signOut, type AdminAuthRouteDeps } from './admin-auth';

export const DASHBOARD_PATH = '/admin/dashboard';

/** A dashboard path to come back to after login; anything else (another site, another area) falls back to the dashboard. */
export function dashboardReturnPath(value: unknown): string {
  return typeof value === 'string' && /^\/admin\/dashboard(?:\/[\w~-][\w.~-]*)*\/?$/.test(value) ? value : DASHBOARD_PATH;
}

/**
 * The admin pages: `/admin/dashboard` and every view under it (the dashboard keeps its view in the
 * path) show the dashboard with a session and the login screen without one; the no-JavaScript
 * login and logout forms post here. Nothing is cacheable and GET never changes state.
 */
export function adminPageRoutes(renderPage: RenderPage, deps: AdminAuthRouteDeps): Router {
  const router = new Router();

  const sendLogin = (ctx: Context, status: number, props: AdminLoginPageProps) => {
    ctx.status = status;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = renderPage({ path: props.returnTo, meta: adminLoginMeta, page: <AdminLoginPage {...props} /> });
  };

  const dashboard = (ctx: Context) => {
    const { admin, adminSession } = ctx.state;
    if (!admin || !adminSession) return sendLogin(ctx, 200, { returnTo: dashboardReturnPath(ctx.path) });
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = renderPage({
      path: ctx.path,
      meta: adminDashboardMeta,
      page: <AdminDashboardPage admin={{ username: admin.username }} csrfToken={adminSession.csrfToken} />,
    });
  };

  // `/admin/login` is only posted to; reaching it by address (a bookmark of a failed attempt) leads to the login screen.
  router.get(['/admin', '/admin/login'], (ctx) => ctx.redirect(DASHBOARD_PATH));
  router.get(DASHBOARD_PATH, dashboard);
  router.get(`${DASHBOARD_PATH}/{*view}`, dashboard);

  router.post('/admin/login', async (ctx) => {
    const form = (ctx.request.body ?? {}) as Record<string, unknown>;
    const returnTo = dashboardReturnPath(form.returnTo);
    const username = typeof form.username === 'string' ? form.username.slice(0, 256) : '';
    const remember = form.remember === 'on';
    try {
      const result = await signIn(ctx, deps, form);
      if (result.outcome === 'signed-in') {
        ctx.status = 303;
        ctx.redirect(returnTo);
        return;
      }
      const [status, error] = result.outcome === 'throttled' ? [429, adminLoginMessages.throttled(result.retryAfterSeconds)] : [401, adminLoginMessages.invalid];
      sendLogin(ctx, status, { returnTo, username, remember, error });
    } catch (error) {
      // A form missing a field is shown again with the message; anything else (403, 5xx) is an error page.
      if (error instanceof HttpError && error.status === 400) return sendLogin(ctx, 400, { returnTo, username, remember, error: error.message });
      throw error;
    }
  });

  router.post('/admin/logout', async (ctx) => {
    if (ctx.state.admin) {
      const form = (ctx.request.body ?? {}) as Record<string, unknown>;
      assertCsrf(ctx, typeof form.csrf === 'string' ? form.csrf : undefined);
      await signOut(ctx, deps);
    }
    ctx.status = 303;
    ctx.redirect('/');
  });

  return router;
}
