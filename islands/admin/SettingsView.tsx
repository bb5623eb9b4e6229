import { useEffect, useState, type FormEvent } from 'react';
import { FORM_TYPES, FORM_TYPE_LABELS, type FormType } from '../../shared/form-types';
import { NOTIFICATION_WAIT_LIMIT_MINUTES, type MailHealth } from '../../shared/mail-health';
import { RETENTION_PURGE_HOUR, retentionPreviewQuerySchema, type RetentionPreview, type Settings } from '../../shared/settings';
import { counted } from '../../shared/text';
import { ApiError } from './api';
import { useDashboard } from './context';
import { useLoad } from './use-load';
import { ViewHeading } from './ViewHeading';
import { ViewLink } from './ViewLink';

type TestEmailResult = { sent: boolean; recipients: string[]; response?: string; error?: string };

/** Settings (owners): the back office's settings, a test e-mail, and the way to the audit trail. */
export function SettingsView() {
  const { api, notify } = useDashboard();
  const { data, error } = useLoad<{ settings: Settings }>('/api/settings', 'Failed to load the settings.');
  const [saved, setSaved] = useState<Settings | null>(null);
  const [draft, setDraft] = useState<Settings | null>(null);
  const [recipients, setRecipients] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [test, setTest] = useState<TestEmailResult | null>(null);

  useEffect(() => {
    if (!data) return;
    setSaved(data.settings);
    setDraft(data.settings);
    setRecipients(data.settings.notificationRecipients.join('\n'));
  }, [data]);

  if (error) return <p className="admin-error">{error}</p>;
  if (!draft || !saved) return <ViewHeading title="Settings" />;

  const set = <K extends keyof Settings>(name: K, value: Settings[K]) => setDraft({ ...draft, [name]: value });
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFields({});
    try {
      const notificationRecipients = recipients.split(/[\s,]+/).filter(Boolean);
      const answer = await api.send<{ settings: Settings }>('PATCH', '/api/settings', 'Failed to save the settings.', { ...draft, notificationRecipients });
      setSaved(answer.settings);
      setDraft(answer.settings);
      notify({ tone: 'success', text: 'Settings saved.' });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) setFields(failure.fields);
      notify({ tone: 'error', text: failure instanceof Error ? failure.message : 'Failed to save the settings.' });
    }
    setBusy(false);
  };
  const sendTest = async () => {
    setTest(null);
    try {
      setTest(await api.send<TestEmailResult>('POST', '/api/settings/test-email', 'Failed to send the test e-mail.'));
    } catch (failure) {
      notify({ tone: 'error', text: failure instanceof Error ? failure.message : 'Failed to send the test e-mail.' });
    }
  };

  const errorOf = (name: string) =>
    fields[name] && (
      <p id={`setting-${name}-error`} className="admin-field__error">
        {fields[name]}
      </p>
    );
  const described = (name: string) => (fields[name] ? { 'aria-invalid': true, 'aria-describedby': `setting-${name}-error` } : {});

  return (
    <>
      <ViewHeading title="Settings" actions={<ViewLink to={{ name: 'admin', section: 'audit' }} className="admin-button admin-button--ghost">Audit trail</ViewLink>} />
      <MailNotice />
      <form className="admin-card admin-form" onSubmit={save} aria-labelledby="settings-title">
        <h2 id="settings-title" className="admin-card__title">
          Back office
        </h2>
        <div className="admin-field">
          <label htmlFor="setting-notificationRecipients">Notification recipients (one e-mail address a line)</label>
          <textarea id="setting-notificationRecipients" rows={3} value={recipients} onChange={(event) => setRecipients(event.target.value)} {...described('notificationRecipients')} />
          {errorOf('notificationRecipients')}
        </div>
        <div className="admin-form__row">
          <div className="admin-field">
            <label htmlFor="setting-replyPromiseHours">Reply promise (hours)</label>
            <input id="setting-replyPromiseHours" type="number" min={1} max={240} value={draft.replyPromiseHours} onChange={(event) => set('replyPromiseHours', Number(event.target.value))} {...described('replyPromiseHours')} />
            {errorOf('replyPromiseHours')}
          </div>
          <div className="admin-field">
            <label htmlFor="setting-timeZone">Time zone</label>
            <input id="setting-timeZone" value={draft.timeZone} onChange={(event) => set('timeZone', event.target.value)} {...described('timeZone')} />
            {errorOf('timeZone')}
          </div>
          <div className="admin-field">
            <label htmlFor="setting-digestTime">Morning digest at</label>
            <input id="setting-digestTime" type="time" value={draft.digestTime} onChange={(event) => set('digestTime', event.target.value)} {...described('digestTime')} />
            {errorOf('digestTime')}
          </div>
        </div>
        <label className="admin-checkbox">
          <input type="checkbox" checked={draft.workingHoursOnly} onChange={(event) => set('workingHoursOnly', event.target.checked)} /> Count working hours only (Monday to Friday, 9 AM to 6 PM)
        </label>
        <fieldset className="admin-fieldset">
          <legend>Keep leads (days; empty keeps them until deleted)</legend>
          <div className="admin-form__row">
            {FORM_TYPES.map((type) => (
              <div className="admin-field" key={type}>
                <label htmlFor={`setting-retention-${type}`}>{FORM_TYPE_LABELS[type]}</label>
                <input
                  id={`setting-retention-${type}`}
                  type="number"
                  min={1}
                  max={3650}
                  value={draft.retentionDays[type] ?? ''}
                  onChange={(event) => set('retentionDays', { ...draft.retentionDays, [type]: event.target.value === '' ? null : Number(event.target.value) })}
                  aria-describedby={`retention-preview-${type}`}
                />
              </div>
            ))}
            <div className="admin-field">
              <label htmlFor="setting-retention-spam">Spam</label>
              <input id="setting-retention-spam" type="number" min={1} max={365} value={draft.retentionDays.spam} onChange={(event) => set('retentionDays', { ...draft.retentionDays, spam: Number(event.target.value) })} />
            </div>
          </div>
          {errorOf('retentionDays')}
          <RetentionPreviews saved={saved} draft={draft} />
        </fieldset>
        <label className="admin-checkbox">
          <input type="checkbox" checked={draft.requireTwoFactor} onChange={(event) => set('requireTwoFactor', event.target.checked)} /> Require two-factor sign-in for every account
        </label>
        <button type="submit" className="admin-button" disabled={busy}>
          Save settings
        </button>
      </form>
      <section className="admin-card" aria-labelledby="test-email-title">
        <h2 id="test-email-title" className="admin-card__title">
          Test e-mail
        </h2>
        <p>Sends a message to the notification recipients saved above and shows what the mail server answered.</p>
        <button type="button" className="admin-button admin-button--ghost" onClick={() => void sendTest()}>
          Send a test e-mail
        </button>
        <div role="status">
          {test && (
            <p className={test.sent ? 'admin-notice admin-notice--success' : 'admin-notice admin-notice--error'}>
              {test.sent ? `Sent to ${test.recipients.join(', ')}. The server answered: ${test.response}` : `Not sent: ${test.error}`}
            </p>
          )}
        </div>
      </section>
    </>
  );
}

/**
 * Whether staff e-mails can go out, at the top of Settings: mail off (no SMTP server configured)
 * or failing (notifications failed or waiting too long), each with what to do. Nothing when mail works.
 */
function MailNotice() {
  const { data: health } = useLoad<MailHealth>('/api/mail-health', 'Failed to load the mail status.');
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
          <code>smtp://user:password@mail.example.com:587</code>) in the server&rsquo;s environment, restart it, then send a test e-mail below.
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

  const dateOf = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: saved.timeZone }).format(new Date(iso));
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
    return `Saving will delete ${counted(leads, `${label} lead`)} older than ${counted(days, 'day')} (received before ${dateOf(before)}) at ${purgeTime}.`;
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
