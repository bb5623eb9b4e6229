import { useEffect, useState } from 'react';
import { FORM_TYPES, FORM_TYPE_LABELS, type FormType } from '../../shared/form-types';
import {
  DEFAULT_IMAP_MAILBOX,
  IMAP_SECURITY_LABELS,
  RETENTION_PURGE_HOUR,
  retypePasswordMessage,
  savedPasswordFits,
  SMTP_SECURITY,
  SMTP_SECURITY_LABELS,
  retentionPreviewQuerySchema,
  type MailSource,
  type RetentionPreview,
  type Settings,
  type ImapSetupView,
  type ImapTestAnswer,
  type SettingsAnswer,
  type SmtpSecurity,
  type SmtpSetupInput,
  type SmtpSetupView,
} from '../../shared/settings';
import { counted } from '../../shared/text';
import type { AccountJson } from '../../shared/admin-account';
import { useDashboard } from './context';
import { Field, FormCard, FormError, FormSubmit, LoadStatus, Options, TimeZoneField, useData, useDates, useSubmit } from './kit';
import { ViewHeading } from './ViewHeading';
import { ViewLink } from './ViewLink';
import { BackupsSection } from './BackupsView';

type TestEmailResult = { sent: boolean; recipients: string[]; response?: string; error?: string };

/** Settings (owners): the back office's settings, the mail server with its test e-mail, and the way to the audit trail. */
export function SettingsView() {
  const loaded = useData<SettingsAnswer>('/api/settings', 'Failed to load the settings.');
  return (
    <>
      <ViewHeading title="Settings" actions={<ViewLink to={{ name: 'admin', section: 'audit' }} className="admin-button admin-button--ghost">Audit trail</ViewLink>} />
      <LoadStatus of={loaded} loadingText="Loading the settings…" />
      {loaded.data && (
        <>
          <SettingsForm saved={loaded.data.settings} onSaved={(settings) => loaded.setData((previous) => previous && { ...previous, settings })} />
          <MailSetup answer={loaded.data} onSaved={loaded.setData} />
          <MailboxSetup answer={loaded.data} onSaved={loaded.setData} />
          <ReplyAddress answer={loaded.data} onSaved={(settings) => loaded.setData((previous) => previous && { ...previous, settings })} />
        </>
      )}
      <BackupsSection />
    </>
  );
}

/** The settings as a form: each field with the server's complaint beside it, saved all at once. */
function SettingsForm({ saved, onSaved }: { saved: Settings; onSaved: (settings: Settings) => void }) {
  const { api, notify } = useDashboard();
  const [draft, setDraft] = useState<Settings>(saved);
  const [recipients, setRecipients] = useState(saved.notificationRecipients.join('\n'));
  useEffect(() => {
    setDraft(saved);
    setRecipients(saved.notificationRecipients.join('\n'));
  }, [saved]);

  const set = <K extends keyof Settings>(name: K, value: Settings[K]) => setDraft({ ...draft, [name]: value });
  const save = useSubmit(async () => {
    const notificationRecipients = recipients.split(/[\s,]+/).filter(Boolean);
    // The acknowledgement is edited on the Saved replies page and the reply address in its own form:
    // not sent from here, so a page opened earlier neither undoes a change made there nor pins its standard words.
    const { visitorConfirmation: _onOtherPage, visitorConfirmationText: _alsoThere, replyAddress: _ownForm, replyAddressTags: _besideIt, ...edited } = draft;
    const answer = await api.send<SettingsAnswer>('PATCH', '/api/settings', 'Failed to save the settings.', { ...edited, notificationRecipients });
    onSaved(answer.settings);
    notify({ tone: 'success', text: 'Settings saved.' });
  }, 'Failed to save the settings.');
  const setRetention = (name: keyof Settings['retentionDays'], value: number | null) => set('retentionDays', { ...draft.retentionDays, [name]: value });

  return (
    <form className="admin-card admin-form" onSubmit={save.onSubmit} aria-labelledby="settings-title" noValidate>
      <h2 id="settings-title" className="admin-card__title">
        Back office
      </h2>
      <Field label="Notification recipients (one e-mail address a line)" error={save.fields.notificationRecipients}>
        <textarea id="setting-notificationRecipients" rows={3} value={recipients} onChange={(event) => setRecipients(event.target.value)} />
      </Field>
      <div className="admin-form__row">
        <Field label="Reply promise (hours)" error={save.fields.replyPromiseHours}>
          <input id="setting-replyPromiseHours" type="number" min={1} max={240} value={draft.replyPromiseHours} onChange={(event) => set('replyPromiseHours', Number(event.target.value))} />
        </Field>
        <TimeZoneField id="setting-timeZone" value={draft.timeZone} error={save.fields.timeZone} onChange={(zone) => set('timeZone', zone)} />
        <Field label="Morning digest at" error={save.fields.digestTime}>
          <input id="setting-digestTime" type="time" value={draft.digestTime} onChange={(event) => set('digestTime', event.target.value)} />
        </Field>
      </div>
      <label className="admin-checkbox">
        <input type="checkbox" checked={draft.workingHoursOnly} onChange={(event) => set('workingHoursOnly', event.target.checked)} /> Count working hours only (the opening hours set in Website › Agency details)
      </label>
      <fieldset className="admin-fieldset">
        <legend>Keep leads (days; empty keeps them until deleted)</legend>
        <div className="admin-form__row">
          {FORM_TYPES.map((type) => (
            <Field key={type} label={FORM_TYPE_LABELS[type]}>
              <input
                id={`setting-retention-${type}`}
                type="number"
                min={1}
                max={3650}
                value={draft.retentionDays[type] ?? ''}
                onChange={(event) => setRetention(type, event.target.value === '' ? null : Number(event.target.value))}
                aria-describedby={`retention-preview-${type}`}
              />
            </Field>
          ))}
          <Field label="Spam">
            <input id="setting-retention-spam" type="number" min={1} max={365} value={draft.retentionDays.spam} onChange={(event) => setRetention('spam', Number(event.target.value))} />
          </Field>
        </div>
        {save.fields.retentionDays && <p className="admin-field__error">{save.fields.retentionDays}</p>}
        <RetentionPreviews saved={saved} draft={draft} />
      </fieldset>
      <label className="admin-checkbox">
        <input type="checkbox" checked={draft.requireTwoFactor} onChange={(event) => set('requireTwoFactor', event.target.checked)} /> Require two-factor sign-in for every account
      </label>
      <FormSubmit of={save} pendingText="Saving…">
        Save settings
      </FormSubmit>
    </form>
  );
}

type MailDraft = Omit<SmtpSetupInput, 'port' | 'password'> & { port: string; password: string };

const draftOf = (smtp: SmtpSetupView | null): MailDraft => ({
  host: smtp?.host ?? '',
  port: String(smtp?.port ?? 587),
  security: smtp?.security ?? 'starttls',
  user: smtp?.user ?? '',
  password: '',
  fromName: smtp?.fromName ?? '',
  fromAddress: smtp?.fromAddress ?? '',
});

/** The set-up as the API takes it: the port a number (or null, for the server to name), an empty password keeping the saved one. */
const inputOf = (draft: MailDraft) => ({ ...draft, port: draft.port.trim() === '' ? null : Number(draft.port) });

const MAIL_SOURCE_TEXT: Record<MailSource, string> = {
  environment: 'SMTP_URL is set in the server’s environment: mail goes through it, whatever is saved here. Remove it (and restart) to use these settings.',
  settings: 'Mail goes through the server saved here.',
  off: 'Mail is off: no mail server is set up yet. Nobody is e-mailed about new leads until one is.',
};

/**
 * What the password field says: empty keeps the saved password, but only for the server and user
 * it was saved with (the server's own rule, `savedPasswordFits`), so once the host, port or user
 * typed differ, it says the password must be typed again, and why.
 */
function passwordHint(saved: SmtpSetupView | ImapSetupView | null, draft: Pick<MailDraft, 'host' | 'port' | 'user' | 'password'>): string {
  if (!saved?.passwordSet || draft.password) return 'Stored encrypted; never shown again.';
  if (draft.user && !savedPasswordFits(saved, { host: draft.host.trim(), port: Number(draft.port), user: draft.user.trim() })) return retypePasswordMessage(saved);
  return 'A password is saved; leave empty to keep it.';
}

/**
 * The mail server (owners): host, port, security, sign-in and sender, saved with the other
 * settings' call; "Send a test" (to me, or to the notification recipients) tries what is typed before it is saved. The saved password
 * never comes back: the field stays empty, and empty keeps it (for the same server and user).
 */
function MailSetup({ answer, onSaved }: { answer: SettingsAnswer; onSaved: (answer: SettingsAnswer) => void }) {
  const { api, notify, mailChanged } = useDashboard();
  const [draft, setDraft] = useState<MailDraft>(() => draftOf(answer.smtp));
  const [test, setTest] = useState<TestEmailResult | null>(null);
  useEffect(() => setDraft(draftOf(answer.smtp)), [answer.smtp]);
  const set = <K extends keyof MailDraft>(name: K, value: MailDraft[K]) => setDraft((previous) => ({ ...previous, [name]: value }));

  const save = useSubmit(async () => {
    const saved = await api.send<SettingsAnswer>('PATCH', '/api/settings', 'Failed to save the mail set-up.', { smtp: inputOf(draft) });
    onSaved(saved);
    mailChanged();
    notify({ tone: 'success', text: 'Mail set-up saved.' });
  }, 'Failed to save the mail set-up.');
  // Where "to me" goes: the account's confirmed address (the server refuses without one, in words).
  const account = useData<AccountJson>('/api/account', 'Failed to load your account.');
  const own = account.data?.emailVerified ? account.data.email : null;
  const testTo = (to: 'me' | 'recipients') => async () => {
    setTest(null);
    setTest(await api.send<TestEmailResult>('POST', '/api/settings/test-email', 'Failed to send the test e-mail.', { smtp: inputOf(draft), to }));
  };
  const sendToMe = useSubmit(testTo('me'), 'Failed to send the test e-mail.');
  const send = useSubmit(testTo('recipients'), 'Failed to send the test e-mail.');
  const error = (name: keyof MailDraft) => save.fields[`smtp.${name}`] ?? send.fields[`smtp.${name}`] ?? sendToMe.fields[`smtp.${name}`];

  return (
    <form className="admin-card admin-form" onSubmit={save.onSubmit} aria-labelledby="mail-title" noValidate>
      <h2 id="mail-title" className="admin-card__title">
        Mail
      </h2>
      <p className={answer.mail === 'environment' ? 'admin-notice admin-notice--warning' : 'admin-muted'}>{MAIL_SOURCE_TEXT[answer.mail]}</p>
      <div className="admin-form__row">
        <Field label="Mail server (SMTP host)" error={error('host')} required>
          <input id="smtp-host" value={draft.host} autoComplete="off" spellCheck={false} placeholder="smtp.example.com" onChange={(event) => set('host', event.target.value)} />
        </Field>
        <Field label="Port" error={error('port')} required>
          <input id="smtp-port" type="number" inputMode="numeric" min={1} max={65535} value={draft.port} onChange={(event) => set('port', event.target.value)} />
        </Field>
        <Field label="Security" error={error('security')}>
          <select id="smtp-security" className="admin-select" value={draft.security} onChange={(event) => set('security', event.target.value as SmtpSecurity)}>
            <Options values={SMTP_SECURITY} label={(value) => SMTP_SECURITY_LABELS[value]} />
          </select>
        </Field>
      </div>
      <div className="admin-form__row">
        <Field label="User" hint="Empty: send without signing in." error={error('user')}>
          <input id="smtp-user" value={draft.user} autoComplete="off" spellCheck={false} onChange={(event) => set('user', event.target.value)} />
        </Field>
        <Field label="Password" hint={passwordHint(answer.smtp, draft)} error={error('password')}>
          <input id="smtp-password" type="password" value={draft.password} autoComplete="new-password" onChange={(event) => set('password', event.target.value)} />
        </Field>
      </div>
      <div className="admin-form__row">
        <Field label="Sender name" error={error('fromName')} required>
          <input id="smtp-fromName" value={draft.fromName} placeholder="Your agency" onChange={(event) => set('fromName', event.target.value)} />
        </Field>
        <Field label="Sender address" error={error('fromAddress')} required>
          <input id="smtp-fromAddress" type="email" value={draft.fromAddress} autoComplete="off" placeholder="hello@example.com" onChange={(event) => set('fromAddress', event.target.value)} />
        </Field>
      </div>
      <div className="admin-mail-test">
        <button type="button" className="admin-button admin-button--ghost" disabled={sendToMe.pending || send.pending} onClick={() => sendToMe.onSubmit()}>
          {sendToMe.pending ? 'Sending…' : 'Send a test to me'}
        </button>
        <button type="button" className="admin-button admin-button--ghost" disabled={sendToMe.pending || send.pending} onClick={() => send.onSubmit()}>
          {send.pending ? 'Sending…' : 'Send a test to the notification recipients'}
        </button>
        <p className="admin-muted">
          Through what is typed above, saved or not.{' '}
          {own ? (
            <>
              “To me” goes to <strong>{own}</strong>.
            </>
          ) : account.data ? (
            <>
              “To me” needs a confirmed address in <ViewLink to={{ name: 'admin', section: 'account' }}>Your account</ViewLink>.
            </>
          ) : null}
        </p>
      </div>
      {/* A refusal of "to me" (no confirmed address) names no field of the form: said here, beside the buttons. */}
      <FormError error={sendToMe.fields.to || sendToMe.error || send.fields.to || send.error} />
      <div role="status">
        {test && (
          <p className={test.sent ? 'admin-notice admin-notice--success' : 'admin-notice admin-notice--error'}>
            {test.sent ? `Sent to ${test.recipients.join(', ')}. The server answered: ${test.response}` : `Not sent: ${test.error}`}
          </p>
        )}
      </div>
      <FormSubmit of={save} pendingText="Saving…">
        Save mail set-up
      </FormSubmit>
    </form>
  );
}

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
function MailboxSetup({ answer, onSaved }: { answer: SettingsAnswer; onSaved: (answer: SettingsAnswer) => void }) {
  const { api, notify } = useDashboard();
  const [draft, setDraft] = useState<MailboxDraft>(() => mailboxDraftOf(answer.imap));
  const [found, setFound] = useState<ImapTestAnswer | null>(null);
  useEffect(() => setDraft(mailboxDraftOf(answer.imap)), [answer.imap]);
  const set = <K extends keyof MailboxDraft>(name: K, value: MailboxDraft[K]) => setDraft((previous) => ({ ...previous, [name]: value }));
  const input = () => ({ ...draft, port: draft.port.trim() === '' ? null : Number(draft.port) });

  const save = useSubmit(async () => {
    const saved = await api.send<SettingsAnswer>('PATCH', '/api/settings', 'Failed to save the mailbox.', { imap: input() });
    onSaved(saved);
    notify({ tone: 'success', text: 'Mailbox saved: clients’ answers are read from it.' });
  }, 'Failed to save the mailbox.');
  const test = useSubmit(async () => {
    setFound(null);
    setFound(await api.send<ImapTestAnswer>('POST', '/api/settings/imap-test', 'Failed to test the mailbox.', { imap: input() }));
  }, 'Failed to test the mailbox.');
  const remove = useSubmit(async () => {
    onSaved(await api.send<SettingsAnswer>('PATCH', '/api/settings', 'Failed to remove the mailbox.', { imap: null }));
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

/**
 * The agency's reply address (owners): the shared inbox clients' answers go to when a reply's
 * writer has no confirmed address of their own, and of every acknowledgement. While none is set,
 * the published agency e-mail is offered as a one-click choice, never used without one.
 */
function ReplyAddress({ answer, onSaved }: { answer: SettingsAnswer; onSaved: (settings: Settings) => void }) {
  const { api, notify } = useDashboard();
  const saved = answer.settings.replyAddress;
  const [draft, setDraft] = useState(saved ?? '');
  useEffect(() => setDraft(saved ?? ''), [saved]);

  const store = (replyAddress: string | null) => async () => {
    const next = await api.send<SettingsAnswer>('PATCH', '/api/settings', 'Failed to save the reply address.', { replyAddress });
    onSaved(next.settings);
    notify({ tone: 'success', text: replyAddress ? `Answers now come back to ${replyAddress}.` : 'Reply address removed.' });
  };
  const form = useSubmit(store(draft.trim() || null), 'Failed to save the reply address.');
  const proposed = useSubmit(store(answer.agencyEmail), 'Failed to save the reply address.');
  const remove = useSubmit(store(null), 'Failed to remove the reply address.');

  return (
    <FormCard title="Reply address" onSubmit={form.onSubmit} noValidate>
      <p className="admin-muted">
        A shared inbox the agency reads. Clients’ answers come back to it when a reply is sent from an account without a confirmed e-mail address, and when they answer an acknowledgement.
        {saved ? '' : ' While none is set, only accounts with a confirmed address can reply.'}
      </p>
      <Field label="Reply address" error={form.fields.replyAddress ?? proposed.fields.replyAddress}>
        <input id="setting-replyAddress" type="email" value={draft} autoComplete="off" spellCheck={false} placeholder="hello@example.com" onChange={(event) => setDraft(event.target.value)} />
      </Field>
      <ReplyAddressTags on={answer.settings.replyAddressTags} onSaved={onSaved} />
      {!saved && answer.agencyEmail && (
        <p className="admin-reply-address__proposal">
          <span className="admin-muted">The agency’s e-mail, from Website, Agency details:</span>
          <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={proposed.pending} onClick={() => proposed.onSubmit()}>
            Use {answer.agencyEmail}
          </button>
        </p>
      )}
      <FormError error={proposed.error || remove.error} />
      <div className="admin-form__actions">
        <FormSubmit of={form} pendingText="Saving…">
          Save reply address
        </FormSubmit>
        {saved && (
          <button type="button" className="admin-button admin-button--ghost" disabled={remove.pending} onClick={() => remove.onSubmit()}>
            {remove.pending ? 'Removing…' : 'Remove'}
          </button>
        )}
      </div>
    </FormCard>
  );
}

/**
 * The lead's `+tag` on the reply address: saved as soon as it is ticked, as it changes only where
 * answers are addressed. Off by default: a mailbox without plus-addressing would bounce the answers.
 */
function ReplyAddressTags({ on, onSaved }: { on: boolean; onSaved: (settings: Settings) => void }) {
  const { api, notify } = useDashboard();
  const [pending, setPending] = useState(false);
  const toggle = async (next: boolean) => {
    setPending(true);
    try {
      const answer = await api.send<SettingsAnswer>('PATCH', '/api/settings', 'Failed to save the reply address tag.', { replyAddressTags: next });
      onSaved(answer.settings);
      notify({ tone: 'success', text: next ? 'Mail about a lead now carries its tag on the reply address.' : 'The reply address no longer carries a tag.' });
    } catch (error) {
      notify({ tone: 'error', text: error instanceof Error ? error.message : 'Failed to save the reply address tag.' });
    } finally {
      setPending(false);
    }
  };
  return (
    <label className="admin-checkbox">
      <input id="setting-replyAddressTags" type="checkbox" checked={on} disabled={pending} onChange={(event) => void toggle(event.target.checked)} /> Add the lead’s tag to the reply address (hello+tag@…), so an answer
      finds its lead even without its thread. Only for a mailbox that accepts “+” addresses.
    </label>
  );
}

type PreviewState = { phase: 'counting' } | { phase: 'ready'; preview: RetentionPreview } | { phase: 'failed' };

/**
 * For each form whose retention was edited, what saving will do: how many leads the next daily
 * purge will delete (counted by the server with the purge's own query), before the owner saves.
 */
function RetentionPreviews({ saved, draft }: { saved: Settings; draft: Settings }) {
  const { api } = useDashboard();
  const [previews, setPreviews] = useState<Partial<Record<FormType, PreviewState>>>({});
  const edited = FORM_TYPES.filter((type) => draft.retentionDays[type] !== saved.retentionDays[type]);
  const key = edited.map((type) => `${type}=${draft.retentionDays[type]}`).join('&');

  useEffect(() => {
    let current = true;
    const counting = edited.filter((type) => retentionPreviewQuerySchema.safeParse({ type, days: draft.retentionDays[type] }).success);
    setPreviews(Object.fromEntries(counting.map((type) => [type, { phase: 'counting' }])));
    // Counted once typing pauses, not on every keystroke.
    const timer = setTimeout(() => {
      for (const type of counting) {
        const query = new URLSearchParams({ type, days: String(draft.retentionDays[type]) });
        api.send<RetentionPreview>('GET', `/api/settings/retention-preview?${query}`, 'Failed to count the leads.').then(
          (preview) => current && setPreviews((all) => ({ ...all, [type]: { phase: 'ready', preview } })),
          () => current && setPreviews((all) => ({ ...all, [type]: { phase: 'failed' } })),
        );
      }
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // `key` names every edited form and its value: the counts follow it alone.
  }, [api, key]);

  const { formatDate } = useDates();
  const purgeTime = `${String(RETENTION_PURGE_HOUR).padStart(2, '0')}:00`;
  const textOf = (type: FormType): string => {
    const label = FORM_TYPE_LABELS[type];
    const days = draft.retentionDays[type];
    if (days === null) return `Saving keeps ${label} leads until they are deleted.`;
    const state = previews[type];
    if (!state) return '';
    if (state.phase === 'counting') return `Counting the ${label} leads older than ${counted(days, 'day')}…`;
    if (state.phase === 'failed') return `The ${label} leads older than ${counted(days, 'day')} could not be counted.`;
    const { leads, before } = state.preview;
    if (leads === 0) return `No ${label} lead is older than ${counted(days, 'day')}: saving deletes none now.`;
    return `Saving will delete ${counted(leads, `${label} lead`)} older than ${counted(days, 'day')} (received before ${formatDate(before)}) at ${purgeTime}.`;
  };

  return (
    <ul className="admin-retention-previews" aria-live="polite">
      {FORM_TYPES.map((type) => {
        const text = edited.includes(type) ? textOf(type) : '';
        return (
          <li key={type} id={`retention-preview-${type}`} hidden={!text}>
            {text}
          </li>
        );
      })}
    </ul>
  );
}
