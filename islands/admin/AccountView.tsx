import { useEffect, useState, type FormEvent } from 'react';
import type { AccountJson, SessionJson } from '../../shared/admin-account';
import { ApiError } from './api';
import { useDashboard } from './context';
import { formatWhen, useLoad } from './use-load';
import { counted } from './text';
import { ViewHeading } from './ViewHeading';

/** Your account: two-factor sign-in, your password and your sessions. */
export function AccountView({ username, twoFactorSetupRequired }: { username: string; twoFactorSetupRequired: boolean }) {
  const { data: account, reload } = useLoad<AccountJson>('/api/account', 'Failed to load your account.');
  // A password change ends the other sessions: the list is read again at once, not on the next visit.
  const [passwordChanges, setPasswordChanges] = useState(0);
  return (
    <>
      <ViewHeading title="Your account">
        <p className="admin-view__lead">Signed in as {username}.</p>
      </ViewHeading>
      {twoFactorSetupRequired && (
        <p className="admin-notice admin-notice--error" role="alert">
          The owners require two-factor sign-in for every account. Set it up below to use the dashboard.
        </p>
      )}
      {account && <TwoFactorCard account={account} onChange={twoFactorSetupRequired ? () => window.location.reload() : reload} />}
      {!twoFactorSetupRequired && (
        <>
          <PasswordCard onChanged={() => setPasswordChanges((count) => count + 1)} />
          <SessionsCard passwordChanges={passwordChanges} />
        </>
      )}
    </>
  );
}

function TwoFactorCard({ account, onChange }: { account: AccountJson; onChange: () => void }) {
  const { api, notify } = useDashboard();
  const [setup, setSetup] = useState<{ secret: string; qrSvg: string } | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [fieldError, setFieldError] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setFieldError('');
    try {
      await action();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) setFieldError(Object.values(failure.fields)[0] ?? failure.message);
      else notify({ tone: 'error', text: failure instanceof Error ? failure.message : 'Something went wrong.' });
    }
    setBusy(false);
  };

  const start = () => run(async () => setSetup(await api.send('POST', '/api/account/totp/setup', 'Failed to start the setup.')));
  const enable = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      const answer = await api.send<{ recoveryCodes: string[] }>('POST', '/api/account/totp/enable', 'Failed to turn two-factor on.', { code });
      setRecoveryCodes(answer.recoveryCodes);
      setSetup(null);
      notify({ tone: 'success', text: 'Two-factor sign-in is on.' });
    });
  };
  const turnOff = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      await api.send('POST', '/api/account/totp/disable', 'Failed to turn two-factor off.', { password });
      setPassword('');
      notify({ tone: 'success', text: 'Two-factor sign-in is off.' });
      onChange();
    });
  };

  return (
    <section className="admin-card" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className="admin-card__title">
        Two-factor sign-in
      </h2>
      {recoveryCodes ? (
        <div role="status">
          <p>Your recovery codes, shown only this once. Each one signs you in once if you lose your phone; keep them somewhere safe.</p>
          <ul className="admin-recovery-codes">
            {recoveryCodes.map((value) => (
              <li key={value}>
                <code>{value}</code>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="admin-button"
            onClick={() => {
              setRecoveryCodes(null);
              onChange();
            }}
          >
            I have saved them
          </button>
        </div>
      ) : account.twoFactor ? (
        <form className="admin-form" onSubmit={turnOff}>
          <p>On. {counted(account.recoveryCodesLeft, 'recovery code')} left.</p>
          <div className="admin-field">
            <label htmlFor="totp-off-password">Your password, to turn it off</label>
            <input id="totp-off-password" type="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} aria-invalid={fieldError ? true : undefined} aria-describedby={fieldError ? 'totp-error' : undefined} />
            {fieldError && (
              <p id="totp-error" className="admin-field__error">
                {fieldError}
              </p>
            )}
          </div>
          <button type="submit" className="admin-button admin-button--danger" disabled={busy}>
            Turn off two-factor sign-in
          </button>
        </form>
      ) : setup ? (
        <form className="admin-form" onSubmit={enable}>
          <p>Scan this code with an authenticator app (or type the key), then enter the 6 digits it shows.</p>
          {/* The SVG comes from our own server (the qrcode library), never from user input. */}
          <div className="admin-qr" role="img" aria-label="QR code of the two-factor key" dangerouslySetInnerHTML={{ __html: setup.qrSvg }} />
          <p>
            Key: <code>{setup.secret}</code>
          </p>
          <div className="admin-field">
            <label htmlFor="totp-code">Code from the app</label>
            <input id="totp-code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} required value={code} onChange={(event) => setCode(event.target.value)} aria-invalid={fieldError ? true : undefined} aria-describedby={fieldError ? 'totp-error' : undefined} />
            {fieldError && (
              <p id="totp-error" className="admin-field__error">
                {fieldError}
              </p>
            )}
          </div>
          <button type="submit" className="admin-button" disabled={busy}>
            Turn on
          </button>
        </form>
      ) : (
        <>
          <p>Off. With it on, signing in needs a code from your phone as well as your password.</p>
          <button type="button" className="admin-button" disabled={busy} onClick={() => void start()}>
            Set up two-factor sign-in
          </button>
        </>
      )}
    </section>
  );
}

function PasswordCard({ onChanged }: { onChanged: () => void }) {
  const { api, notify } = useDashboard();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFields({});
    try {
      await api.send('POST', '/api/account/password', 'Failed to change your password.', { currentPassword, newPassword });
      setCurrentPassword('');
      setNewPassword('');
      notify({ tone: 'success', text: 'Password changed; your other sessions were signed out.' });
      onChanged();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) setFields(failure.fields);
      else notify({ tone: 'error', text: failure instanceof Error ? failure.message : 'Failed to change your password.' });
    }
    setBusy(false);
  };

  const field = (id: 'currentPassword' | 'newPassword', label: string, value: string, set: (value: string) => void) => (
    <div className="admin-field">
      <label htmlFor={`account-${id}`}>{label}</label>
      <input id={`account-${id}`} type="password" autoComplete={id === 'currentPassword' ? 'current-password' : 'new-password'} required value={value} onChange={(event) => set(event.target.value)} aria-invalid={fields[id] ? true : undefined} aria-describedby={fields[id] ? `account-${id}-error` : undefined} />
      {fields[id] && (
        <p id={`account-${id}-error`} className="admin-field__error">
          {fields[id]}
        </p>
      )}
    </div>
  );

  return (
    <form className="admin-card admin-form" onSubmit={submit} aria-labelledby="password-title">
      <h2 id="password-title" className="admin-card__title">
        Change your password
      </h2>
      <div className="admin-form__row">
        {field('currentPassword', 'Current password', currentPassword, setCurrentPassword)}
        {field('newPassword', 'New password (at least 12 characters)', newPassword, setNewPassword)}
      </div>
      <button type="submit" className="admin-button" disabled={busy}>
        Change password
      </button>
    </form>
  );
}

function SessionsCard({ passwordChanges }: { passwordChanges: number }) {
  const { api, notify } = useDashboard();
  const { data: sessions, reload } = useLoad<SessionJson[]>('/api/account/sessions', 'Failed to load your sessions.');
  useEffect(() => {
    if (passwordChanges > 0) reload();
  }, [passwordChanges, reload]);
  const end = async (session: SessionJson) => {
    try {
      await api.send('DELETE', `/api/account/sessions/${session.id}`, 'Failed to end the session.');
      notify({ tone: 'success', text: `Session on ${session.device} ended.` });
      reload();
    } catch (failure) {
      notify({ tone: 'error', text: failure instanceof Error ? failure.message : 'Failed to end the session.' });
    }
  };
  return (
    <section className="admin-card" aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="admin-card__title">
        Your sessions
      </h2>
      <ul className="admin-list">
        {sessions?.map((session) => (
          <li key={session.id} className="admin-list__item">
            <div className="admin-list__main">
              <strong>
                {session.device}
                {session.current && ' (this browser)'}
              </strong>
              <span className="admin-muted">
                {session.ip ?? 'Unknown address'} · signed in {formatWhen(session.createdAt)} · last seen {formatWhen(session.lastSeenAt)}
              </span>
            </div>
            {!session.current && (
              <button type="button" className="admin-button admin-button--ghost admin-button--small" onClick={() => void end(session)}>
                End session<span className="visually-hidden"> on {session.device}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
