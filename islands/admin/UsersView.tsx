import { useState } from 'react';
import { ADMIN_ROLES, type AdminRole } from '../../shared/admin-auth';
import { ROLE_LABELS, type AdminUserAnswer, type AdminUserJson, type PasswordSetup } from '../../shared/admin-users';
import { useDashboard } from './context';
import { ViewHeading } from './ViewHeading';
import { type Column, ConfirmDialog, DataTable, errorText, Field, FormCard, FormSubmit, LoadStatus, Options, useData, useDates, useSubmit } from './kit';
import { ViewLink } from './ViewLink';

/** Users (owners): every account, adding one, and changing, resetting, disabling or deleting it. */
export function UsersView({ username: me }: { username: string }) {
  const { api, notify } = useDashboard();
  const { formatDateTime } = useDates();
  const users = useData<AdminUserJson[]>('/api/users', 'Failed to load the accounts.');
  const [disclosed, setDisclosed] = useState<AdminUserAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<AdminUserJson | null>(null);

  /** Runs one change of an account; the list is read again after it, whatever happened. */
  const act = async (action: () => Promise<void>, fallback: string) => {
    setBusy(true);
    try {
      await action();
    } catch (failure) {
      notify({ tone: 'error', text: errorText(failure, fallback) });
    }
    setBusy(false);
    users.reload();
  };

  const change = (user: AdminUserJson, body: object, done: string) =>
    act(async () => {
      const answer = await api.send<AdminUserAnswer>('PATCH', `/api/users/${encodeURIComponent(user.username)}`, 'Failed to change the account.', body);
      if (answer.password || answer.setPasswordUrl) setDisclosed(answer);
      notify({ tone: 'success', text: done });
    }, 'Failed to change the account.');

  const remove = (user: AdminUserJson) =>
    act(async () => {
      await api.send('DELETE', `/api/users/${encodeURIComponent(user.username)}`, 'Failed to delete the account.');
      notify({ tone: 'success', text: `${user.username} deleted.` });
    }, 'Failed to delete the account.').then(() => setDeleting(null));

  const columns: Column<AdminUserJson>[] = [
    {
      key: 'username',
      header: 'Username',
      rowHeader: true,
      cell: (user) => (
        <span>
          <strong>{user.username}</strong>
          {user.username === me && <span className="admin-muted"> (you)</span>}
          {user.disabled && <span className="admin-muted"> · disabled</span>}
        </span>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      cell: (user) => (
        <select className="admin-select" aria-label={`Role of ${user.username}`} value={user.role} disabled={busy} onChange={(event) => void change(user, { role: event.target.value }, `${user.username} is now ${event.target.value}.`)}>
          <Options values={ADMIN_ROLES} label={(role) => ROLE_LABELS[role]} />
        </select>
      ),
    },
    { key: 'created', header: 'Created', className: 'admin-table__date', cell: (user) => <time dateTime={user.createdAt}>{formatDateTime(user.createdAt)}</time> },
    { key: 'last-sign-in', header: 'Last sign-in', className: 'admin-table__date', cell: (user) => (user.lastSignInAt ? <time dateTime={user.lastSignInAt}>{formatDateTime(user.lastSignInAt)}</time> : 'Never') },
    { key: 'two-factor', header: 'Two-factor', cell: (user) => (user.twoFactor ? 'On' : 'Off') },
    { key: 'sessions', header: 'Sessions', numeric: true, cell: (user) => user.activeSessions },
    {
      key: 'manage',
      header: 'Manage',
      cell: (user) => (
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
          <button type="button" className="admin-button admin-button--danger admin-button--small" disabled={busy} onClick={() => setDeleting(user)}>
            Delete<span className="visually-hidden"> {user.username}</span>
          </button>
        </div>
      ),
    },
  ];

  return (
    <>
      <ViewHeading title="Users">
        <p className="admin-view__lead">Owners manage accounts and settings; editors work on leads and the portfolio.</p>
      </ViewHeading>
      {disclosed && <Disclosure answer={disclosed} onDone={() => setDisclosed(null)} />}
      <NewUserForm
        onCreated={(answer) => {
          setDisclosed(answer);
          users.reload();
        }}
      />
      <LoadStatus of={users} loadingText="Loading the accounts…" />
      {users.data && <DataTable label="Accounts" columns={columns} rows={users.data} rowKey={(user) => user.username} empty="No accounts yet." busy={busy} />}
      {deleting && (
        <ConfirmDialog
          title={`Delete the account ${deleting.username}?`}
          message="Its sessions end and it can no longer sign in. This cannot be undone."
          confirmLabel="Delete account"
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}

/** A new password or set-password link, shown this once. */
function Disclosure({ answer, onDone }: { answer: AdminUserAnswer; onDone: () => void }) {
  const { formatDateTime } = useDates();
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
          <span className="admin-muted">Works once, until {formatDateTime(answer.setPasswordUrlExpiresAt)}.</span>
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
  const form = useSubmit(async () => {
    const answer = await api.send<AdminUserAnswer>('POST', '/api/users', 'Failed to create the account.', { username, role, passwordSetup });
    notify({ tone: 'success', text: `${answer.user.username} created.` });
    setUsername('');
    onCreated(answer);
  }, 'Failed to create the account.');

  return (
    <FormCard title="Add an account" onSubmit={form.onSubmit}>
      <div className="admin-form__row">
        <Field label="Username" error={form.fields.username} required>
          <input id="new-username" value={username} onChange={(event) => setUsername(event.target.value)} autoComplete="off" />
        </Field>
        <Field label="Role" error={form.fields.role}>
          <select id="new-role" className="admin-select" value={role} onChange={(event) => setRole(event.target.value as AdminRole)}>
            <Options values={ADMIN_ROLES} label={(value) => ROLE_LABELS[value]} />
          </select>
        </Field>
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
      <FormSubmit of={form} pendingText="Adding…">
        Add account
      </FormSubmit>
    </FormCard>
  );
}
