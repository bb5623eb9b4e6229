import { useEffect, useState, type FormEvent } from 'react';
import { FORM_TYPES, FORM_TYPE_LABELS } from '../../shared/form-types';
import type { Settings } from '../../shared/settings';
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
  const [draft, setDraft] = useState<Settings | null>(null);
  const [recipients, setRecipients] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [test, setTest] = useState<TestEmailResult | null>(null);

  useEffect(() => {
    if (!data) return;
    setDraft(data.settings);
    setRecipients(data.settings.notificationRecipients.join('\n'));
  }, [data]);

  if (error) return <p className="admin-error">{error}</p>;
  if (!draft) return <ViewHeading title="Settings" />;

  const set = <K extends keyof Settings>(name: K, value: Settings[K]) => setDraft({ ...draft, [name]: value });
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFields({});
    try {
      const notificationRecipients = recipients.split(/[\s,]+/).filter(Boolean);
      const answer = await api.send<{ settings: Settings }>('PATCH', '/api/settings', 'Failed to save the settings.', { ...draft, notificationRecipients });
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
                />
              </div>
            ))}
            <div className="admin-field">
              <label htmlFor="setting-retention-spam">Spam</label>
              <input id="setting-retention-spam" type="number" min={1} max={365} value={draft.retentionDays.spam} onChange={(event) => set('retentionDays', { ...draft.retentionDays, spam: Number(event.target.value) })} />
            </div>
          </div>
          {errorOf('retentionDays')}
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
