import { useEffect, useState } from 'react';
import { FORM_TYPES, FORM_TYPE_LABELS, type FormType } from '../../shared/form-types';
import type { Settings } from '../../shared/settings';
import { useDashboard } from './context';
import { FormCard, FormSubmit, LoadStatus, useData, useSubmit } from './kit';

type Confirmation = Settings['visitorConfirmation'];

/**
 * Owners: which forms e-mail the visitor an acknowledgement with the reply promise (off for every
 * form until turned on). Saved with the other settings (`PATCH /api/settings`).
 */
export function VisitorConfirmationCard() {
  const { api, notify } = useDashboard();
  const loaded = useData<{ settings: Settings }>('/api/settings', 'Failed to load the settings.');
  const [chosen, setChosen] = useState<Confirmation | null>(null);
  useEffect(() => {
    if (loaded.data) setChosen(loaded.data.settings.visitorConfirmation);
  }, [loaded.data]);

  const form = useSubmit(async () => {
    await api.send('PATCH', '/api/settings', 'The acknowledgements could not be saved.', { visitorConfirmation: chosen });
    notify({ tone: 'success', text: 'Acknowledgements saved.' });
  }, 'The acknowledgements could not be saved.');

  if (!chosen) return <LoadStatus of={loaded} loadingText="Loading the acknowledgements…" />;
  const toggle = (type: FormType, on: boolean) => setChosen({ ...chosen, [type]: on });
  return (
    <FormCard title="Acknowledgement to visitors" onSubmit={form.onSubmit}>
      <p className="admin-muted">
        An e-mail to the visitor right after they send the form: we have their message and will reply within the promise in Settings. Never for spam, at most three a day to one address.
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
      <div className="admin-form__actions">
        <FormSubmit of={form} pendingText="Saving…">
          Save acknowledgements
        </FormSubmit>
      </div>
    </FormCard>
  );
}
