import type Router from '@koa/router';
import { allow, createRouter } from '../middleware/access';
import type { Context } from 'koa';
import { AdminSetPasswordPage, adminSetPasswordMeta, type AdminSetPasswordPageProps } from '../../views/pages/AdminSetPasswordPage';
import { ValidationError } from '../errors';
import { DISPLAY_NAME_MAX } from '../../shared/admin-users';
import type { RenderPage } from '../render/render-page';
import type { AdminUsers, StaffEmail } from '../auth';
import { signInAfterPasswordUrl } from '../../shared/admin-auth';
import { SET_PASSWORD_PATH } from '../links';

/** A form field as text: what a browser posts, or '' for anything else. */
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The one-time set-password link: `GET /admin/set-password?token=…` shows the form (or says the
 * link no longer works), and the form posts back here: the new password twice and the account's
 * display name (asked for when it has none, prefilled when it has one), and on the first owner's
 * set-up their e-mail address, whose confirmation link is mailed if mail works already. Done, it
 * sends the browser to the sign-in form with the username filled in. Works without JavaScript.
 */
export function setPasswordPageRoutes(renderPage: RenderPage, users: AdminUsers, staffEmail: Pick<StaffEmail, 'sendConfirmation'>): Router {
  const router = createRouter();

  const send = (ctx: Context, status: number, props: AdminSetPasswordPageProps) => {
    ctx.status = status;
    ctx.type = 'html';
    // The token (in this page's address) must not leave our origin in a Referer: `same-origin`
    // sends none to other sites. Not `no-referrer`: with it the browser posts this page's form
    // with `Origin: null`, which the same-origin check rightly refuses (a cross-site sandboxed
    // frame sends the same). Trusting `Sec-Fetch-Site` alone for that case would lock out browsers
    // without it; this way the form's post names our origin in every browser, and only our own
    // server, which issued the token, ever sees it in a Referer (its access log leaves it out).
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.body = renderPage({ path: SET_PASSWORD_PATH, meta: adminSetPasswordMeta, page: <AdminSetPasswordPage {...props} /> });
  };

  router.get(SET_PASSWORD_PATH, allow.anyone, async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const link = await users.passwordLink(token);
    if (!link) return send(ctx, 404, { state: 'invalid' });
    send(ctx, 200, { state: 'form', token, username: link.username, displayName: link.displayName ?? '', email: link.setup ? { value: link.email ?? '' } : undefined });
  });

  router.post(SET_PASSWORD_PATH, allow.anyoneFromOurPages, async (ctx) => {
    const form = (ctx.request.body ?? {}) as Record<string, unknown>;
    const token = typeof form.token === 'string' ? form.token : '';
    const link = await users.passwordLink(token);
    if (!link) return send(ctx, 404, { state: 'invalid' });
    try {
      const fields = { password: textOf(form.password), confirm: textOf(form.confirm), displayName: textOf(form.displayName), ...(link.setup ? { email: textOf(form.email) } : {}) };
      const done = await users.usePasswordLink(token, fields);
      if (!done) return send(ctx, 404, { state: 'invalid' });
      // The password is set whatever the mail does: an address not confirmed now waits for mail to work.
      const confirmation = done.emailToConfirm ? await staffEmail.sendConfirmation(done.userId).catch(() => null) : null;
      const email = !done.emailToConfirm ? undefined : confirmation?.verificationSentTo ? 'sent' : 'waiting';
      ctx.status = 303;
      ctx.redirect(signInAfterPasswordUrl(done.username, email));
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      // The name and address typed come back to be corrected; passwords are never written into a page.
      const displayName = textOf(form.displayName).slice(0, 4 * DISPLAY_NAME_MAX);
      const email = link.setup ? { value: textOf(form.email).slice(0, 4 * 254) } : undefined;
      send(ctx, 400, { state: 'form', token, username: link.username, displayName, email, errors: error.fields ?? { password: error.message } });
    }
  });

  return router;
}
