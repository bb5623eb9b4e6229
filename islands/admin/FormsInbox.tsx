import { useCallback, useEffect, useId, useState } from 'react';
import { FORM_STATUSES, FORM_TYPE_LABELS, INBOX_PAGE_SIZE, type FormType } from '../../shared/form-types';
import { ApiError } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { useDashboard } from './context';
import { formColumns, newestFirst, senderOf, type FormRecord } from './form-columns';
import { fieldText, formatSubmittedAt, pageCount, truncate } from './text';
import { SubmissionDialog } from './SubmissionDialog';
import { ViewHeading } from './ViewHeading';
import { ViewLink } from './ViewLink';
import { Failed, Loading } from './LoadStatus';

/** `page` is the page the shown rows belong to; while another loads, these stay (marked busy). */
type ListState = { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'ready'; records: FormRecord[]; total: number; page: number };

interface ActionError {
  message: string;
  retry: () => void;
}

/**
 * One form type's submissions (SPEC §2, §4, §8): newest first, 20 a page, a status select per row
 * and delete behind a confirmation. Every change reloads the list. Submitted text is only ever
 * rendered as React text nodes, so markup in it shows as typed and never runs.
 */
export function FormsInbox({ type }: { type: FormType }) {
  const { api } = useDashboard();
  const [page, setPage] = useState(1);
  const [list, setList] = useState<ListState>({ phase: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [actionError, setActionError] = useState<ActionError | null>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<FormRecord | null>(null);
  const [viewing, setViewing] = useState<FormRecord | null>(null);
  const [deleting, setDeleting] = useState(false);
  const label = FORM_TYPE_LABELS[type];

  useEffect(() => {
    let current = true;
    setList((previous) => (previous.phase === 'ready' ? previous : { phase: 'loading' }));
    api.listForms(type, page, INBOX_PAGE_SIZE.default).then(
      ({ records, total }) => {
        if (!current) return;
        const pages = pageCount(total, INBOX_PAGE_SIZE.default);
        // A delete can empty the last page: step back to the one that now exists.
        if (records.length === 0 && page > pages) return setPage(pages);
        setList({ phase: 'ready', records: newestFirst(records), total, page });
      },
      (error: unknown) => {
        if (!current) return;
        setList({ phase: 'error', message: error instanceof ApiError && error.fromServer ? error.message : `Failed to fetch ${type} forms` });
      },
    );
    return () => {
      current = false;
    };
  }, [api, type, page, reloads]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);

  const changeStatus = async (record: FormRecord, status: string) => {
    setActionError(null);
    setPendingId(record._id);
    try {
      await api.setFormStatus(type, record._id, status);
      reload();
    } catch {
      setActionError({ message: 'Failed to update form status.', retry: () => void changeStatus(record, status) });
    } finally {
      setPendingId(null);
    }
  };

  const confirmDelete = async () => {
    if (!confirming) return;
    const record = confirming;
    setDeleting(true);
    setActionError(null);
    try {
      await api.deleteForm(type, record._id);
      setConfirming(null);
      reload();
    } catch {
      setConfirming(null);
      setActionError({ message: 'Failed to delete form.', retry: () => setConfirming(record) });
    } finally {
      setDeleting(false);
    }
  };

  const pages = list.phase === 'ready' ? pageCount(list.total, INBOX_PAGE_SIZE.default) : 1;
  const shownPage = list.phase === 'ready' ? list.page : page;
  const busy = list.phase === 'ready' && list.page !== page;

  return (
    <>
      <ViewHeading
        title={`${label} submissions`}
        actions={
          <ViewLink to={{ name: 'messages', filters: { type } }} className="admin-button admin-button--ghost admin-button--small">
            Search and filter in Messages
          </ViewLink>
        }
      >
        {list.phase === 'ready' && (
          <p className="admin-view__lead">
            {list.total === 1 ? '1 submission' : `${list.total} submissions`}, newest first.
          </p>
        )}
      </ViewHeading>

      {actionError && (
        <Failed message={actionError.message} onRetry={actionError.retry} />
      )}

      {list.phase === 'loading' && (
        <Loading>Loading {label.toLowerCase()} submissions…</Loading>
      )}

      {list.phase === 'error' && (
        <Failed message={list.message} onRetry={reload} />
      )}

      {list.phase === 'ready' && list.records.length === 0 && <p className="admin-card admin-empty">No {label.toLowerCase()} submissions yet.</p>}

      {list.phase === 'ready' && list.records.length > 0 && (
        <>
          <InboxTable
            type={type}
            records={list.records}
            caption={`${label} submissions, newest first, page ${shownPage} of ${pages}`}
            busy={busy}
            pendingId={pendingId}
            onStatusChange={(record, status) => void changeStatus(record, status)}
            onView={setViewing}
            onDelete={setConfirming}
          />
          <nav className="admin-pagination" aria-label={`${label} submission pages`}>
            <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={shownPage <= 1} onClick={() => !busy && setPage(shownPage - 1)}>
              Previous
            </button>
            <span aria-live="polite">
              Page {shownPage} of {pages}
            </span>
            <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={shownPage >= pages} onClick={() => !busy && setPage(shownPage + 1)}>
              Next
            </button>
          </nav>
        </>
      )}

      {viewing && <SubmissionDialog type={type} record={viewing} onClose={() => setViewing(null)} />}
      {confirming && (
        <ConfirmDialog
          title="Delete this submission?"
          message={`The ${label.toLowerCase()} submission from ${senderOf(confirming)} will be deleted. This cannot be undone.`}
          confirmLabel="Delete"
          busy={deleting}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setConfirming(null)}
        />
      )}
    </>
  );
}

interface InboxTableProps {
  type: FormType;
  records: readonly FormRecord[];
  caption: string;
  /** Another page is on its way: the rows shown are about to change. */
  busy?: boolean;
  /** The row whose status change is being saved (its select is disabled meanwhile). */
  pendingId: string | null;
  onStatusChange: (record: FormRecord, status: string) => void;
  onView: (record: FormRecord) => void;
  onDelete: (record: FormRecord) => void;
}

/** One page of submissions as a table: the type's fields, long texts cut to 50 characters. */
export function InboxTable({ type, records, caption, busy = false, pendingId, onStatusChange, onView, onDelete }: InboxTableProps) {
  const captionId = useId();
  const columns = formColumns(type);
  const statuses: readonly string[] = FORM_STATUSES[type];
  return (
    <div className="admin-table-scroll" role="region" aria-labelledby={captionId} aria-busy={busy || undefined} tabIndex={0}>
      <table className="admin-table">
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">Submitted</th>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.label}
              </th>
            ))}
            {/* Status and delete share the last column, kept in view while the table scrolls sideways. */}
            <th scope="col" className="admin-table__manage">
              Status
            </th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => {
            const sender = senderOf(record);
            return (
              <tr key={record._id}>
                <td className="admin-table__date" data-label="Submitted">
                  <time dateTime={record.submittedAt}>{formatSubmittedAt(record.submittedAt)}</time>
                </td>
                {columns.map((column) => {
                  const value = fieldText(record[column.key]);
                  return (
                    <td key={column.key} className={column.long ? 'admin-table__long' : column.nowrap ? 'admin-table__nowrap' : undefined} data-label={column.label}>
                      {column.long ? truncate(value) : value}
                    </td>
                  );
                })}
                <td className="admin-table__manage" data-label="Status">
                  <div className="admin-table__manage-inner">
                    <select
                      className="admin-select"
                      value={record.status}
                      aria-label={`Status of the submission from ${sender}`}
                      disabled={pendingId === record._id}
                      onChange={(event) => onStatusChange(record, event.target.value)}
                    >
                      {!statuses.includes(record.status) && <option value={record.status}>{record.status}</option>}
                      {statuses.map((status) => (
                        <option key={status} value={status}>
                          {status}
                        </option>
                      ))}
                    </select>
                    <button type="button" className="admin-button admin-button--ghost admin-button--small" onClick={() => onView(record)}>
                      View<span className="visually-hidden"> the submission from {sender}</span>
                    </button>
                    <button type="button" className="admin-button admin-button--danger admin-button--small" onClick={() => onDelete(record)}>
                      Delete<span className="visually-hidden"> the submission from {sender}</span>
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
