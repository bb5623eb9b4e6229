import { useRef, useState, type FormEvent } from 'react';
import { adminLoginMessages, LOGIN_INPUT_MAX } from '../shared/admin-auth';

export interface AdminLoginProps {
  /** Where the form posts without JavaScript (`/admin/login`). */
  action: string;
  /** The dashboard path to show after signing in (the one the login screen replaced). */
  returnTo: string;
  username: string;
  remember: boolean;
  /** A message from the server's answer to the form (no-JavaScript re-render). */
  error?: string;
}

/**
 * The admin login form. Without JavaScript it is a plain form posting to `/admin/login`; once
 * hydrated it signs in through `POST /api/auth/login`, shows the failure in place, and reloads the
 * dashboard path on success.
 */
export default function AdminLogin({ action, returnTo, username: initialUsername, remember: initialRemember, error: initialError }: AdminLoginProps) {
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(initialRemember);
  const [error, setError] = useState(initialError ?? '');
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ username, password, remember }),
      });
      if (response.ok) {
        // A GET of the dashboard path: the server now renders the dashboard for this session.
        window.location.assign(returnTo);
        return;
      }
      const body = (await response.json().catch(() => ({}))) as { error?: unknown };
      setError(response.status === 401 ? adminLoginMessages.invalid : typeof body.error === 'string' ? body.error : adminLoginMessages.network);
    } catch {
      setError(adminLoginMessages.network);
    }
    setPassword('');
    setBusy(false);
    passwordRef.current?.focus();
  };

  return (
    <form className="admin-login__form" method="post" action={action} onSubmit={submit}>
      <input type="hidden" name="returnTo" value={returnTo} />
      {error && (
        <p className="admin-login__error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-login__field">
        <label htmlFor="admin-username">Username</label>
        <input
          id="admin-username"
          name="username"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={LOGIN_INPUT_MAX.username}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          aria-invalid={error ? true : undefined}
        />
      </div>
      <div className="admin-login__field">
        <label htmlFor="admin-password">Password</label>
        <input
          id="admin-password"
          ref={passwordRef}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={LOGIN_INPUT_MAX.password}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={error ? true : undefined}
        />
      </div>
      <label className="admin-login__remember">
        <input type="checkbox" name="remember" value="on" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
        Remember me for 30 days
      </label>
      <button type="submit" className="button admin-login__submit" disabled={busy} aria-disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
