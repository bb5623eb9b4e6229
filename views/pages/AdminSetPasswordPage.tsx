import type { PageMeta } from '../page-meta';
import type { SiteContent } from '../../shared/content/site-content';
import { ADMIN_PASSWORD_MAX, ADMIN_PASSWORD_MIN } from '../../shared/admin-auth';
import { AdminLoginFrame } from '../components/AdminLoginFrame';

export function adminSetPasswordMeta({ business }: SiteContent): PageMeta {
  return { title: 'Set your password', description: `Set the password of your ${business.name} back-office account.`, noindex: true };
}

type SetPasswordField = 'displayName' | 'email' | 'password' | 'confirm';

export type AdminSetPasswordPageProps =
  /**
   * The link works: the form, with the account's display name (or the one typed in a previous
   * try; '' asks for one) and that try's errors beside their fields. `email`: the first owner's
   * set-up, which asks for their address too (the one typed before, if any).
   */
  | { state: 'form'; token: string; username: string; displayName: string; email?: { value: string }; errors?: Partial<Record<SetPasswordField, string>> }
  /** Unknown, used or expired link. */
  | { state: 'invalid' };

/**
 * The page a one-time set-password link opens: a plain form (no JavaScript needed) for the
 * account's name and the new password, twice. Only the token in the address proves who it is for.
 */
export function AdminSetPasswordPage(props: AdminSetPasswordPageProps) {
  return (
    <AdminLoginFrame title={props.state === 'form' && props.email ? 'Set up your account' : 'Set your password'}>
      {props.state === 'invalid' && <p>This link does not work any more: it was used already or has expired. Ask for a new one with <a href="/admin/forgot-password">Forgot password?</a> (accounts with a confirmed e-mail address) or ask an owner (for the first admin&apos;s setup address, restart the site: it prints a new one).</p>}
      {props.state === 'form' && <SetPasswordForm {...props} />}
    </AdminLoginFrame>
  );
}

function SetPasswordForm({ token, username, displayName, email, errors = {} }: Extract<AdminSetPasswordPageProps, { state: 'form' }>) {
  const described = (field: SetPasswordField, hint?: string) => [hint, errors[field] ? `set-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const errorOf = (field: SetPasswordField) =>
    errors[field] && (
      <p id={`set-${field}-error`} className="admin-login__error">
        {errors[field]}
      </p>
    );
  return (
    <form className="admin-login__form" method="post" action="/admin/set-password">
      <p>
        Account: <strong>{username}</strong>
      </p>
      <input type="hidden" name="token" value={token} />
      {/* Lets password managers file the new password under the right account. */}
      <input type="hidden" name="username" value={username} autoComplete="username" />
      <div className="admin-login__field">
        <label htmlFor="set-displayName">Your name</label>
        <p id="set-displayName-hint" className="admin-login__hint">
          Replies to clients are sent and signed with it, such as &ldquo;Maria Lopez&rdquo;.
        </p>
        <input
          id="set-displayName"
          name="displayName"
          type="text"
          autoComplete="name"
          required
          defaultValue={displayName}
          aria-invalid={errors.displayName ? true : undefined}
          aria-describedby={described('displayName', 'set-displayName-hint')}
        />
        {errorOf('displayName')}
      </div>
      {email && (
        <div className="admin-login__field">
          <label htmlFor="set-email">Your e-mail address</label>
          <p id="set-email-hint" className="admin-login__hint">
            For &ldquo;Forgot password?&rdquo;: you are the only owner, so nobody else could let you back in. A link to confirm it is sent once mail works.
          </p>
          <input
            id="set-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={email.value}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={described('email', 'set-email-hint')}
          />
          {errorOf('email')}
        </div>
      )}
      {(['password', 'confirm'] as const).map((field) => (
        <div className="admin-login__field" key={field}>
          <label htmlFor={`set-${field}`}>{field === 'password' ? `New password (at least ${ADMIN_PASSWORD_MIN} characters)` : 'Same password again'}</label>
          <input
            id={`set-${field}`}
            name={field}
            type="password"
            autoComplete="new-password"
            required
            minLength={ADMIN_PASSWORD_MIN}
            maxLength={ADMIN_PASSWORD_MAX}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={described(field)}
          />
          {errorOf(field)}
        </div>
      ))}
      <button type="submit" className="button admin-login__submit">
        {email ? 'Set up my account' : 'Set password'}
      </button>
    </form>
  );
}
