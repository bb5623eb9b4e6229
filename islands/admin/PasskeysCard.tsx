import { useEffect, useRef, useState, type FormEvent } from 'react';
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { passkeyMessages, passkeyNameProblem, PASSKEY_NAME_MAX, type PasskeyJson } from '../../shared/passkeys';
import { accountApi } from './account-api';
import { ApiError } from './api';
import { useDashboard } from './context';
import { Card, Field, FormSubmit, LoadStatus, useData, useDates, useSubmit } from './kit';

/**
 * Your passkeys: sign in with the device's own lock (fingerprint, face, PIN) instead of a password
 * and code. Add one (named, after your password), see when each was added and last used, rename
 * and remove (with your password, or confirmed with a passkey). `onAdded`: the owners' two-factor rule is met by a passkey added here.
 * `setup`: the owners' two-factor setup is all this session may do, so renaming and removing (whose
 * routes answer 403 then) are not offered.
 */
export function PasskeysCard({ onAdded, setup = false }: { onAdded?: () => void; setup?: boolean }) {
  const { api, notify } = useDashboard();
  const { formatDateTime } = useDates();
  const passkeys = useData((client) => accountApi(client).passkeys(), 'Failed to load your passkeys.', 'account/passkeys');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  // One passkey's rename or removal is open at a time.
  const [open, setOpen] = useState<{ id: string; what: 'rename' | 'remove' } | null>(null);
  // Where focus goes once a row's editor closes: back to the button that opened it, or (the
  // passkey removed, its row gone once the list is read again) to the next row or the add form.
  const [focusAfter, setFocusAfter] = useState<{ id: string; what: 'rename' | 'remove'; removed?: boolean } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!focusAfter || open || !passkeys.data) return;
    if (focusAfter.removed && passkeys.data.some((passkey) => passkey.id === focusAfter.id)) return; // not read again yet
    const target = focusAfter.removed
      ? (listRef.current?.querySelector<HTMLElement>('[data-passkey-action]') ?? document.getElementById('passkey-name'))
      : listRef.current?.querySelector<HTMLElement>(`[data-passkey-action="${focusAfter.what}-${focusAfter.id}"]`);
    target?.focus();
    setFocusAfter(null);
  }, [focusAfter, open, passkeys.data]);
  const close = (id: string, what: 'rename' | 'remove', removed = false) => {
    setOpen(null);
    setFocusAfter({ id, what, removed });
  };
  // Asked once in the browser (the server's render knows nothing of it).
  const [supported, setSupported] = useState(true);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);

  const add = useSubmit(async () => {
    // A name the server would refuse is said now, before the device makes a passkey for nothing.
    const nameProblem = passkeyNameProblem(name);
    if (nameProblem) throw new ApiError(nameProblem, 400, true, { name: nameProblem });
    const optionsJSON = await accountApi(api).passkeyOptions(password, name);
    let response;
    try {
      response = await startRegistration({ optionsJSON });
    } catch (failure) {
      throw new Error(failure instanceof Error && failure.name === 'NotAllowedError' ? passkeyMessages.cancelled : passkeyMessages.notAdded, { cause: failure });
    }
    const added = await accountApi(api).addPasskey(name, response);
    setName('');
    setPassword('');
    notify({ tone: 'success', text: `Passkey ${added.name} added: you can sign in with it alone.` });
    passkeys.reload();
    onAdded?.();
  }, 'Failed to add the passkey.');

  return (
    <Card id="passkeys-title" title="Passkeys">
      <p>A passkey signs you in with this device&rsquo;s own lock (fingerprint, face or PIN), without your password or a code. It works only on this site, so it cannot be phished.</p>
      <LoadStatus of={passkeys} loadingText="Loading your passkeys…" />
      {passkeys.data && passkeys.data.length === 0 && <p className="admin-muted">No passkeys yet.</p>}
      <ul ref={listRef} className="admin-list" aria-label="Your passkeys">
        {passkeys.data?.map((passkey) => (
          <li key={passkey.id} className="admin-list__item">
            <div className="admin-list__main">
              <strong>{passkey.name}</strong>
              <span className="admin-muted">
                added {formatDateTime(passkey.createdAt)} · {passkey.lastUsedAt ? `last used ${formatDateTime(passkey.lastUsedAt)}` : 'never used yet'}
                {passkey.signedInHere && ' · you signed in with it here'}
              </span>
              {open?.id === passkey.id && (
                <PasskeyEditor
                  passkey={passkey}
                  what={open.what}
                  onDone={() => {
                    close(passkey.id, open.what, open.what === 'remove');
                    passkeys.reload();
                  }}
                  onCancel={() => close(passkey.id, open.what)}
                />
              )}
            </div>
            {open?.id !== passkey.id && !setup && (
              <div className="admin-form__actions">
                <button type="button" className="admin-button admin-button--ghost admin-button--small" data-passkey-action={`rename-${passkey.id}`} onClick={() => setOpen({ id: passkey.id, what: 'rename' })}>
                  Rename<span className="visually-hidden"> {passkey.name}</span>
                </button>
                <button type="button" className="admin-button admin-button--ghost admin-button--small" data-passkey-action={`remove-${passkey.id}`} onClick={() => setOpen({ id: passkey.id, what: 'remove' })}>
                  Remove<span className="visually-hidden"> {passkey.name}</span>
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {supported ? (
        <form className="admin-form" onSubmit={add.onSubmit} aria-label="Add a passkey">
          <div className="admin-form__row">
            <Field label="Name of the new passkey" hint="Such as MacBook or Pixel." error={add.fields.name} required>
              <input id="passkey-name" maxLength={PASSKEY_NAME_MAX} value={name} onChange={(event) => setName(event.target.value)} />
            </Field>
            <Field label="Your password, to add it" error={add.fields.password} required>
              <input id="passkey-password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
            </Field>
          </div>
          <FormSubmit of={add} pendingText="Adding…">
            Add a passkey
          </FormSubmit>
        </form>
      ) : (
        <p className="admin-muted">{passkeyMessages.unsupported}</p>
      )}
    </Card>
  );
}

/** The browser's answer to confirm a removal with one of your passkeys (any of them, this one too). */
async function confirmWithPasskey(api: ReturnType<typeof useDashboard>['api'], id: string) {
  const optionsJSON = await accountApi(api).removalOptions(id);
  try {
    return await startAuthentication({ optionsJSON });
  } catch (failure) {
    throw new Error(failure instanceof Error && failure.name === 'NotAllowedError' ? passkeyMessages.cancelled : passkeyMessages.notConfirmed, { cause: failure });
  }
}

/** Renaming one passkey, or removing it (confirmed with your password or a passkey), in its row. */
function PasskeyEditor({ passkey, what, onDone, onCancel }: { passkey: PasskeyJson; what: 'rename' | 'remove'; onDone: () => void; onCancel: () => void }) {
  const { api, notify } = useDashboard();
  const [value, setValue] = useState(what === 'rename' ? passkey.name : '');
  // The editor only opens on a click, so this runs in the browser only.
  const [canUsePasskey] = useState(() => what === 'remove' && browserSupportsWebAuthn());
  // How the removal is confirmed: set by the button that sent the form.
  const viaPasskey = useRef(false);
  const form = useSubmit(async () => {
    if (what === 'rename') {
      const renamed = await accountApi(api).renamePasskey(passkey.id, value);
      notify({ tone: 'success', text: `Passkey renamed ${renamed.name}.` });
    } else {
      const confirmation = viaPasskey.current ? { passkey: await confirmWithPasskey(api, passkey.id) } : { password: value };
      await accountApi(api).removePasskey(passkey.id, confirmation);
      notify({ tone: 'success', text: `Passkey ${passkey.name} removed: it signs in no more.` });
    }
    onDone();
  }, what === 'rename' ? 'Failed to rename the passkey.' : 'Failed to remove the passkey.');
  const submitWith = (passkeyConfirms: boolean) => (event?: FormEvent) => {
    viaPasskey.current = passkeyConfirms;
    form.onSubmit(event);
  };
  const inputId = `passkey-${what}-${passkey.id}`;
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);
  return (
    <form className="admin-form" onSubmit={submitWith(false)} aria-label={what === 'rename' ? `Rename ${passkey.name}` : `Remove ${passkey.name}`}>
      {what === 'rename' ? (
        <Field label="New name" error={form.fields.name} required>
          {/* Focus moves here as the editor opens (and back to its button as it closes). */}
          <input id={inputId} ref={inputRef} maxLength={PASSKEY_NAME_MAX} value={value} onChange={(event) => setValue(event.target.value)} />
        </Field>
      ) : (
        <Field
          label="Your password, to remove it"
          hint={[passkey.signedInHere && 'You signed in with this passkey here: removing it signs you out.', canUsePasskey && 'Or confirm with any of your passkeys, this one too.'].filter(Boolean).join(' ') || undefined}
          error={form.fields.password}
          required
        >
          <input id={inputId} ref={inputRef} type="password" autoComplete="current-password" value={value} onChange={(event) => setValue(event.target.value)} />
        </Field>
      )}
      <div className="admin-form__actions">
        <FormSubmit className={what === 'remove' ? 'admin-button admin-button--danger' : undefined} of={form} pendingText={what === 'rename' ? 'Saving…' : 'Removing…'}>
          {what === 'rename' ? 'Save name' : 'Remove passkey'}
        </FormSubmit>
        {canUsePasskey && (
          <button type="button" className="admin-button admin-button--ghost" disabled={form.pending} onClick={() => submitWith(true)()}>
            Confirm with a passkey
          </button>
        )}
        <button type="button" className="admin-button admin-button--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
