import { useState } from 'react';
import { ADMIN_ROLES, type AdminRole } from '../../shared/admin-auth';
import { displayNameProblem, ROLE_LABELS, type AdminUserAnswer, type AdminUserJson, type PasswordSetup, type UpdateUser } from '../../shared/admin-users';
import { useDashboard } from './context';
import { counted } from './text';
import { ViewHeading } from './ViewHeading';
import { type Column, ConfirmDialog, DataTable, errorText, Field, FormCard, FormSubmit, LoadStatus, Options, useData, useDates, useSubmit } from './kit';
import { ViewLink } from './ViewLink';
import { usersApi } from './users-api';

/** Users (owners): every account, adding one, and changing, resetting, disabling or deleting it. */
export function UsersView({ username: me }: { username: string }) {
  const { api, notify } = useDashboard();
  const { formatDateTime } = useDates();
  const users = useData((client) => usersApi(client).list(), 'Failed to load the accounts.', 'users');
  const [disclosed, setDisclosed] = useState<AdminUserAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<AdminUserJson | null>(null);
  // The account whose passkeys (all of them: a lost device) are about to be removed, once confirmed.
  const [removingPasskeysOf, setRemovingPasskeysOf] = useState<AdminUserJson | null>(null);

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

  const change = (user: AdminUserJson, body: UpdateUser, done: string | ((answer: AdminUserAnswer) => string)) =>
    act(async () => {
      const answer = await usersApi(api).update(user.username, body);
      if (answer.password || answer.setPasswordUrl) setDisclosed(answer);
      notify({ tone: answer.emailError ? 'error' : 'success', text: typeof done === 'string' ? done : done(answer) });
    }, 'Failed to change the account.');

  /** A reset link by e-mail: to a confirmed address, or the invitation again to an account that never signed in. */
  const mailable = (user: AdminUserJson) => user.email !== null && (user.emailVerified || user.lastSignInAt === null);
  const resetByEmail = (user: AdminUserJson) =>
    change(user, { resetPassword: 'email' }, (answer) =>
      answer.emailedTo ? `A link to set a new password was e-mailed to ${answer.emailedTo}; ${user.username} is signed out everywhere.` : `The e-mail could not be sent: pass the link shown on ${user.username} by hand.`,
    );

  const remove = (user: AdminUserJson) =>
    act(async () => {
      await usersApi(api).remove(user.username);
      notify({ tone: 'success', text: `${user.username} deleted.` });
    }, 'Failed to delete the account.').then(() => setDeleting(null));

  /** A lost device: every passkey of the account goes, and it is signed out everywhere. */
  const removePasskeys = (user: AdminUserJson) =>
    act(async () => {
      await usersApi(api).removePasskeys(user.username);
      notify({ tone: 'success', text: `Passkeys of ${user.username} removed; signed out everywhere.` });
    }, 'Failed to remove the passkeys.').then(() => setRemovingPasskeysOf(null));

  const columns: Column<AdminUserJson>[] = [
    {
      key: 'username',
      header: 'Username, name and e-mail',
      rowHeader: true,
      cell: (user) => (
        <span>
          <strong>{user.username}</strong>
          {user.username === me && <span className="admin-muted"> (you)</span>}
          {user.disabled && <span className="admin-muted"> · disabled</span>}
          {/* The name replies are signed with, beside the login name; an account made before names were asked for has none yet. */}
          <br />
          {user.displayName ?? <span className="admin-muted">No name yet</span>}
          {/* The address under the name: one more column would push Manage off a laptop's table. */}
          <br />
          <span className="admin-muted admin-break">{user.email ? `${user.email} · ${user.emailVerified ? 'confirmed' : 'not confirmed'}` : 'No e-mail address'}</span>
        </span>
      ),
    },
    {
      key: 'role',
      header: 'Role',
      cell: (user) => (
        <select className="admin-select" aria-label={`Role of ${user.username}`} value={user.role} disabled={busy} onChange={(event) => void change(user, { role: event.target.value as AdminRole }, `${user.username} is now ${event.target.value}.`)}>
          <Options values={ADMIN_ROLES} label={(role) => ROLE_LABELS[role]} />
        </select>
      ),
    },
    { key: 'created', header: 'Created', className: 'admin-table__date', cell: (user) => <time dateTime={user.createdAt}>{formatDateTime(user.createdAt)}</time> },
    { key: 'last-sign-in', header: 'Last sign-in', className: 'admin-table__date', cell: (user) => (user.lastSignInAt ? <time dateTime={user.lastSignInAt}>{formatDateTime(user.lastSignInAt)}</time> : 'Never') },
    {
      key: 'two-factor',
      header: 'Two-factor',
      cell: (user) => (
        <span>
          {user.twoFactor ? 'On' : 'Off'}
          <br />
          <span className="admin-muted">{counted(user.passkeys, 'passkey')}</span>
        </span>
      ),
    },
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
              <span className="visually-hidden">Password, two-factor and passkeys: </span>Your account
            </ViewLink>
          ) : (
            <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={busy} onClick={() => void change(user, { resetPassword: 'generate' }, `Password of ${user.username} reset; signed out everywhere.`)}>
              Reset password<span className="visually-hidden"> of {user.username}</span>
            </button>
          )}
          {user.username !== me && mailable(user) && (
            <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={busy} onClick={() => void resetByEmail(user)}>
              {user.lastSignInAt ? 'Send reset by e-mail' : 'Send invitation again'}
              <span className="visually-hidden"> to {user.username}</span>
            </button>
          )}
          {user.twoFactor && user.username !== me && (
            <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={busy} onClick={() => void change(user, { twoFactor: false }, `Two-factor sign-in of ${user.username} turned off.`)}>
              Turn off two-factor<span className="visually-hidden"> of {user.username}</span>
            </button>
          )}
          {user.passkeys > 0 && user.username !== me && (
            <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={busy} onClick={() => setRemovingPasskeysOf(user)}>
              Remove passkeys<span className="visually-hidden"> of {user.username}</span>
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
          if (answer.password || answer.setPasswordUrl) setDisclosed(answer);
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
      {removingPasskeysOf && (
        <ConfirmDialog
          title={`Remove every passkey of ${removingPasskeysOf.username}?`}
          message={`${counted(removingPasskeysOf.passkeys, 'passkey')} will sign in no more, and ${removingPasskeysOf.username} is signed out everywhere. They sign in again with their password (and code, if they use two-factor) and can add new passkeys.`}
          confirmLabel="Remove passkeys"
          busy={busy}
          busyLabel="Removing…"
          onConfirm={() => void removePasskeys(removingPasskeysOf)}
          onCancel={() => setRemovingPasskeysOf(null)}
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
      {answer.emailError && <p>The e-mail could not be sent ({answer.emailError}).</p>}
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
  const [displayName, setDisplayName] = useState('');
  const [role, setRole] = useState<AdminRole>('editor');
  const [email, setEmail] = useState('');
  const [passwordSetup, setPasswordSetup] = useState<PasswordSetup>('link');
  // The shared rule, checked here before sending; the server checks it again.
  const [nameProblem, setNameProblem] = useState<string | undefined>();
  const form = useSubmit(async () => {
    const found = displayNameProblem(displayName);
    setNameProblem(found);
    if (found) return;
    const typed = email.trim();
    const answer = await usersApi(api).create({ username, displayName, role, passwordSetup, ...(typed ? { email: typed } : {}) });
    if (answer.emailError) notify({ tone: 'error', text: `${answer.user.username} created, but the e-mail could not be sent: pass the link below by hand.` });
    else notify({ tone: 'success', text: answer.emailedTo ? `${answer.user.username} created; the invitation went to ${answer.emailedTo}.` : `${answer.user.username} created.` });
    setUsername('');
    setDisplayName('');
    setEmail('');
    onCreated(answer);
  }, 'Failed to create the account.');

  return (
    <FormCard title="Add an account" onSubmit={form.onSubmit}>
      <div className="admin-form__row">
        <Field label="Username" error={form.fields.username} required>
          <input id="new-username" value={username} onChange={(event) => setUsername(event.target.value)} autoComplete="off" />
        </Field>
        <Field label="Name" hint="Their replies to clients are signed with it, such as Maria Lopez." error={nameProblem ?? form.fields.displayName} required>
          <input id="new-displayName" value={displayName} onChange={(event) => setDisplayName(event.target.value)} autoComplete="off" />
        </Field>
        <Field label="Role" error={form.fields.role}>
          <select id="new-role" className="admin-select" value={role} onChange={(event) => setRole(event.target.value as AdminRole)}>
            <Options values={ADMIN_ROLES} label={(value) => ROLE_LABELS[value]} />
          </select>
        </Field>
        <Field label="E-mail address" hint={passwordSetup === 'email' ? 'The invitation goes here.' : 'Optional; needed to e-mail the invitation.'} error={form.fields.email} required={passwordSetup === 'email'}>
          <input id="new-email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" />
        </Field>
      </div>
      <fieldset className="admin-fieldset">
        <legend>Password</legend>
        <label className="admin-checkbox">
          <input type="radio" name="password-setup" checked={passwordSetup === 'email'} onChange={() => setPasswordSetup('email')} /> E-mail them a link to set it (valid 24 hours; confirms their address)
        </label>
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
