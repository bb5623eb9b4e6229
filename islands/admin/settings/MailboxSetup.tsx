import { useEffect, useState } from 'react';
import { DEFAULT_IMAP_MAILBOX, IMAP_SECURITY_LABELS, SMTP_SECURITY, type ImapSetupView, type ImapTestAnswer, type SettingsAnswer, type SmtpSecurity } from '../../../shared/settings';
import { counted } from '../../../shared/text';
import { useDashboard } from '../context';
import { Field, FormCard, FormError, FormSubmit, Options, useSubmit } from '../kit';
import { passwordHint, portOf } from './mail-server-fields';
import { settingsApi, type TypedImapSetup } from './settings-api';

type MailboxDraft = { host: string; port: string; security: SmtpSecurity; user: string; password: string; mailbox: string };

const mailboxDraftOf = (imap: ImapSetupView | null): MailboxDraft => ({
  host: imap?.host ?? '',
  port: String(imap?.port ?? 993),
  security: imap?.security ?? 'tls',
  user: imap?.user ?? '',
  password: '',
  mailbox: imap?.mailbox ?? DEFAULT_IMAP_MAILBOX,
});

/**
 * The agency's mailbox (owners): the inbox clients' answers arrive in, read over IMAP (TLS or
 * STARTTLS, never in clear) so each answer is filed on its lead. "Test connection" tries what is
 * typed before it is saved and says what it found, or what failed beside the field to fix. The
 * saved password never comes back, as for the mail server.
 */
export function MailboxSetup({ answer, onSaved }: { answer: SettingsAnswer; onSaved: (answer: SettingsAnswer) => void }) {
  const { api, notify } = useDashboard();
  const settings = settingsApi(api);
  const [draft, setDraft] = useState<MailboxDraft>(() => mailboxDraftOf(answer.imap));
  const [found, setFound] = useState<ImapTestAnswer | null>(null);
  useEffect(() => setDraft(mailboxDraftOf(answer.imap)), [answer.imap]);
  const set = <K extends keyof MailboxDraft>(name: K, value: MailboxDraft[K]) => setDraft((previous) => ({ ...previous, [name]: value }));
  const input = (): TypedImapSetup => ({ ...draft, port: portOf(draft.port) });

  const save = useSubmit(async () => {
    const saved = await settings.saveMailbox(input());
    onSaved(saved);
    notify({ tone: 'success', text: 'Mailbox saved: clients’ answers are read from it.' });
  }, 'Failed to save the mailbox.');
  const test = useSubmit(async () => {
    setFound(null);
    setFound(await settings.testMailbox(input()));
  }, 'Failed to test the mailbox.');
  const remove = useSubmit(async () => {
    onSaved(await settings.removeMailbox());
    notify({ tone: 'success', text: 'Mailbox removed: answers are no longer read.' });
  }, 'Failed to remove the mailbox.');
  const error = (name: keyof MailboxDraft) => save.fields[`imap.${name}`] ?? test.fields[`imap.${name}`];

  return (
    <FormCard title="Agency mailbox (incoming mail)" onSubmit={save.onSubmit} noValidate>
      <p className="admin-muted">
        The inbox clients’ answers arrive in (the reply address’s). The back office reads it and files each answer on its lead.
        {answer.imap ? '' : ' Not connected yet.'}
      </p>
      <div className="admin-form__row">
        <Field label="Mailbox server (IMAP host)" error={error('host')} required>
          <input id="imap-host" value={draft.host} autoComplete="off" spellCheck={false} placeholder="imap.example.com" onChange={(event) => set('host', event.target.value)} />
        </Field>
        <Field label="Mailbox port" error={error('port')} required>
          <input id="imap-port" type="number" inputMode="numeric" min={1} max={65535} value={draft.port} onChange={(event) => set('port', event.target.value)} />
        </Field>
        <Field label="Mailbox security" error={error('security')}>
          <select id="imap-security" className="admin-select" value={draft.security} onChange={(event) => set('security', event.target.value as SmtpSecurity)}>
            <Options values={SMTP_SECURITY} label={(value) => IMAP_SECURITY_LABELS[value]} />
          </select>
        </Field>
      </div>
      <div className="admin-form__row">
        <Field label="Mailbox user" error={error('user')} required>
          <input id="imap-user" value={draft.user} autoComplete="off" spellCheck={false} onChange={(event) => set('user', event.target.value)} />
        </Field>
        <Field label="Mailbox password" hint={passwordHint(answer.imap, draft)} error={error('password')}>
          <input id="imap-password" type="password" value={draft.password} autoComplete="new-password" onChange={(event) => set('password', event.target.value)} />
        </Field>
        <Field label="Folder" hint={`Empty: ${DEFAULT_IMAP_MAILBOX}.`} error={error('mailbox')}>
          <input id="imap-mailbox" value={draft.mailbox} autoComplete="off" spellCheck={false} onChange={(event) => set('mailbox', event.target.value)} />
        </Field>
      </div>
      <div className="admin-mail-test">
        <button type="button" className="admin-button admin-button--ghost" disabled={test.pending} onClick={() => test.onSubmit()}>
          {test.pending ? 'Connecting…' : 'Test connection'}
        </button>
        <p className="admin-muted">Signs in with what is typed above, saved or not, and reads nothing.</p>
      </div>
      <FormError error={test.error || remove.error} />
      <div role="status">
        {found && (
          <p className="admin-notice admin-notice--success">
            Connected. {found.mailbox} holds {counted(found.messages, 'message')}. Folders: {found.folders.join(', ')}.
          </p>
        )}
      </div>
      <div className="admin-form__actions">
        <FormSubmit of={save} pendingText="Saving…">
          Save mailbox
        </FormSubmit>
        {answer.imap && (
          <button type="button" className="admin-button admin-button--ghost" disabled={remove.pending} onClick={() => remove.onSubmit()}>
            {remove.pending ? 'Removing…' : 'Remove'}
          </button>
        )}
      </div>
    </FormCard>
  );
}
