import { useState } from 'react';
import { useDashboard } from '../context';
import { ConfirmDialog, DateField, errorText, Field, FormCard, FormSubmit, useDates, useSubmit } from '../kit';
import { contentApi, type ContentDocumentJson } from './content-api';
import { agencyTimeToUtc } from './schedule-time';

interface SchedulePanelProps {
  documentKey: string;
  doc: ContentDocumentJson;
  /** The form has typing not saved yet: it is saved first, and that version is scheduled. */
  dirty: boolean;
  /** The draft changes agency details and the reader is not an owner: an owner schedules it. */
  forOwner?: boolean;
  saveFirst: () => Promise<number | null>;
  onScheduled: () => void;
}

/**
 * "Schedule…": publishes the draft at a day and time on the agency's clock. The server pins the
 * version scheduled, so the panel says so when the draft changed afterwards (those changes wait
 * for another publish).
 */
export function SchedulePanel({ documentKey, doc, dirty, forOwner = false, saveFirst, onScheduled }: SchedulePanelProps) {
  const { api, notify } = useDashboard();
  const { timeZone, formatDateTime } = useDates();
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState('');
  const [time, setTime] = useState('09:00');
  const [fieldErrors, setFieldErrors] = useState<{ day?: string; time?: string }>({});
  const [cancelling, setCancelling] = useState(false);
  const [busy, setBusy] = useState(false);
  const scheduled = doc.scheduled ?? null;
  const canSchedule = (dirty || Boolean(doc.draft)) && !forOwner;

  const form = useSubmit(async () => {
    const at = agencyTimeToUtc(day, time, timeZone);
    if (!day || !at) return setFieldErrors({ day: day ? undefined : 'Choose the day.', time: /^\d{2}:\d{2}$/.test(time) ? undefined : 'Choose the time.' });
    if (Date.parse(at) <= Date.now()) return setFieldErrors({ time: 'Choose a time that has not passed yet.' });
    setFieldErrors({});
    const version = dirty ? await saveFirst() : (doc.draft?.version ?? null);
    if (version === null) return;
    await contentApi(api, documentKey).schedule(version, at);
    notify({ tone: 'success', text: `Publishing scheduled for ${formatDateTime(at)}.` });
    setOpen(false);
    onScheduled();
  }, 'The publish could not be scheduled.');

  const cancel = async (id: string) => {
    setBusy(true);
    try {
      await contentApi(api, documentKey).cancelSchedule(id);
      notify({ tone: 'success', text: 'The scheduled publish was cancelled.' });
      onScheduled();
    } catch (failure) {
      notify({ tone: 'error', text: errorText(failure, 'The scheduled publish could not be cancelled.') });
    } finally {
      setBusy(false);
      setCancelling(false);
    }
  };

  return (
    <section className="admin-card admin-content-schedule" aria-labelledby="content-schedule-title">
      <h2 id="content-schedule-title" className="admin-card__title">
        Scheduled publishing
      </h2>
      {scheduled ? (
        <>
          <p>
            Version {scheduled.version} is scheduled to publish on {formatDateTime(scheduled.runAt)}.
          </p>
          {scheduled.draftChangedSince && (
            <p className="admin-field__warning" role="status">
              The draft was changed after it was scheduled: those later changes will not be published then. Schedule again to include them.
            </p>
          )}
        </>
      ) : (
        <p className="admin-muted">Nothing is scheduled for this page.</p>
      )}
      <div className="admin-form__actions">
        {!open && (
          <button type="button" className="admin-button admin-button--ghost" aria-expanded={false} disabled={!canSchedule} onClick={() => setOpen(true)}>
            Schedule…
          </button>
        )}
        {scheduled && (
          <button type="button" className="admin-button admin-button--danger" onClick={() => setCancelling(true)}>
            Cancel the scheduled publish
          </button>
        )}
      </div>
      {!canSchedule && <p className="admin-field__hint">{forOwner ? 'An owner schedules a change of the agency details.' : 'Save a draft to schedule it.'}</p>}
      {open && canSchedule && (
        <FormCard title="Publish the draft later" onSubmit={form.onSubmit} noValidate>
          <p className="admin-field__hint">On the agency&apos;s clock ({timeZone}).{dirty ? ' Your unsaved changes are saved as the draft first.' : ''}</p>
          <div className="admin-form__row">
            <DateField label="Day" value={day} onChange={setDay} />
            <Field label="Time" error={fieldErrors.time} required>
              <input type="time" value={time} onChange={(event) => setTime(event.target.value)} />
            </Field>
          </div>
          {fieldErrors.day && <p className="admin-field__error">{fieldErrors.day}</p>}
          <div className="admin-form__actions">
            <FormSubmit of={form} pendingText="Scheduling…">
              Schedule publish
            </FormSubmit>
            <button type="button" className="admin-button admin-button--ghost" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </FormCard>
      )}
      {cancelling && scheduled && (
        <ConfirmDialog
          title="Cancel the scheduled publish?"
          message={`Version ${scheduled.version} will not be published on ${formatDateTime(scheduled.runAt)}. The draft stays.`}
          confirmLabel="Cancel the publish"
          busyLabel="Cancelling…"
          busy={busy}
          onConfirm={() => void cancel(scheduled.id)}
          onCancel={() => setCancelling(false)}
        />
      )}
    </section>
  );
}
