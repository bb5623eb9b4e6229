import { useState } from 'react';
import type { AccountJson, SessionJson, TwoFactorSetupJson } from '../../shared/admin-account';
import { displayNameProblem } from '../../shared/admin-users';
import { accountApi } from './account-api';
import { PasskeysCard } from './PasskeysCard';
import { useDashboard } from './context';
import { counted } from './text';
import { ViewHeading } from './ViewHeading';
import { Card, errorText, Field, FormCard, FormError, FormSubmit, LoadStatus, useData, useDates, useSubmit } from './kit';

interface AccountViewProps {
  username: string;
  /** The name replies to clients are signed with; null: the view asks for one first. */
  displayName: string | null;
  /** A new name was saved (the top bar shows it). */
  onDisplayNameChange: (displayName: string) => void;
  twoFactorSetupRequired: boolean;
}

/** Your account: your name, two-factor sign-in, passkeys, your e-mail address, your password and your sessions. */
export function AccountView({ username, displayName, onDisplayNameChange, twoFactorSetupRequired }: AccountViewProps) {
  const account = useData((api) => accountApi(api).load(), 'Failed to load your account.', 'account');
  // A password change ends the other sessions: the list is read again at once, not on the next visit.
  const [passwordChanges, setPasswordChanges] = useState(0);
  return (
    <>
      <ViewHeading title="Your account">
        <p className="admin-view__lead">Signed in as {username}.</p>
      </ViewHeading>
      {twoFactorSetupRequired && (
        <p className="admin-notice admin-notice--error" role="alert">
          The owners require two-factor sign-in for every account. Set it up below, or add a passkey, to use the dashboard.
        </p>
      )}
      {/* The setup the owners require comes first; the name can wait until it is done. */}
      {!twoFactorSetupRequired && <NameCard displayName={displayName} onSaved={onDisplayNameChange} />}
      <LoadStatus of={account} loadingText="Loading your account…" />
      {account.data && <TwoFactorCard account={account.data} onChange={twoFactorSetupRequired ? () => window.location.reload() : account.reload} />}
      {/* A passkey meets the owners' two-factor rule too: adding one opens the dashboard. */}
      <PasskeysCard onAdded={twoFactorSetupRequired ? () => window.location.reload() : undefined} setup={twoFactorSetupRequired} />
      {!twoFactorSetupRequired && (
        <>
          {account.data && <EmailCard account={account.data} onChange={account.reload} />}
          <PasswordCard onChanged={() => setPasswordChanges((count) => count + 1)} />
          <SessionsCard passwordChanges={passwordChanges} />
        </>
      )}
    </>
  );
}

/**
 * Your name, as replies to clients are sent and signed ("Maria Lopez at Brightpath Digital"). An
 * account made before names were asked for has none: the card says so first.
 */
function NameCard({ displayName, onSaved }: { displayName: string | null; onSaved: (displayName: string) => void }) {
  const { api, notify } = useDashboard();
  const [typed, setTyped] = useState(displayName ?? '');
  // The shared rule, checked here before sending; the server checks it again.
  const [problem, setProblem] = useState<string | undefined>();
  const form = useSubmit(async () => {
    const found = displayNameProblem(typed);
    setProblem(found);
    if (found) return;
    const answer = await accountApi(api).setDisplayName(typed);
    setTyped(answer.displayName);
    notify({ tone: 'success', text: `Name saved. Replies to clients are now signed ${answer.displayName}.` });
    onSaved(answer.displayName);
  }, 'Failed to save your name.');

  return (
    <FormCard title="Your name" onSubmit={form.onSubmit}>
      {displayName === null ? (
        <p className="admin-notice admin-notice--warning">Add your name: replies to clients are signed with it.</p>
      ) : (
        <p>
          Replies to clients are sent and signed as <strong>{displayName}</strong>.
        </p>
      )}
      <Field label="Name" hint="As clients will read it, such as Maria Lopez." error={problem ?? form.fields.displayName} required>
        <input id="account-displayName" autoComplete="name" value={typed} onChange={(event) => setTyped(event.target.value)} />
      </Field>
      <FormSubmit of={form} pendingText="Saving…">
        Save name
      </FormSubmit>
    </FormCard>
  );
}

function TwoFactorCard({ account, onChange }: { account: AccountJson; onChange: () => void }) {
  const { api, notify } = useDashboard();
  const [setup, setSetup] = useState<TwoFactorSetupJson | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);

  const start = async () => {
    setStarting(true);
    try {
      setSetup(await accountApi(api).startTwoFactor());
    } catch (failure) {
      notify({ tone: 'error', text: errorText(failure, 'Failed to start the setup.') });
    }
    setStarting(false);
  };
  const enable = useSubmit(async () => {
    const answer = await accountApi(api).enableTwoFactor(code);
    setRecoveryCodes(answer.recoveryCodes);
    setSetup(null);
    notify({ tone: 'success', text: 'Two-factor sign-in is on.' });
  }, 'Failed to turn two-factor on.');
  const turnOff = useSubmit(async () => {
    await accountApi(api).disableTwoFactor(password);
    setPassword('');
    notify({ tone: 'success', text: 'Two-factor sign-in is off.' });
    onChange();
  }, 'Failed to turn two-factor off.');

  return (
    <Card id="two-factor-title" title="Two-factor sign-in">
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
        <form className="admin-form" onSubmit={turnOff.onSubmit}>
          <p>On. {counted(account.recoveryCodesLeft, 'recovery code')} left.</p>
          <Field label="Your password, to turn it off" error={turnOff.fields.password} required>
            <input id="totp-off-password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
          </Field>
          <FormSubmit className="admin-button admin-button--danger" of={turnOff} pendingText="Turning off…">
            Turn off two-factor sign-in
          </FormSubmit>
        </form>
      ) : setup ? (
        <form className="admin-form" onSubmit={enable.onSubmit}>
          <p>Scan this code with an authenticator app (or type the key), then enter the 6 digits it shows.</p>
          {/* The SVG comes from our own server (the qrcode library), never from user input. */}
          <div className="admin-qr" role="img" aria-label="QR code of the two-factor key" dangerouslySetInnerHTML={{ __html: setup.qrSvg }} />
          <p>
            Key: <code>{setup.secret}</code>
          </p>
          <Field label="Code from the app" error={enable.fields.code} required>
            <input id="totp-code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6} value={code} onChange={(event) => setCode(event.target.value)} />
          </Field>
          <FormSubmit of={enable} pendingText="Turning on…">
            Turn on
          </FormSubmit>
        </form>
      ) : (
        <>
          <p>Off. With it on, signing in needs a code from your phone as well as your password.</p>
          <button type="button" className="admin-button" disabled={starting} onClick={() => void start()}>
            {starting ? 'Starting…' : 'Set up two-factor sign-in'}
          </button>
        </>
      )}
    </Card>
  );
}

/** Your e-mail address: where a reset link can go once a link mailed to it confirmed it. */
function EmailCard({ account, onChange }: { account: AccountJson; onChange: () => void }) {
  const { api, notify } = useDashboard();
  const [email, setEmail] = useState(account.email ?? '');
  const [password, setPassword] = useState('');
  const save = (value: string | null) => async () => {
    const answer = await accountApi(api).setEmail(value, password);
    setPassword('');
    if (answer.verificationError) notify({ tone: 'error', text: `Saved, but the confirmation e-mail could not be sent: ${answer.verificationError}` });
    else if (answer.verificationSentTo) notify({ tone: 'success', text: `We sent a link to ${answer.verificationSentTo}: open it to confirm the address.` });
    else notify({ tone: 'success', text: value === null ? 'E-mail address removed.' : 'E-mail address saved.' });
    if (value === null) setEmail('');
    onChange();
  };
  const form = useSubmit(save(email.trim()), 'Failed to save your e-mail address.');
  const remove = useSubmit(save(null), 'Failed to remove your e-mail address.');
  const state = !account.email ? 'None yet.' : account.emailVerified ? `${account.email}, confirmed.` : `${account.email}, not confirmed yet: open the link we e-mailed there (or save it again for a new link).`;

  return (
    <FormCard title="Your e-mail address" onSubmit={form.onSubmit}>
      <p>{state} Only a confirmed address can receive a password reset (&ldquo;Forgot password?&rdquo; on the sign-in page).</p>
      <div className="admin-form__row">
        <Field label="E-mail address" error={form.fields.email} required>
          <input id="account-email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        </Field>
        <Field label="Your password, to save it" error={form.fields.password ?? remove.fields.password} required>
          <input id="account-email-password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        </Field>
      </div>
      <div className="admin-form__actions">
        <FormSubmit of={form} pendingText="Saving…">
          {account.email && !account.emailVerified && email.trim().toLowerCase() === account.email.toLowerCase() ? 'Send the link again' : 'Save e-mail address'}
        </FormSubmit>
        {account.email && (
          <button type="button" className="admin-button admin-button--ghost" disabled={remove.pending} onClick={() => remove.onSubmit()}>
            {remove.pending ? 'Removing…' : 'Remove address'}
          </button>
        )}
      </div>
      <FormError error={remove.error} />
    </FormCard>
  );
}

function PasswordCard({ onChanged }: { onChanged: () => void }) {
  const { api, notify } = useDashboard();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const form = useSubmit(async () => {
    await accountApi(api).changePassword(currentPassword, newPassword);
    setCurrentPassword('');
    setNewPassword('');
    notify({ tone: 'success', text: 'Password changed; your other sessions were signed out.' });
    onChanged();
  }, 'Failed to change your password.');

  return (
    <FormCard title="Change your password" onSubmit={form.onSubmit}>
      <div className="admin-form__row">
        <Field label="Current password" error={form.fields.currentPassword} required>
          <input id="account-currentPassword" type="password" autoComplete="current-password" value={currentPassword} onChange={(event) => setCurrentPassword(event.target.value)} />
        </Field>
        <Field label="New password" hint="At least 12 characters." error={form.fields.newPassword} required>
          <input id="account-newPassword" type="password" autoComplete="new-password" value={newPassword} onChange={(event) => setNewPassword(event.target.value)} />
        </Field>
      </div>
      <FormSubmit of={form} pendingText="Changing…">
        Change password
      </FormSubmit>
    </FormCard>
  );
}

function SessionsCard({ passwordChanges }: { passwordChanges: number }) {
  const { api, notify } = useDashboard();
  const { formatDateTime } = useDates();
  // A password change ends the other sessions: the list is read again at once.
  const sessions = useData((client) => accountApi(client).sessions(), 'Failed to load your sessions.', 'account/sessions', passwordChanges);
  const { reload } = sessions;
  const end = async (session: SessionJson) => {
    try {
      await accountApi(api).endSession(session.id);
      notify({ tone: 'success', text: `Session on ${session.device} ended.` });
      reload();
    } catch (failure) {
      notify({ tone: 'error', text: errorText(failure, 'Failed to end the session.') });
    }
  };
  return (
    <Card id="sessions-title" title="Your sessions">
      <LoadStatus of={sessions} loadingText="Loading your sessions…" />
      <ul className="admin-list">
        {sessions.data?.map((session) => (
          <li key={session.id} className="admin-list__item">
            <div className="admin-list__main">
              <strong>
                {session.device}
                {session.current && ' (this browser)'}
              </strong>
              <span className="admin-muted">
                {session.ip ?? 'Unknown address'} · signed in {formatDateTime(session.createdAt)} · last seen {formatDateTime(session.lastSeenAt)}
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
    </Card>
  );
}
