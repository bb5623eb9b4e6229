import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { AUDIT_ACTIONS, auditActionLabel, type AuditEntryJson } from '../../shared/audit';
import { auditChangeText } from '../../shared/audit-text';
import { useDashboard } from './context';
import { formatWhen } from './use-load';
import { ViewHeading } from './ViewHeading';

interface Filters {
  actor: string;
  action: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { actor: '', action: '', from: '', to: '' };

function queryOf(filters: Filters, cursor: string | null): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** Settings > Audit (owners): what admins did, newest first, filtered, a page at a time. */
export function AuditView() {
  const { api, notify } = useDashboard();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [items, setItems] = useState<AuditEntryJson[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    async (applied: Filters, cursor: string | null) => {
      setBusy(true);
      try {
        const page = await api.send<{ items: AuditEntryJson[]; nextCursor: string | null }>('GET', `/api/audit?${queryOf(applied, cursor)}`, 'Failed to load the audit trail.');
        setItems((previous) => (cursor ? [...previous, ...page.items] : page.items));
        setNextCursor(page.nextCursor);
      } catch (failure) {
        notify({ tone: 'error', text: failure instanceof Error ? failure.message : 'Failed to load the audit trail.' });
      }
      setBusy(false);
    },
    [api, notify],
  );

  useEffect(() => {
    void load(filters, null);
  }, [filters, load]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };
  const input = (name: keyof Filters, label: string, type = 'text') => (
    <div className="admin-field">
      <label htmlFor={`audit-${name}`}>{label}</label>
      <input id={`audit-${name}`} type={type} value={draft[name]} onChange={(event) => setDraft({ ...draft, [name]: event.target.value })} />
    </div>
  );

  return (
    <>
      <ViewHeading title="Audit trail">
        <p className="admin-view__lead">Every admin action, kept one year. Nothing here can be changed or deleted.</p>
      </ViewHeading>
      <form className="admin-card admin-form" onSubmit={apply} aria-label="Filter the audit trail">
        <div className="admin-form__row">
          {input('actor', 'Who (username)')}
          <div className="admin-field">
            <label htmlFor="audit-action">Action</label>
            <select id="audit-action" className="admin-select" value={draft.action} onChange={(event) => setDraft({ ...draft, action: event.target.value })}>
              <option value="">Any action</option>
              {Object.entries(AUDIT_ACTIONS).map(([action, label]) => (
                <option key={action} value={action}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          {input('from', 'From (day)', 'date')}
          {input('to', 'To (day)', 'date')}
        </div>
        <button type="submit" className="admin-button">
          Apply filters
        </button>
      </form>
      <div className="admin-table-scroll" role="region" aria-labelledby="audit-caption" aria-busy={busy || undefined} tabIndex={0}>
        <table className="admin-table">
          <caption id="audit-caption" className="visually-hidden">
            Audit trail, newest first
          </caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">On</th>
              <th scope="col">What changed</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td className="admin-table__date" data-label="When">
                  <time dateTime={item.at}>{formatWhen(item.at)}</time>
                </td>
                <td data-label="Who">{item.actor.name}</td>
                <td data-label="Action">
                  {auditActionLabel(item)}
                  {item.repeats > 1 && (
                    <>
                      {' '}
                      <span className="admin-muted">
                        until <time dateTime={item.lastAt}>{formatWhen(item.lastAt)}</time>
                      </span>
                    </>
                  )}
                </td>
                <td data-label="On">{item.target ? `${item.target.type} ${item.target.id}` : '—'}</td>
                <td data-label="What changed">{auditChangeText(item) || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!busy && items.length === 0 && <p className="admin-card">Nothing recorded matches these filters.</p>}
      {nextCursor && (
        <p className="admin-pagination">
          <button type="button" className="admin-button admin-button--ghost" disabled={busy} onClick={() => void load(filters, nextCursor)}>
            Show older entries
          </button>
        </p>
      )}
    </>
  );
}
