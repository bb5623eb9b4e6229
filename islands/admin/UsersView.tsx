import { useState, type FormEvent } from 'react';
import { ADMIN_ROLES, type AdminRole } from '../../shared/admin-auth';
import { ROLE_LABELS, type AdminUserAnswer, type AdminUserJson, type PasswordSetup } from '../../shared/admin-users';
import { ApiError } from './api';
import { useDashboard } from './context';
import { formatWhen, useLoad } from './use-load';
import { ViewHeading } from './ViewHeading';
import { ViewLink } from './ViewLink';

/** Users (owners): every account, adding one, and changing, resetting, disabling or deleting it. */
export function UsersView({ username: me }: { username: string }) {
  const { api, notify } = useDashboard();
  const { data: users, error, reload } = useLoad<AdminUserJson[]>('/api/users', 'Failed to load the accounts.');
  const [disclosed, setDisclosed] = useState<AdminUserAnswer | null>(null);
  const [busy, setBusy] = useState(false);

  const change = async (user: AdminUserJson, body: object, done: string) => {
    setBusy(true);
    try {
      const answer = await api.send<AdminUserAnswer>('PATCH', `/api/users/${encodeURIComponent(user.username)}`, 'Failed to change the account.', body);
      if (answer.password || answer.setPasswordUrl) setDisclosed(answer);
      notify({ tone: 'success', text: done });
      reload();
    } catch (failure) {
      notify({ tone: 'error', text: failure instanceof Error ? failure.message : 'Failed to change the account.' });
    }
    setBusy(false);
  };

  const remove = async (user: AdminUserJson) => {
    if (!window.confirm(`Delete the account ${user.username}? This cannot be undone.`)) return;
    setBusy(true);
    try {
      await api.send('DELETE', `/api/users/${encodeURIComponent(user.username)}`, 'Failed to delete the account.');
      notify({ tone: 'success', text: `${user.username} deleted.` });
      reload();
    } catch (failure) {
      notify({ tone: 'error', text: failure instanceof Error ? failure.message : 'Failed to delete the account.' });
    }
    setBusy(false);
  };

  return (
    <>
      <ViewHeading title="Users">
        <p className="admin-view__lead">Owners manage accounts and settings; editors work on leads and the portfolio.</p>
      </ViewHeading>
      {disclosed && <Disclosure answer={disclosed} onDone={() => setDisclosed(null)} />}
      <NewUserForm
        onCreated={(answer) => {
          setDisclosed(answer);
          reload();
        }}
      />
      {error && <p className="admin-error">{error}</p>}
      {users && (
        <div className="admin-table-scroll" role="region" aria-labelledby="users-caption" tabIndex={0}>
          <table className="admin-table">
            <caption id="users-caption" className="visually-hidden">
              Accounts
            </caption>
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">Role</th>
                <th scope="col">Created</th>
                <th scope="col">Last sign-in</th>
                <th scope="col">Two-factor</th>
                <th scope="col">Sessions</th>
                <th scope="col">Manage</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.username}>
                  <td data-label="Username">
                    <strong>{user.username}</strong>
                    {user.username === me && <span className="admin-muted"> (you)</span>}
                    {user.disabled && <span className="admin-muted"> · disabled</span>}
                  </td>
                  <td data-label="Role">
                    <select
                      className="admin-select"
                      aria-label={`Role of ${user.username}`}
                      value={user.role}
                      disabled={busy}
                      onChange={(event) => void change(user, { role: event.target.value }, `${user.username} is now ${event.target.value}.`)}
                    >
                      {ADMIN_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {ROLE_LABELS[role]}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td data-label="Created">{formatWhen(user.createdAt)}</td>
                  <td data-label="Last sign-in">{formatWhen(user.lastSignInAt)}</td>
                  <td data-label="Two-factor">{user.twoFactor ? 'On' : 'Off'}</td>
                  <td data-label="Sessions">{user.activeSessions}</td>
                  <td data-label="Manage">
                    <div className="admin-table__manage-inner">
                      <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={busy} onClick={() => void change(user, { disabled: !user.disabled }, `${user.username} ${user.disabled ? 'enabled' : 'disabled'}.`)}>
                        {user.disabled ? 'Enable' : 'Disable'}
                        <span className="visually-hidden"> {user.username}</span>
                      </button>
                      {user.username === me ? (
                        // Your own password and second factor change in Your account, where your current password is asked.
                        <ViewLink to={{ name: 'admin', section: 'account' }} className="admin-button admin-button--ghost admin-button--small">
                          Password and two-factor: Your account
                        </ViewLink>
                      ) : (
                        <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={busy} onClick={() => void change(user, { resetPassword: 'generate' }, `Password of ${user.username} reset; signed out everywhere.`)}>
                          Reset password<span className="visually-hidden"> of {user.username}</span>
                        </button>
                      )}
                      {user.twoFactor && user.username !== me && (
                        <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={busy} onClick={() => void change(user, { twoFactor: false }, `Two-factor sign-in of ${user.username} turned off.`)}>
                          Turn off two-factor<span className="visually-hidden"> of {user.username}</span>
                        </button>
                      )}
                      <button type="button" className="admin-button admin-button--danger admin-button--small" disabled={busy} onClick={() => void remove(user)}>
                        Delete<span className="visually-hidden"> {user.username}</span>
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/** A new password or set-password link, shown this once. */
function Disclosure({ answer, onDone }: { answer: AdminUserAnswer; onDone: () => void }) {
  return (
    <section className="admin-card" aria-labelledby="disclosure-title" role="status">
      <h2 id="disclosure-title" className="admin-card__title">
        {answer.password ? `Password of ${answer.user.username}` : `Set-password link for ${answer.user.username}`}
      </h2>
      <p>Shown only this once: pass it on privately.</p>
      {answer.password && (
        <p>
          <code>{answer.password}</code>
        </p>
      )}
      {answer.setPasswordUrl && (
        <p>
          <code className="admin-prewrap">{answer.setPasswordUrl}</code>
          <br />
          <span className="admin-muted">Works once, until {formatWhen(answer.setPasswordUrlExpiresAt ?? null)}.</span>
        </p>
      )}
      <button type="button" className="admin-button admin-button--ghost admin-button--small" onClick={onDone}>
        Done
      </button>
    </section>
  );
}

function NewUserForm({ onCreated }: { onCreated: (answer: AdminUserAnswer) => void }) {
  const { api, notify } = useDashboard();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<AdminRole>('editor');
  const [passwordSetup, setPasswordSetup] = useState<PasswordSetup>('link');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFields({});
    try {
      const answer = await api.send<AdminUserAnswer>('POST', '/api/users', 'Failed to create the account.', { username, role, passwordSetup });
      notify({ tone: 'success', text: `${answer.user.username} created.` });
      setUsername('');
      onCreated(answer);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) setFields({ username: failure.fields.username ?? failure.message });
      else notify({ tone: 'error', text: failure instanceof Error ? failure.message : 'Failed to create the account.' });
    }
    setBusy(false);
  };

  return (
    <form className="admin-card admin-form" onSubmit={submit} aria-labelledby="new-user-title">
      <h2 id="new-user-title" className="admin-card__title">
        Add an account
      </h2>
      <div className="admin-form__row">
        <div className="admin-field">
          <label htmlFor="new-username">Username</label>
          <input id="new-username" required value={username} onChange={(event) => setUsername(event.target.value)} aria-invalid={fields.username ? true : undefined} aria-describedby={fields.username ? 'new-username-error' : undefined} autoComplete="off" />
          {fields.username && (
            <p id="new-username-error" className="admin-field__error">
              {fields.username}
            </p>
          )}
        </div>
        <div className="admin-field">
          <label htmlFor="new-role">Role</label>
          <select id="new-role" className="admin-select" value={role} onChange={(event) => setRole(event.target.value as AdminRole)}>
            {ADMIN_ROLES.map((value) => (
              <option key={value} value={value}>
                {ROLE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="admin-fieldset">
        <legend>Password</legend>
        <label className="admin-checkbox">
          <input type="radio" name="password-setup" checked={passwordSetup === 'link'} onChange={() => setPasswordSetup('link')} /> A link for them to set it (valid 24 hours)
        </label>
        <label className="admin-checkbox">
          <input type="radio" name="password-setup" checked={passwordSetup === 'generate'} onChange={() => setPasswordSetup('generate')} /> Generate one, shown once
        </label>
      </fieldset>
      <button type="submit" className="admin-button" disabled={busy}>
        Add account
      </button>
    </form>
  );
}
