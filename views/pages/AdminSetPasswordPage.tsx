import type { PageMeta } from '../page-meta';
import { useAsset, useContent } from '../render-context';
import type { SiteContent } from '../content/site-content';
import { ADMIN_PASSWORD_MAX, ADMIN_PASSWORD_MIN } from '../../shared/admin-auth';

export function adminSetPasswordMeta({ business }: SiteContent): PageMeta {
  return { title: 'Set your password', description: `Set the password of your ${business.name} back-office account.`, noindex: true };
}

type SetPasswordField = 'displayName' | 'password' | 'confirm';

export type AdminSetPasswordPageProps =
  /**
   * The link works: the form, with the account's display name (or the one typed in a previous
   * try; '' asks for one) and that try's errors beside their fields.
   */
  | { state: 'form'; token: string; username: string; displayName: string; errors?: Partial<Record<SetPasswordField, string>> }
  /** The password was set. */
  | { state: 'done'; username: string }
  /** Unknown, used or expired link. */
  | { state: 'invalid' };

/**
 * The page a one-time set-password link opens: a plain form (no JavaScript needed) for the
 * account's name and the new password, twice. Only the token in the address proves who it is for.
 */
export function AdminSetPasswordPage(props: AdminSetPasswordPageProps) {
  const asset = useAsset();
  const { business } = useContent();
  return (
    <main id="main" className="admin-login">
      <div className="admin-login__card">
        <img className="admin-login__logo" src={asset('images/logo.svg')} alt={business.name} width={180} height={40} />
        <h1 className="admin-login__title">Set your password</h1>
        {props.state === 'invalid' && <p>This link does not work any more: it was used already or has expired. Ask for a new one with <a href="/admin/forgot-password">Forgot password?</a> (accounts with a confirmed e-mail address) or ask an owner (for the first admin&apos;s setup address, restart the site: it prints a new one).</p>}
        {props.state === 'done' && (
          <p role="status">
            The password of <strong>{props.username}</strong> is set. <a href="/admin/dashboard">Sign in</a>
          </p>
        )}
        {props.state === 'form' && <SetPasswordForm {...props} />}
      </div>
      <a className="admin-login__back" href="/">
        ← Back to website
      </a>
    </main>
  );
}

function SetPasswordForm({ token, username, displayName, errors = {} }: Extract<AdminSetPasswordPageProps, { state: 'form' }>) {
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
        Set password
      </button>
    </form>
  );
}
