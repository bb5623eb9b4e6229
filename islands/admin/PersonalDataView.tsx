import { useId, useState } from 'react';
import { LEAD_TYPE_LABELS } from '../../shared/form-types';
import type { PersonalDataReport } from '../../shared/personal-data';
import { senderName } from '../../shared/lead-facts';
import { ConfirmDialog } from './ConfirmDialog';
import { useDashboard } from './context';
import { personalDataApi } from './personal-data-api';
import { counted, truncate } from './text';
import { errorText, Field, SubmitButton, TimedListItem, useSubmit } from './kit';
import { ViewHeading } from './ViewHeading';
import { ViewLink } from './ViewLink';

/**
 * Find by e-mail: everything held for one address (leads, notes, staff e-mails), its export as
 * JSON and its erasure (GDPR articles 15 and 17). The address stays in the page and the request
 * bodies, never a URL.
 */
export function PersonalDataView() {
  const { api, notify, leadsChanged } = useDashboard();
  const id = useId();
  const [report, setReport] = useState<PersonalDataReport | null>(null);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const find = useSubmit(async () => {
    setReport(null);
    setReport(await personalDataApi(api).find(email.trim()));
  }, 'Failed to search.');

  const erase = async () => {
    if (!report) return;
    setBusy(true);
    try {
      const erased = await personalDataApi(api).erase(report.email);
      notify({ tone: 'success', text: `Erased ${counted(erased.leads, 'message')}, ${counted(erased.notes, 'note')} and ${counted(erased.notifications, 'staff e-mail')}.` });
      setReport({ ...report, leads: [], notes: [], notifications: [] });
      leadsChanged();
    } catch (failure) {
      notify({ tone: 'error', text: errorText(failure, 'Failed to erase the data.') });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const empty = report !== null && report.leads.length === 0;
  return (
    <>
      <ViewHeading title="Find by e-mail">
        <p className="admin-view__lead">Everything held for one e-mail address: see it, export it or erase it.</p>
      </ViewHeading>
      <form className="admin-card admin-filters" onSubmit={find.onSubmit} aria-label="Find by e-mail" noValidate>
        <Field label="E-mail address" error={find.fields.email || find.error} required>
          <input id={`${id}-email`} name="email" type="email" autoComplete="off" maxLength={254} value={email} onChange={(event) => setEmail(event.target.value)} />
        </Field>
        <div className="admin-filters__actions">
          <SubmitButton className="admin-button admin-button--small" pending={find.pending} pendingText="Finding…" disabled={busy}>
            Find
          </SubmitButton>
        </div>
      </form>

      {empty && <p className="admin-card admin-empty">Nothing is held for {report.email}.</p>}
      {report && !empty && (
        <section className="admin-card" aria-labelledby="held-data">
          <h2 id="held-data" className="admin-card__title">
            Held for {report.email}: {counted(report.leads.length, 'message')}, {counted(report.notes.length, 'note')}, {counted(report.notifications.length, 'staff e-mail')}
          </h2>
          <ul className="admin-list">
            {report.leads.map((lead) => (
              <TimedListItem key={lead._id} at={lead.submittedAt}>
                <ViewLink to={{ name: 'lead', type: lead.type, id: lead._id }} className="admin-leads__sender">
                  {LEAD_TYPE_LABELS[lead.type]}: {senderName(lead)}
                </ViewLink>
                <span className="admin-muted">{truncate(lead.summary, 90)}</span>
                <span className="admin-muted">
                  {counted(report.notes.filter((note) => note.leadId === lead._id).length, 'note')} · staff e-mail{' '}
                  {report.notifications.find((notification) => notification.leadId === lead._id)?.status ?? 'none'}
                </span>
              </TimedListItem>
            ))}
          </ul>
          <div className="admin-lead__actions">
            {/* A plain form post: the address stays out of the URL, and the browser saves the answer (an attachment). */}
            <form method="post" action="/api/personal-data/export">
              <input type="hidden" name="email" value={report.email} />
              <input type="hidden" name="csrf" value={api.csrfToken} />
              <button type="submit" className="admin-button admin-button--ghost admin-button--small">
                Export (JSON)
              </button>
            </form>
            <button type="button" className="admin-button admin-button--danger admin-button--small" disabled={busy} onClick={() => setConfirming(true)}>
              Erase
            </button>
          </div>
        </section>
      )}
      {confirming && report && (
        <ConfirmDialog
          title={`Erase everything held for ${report.email}?`}
          message={`${counted(report.leads.length, 'message')} with their notes and staff e-mails will be deleted for good. The audit trail keeps only that an erasure happened.`}
          confirmLabel="Erase"
          busy={busy}
          busyLabel="Erasing…"
          onConfirm={() => void erase()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
