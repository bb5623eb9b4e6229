import { useEffect, useState } from 'react';
import { FORM_TYPES, FORM_TYPE_LABELS, type FormType } from '../../shared/form-types';
import { REPLY_PLACEHOLDER_HINTS, REPLY_PLACEHOLDERS } from '../../shared/replies';
import { VISITOR_CONFIRMATION_TEXT_MAX, type Settings } from '../../shared/settings';
import { CONFIRMATION_LIMITS } from '../../shared/visitor-confirmation';
import { useDashboard } from './context';
import { Field, FormCard, FormSubmit, LoadStatus, useData, useSubmit } from './kit';
import { settingsApi } from './settings/settings-api';

// What a stranger typed must not reach an inbox in the agency's name: only a first name, and a service the form offers.
const HINTS = { ...REPLY_PLACEHOLDER_HINTS, name: 'the first word of the visitor\'s name, letters only ("there" without one)', service: 'the service they chose from the form (else the form)' };
const PLACEHOLDER_HINT = `Placeholders: ${REPLY_PLACEHOLDERS.map((name) => `{${name}} for ${HINTS[name]}`).join('; ')}.`;
const { perAddress, perNetwork, perDay } = CONFIRMATION_LIMITS;

type Confirmation = Settings['visitorConfirmation'];

/**
 * Owners: which forms e-mail the visitor an acknowledgement with the reply promise (off for every
 * form until turned on), and its words, the agency's own (standard ones until they write theirs).
 * Saved with the other settings (`PATCH /api/settings`; `visitorConfirmationText: null` goes back
 * to the standard words).
 */
export function VisitorConfirmationCard() {
  const { api, notify } = useDashboard();
  const loaded = useData((client) => settingsApi(client).load(), 'Failed to load the settings.', 'settings');
  const [chosen, setChosen] = useState<Confirmation | null>(null);
  const [text, setText] = useState('');
  useEffect(() => {
    if (!loaded.data) return;
    setChosen(loaded.data.settings.visitorConfirmation);
    setText(loaded.data.settings.visitorConfirmationText);
  }, [loaded.data]);

  const standard = loaded.data?.defaults.visitorConfirmationText ?? '';
  const isStandard = text.trim() === standard.trim();
  const form = useSubmit(async () => {
    // Only sent from the form, which is shown once the settings (and so `chosen`) are loaded.
    if (!chosen) return;
    // The standard words stay "not set": a later change of them (the agency's phone) reaches the e-mail.
    await settingsApi(api).saveVisitorConfirmation(chosen, isStandard ? null : text);
    notify({ tone: 'success', text: 'Acknowledgements saved.' });
  }, 'The acknowledgements could not be saved.');

  if (!chosen) return <LoadStatus of={loaded} loadingText="Loading the acknowledgements…" />;
  const toggle = (type: FormType, on: boolean) => setChosen({ ...chosen, [type]: on });
  return (
    <FormCard title="Acknowledgement to visitors" onSubmit={form.onSubmit}>
      <p className="admin-muted">
        An e-mail to the visitor right after they send the form: we have their message and will reply within the promise in Settings. Never for spam; at most {perAddress} a day to one address,{' '}
        {perNetwork} a day asked from one network, and {perDay} a day for the whole site (owners are warned when that is reached).
      </p>
      <fieldset className="admin-fieldset">
        <legend>Send it for</legend>
        <div className="admin-checkboxes">
          {FORM_TYPES.map((type) => (
            <label key={type} className="admin-checkbox">
              <input type="checkbox" checked={chosen[type]} onChange={(event) => toggle(type, event.target.checked)} /> {FORM_TYPE_LABELS[type]}
            </label>
          ))}
        </div>
      </fieldset>
      <Field label="The e-mail's words" hint={PLACEHOLDER_HINT} error={form.fields.visitorConfirmationText} required>
        <textarea id="visitor-confirmation-text" rows={9} maxLength={VISITOR_CONFIRMATION_TEXT_MAX} value={text} onChange={(event) => setText(event.target.value)} />
      </Field>
      <div className="admin-form__actions">
        <FormSubmit of={form} pendingText="Saving…">
          Save acknowledgements
        </FormSubmit>
        {!isStandard && (
          <button type="button" className="admin-button admin-button--ghost" onClick={() => setText(standard)}>
            Use the standard words
          </button>
        )}
      </div>
    </FormCard>
  );
}
