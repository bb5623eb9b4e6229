import { useEffect, useState } from 'react';
import { FORM_TYPES, FORM_TYPE_LABELS } from '../../../shared/form-types';
import type { Settings } from '../../../shared/settings';
import { useDashboard } from '../context';
import { Field, FormSubmit, TimeZoneField, useSubmit } from '../kit';
import { RetentionPreviews } from './RetentionPreviews';
import { settingsApi } from './settings-api';

/** The settings as a form: each field with the server's complaint beside it, saved all at once. */
export function SettingsForm({ saved, onSaved }: { saved: Settings; onSaved: (settings: Settings) => void }) {
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
    const answer = await settingsApi(api).save({ ...edited, notificationRecipients });
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
