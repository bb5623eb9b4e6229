import type { PageMeta } from '../page-meta';
import { business } from '../../shared/content/defaults/business';
import { AdminLoginFrame } from '../components/AdminLoginFrame';

export const FORGOT_PASSWORD_PATH = '/admin/forgot-password';

export const adminForgotPasswordMeta: PageMeta = {
  title: 'Forgot your password?',
  description: `Reset the password of your ${business.name} back-office account by e-mail.`,
  noindex: true,
};

export type AdminForgotPasswordPageProps =
  /** The form; `error` when it was sent empty. */
  | { state: 'form'; error?: string }
  /** Sent: the same words whether or not an account matched. */
  | { state: 'sent' };

/**
 * "Forgot password?" from the sign-in page: a plain form (no JavaScript needed) asking for a
 * username or e-mail address, and the one answer it ever gives.
 */
export function AdminForgotPasswordPage(props: AdminForgotPasswordPageProps) {
  return (
    <AdminLoginFrame title="Forgot your password?">
      {props.state === 'sent' ? (
        <div role="status" className="admin-login__text">
          <p>If an account matches what you typed and has a confirmed e-mail address, a link to set a new password is on its way there. It works once, for one hour.</p>
          <p>No e-mail after a few minutes? Check your spam folder, or ask an owner of the back office to reset your password.</p>
        </div>
      ) : (
        <form className="admin-login__form" method="post" action={FORGOT_PASSWORD_PATH}>
          <p className="admin-login__text">Type your username or your account&apos;s e-mail address. We will e-mail a link to set a new password to the address your account confirmed.</p>
          <div className="admin-login__field">
            <label htmlFor="forgot-identifier">Username or e-mail address</label>
            <input
              id="forgot-identifier"
              name="identifier"
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={254}
              aria-invalid={props.error ? true : undefined}
              aria-describedby={props.error ? 'forgot-identifier-error' : undefined}
            />
            {props.error && (
              <p id="forgot-identifier-error" className="admin-login__error">
                {props.error}
              </p>
            )}
          </div>
          <button type="submit" className="button admin-login__submit">
            Send the link
          </button>
        </form>
      )}
      <p className="admin-login__aside">
        <a href="/admin/dashboard">Back to sign in</a>
      </p>
    </AdminLoginFrame>
  );
}
