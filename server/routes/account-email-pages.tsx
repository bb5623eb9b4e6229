import type Router from '@koa/router';
import type { Context } from 'koa';
import { allow, createRouter } from '../middleware/access';
import type { RenderPage } from '../render/render-page';
import { ConflictError } from '../errors';
import { VERIFY_EMAIL_PATH } from '../links';
import { FORGOT_PASSWORD_INPUT_MAX, type ForgotPassword, type StaffEmail } from '../auth';
import { AdminForgotPasswordPage, adminForgotPasswordMeta, FORGOT_PASSWORD_PATH, type AdminForgotPasswordPageProps } from '../../views/pages/AdminForgotPasswordPage';
import { AdminVerifyEmailPage, adminVerifyEmailMeta, type AdminVerifyEmailPageProps } from '../../views/pages/AdminVerifyEmailPage';

/**
 * The signed-out pages about a staff member's e-mail: "Forgot password?" (`GET` the form, `POST`
 * it: always the same answer, the work queued), and the link proving an address (`GET` shows a
 * button, `POST` confirms). Both work without JavaScript.
 */
export function accountEmailPageRoutes(renderPage: RenderPage, { forgotPassword, staffEmail }: { forgotPassword: ForgotPassword; staffEmail: StaffEmail }): Router {
  const router = createRouter();

  const sendForgot = (ctx: Context, status: number, props: AdminForgotPasswordPageProps) => {
    ctx.status = status;
    ctx.type = 'html';
    ctx.body = renderPage({ path: FORGOT_PASSWORD_PATH, meta: adminForgotPasswordMeta, page: <AdminForgotPasswordPage {...props} /> });
  };

  const sendVerify = (ctx: Context, status: number, props: AdminVerifyEmailPageProps) => {
    ctx.status = status;
    ctx.type = 'html';
    // The token is in this page's address: no Referer carries it to another site (see set-password-pages.tsx).
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.body = renderPage({ path: VERIFY_EMAIL_PATH, meta: adminVerifyEmailMeta, page: <AdminVerifyEmailPage {...props} /> });
  };

  router.get(FORGOT_PASSWORD_PATH, allow.anyone, (ctx) => sendForgot(ctx, 200, { state: 'form' }));

  router.post(FORGOT_PASSWORD_PATH, allow.anyoneFromOurPages, (ctx) => {
    const form = (ctx.request.body ?? {}) as Record<string, unknown>;
    const identifier = typeof form.identifier === 'string' ? form.identifier.trim() : '';
    if (!identifier) return sendForgot(ctx, 400, { state: 'form', error: 'Type your username or e-mail address.' });
    if (identifier.length > FORGOT_PASSWORD_INPUT_MAX) return sendForgot(ctx, 400, { state: 'form', error: `At most ${FORGOT_PASSWORD_INPUT_MAX} characters.` });
    // Queued, never awaited: the answer cannot depend on the account.
    forgotPassword.request(identifier, ctx.ip);
    sendForgot(ctx, 200, { state: 'sent' });
  });

  router.get(VERIFY_EMAIL_PATH, allow.anyone, async (ctx) => {
    const token = typeof ctx.query.token === 'string' ? ctx.query.token : '';
    const link = await staffEmail.emailLink(token);
    if (!link) return sendVerify(ctx, 404, { state: 'invalid' });
    sendVerify(ctx, 200, { state: 'form', token, ...link });
  });

  router.post(VERIFY_EMAIL_PATH, allow.anyoneFromOurPages, async (ctx) => {
    const form = (ctx.request.body ?? {}) as Record<string, unknown>;
    const token = typeof form.token === 'string' ? form.token : '';
    try {
      const done = await staffEmail.verify(token);
      if (!done) return sendVerify(ctx, 404, { state: 'invalid' });
      sendVerify(ctx, 200, { state: 'done', ...done });
    } catch (error) {
      // Another account verified the address first.
      if (error instanceof ConflictError) return sendVerify(ctx, 409, { state: 'invalid' });
      throw error;
    }
  });

  return router;
}
