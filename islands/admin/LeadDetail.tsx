import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { LEAD_TYPE_LABELS, LEAD_TYPE_STATUSES, statusLabel, type LeadType } from '../../shared/form-types';
import { auditChangeText } from '../../shared/audit-text';
import { FORM_DEFINITIONS, labelWithUnit } from '../../shared/forms';
import { EMAIL_LEAD_FIELD_LABELS, EMAIL_LEAD_FIELDS, type LeadDetail } from '../../shared/leads';
import { leadNoun, replyLink, senderInSentence } from '../../shared/lead-facts';
import { ApiError } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { useDashboard } from './context';
import { DELETE_LEAD_FAILED, leadsApi } from './leads-api';
import { LoadStatus, Options, TimedListItem, useData, useDates } from './kit';
import { counted, fieldText } from './text';
import { ViewHeading } from './ViewHeading';
import { ViewLink } from './ViewLink';
import { LeadThread, ReplyComposer } from './LeadReply';
import { hasWaiting, pollWhile } from './thread';

/** Said instead of the server's "Lead not found": the link may be to a lead deleted since. */
const GONE = 'This message does not exist (it may have been deleted).';

/** How often a lead with a message waiting for the mail server is asked for again. */
export const WAITING_POLL_MS = 3000;

/**
 * One lead: every field, a reply link, its status, read state and folder, notes (plain text),
 * history and where it came from, and the conversation with the composer under it. Opening an
 * unread lead marks it read; `reply` (Tasks' "Reply") opens it at the composer. While one of our
 * messages waits for the mail server the page asks for the lead again every few seconds, so its
 * state changes in place; it stops once none waits.
 */
export function LeadDetailView({ type, id, isOwner, reply = false }: { type: LeadType; id: string; isOwner: boolean; reply?: boolean }) {
  const { api, navigate, notify, leadsChanged } = useDashboard();
  const { formatDateTime } = useDates();
  const leads = useMemo(() => leadsApi(api), [api]);
  const detail = useData(
    () => leads.load(type, id).catch((failure: unknown) => Promise.reject(failure instanceof ApiError && failure.status === 404 ? new ApiError(GONE, 404, true) : failure)),
    'Failed to load the message.',
    `lead/${type}/${id}`,
  );
  const { data: lead, setData } = detail;
  const waiting = lead ? hasWaiting(lead) : false;
  useEffect(() => {
    if (!waiting) return;
    return pollWhile({ load: () => leads.load(type, id), intervalMs: WAITING_POLL_MS, keepGoing: hasWaiting, onResult: setData });
  }, [leads, type, id, waiting, setData]);
  const reload = async () => {
    setData(await leads.load(type, id));
    leadsChanged();
  };
  const [working, setWorking] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const markedRead = useRef(false);

  useEffect(() => {
    if (!lead || lead.readAt || markedRead.current) return;
    markedRead.current = true;
    let current = true;
    leads.act(type, id, 'read').then(
      (read) => {
        if (current) setData(read);
        leadsChanged();
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [leads, type, id, lead, setData, leadsChanged]);

  const change = async (work: () => Promise<LeadDetail>, done?: string) => {
    setWorking(true);
    try {
      setData(await work());
      leadsChanged();
      if (done) notify({ tone: 'success', text: done });
    } catch (error) {
      notify({ tone: 'error', text: error instanceof ApiError && error.fromServer ? error.message : 'Failed to update the message.' });
    } finally {
      setWorking(false);
    }
  };

  const remove = async () => {
    setWorking(true);
    try {
      await leads.remove(type, id);
      leadsChanged();
      navigate({ name: 'messages', filters: {} });
      notify({ tone: 'success', text: 'Message deleted.' });
    } catch (error) {
      notify({ tone: 'error', text: error instanceof ApiError && error.fromServer ? error.message : DELETE_LEAD_FAILED });
      setWorking(false);
      setConfirmingDelete(false);
    }
  };

  if (!lead) {
    return (
      <>
        <ViewHeading title="Message" />
        <p className="admin-card">
          <ViewLink to={{ name: 'messages', filters: {} }}>← All messages</ViewLink>
        </p>
        <LoadStatus of={detail} loadingText="Loading the message…" />
      </>
    );
  }

  const sender = senderInSentence(lead);
  const mailto = replyLink(lead);
  return (
    <>
      <ViewHeading
        title={`${LEAD_TYPE_LABELS[type]}: ${sender}`}
        actions={
          lead.composer && (
            <a className="admin-button admin-button--small" href="#lead-compose">
              Write a reply
            </a>
          )
        }
      >
        <p className="admin-view__lead">
          Received <time dateTime={lead.submittedAt}>{formatDateTime(lead.submittedAt)}</time>
          {lead.spamReason && <> · in spam ({lead.spamReason})</>}
        </p>
      </ViewHeading>
      <p>
        <ViewLink to={{ name: 'messages', filters: lead.spamAt ? { folder: 'spam' } : {} }}>← All messages</ViewLink>
      </p>

      <div className="admin-lead">
        <section className="admin-card admin-lead__fields" aria-labelledby="lead-fields">
          <h2 id="lead-fields" className="admin-card__title">
            Details
          </h2>
          <dl className="admin-submission">
            {(type === 'email' ? EMAIL_LEAD_FIELDS.map((name) => ({ name, label: EMAIL_LEAD_FIELD_LABELS[name] })) : FORM_DEFINITIONS[type].fields.map((field) => ({ name: field.name, label: labelWithUnit(field) }))).map((field) => (
              <div key={field.name} className="admin-submission__row">
                <dt>{field.label}</dt>
                <dd className="admin-prewrap">{field.name === 'email' && mailto ? <a href={mailto}>{fieldText(lead.fields[field.name])}</a> : fieldText(lead.fields[field.name]) || '—'}</dd>
              </div>
            ))}
          </dl>
          <div className="admin-lead__actions">
            <StatusSelect lead={lead} disabled={working} onChange={(status) => void change(() => leads.setStatus(type, id, status))} />
            <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={working} onClick={() => void change(() => leads.act(type, id, lead.readAt ? 'unread' : 'read'))}>
              {lead.readAt ? 'Mark unread' : 'Mark read'}
            </button>
            <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={working} onClick={() => void change(() => leads.act(type, id, lead.spamAt ? 'not-spam' : 'spam'), lead.spamAt ? 'Moved to the inbox; staff are notified.' : 'Moved to spam.')}>
              {lead.spamAt ? 'Not spam' : 'Move to spam'}
            </button>
            <button type="button" className="admin-button admin-button--danger admin-button--small" disabled={working} onClick={() => setConfirmingDelete(true)}>
              Delete
            </button>
          </div>
        </section>

        <ReplyAndMail lead={lead} isOwner={isOwner} />

        <WhereItCameFrom attribution={lead.attribution} />

        <LeadThread lead={lead} isOwner={isOwner} />

        {lead.composer && <ReplyComposer lead={lead} composer={lead.composer} isOwner={isOwner} onSent={reload} focus={reply} />}

        <section className="admin-card" aria-labelledby="lead-notes">
          <h2 id="lead-notes" className="admin-card__title">
            Notes
          </h2>
          {lead.notes.length === 0 ? (
            <p className="admin-muted">No notes yet.</p>
          ) : (
            <ul className="admin-list">
              {lead.notes.map((note) => (
                <li key={note.id} className="admin-list__item admin-note">
                  <p className="admin-prewrap">{note.body}</p>
                  <p className="admin-muted">
                    {note.author} · <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
                  </p>
                </li>
              ))}
            </ul>
          )}
          <NoteForm disabled={working} onAdd={(body) => change(() => leads.addNote(type, id, body), 'Note added.')} />
        </section>

        <section className="admin-card" aria-labelledby="lead-history">
          <h2 id="lead-history" className="admin-card__title">
            History
          </h2>
          <ol className="admin-list">
            {lead.history.map((entry, index) => (
              <TimedListItem key={`${entry.at}-${index}`} at={entry.at}>
                <span>
                  <strong>{entry.label}</strong> · {entry.actor}
                </span>
                {entry.summary && <span className="admin-muted">{auditChangeText(entry)}</span>}
              </TimedListItem>
            ))}
          </ol>
        </section>
      </div>

      {confirmingDelete && (
        <ConfirmDialog
          title="Delete this message?"
          message={`The ${leadNoun(type)} from ${sender} will be deleted with its notes. This cannot be undone.`}
          confirmLabel="Delete"
          busy={working}
          onConfirm={() => void remove()}
          onCancel={() => setConfirmingDelete(false)}
        />
      )}
    </>
  );
}

function StatusSelect({ lead, disabled, onChange }: { lead: LeadDetail; disabled: boolean; onChange: (status: string) => void }) {
  const id = useId();
  const statuses: readonly string[] = LEAD_TYPE_STATUSES[lead.type];
  return (
    <span className="admin-lead__status">
      <label htmlFor={id}>Status</label>
      <select id={id} className="admin-select" value={lead.status} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        <Options values={statuses} label={statusLabel} />
      </select>
    </span>
  );
}

function NoteForm({ disabled, onAdd }: { disabled: boolean; onAdd: (body: string) => Promise<void> }) {
  const id = useId();
  const [body, setBody] = useState('');
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!body.trim()) return;
    await onAdd(body);
    setBody('');
  };
  return (
    <form className="admin-form admin-note-form" onSubmit={(event) => void submit(event)}>
      <div className="admin-field">
        <label htmlFor={id}>Add a note</label>
        <textarea id={id} rows={3} maxLength={5000} value={body} onChange={(event) => setBody(event.target.value)} />
      </div>
      <button type="submit" className="admin-button admin-button--small" disabled={disabled || !body.trim()}>
        Add note
      </button>
    </form>
  );
}

const NOTIFICATION_TEXT: Record<NonNullable<LeadDetail['notification']>['status'], string> = { pending: 'Waiting to be sent', sent: 'Sent', failed: 'Failed' };

/** The reply promise for this lead and the state of its staff notification e-mail. */
function ReplyAndMail({ lead, isOwner }: { lead: LeadDetail; isOwner: boolean }) {
  const { formatDateTime } = useDates();
  const { notification } = lead;
  return (
    <section className="admin-card" aria-labelledby="lead-reply">
      <h2 id="lead-reply" className="admin-card__title">
        Reply and staff e-mail
      </h2>
      <dl className="admin-submission">
        <div className="admin-submission__row">
          <dt>Reply due</dt>
          <dd>{lead.dueAt ? <time dateTime={lead.dueAt}>{formatDateTime(lead.dueAt)}</time> : 'No reply clock (spam)'}</dd>
        </div>
        <div className="admin-submission__row">
          <dt>First reply</dt>
          <dd>{lead.respondedAt ? <time dateTime={lead.respondedAt}>{formatDateTime(lead.respondedAt)}</time> : 'Not yet'}</dd>
        </div>
        <div className="admin-submission__row">
          <dt>Staff e-mail</dt>
          <dd>
            {notification ? (
              <>
                <span className={notification.status === 'failed' ? 'admin-mail-state admin-mail-state--failed' : 'admin-mail-state'}>{NOTIFICATION_TEXT[notification.status]}</span>
                {notification.sentAt && (
                  <>
                    {' '}
                    <time dateTime={notification.sentAt}>{formatDateTime(notification.sentAt)}</time>
                  </>
                )}
                {' · '}
                {counted(notification.attempts, 'attempt')}
              </>
            ) : lead.spamAt ? (
              'None (spam is never mailed)'
            ) : (
              'None'
            )}
          </dd>
        </div>
        {notification && notification.status !== 'sent' && notification.lastError && (
          <div className="admin-submission__row">
            <dt>Last error</dt>
            <dd>
              {notification.stateText}
              {isOwner && (
                <details className="admin-thread__raw">
                  <summary>The mail server’s own answer</summary>
                  <code className="admin-prewrap">{notification.lastError}</code>
                </details>
              )}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** The lead's attribution as its page names it, in the order of the visit. */
const ATTRIBUTION_ROWS: [keyof LeadDetail['attribution'], string][] = [
  ['landingPath', 'Landing page'],
  ['sourcePath', 'Form sent from'],
  ['referrerHost', 'Referrer'],
  ['utmSource', 'Source'],
  ['utmMedium', 'Medium'],
  ['utmCampaign', 'Campaign'],
];

/**
 * How the lead found us: the page its visit landed on that day, the page the form was sent from,
 * the referring site and the campaign tags. Only what is known (paths and a host, as counted
 * without cookies: never a full address).
 */
function WhereItCameFrom({ attribution }: { attribution: LeadDetail['attribution'] }) {
  const rows = ATTRIBUTION_ROWS.filter(([key]) => attribution[key]);
  return (
    <section className="admin-card" aria-labelledby="lead-attribution">
      <h2 id="lead-attribution" className="admin-card__title">
        Where it came from
      </h2>
      {rows.length === 0 ? (
        <p className="admin-muted">Not known: the form was not sent from one of our pages, and no visit was counted that day.</p>
      ) : (
        <dl className="admin-submission">
          {rows.map(([key, label]) => (
            <div key={key} className="admin-submission__row">
              <dt>{label}</dt>
              <dd className="admin-submission__path">{attribution[key]}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
