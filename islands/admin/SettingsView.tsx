import { useEffect, useState } from 'react';
import { FORM_TYPES, FORM_TYPE_LABELS, type FormType } from '../../shared/form-types';
import { NOTIFICATION_WAIT_LIMIT_MINUTES } from '../../shared/mail-health';
import { RETENTION_PURGE_HOUR, retentionPreviewQuerySchema, type RetentionPreview, type Settings } from '../../shared/settings';
import { counted } from '../../shared/text';
import { useDashboard } from './context';
import { Field, FormError, FormSubmit, LoadStatus, useData, useDates, useSubmit } from './kit';
import { ViewHeading } from './ViewHeading';
import { ViewLink } from './ViewLink';
import { BackupsSection } from './BackupsView';

type TestEmailResult = { sent: boolean; recipients: string[]; response?: string; error?: string };
type SettingsAnswer = { settings: Settings };

/** Settings (owners): whether mail works, the back office's settings, a test e-mail, and the way to the audit trail. */
export function SettingsView() {
  const loaded = useData<SettingsAnswer>('/api/settings', 'Failed to load the settings.');
  return (
    <>
      <ViewHeading title="Settings" actions={<ViewLink to={{ name: 'admin', section: 'audit' }} className="admin-button admin-button--ghost">Audit trail</ViewLink>} />
      <MailNotice />
      <LoadStatus of={loaded} loadingText="Loading the settings…" />
      {loaded.data && <SettingsForm saved={loaded.data.settings} onSaved={(settings) => loaded.setData({ settings })} />}
      <TestEmail />
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
    const answer = await api.send<SettingsAnswer>('PATCH', '/api/settings', 'Failed to save the settings.', { ...draft, notificationRecipients });
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
        <Field label="Time zone" error={save.fields.timeZone}>
          <input id="setting-timeZone" value={draft.timeZone} onChange={(event) => set('timeZone', event.target.value)} />
        </Field>
        <Field label="Morning digest at" error={save.fields.digestTime}>
          <input id="setting-digestTime" type="time" value={draft.digestTime} onChange={(event) => set('digestTime', event.target.value)} />
        </Field>
      </div>
      <label className="admin-checkbox">
        <input type="checkbox" checked={draft.workingHoursOnly} onChange={(event) => set('workingHoursOnly', event.target.checked)} /> Count working hours only (Monday to Friday, 9 AM to 6 PM)
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

/** "Send a test e-mail": what the mail server answered, or why nothing was sent. */
function TestEmail() {
  const { api } = useDashboard();
  const [test, setTest] = useState<TestEmailResult | null>(null);
  const send = useSubmit(async () => {
    setTest(null);
    setTest(await api.send<TestEmailResult>('POST', '/api/settings/test-email', 'Failed to send the test e-mail.'));
  }, 'Failed to send the test e-mail.');
  return (
    <section className="admin-card" aria-labelledby="test-email-title">
      <h2 id="test-email-title" className="admin-card__title">
        Test e-mail
      </h2>
      <p>Sends a message to the notification recipients saved above and shows what the mail server answered.</p>
      <button type="button" className="admin-button admin-button--ghost" disabled={send.pending} onClick={() => send.onSubmit()}>
        {send.pending ? 'Sending…' : 'Send a test e-mail'}
      </button>
      <FormError error={send.error} />
      <div role="status">
        {test && (
          <p className={test.sent ? 'admin-notice admin-notice--success' : 'admin-notice admin-notice--error'}>
            {test.sent ? `Sent to ${test.recipients.join(', ')}. The server answered: ${test.response}` : `Not sent: ${test.error}`}
          </p>
        )}
      </div>
    </section>
  );
}

/**
 * Whether staff e-mails can go out, at the top of Settings: mail off (no SMTP server configured)
 * or failing (notifications failed or waiting too long), each with what to do. Nothing when mail works.
 */
function MailNotice() {
  const { data: health } = useData((api) => api.mailHealth(), 'Failed to check the staff e-mails.', 'mail-health');
  if (!health || (health.smtpConfigured && health.troubled === 0)) return null;
  const off = !health.smtpConfigured;
  const lastError = health.notifications.find((entry) => entry.lastError)?.lastError;
  return (
    <section className="admin-card admin-mail-health" aria-labelledby="mail-notice-title">
      <h2 id="mail-notice-title" className="admin-card__title">
        {off ? 'Mail is off' : `Mail is failing: ${counted(health.troubled, 'staff e-mail')} failed or waiting over ${NOTIFICATION_WAIT_LIMIT_MINUTES} minutes`}
      </h2>
      {off ? (
        <p>
          No mail server is configured, so nobody is e-mailed about new leads and the morning digest is not sent. Leads still arrive in the inbox. To turn mail on, set <code>SMTP_URL</code> (for example{' '}
          <code>smtp://user:password@host:587</code>) in the server&rsquo;s environment, restart it, then send a test e-mail below.
        </p>
      ) : (
        <p>
          {lastError && (
            <>
              The mail server answered: <q className="admin-submission__path">{lastError.slice(0, 200)}</q>.{' '}
            </>
          )}
          Check <code>SMTP_URL</code> and the mail server&rsquo;s account, send a test e-mail below, then use <strong>Retry now</strong> on the <ViewLink to={{ name: 'home' }}>dashboard</ViewLink> to send the waiting e-mails.
        </p>
      )}
    </section>
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
