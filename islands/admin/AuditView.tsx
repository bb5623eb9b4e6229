import { useState, type FormEvent } from 'react';
import { AUDIT_ACTIONS, auditActionLabel, type AuditEntryJson } from '../../shared/audit';
import { auditChangeText } from '../../shared/audit-text';
import { auditApi, auditQuery, type AuditFilters } from './audit-api';
import { useDashboard } from './context';
import { ViewHeading } from './ViewHeading';
import { type Column, DateField, Field, Options, PagedTable, useDates, usePagedData } from './kit';

const NO_FILTERS: AuditFilters = { actor: '', action: '', from: '', to: '' };

/** Settings > Audit (owners): what admins did, newest first, filtered, a page at a time. */
export function AuditView() {
  const { api } = useDashboard();
  const { formatDateTime } = useDates();
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const entries = usePagedData((cursor) => auditApi(api).list(filters, cursor), {
    key: auditQuery(filters, null),
    fallback: 'Failed to load the audit trail.',
    moreFallback: 'Failed to load older entries.',
  });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  const input = (name: keyof AuditFilters, label: string) => (
    <Field label={label}>
      <input id={`audit-${name}`} type="text" value={draft[name]} onChange={(event) => setDraft({ ...draft, [name]: event.target.value })} />
    </Field>
  );
  const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso)}</time>;
  const columns: Column<AuditEntryJson>[] = [
    { key: 'when', header: 'When', className: 'admin-table__date', cell: (item) => when(item.at) },
    { key: 'who', header: 'Who', cell: (item) => item.actor.name },
    {
      key: 'action',
      header: 'Action',
      cell: (item) => (
        <span>
          {auditActionLabel(item)}
          {item.repeats > 1 && (
            <>
              {' '}
              <span className="admin-muted">until {when(item.lastAt)}</span>
            </>
          )}
        </span>
      ),
    },
    { key: 'on', header: 'On', cell: (item) => (item.target ? `${item.target.type} ${item.target.id}` : '—') },
    { key: 'change', header: 'What changed', cell: (item) => auditChangeText(item) || '—' },
  ];

  return (
    <>
      <ViewHeading title="Audit trail">
        <p className="admin-view__lead">Every admin action, kept one year. Nothing here can be changed or deleted.</p>
      </ViewHeading>
      <form className="admin-card admin-form" onSubmit={apply} aria-label="Filter the audit trail">
        <div className="admin-form__row">
          {input('actor', 'Who (username)')}
          <Field label="Action">
            <select id="audit-action" className="admin-select" value={draft.action} onChange={(event) => setDraft({ ...draft, action: event.target.value })}>
              <Options values={Object.keys(AUDIT_ACTIONS) as (keyof typeof AUDIT_ACTIONS)[]} label={(action) => AUDIT_ACTIONS[action]} none="Any action" />
            </select>
          </Field>
          <DateField id="audit-from" label="From (day)" value={draft.from} onChange={(from) => setDraft({ ...draft, from })} />
          <DateField id="audit-to" label="To (day)" value={draft.to} onChange={(to) => setDraft({ ...draft, to })} />
        </div>
        <button type="submit" className="admin-button">
          Apply filters
        </button>
      </form>
      <PagedTable
        of={entries}
        loadingText="Loading the audit trail…"
        label="Audit trail, newest first"
        columns={columns}
        rowKey={(item) => String(item.id)}
        empty="Nothing recorded matches these filters."
        busy={entries.loading}
        moreLabel="Show older entries"
      />
    </>
  );
}
