import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FORM_STATUSES, FORM_TYPE_LABELS, LEAD_TYPE_LABELS, LEAD_TYPE_STATUSES, LEAD_TYPES, statusLabel, type FormType } from '../../shared/form-types';
import { leadNoun, senderInSentence, senderName } from '../../shared/lead-facts';
import { SEARCH_LENGTH } from '../../shared/search';
import { LEAD_STATUSES, type LeadBulkAction, type LeadFilters, type LeadListItem } from '../../shared/leads';
import { DELETE_LEAD_FAILED, leadsApi } from './leads-api';
import { queryOfFilters } from './lead-filters';
import { portfolioApi } from './portfolio-api';
import { RowMenu } from './RowMenu';
import { type Column, ConfirmDialog, DateField, errorText, Field, Options, PagedTable, useDates, usePagedData } from './kit';
import { useDashboard } from './context';
import { counted, truncate } from './text';
import { ViewHeading } from './ViewHeading';
import { ViewLink } from './ViewLink';
import { titleOfView, type DashboardView } from './views';

/**
 * Messages: every form's leads in one list, newest first; Forms > type is the same list with
 * `formType` fixed (its Form filter and column hidden). The filters and the search live in the URL,
 * so reload, shared links and Back/Forward show the same list; "Show more" continues by cursor.
 * Each inbox row has the spec's status select and, in its menu, delete (its own calls, `PATCH`/`DELETE
 * /api/forms/{type}/{id}`); selected rows take bulk actions. Visitors' text is only ever rendered
 * as React text nodes, and long text is cut to 50 characters.
 */
export function LeadInbox({ filters: given, formType }: { filters: LeadFilters; formType?: FormType }) {
  const { api, navigate, notify, leadsChanged } = useDashboard();
  const calls = leadsApi(api);
  const { formatDateTime } = useDates();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [confirmingLead, setConfirmingLead] = useState<LeadListItem | null>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const [portfolioMatches, setPortfolioMatches] = useState<{ _id: string; title: string }[]>([]);
  // On phones the filters fold away behind a button; this stays open across the list's reloads.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  // What is listed: the URL's filters, and in Forms > type that type.
  const filters: LeadFilters = formType ? { ...given, type: formType } : given;
  const filterKey = queryOfFilters(filters);
  const spam = filters.folder === 'spam';
  /** The view showing `next` filters: this same view (Messages, or Forms > type). */
  const viewOf = (next: LeadFilters): DashboardView => (formType ? { name: 'forms', type: formType, filters: { ...next, type: undefined } } : { name: 'messages', filters: next });
  // The filters someone chose here, beyond the folder and a fixed type.
  const activeFilters = new URLSearchParams(queryOfFilters({ ...given, type: formType ? undefined : given.type, folder: undefined })).size;
  const narrowed = activeFilters > 0;
  // The filters are compared by their query string; a new object with the same filters is the same list.
  // A reload after a row's change keeps the rows shown (so its status select keeps focus).
  const leads = usePagedData((cursor) => calls.list(filters, cursor), { key: filterKey, fallback: 'Failed to load messages.', moreFallback: 'Failed to load more messages.' });
  /** Set by a row's delete: its focused menu button is gone, focus goes to the list. */
  const refocus = useRef(false);
  const tableRef = useRef<HTMLDivElement>(null);

  // Other filters list other messages: nothing stays selected.
  useEffect(() => setSelected(new Set()), [filterKey]);

  // A deleted row takes its focused menu button along: focus lands on the list, or on the heading
  // when no row is left, instead of the page's start.
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    if (document.activeElement === document.body) (tableRef.current ?? document.querySelector<HTMLElement>('[data-view-heading]'))?.focus();
  }, [leads.items]);

  // The top bar's search covers portfolio titles too: matching items are listed above the leads (Messages only).
  useEffect(() => {
    let current = true;
    const q = formType ? undefined : filters.q?.toLowerCase();
    if (!q) return setPortfolioMatches([]);
    portfolioApi(api).list().then(
      (items) => current && setPortfolioMatches(items.filter((item) => item.title.toLowerCase().includes(q)).slice(0, 5)),
      () => current && setPortfolioMatches([]),
    );
    return () => {
      current = false;
    };
  }, [api, formType, filters.q]);

  /** A row's change shown at once, then the list reloaded (a filter may now leave the row out). */
  const changeRow = (change: (items: LeadListItem[]) => LeadListItem[]) => {
    leads.setItems(change);
    leads.reload();
  };
  const setFilters = (next: LeadFilters) => navigate(viewOf(next));

  const runBulk = async (action: LeadBulkAction, status?: string) => {
    setWorking(true);
    try {
      const changed = await calls.bulk(action, [...selected], status);
      notify({ tone: 'success', text: `${counted(changed, 'message')} updated.` });
      leadsChanged();
      setSelected(new Set());
      leads.reload();
    } catch (error) {
      notify({ tone: 'error', text: errorText(error, 'Failed to update the selected messages.') });
    } finally {
      setWorking(false);
      setConfirmingDelete(false);
    }
  };

  /** One row's status through the spec's own call; the list reloads, as a status filter may now leave it out. */
  const changeStatus = async (lead: LeadListItem, status: string) => {
    setPendingId(lead._id);
    try {
      // A form's lead through the spec's own call; an e-mail lead has no form, only the lead API.
      await (lead.type === 'email' ? calls.setStatus(lead.type, lead._id, status) : calls.setFormStatus(lead.type, lead._id, status));
      leadsChanged();
      changeRow((items) => items.map((item) => (item._id === lead._id ? { ...item, status } : item)));
    } catch (error) {
      notify({ tone: 'error', text: error instanceof Error ? error.message : 'Failed to update form status.' });
    } finally {
      setPendingId(null);
    }
  };

  /** One row deleted through the spec's own call, after the confirmation. */
  const deleteLead = async (lead: LeadListItem) => {
    setWorking(true);
    try {
      await (lead.type === 'email' ? calls.remove(lead.type, lead._id) : calls.deleteForm(lead.type, lead._id));
      notify({ tone: 'success', text: `The submission from ${senderInSentence(lead)} was deleted.` });
      leadsChanged();
      refocus.current = true;
      setSelected((previous) => new Set([...previous].filter((id) => id !== lead._id)));
      changeRow((items) => items.filter((item) => item._id !== lead._id));
    } catch (error) {
      notify({ tone: 'error', text: error instanceof Error ? error.message : DELETE_LEAD_FAILED });
    } finally {
      setWorking(false);
      setConfirmingLead(null);
    }
  };

  const columns: Column<LeadListItem>[] = [
    { key: 'received', header: 'Received', className: 'admin-table__date', cell: (lead) => <time dateTime={lead.submittedAt}>{formatDateTime(lead.submittedAt)}</time> },
    ...(formType ? [] : [{ key: 'form', header: 'Form', className: 'admin-leads__form', cell: (lead: LeadListItem) => LEAD_TYPE_LABELS[lead.type] }]),
    {
      key: 'from',
      header: 'From',
      className: 'admin-leads__from',
      cell: (lead) => (
        // One wrapper: on phones the cell is a label-and-value grid.
        <div>
          <ViewLink to={{ name: 'lead', type: lead.type, id: lead._id }} className="admin-leads__sender">
            {!lead.readAt && <span className="admin-leads__dot" aria-hidden="true" />}
            {senderName(lead)}
            {!lead.readAt && <span className="visually-hidden"> (unread)</span>}
          </ViewLink>
          {lead.name && lead.email && <span className="admin-muted admin-leads__email">{lead.email}</span>}
        </div>
      ),
    },
    {
      key: 'message',
      header: 'Message',
      className: 'admin-table__long admin-leads__message',
      cell: (lead) => (
        <>
          {truncate(lead.summary)}
          {lead.spamReason && <span className="admin-muted"> · {lead.spamReason}</span>}
        </>
      ),
    },
    // The status select and the row's menu share the last column, kept in view while the table scrolls
    // sideways. The spec's calls act on the inbox only; spam leaves by "Not spam" or bulk delete.
    spam
      ? { key: 'status', header: 'Status', className: 'admin-leads__manage', cell: (lead) => statusLabel(lead.status) }
      : {
          key: 'status',
          header: 'Status',
          className: 'admin-table__manage admin-leads__manage',
          cell: (lead) => <RowActions lead={lead} pending={pendingId === lead._id} onStatusChange={(status) => void changeStatus(lead, status)} onDelete={() => setConfirmingLead(lead)} />,
        },
  ];

  return (
    <>
      <ViewHeading
        title={titleOfView(viewOf(given))}
        actions={
          <a className="admin-button admin-button--ghost admin-button--small" href={`/api/leads.csv${filterKey}`} download>
            Export CSV
          </a>
        }
      >
        <p className="admin-view__lead">
          {spam
            ? 'Caught by the spam checks or marked by staff; deleted after 30 days.'
            : formType
              ? `Every message from the ${FORM_TYPE_LABELS[formType]} form, newest first.`
              : 'Every form’s messages, newest first.'}
        </p>
      </ViewHeading>

      <div className="admin-inbox-bar">
        <nav className="admin-tabs" aria-label="Folders">
          <ViewLink to={viewOf({ ...given, folder: undefined })} className="admin-tabs__link" current={!spam}>
            Inbox
          </ViewLink>
          <ViewLink to={viewOf({ ...given, folder: 'spam', unread: undefined })} className="admin-tabs__link" current={spam}>
            Spam
          </ViewLink>
        </nav>
        {/* Phones only (CSS): wider screens show the filters as they are. */}
        <button
          type="button"
          className={`admin-button admin-button--small admin-inbox-bar__filters${narrowed ? '' : ' admin-button--ghost'}`}
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {narrowed ? `Filters (${activeFilters})` : 'Filters'}
        </button>
      </div>

      <LeadFilterForm key={filterKey} id={filtersId} open={filtersOpen} filters={filters} typeFixed={formType !== undefined} onApply={setFilters} />

      {portfolioMatches.length > 0 && (
        <section className="admin-card admin-matches" aria-labelledby="portfolio-matches">
          <h2 id="portfolio-matches" className="admin-card__title">
            Portfolio items
          </h2>
          <ul>
            {portfolioMatches.map((item) => (
              <li key={item._id}>
                <ViewLink to={{ name: 'portfolio-detail', id: item._id }}>{item.title}</ViewLink>
              </li>
            ))}
          </ul>
        </section>
      )}

      {selected.size > 0 && (
        <div className="admin-bulk" role="group" aria-label="Actions on the selected messages">
          <span className="admin-bulk__count">{selected.size} selected</span>
          <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={working} onClick={() => void runBulk('read')}>
            Mark read
          </button>
          <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={working} onClick={() => void runBulk('unread')}>
            Mark unread
          </button>
          <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={working} onClick={() => void runBulk(spam ? 'not-spam' : 'spam')}>
            {spam ? 'Not spam' : 'Move to spam'}
          </button>
          <BulkStatus statuses={formType ? FORM_STATUSES[formType] : LEAD_STATUSES} disabled={working} onApply={(status) => void runBulk('status', status)} />
          <button type="button" className="admin-button admin-button--danger admin-button--small" disabled={working} onClick={() => setConfirmingDelete(true)}>
            Delete
          </button>
        </div>
      )}

      <PagedTable
        of={leads}
        loadingText="Loading messages…"
        label={`${titleOfView(viewOf(given))}, newest first`}
        className="admin-leads"
        columns={columns}
        rowKey={(lead) => lead._id}
        rowClassName={(lead) => (lead.readAt ? undefined : 'admin-leads__unread')}
        busy={pendingId !== null || working}
        selection={{ selected, onChange: setSelected, allLabel: 'Select all messages shown', rowLabel: (lead) => `Select the message from ${senderInSentence(lead)}` }}
        regionRef={tableRef}
        empty={narrowed ? 'No messages match these filters.' : spam ? 'The spam folder is empty.' : formType ? `Nothing from the ${FORM_TYPE_LABELS[formType]} form yet.` : 'No messages yet.'}
      />

      {confirmingDelete && (
        <ConfirmDialog
          title="Delete the selected messages?"
          message={`${counted(selected.size, 'message')} will be deleted with their notes. This cannot be undone.`}
          confirmLabel="Delete"
          busy={working}
          onConfirm={() => void runBulk('delete')}
          onCancel={() => setConfirmingDelete(false)}
        />
      )}
      {confirmingLead && (
        <ConfirmDialog
          title="Delete this submission?"
          message={`The ${leadNoun(confirmingLead.type)} from ${senderInSentence(confirmingLead)} will be deleted with its notes. This cannot be undone.`}
          confirmLabel="Delete"
          busy={working}
          onConfirm={() => void deleteLead(confirmingLead)}
          onCancel={() => setConfirmingLead(null)}
        />
      )}
    </>
  );
}

/** A row's status select (its form's statuses), as the spec's form lists have it, and its delete, folded into the row's menu. */
export function RowActions({ lead, pending, onStatusChange, onDelete }: { lead: LeadListItem; pending: boolean; onStatusChange: (status: string) => void; onDelete: () => void }) {
  const statuses: readonly string[] = LEAD_TYPE_STATUSES[lead.type];
  const sender = senderInSentence(lead);
  return (
    <div className="admin-table__manage-inner">
      <select className="admin-select" value={lead.status} aria-label={`Status of the submission from ${sender}`} disabled={pending} onChange={(event) => onStatusChange(event.target.value)}>
        {!statuses.includes(lead.status) && <option value={lead.status}>{statusLabel(lead.status)}</option>}
        <Options values={statuses} label={statusLabel} />
      </select>
      <RowMenu
        label={`More actions for the submission from ${sender}`}
        items={[
          {
            label: (
              <>
                Delete<span className="visually-hidden"> the submission from {sender}</span>
              </>
            ),
            onSelect: onDelete,
            danger: true,
          },
        ]}
      />
    </div>
  );
}

/**
 * The filters as a form: the selects apply at once, the search and dates on "Apply". A fixed type
 * has no Form select. `open`: shown on phones (wider screens always show it).
 */
function LeadFilterForm({ id: formId, open, filters, typeFixed, onApply }: { id: string; open: boolean; filters: LeadFilters; typeFixed: boolean; onApply: (filters: LeadFilters) => void }) {
  const [from, setFrom] = useState(filters.from ?? '');
  const [to, setTo] = useState(filters.to ?? '');
  const statuses = filters.type ? (LEAD_TYPE_STATUSES[filters.type] as readonly string[]) : LEAD_STATUSES;
  const read = (form: HTMLFormElement): LeadFilters => {
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    const type = text('type');
    return {
      type: LEAD_TYPES.find((candidate) => candidate === type),
      status: text('status'),
      q: text('q'),
      from: text('from'),
      to: text('to'),
      folder: filters.folder,
      unread: data.get('unread') === 'true' || undefined,
    };
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(read(event.currentTarget));
  };
  const applyNow = (event: { currentTarget: HTMLSelectElement | HTMLInputElement }) => {
    const form = event.currentTarget.form;
    // A date being typed that is no day yet says so instead of being dropped from the filters.
    if (form?.reportValidity()) onApply(read(form));
  };
  return (
    <form id={formId} className={`admin-card admin-filters${open ? '' : ' admin-filters--closed'}`} onSubmit={submit} aria-label="Filter messages">
      <Field label="Search">
        <input name="q" type="search" defaultValue={filters.q ?? ''} minLength={SEARCH_LENGTH.min} maxLength={SEARCH_LENGTH.max} placeholder="Name, e-mail, phone, text…" />
      </Field>
      {!typeFixed && (
        <Field label="Form">
          <select name="type" className="admin-select" defaultValue={filters.type ?? ''} onChange={applyNow}>
            <Options values={LEAD_TYPES} label={(type) => LEAD_TYPE_LABELS[type]} none="All forms" />
          </select>
        </Field>
      )}
      <Field label="Status">
        <select name="status" className="admin-select" defaultValue={filters.status ?? ''} onChange={applyNow}>
          <Options values={statuses} label={statusLabel} none="Any status" />
        </select>
      </Field>
      <DateField label="From" name="from" value={from} onChange={setFrom} />
      <DateField label="To" name="to" value={to} onChange={setTo} />
      {filters.folder !== 'spam' && (
        <label className="admin-checkbox admin-filters__unread">
          <input type="checkbox" name="unread" value="true" defaultChecked={filters.unread ?? false} onChange={applyNow} />
          Unread only
        </label>
      )}
      <div className="admin-filters__actions">
        <button type="submit" className="admin-button admin-button--small">
          Apply
        </button>
        <button type="button" className="admin-button admin-button--ghost admin-button--small" onClick={() => onApply({ folder: filters.folder })}>
          Clear
        </button>
      </div>
    </form>
  );
}

/** "Set status" for the selection: the listed form's statuses, or in Messages every form's. */
function BulkStatus({ statuses, disabled, onApply }: { statuses: readonly string[]; disabled: boolean; onApply: (status: string) => void }) {
  const id = useId();
  const [status, setStatus] = useState('');
  return (
    <span className="admin-bulk__status">
      <label htmlFor={id} className="visually-hidden">
        Status for the selected messages
      </label>
      <select id={id} className="admin-select" value={status} onChange={(event) => setStatus(event.target.value)}>
        <Options values={statuses} label={statusLabel} none="Set status…" />
      </select>
      <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={disabled || !status} onClick={() => onApply(status)}>
        Apply
      </button>
    </span>
  );
}
