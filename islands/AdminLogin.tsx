import { useEffect, useRef, useState, type FormEvent } from 'react';
import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { adminLoginMessages, LOGIN_INPUT_MAX } from '../shared/admin-auth';
import { passkeyMessages } from '../shared/passkeys';

export interface AdminLoginProps {
  /** Where the form posts without JavaScript (`/admin/login`). */
  action: string;
  /** The dashboard path to show after signing in (the one the login screen replaced). */
  returnTo: string;
  username: string;
  remember: boolean;
  /** A message from the server's answer to the form (no-JavaScript re-render). */
  error?: string;
  /** `code`: the password was right and the account's second factor is asked for. */
  step?: 'password' | 'code';
  /**
   * Only the username's daily ceiling refused the last attempt: the password form shows a code
   * field too, since a right password with a valid code still signs in (both go in one request).
   */
  offerCode?: boolean;
}

/** A second-factor code's input: six digits or a recovery code, filled by the authenticator. */
const CODE_INPUT = {
  name: 'code',
  type: 'text',
  inputMode: 'text',
  autoComplete: 'one-time-code',
  autoCapitalize: 'characters',
  spellCheck: false,
  maxLength: LOGIN_INPUT_MAX.code,
} as const;

/** What the password step sent, kept only to send again with the code. */
interface Credentials {
  username: string;
  password: string;
  remember: boolean;
}

/**
 * The admin login form, in two steps for accounts with two-factor sign-in: the password, then the
 * code. Without JavaScript both are plain forms posting to `/admin/login` (the server keeps the
 * right password's place with a short-lived challenge cookie). Once hydrated it signs in through
 * `POST /api/auth/login`, sending the password again with the code, shows failures in place, and
 * reloads the dashboard path on success.
 *
 * The password step's fields are uncontrolled and read when the form is sent: a visitor (or a
 * password manager) may fill them before the island hydrates, and hydration keeps what the page
 * holds while controlled state would start empty and overwrite it at the next render.
 */
export default function AdminLogin({ action, returnTo, username: initialUsername, remember: initialRemember, error: initialError, step: initialStep = 'password', offerCode: initialOfferCode = false }: AdminLoginProps) {
  const [step, setStep] = useState(initialStep);
  const [offerCode, setOfferCode] = useState(initialOfferCode);
  const [credentials, setCredentials] = useState<Credentials>({ username: initialUsername, password: '', remember: initialRemember });
  const [code, setCode] = useState('');
  const [error, setError] = useState(initialError ?? '');
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (step === 'code') codeRef.current?.focus();
  }, [step]);

  // Passkeys, once hydrated and where the browser has them: the button, and the browser's own
  // offer of this site's passkeys in the username field's autofill (conditional mediation).
  const [passkeys, setPasskeys] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (step !== 'password' || !browserSupportsWebAuthn()) return;
    setPasskeys(true);
    let live = true;
    void browserSupportsWebAuthnAutofill().then((autofill) => {
      // Refusals and cancellations stay quiet here: the person did not ask for anything yet.
      if (autofill && live) void signInWithPasskey(true).catch(() => undefined);
    });
    return () => {
      live = false;
    };
    // Once per password step: the autofill request waits for the person as long as the page is open.
  }, [step]);

  /**
   * Signs in with a passkey: options from the server, the browser's ceremony (the autofill's when
   * `autofill`, else its own dialog; starting one cancels the other), the answer checked by the server.
   */
  async function signInWithPasskey(autofill: boolean): Promise<void> {
    const optionsResponse = await fetch('/api/auth/passkey/options', { method: 'POST', headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    if (optionsResponse.status === 429) {
      // Too many passkey sign-ins started from this network: the server says how long to wait.
      const body = (await optionsResponse.json().catch(() => ({}))) as { error?: unknown };
      setError(typeof body.error === 'string' ? body.error : adminLoginMessages.network);
      return;
    }
    if (!optionsResponse.ok) throw new Error(adminLoginMessages.network);
    const optionsJSON = (await optionsResponse.json()) as PublicKeyCredentialRequestOptionsJSON;
    const answer = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
    setBusy(true);
    setError('');
    const remember = formRef.current ? new FormData(formRef.current).get('remember') === 'on' : false;
    const response = await fetch('/api/auth/passkey/verify', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ response: answer, remember }),
    });
    if (response.ok) {
      window.location.assign(returnTo);
      return;
    }
    const body = (await response.json().catch(() => ({}))) as { error?: unknown };
    setBusy(false);
    setError(typeof body.error === 'string' ? body.error : passkeyMessages.refused);
  }

  const passkeyButton = async () => {
    if (busy) return;
    try {
      await signInWithPasskey(false);
    } catch (failure) {
      setBusy(false);
      // The person closed the browser's dialog: nothing to say.
      if (failure instanceof Error && failure.name === 'NotAllowedError') return;
      setError(failure instanceof Error && failure.message === adminLoginMessages.network ? adminLoginMessages.network : passkeyMessages.refused);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    // The code step rendered by the server (no password in memory) posts as a plain form.
    if (step === 'code' && !credentials.password) return;
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const fields = new FormData(form);
    // The code offered beside the password when only the daily ceiling refused the last attempt.
    const ceilingCode = step === 'password' && offerCode ? String(fields.get('code') ?? '').trim() : '';
    const sent: Credentials =
      step === 'code' ? credentials : { username: String(fields.get('username') ?? ''), password: String(fields.get('password') ?? ''), remember: fields.get('remember') === 'on' };
    setBusy(true);
    setError('');
    try {
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ ...sent, ...(step === 'code' ? { code } : ceilingCode ? { code: ceilingCode } : {}) }),
      });
      const body = (await response.json().catch(() => ({}))) as { error?: unknown; twoFactorRequired?: unknown; codeMayPass?: unknown };
      if (response.status === 429 && step === 'password') {
        setOfferCode(body.codeMayPass === true);
        const offered = form.elements.namedItem('code');
        if (offered instanceof HTMLInputElement) offered.value = '';
      }
      if (response.ok && body.twoFactorRequired === true) {
        setCredentials(sent);
        setStep('code');
        setBusy(false);
        return;
      }
      if (response.ok) {
        // A GET of the dashboard path: the server now renders the dashboard for this session.
        window.location.assign(returnTo);
        return;
      }
      if (step === 'code' && response.status === 401) {
        setError(adminLoginMessages.invalidCode);
        setCode('');
        setBusy(false);
        codeRef.current?.focus();
        return;
      }
      setError(response.status === 401 ? adminLoginMessages.invalid : typeof body.error === 'string' ? body.error : adminLoginMessages.network);
    } catch {
      setError(adminLoginMessages.network);
    }
    setBusy(false);
    if (step === 'code') return codeRef.current?.focus();
    if (passwordRef.current) {
      passwordRef.current.value = '';
      passwordRef.current.focus();
    }
  };

  const errorBox = error && (
    <p className="admin-login__error" id="admin-login-error" role="alert">
      {error}
    </p>
  );

  if (step === 'code') {
    return (
      <form className="admin-login__form" method="post" action={action} onSubmit={submit}>
        <input type="hidden" name="returnTo" value={returnTo} />
        <input type="hidden" name="step" value="code" />
        <input type="hidden" name="username" value={credentials.username} />
        {errorBox}
        <p>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
        <div className="admin-login__field">
          <label htmlFor="admin-code">Code</label>
          <input
            id="admin-code"
            ref={codeRef}
            {...CODE_INPUT}
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'admin-login-error' : undefined}
          />
        </div>
        <button type="submit" className="button admin-login__submit" disabled={busy} aria-disabled={busy}>
          {busy ? 'Checking…' : 'Verify and sign in'}
        </button>
      </form>
    );
  }

  return (
    <form className="admin-login__form" ref={formRef} method="post" action={action} onSubmit={submit}>
      <input type="hidden" name="returnTo" value={returnTo} />
      {errorBox}
      <div className="admin-login__field">
        <label htmlFor="admin-username">Username</label>
        <input
          id="admin-username"
          name="username"
          type="text"
          autoComplete="username webauthn"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={LOGIN_INPUT_MAX.username}
          defaultValue={initialUsername}
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
          aria-invalid={error ? true : undefined}
        />
      </div>
      {offerCode && (
        <div className="admin-login__field">
          <label htmlFor="admin-ceiling-code">Code from your authenticator app (two-factor accounts)</label>
          <input id="admin-ceiling-code" {...CODE_INPUT} />
        </div>
      )}
      <label className="admin-login__remember">
        <input type="checkbox" name="remember" value="on" defaultChecked={initialRemember} />
        Remember me for 30 days
      </label>
      <button type="submit" className="button admin-login__submit" disabled={busy} aria-disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
      {passkeys && (
        // Not "Sign in …": the password's button keeps the one name starting so.
        <button type="button" className="button button--ghost admin-login__passkey" onClick={() => void passkeyButton()} disabled={busy} aria-disabled={busy}>
          Use a passkey
        </button>
      )}
    </form>
  );
}
