import { useId, useState, type FormEvent } from 'react';
import { FORM_TYPE_LABELS, type FormType } from '../../shared/form-types';
import type { LeadListItem } from '../../shared/leads';
import { senderInSentence, senderName } from '../../shared/lead-facts';
import type { UnmatchedMessageJson } from '../../shared/inbound-mail';
import { SEARCH_LENGTH, SEARCH_MESSAGES } from '../../shared/search';
import { ConfirmDialog } from './ConfirmDialog';
import { useDashboard } from './context';
import { leadsApi } from './leads-api';
import { unmatchedMailApi } from './unmatched-mail-api';
import { errorText, LoadStatus, ShowMore, useDates, usePagedData } from './kit';
import { Attachments, QuotedText } from './MailParts';
import { counted } from './text';
import { ViewHeading } from './ViewHeading';

const EMPTY = 'No unmatched mail. Messages from the agency’s mailbox that answer none of the leads wait here until someone files them.';

/** The address of a `Name <address>` sender (the search for its lead starts with it). */
export function addressOf(from: string): string {
  return (/<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from)?.[1] ?? from).trim();
}

/** A lead's form as a word; a lead made from an e-mail may be of a source this page does not name yet. */
const formLabel = (type: string) => FORM_TYPE_LABELS[type as FormType] ?? type;

/**
 * Unmatched mail: messages from the agency's mailbox that matched no lead, newest first. Each can
 * be attached to a lead found by a search, made into a new lead (which then opens), or dismissed
 * after a confirmation.
 */
export function UnmatchedMailView() {
  const { api, navigate, notify, leadsChanged } = useDashboard();
  const mail = unmatchedMailApi(api);
  const list = usePagedData((cursor) => mail.list(cursor).then((page) => ({ items: page.messages, nextCursor: page.next })), {
    key: 'inbound-mail',
    fallback: 'Failed to load the unmatched mail.',
  });
  const [busy, setBusy] = useState<string | null>(null);
  const [dismissing, setDismissing] = useState<UnmatchedMessageJson | null>(null);

  /** Runs one action on a message; the message leaves the list when it succeeds. */
  const act = async (message: UnmatchedMessageJson, work: () => Promise<string | null>, failed: string) => {
    setBusy(message.id);
    try {
      const done = await work();
      list.setItems((items) => items.filter((item) => item.id !== message.id));
      // The sidebar's count (and, for a filed message, the lead's) changed.
      leadsChanged();
      if (done) notify({ tone: 'success', text: done });
    } catch (error) {
      notify({ tone: 'error', text: errorText(error, failed) });
    } finally {
      setBusy(null);
      setDismissing(null);
    }
  };

  const attach = (message: UnmatchedMessageJson, lead: LeadListItem) =>
    act(
      message,
      async () => {
        await mail.attach(message.id, { type: lead.type, id: lead._id });
        return `Attached to the ${formLabel(lead.type).toLowerCase()} lead from ${senderInSentence(lead)}.`;
      },
      'The message could not be attached. Try again.',
    );

  const makeLead = (message: UnmatchedMessageJson) =>
    act(
      message,
      async () => {
        const lead = await mail.newLead(message.id);
        navigate({ name: 'lead', type: lead.type as FormType, id: lead.id });
        // Said after the view changed (a change of view clears the notice area).
        notify({ tone: 'success', text: 'A new lead was made of the message.' });
        return null;
      },
      'No lead could be made of the message. Try again.',
    );

  const dismiss = (message: UnmatchedMessageJson) =>
    act(
      message,
      async () => {
        await mail.dismiss(message.id);
        return 'Message dismissed.';
      },
      'The message could not be dismissed. Try again.',
    );

  return (
    <>
      <ViewHeading title="Unmatched mail">
        <p className="admin-view__lead">Mail from the agency’s mailbox that answers none of the leads: attach it to a lead, make a new lead of it, or dismiss it.</p>
      </ViewHeading>
      <LoadStatus of={list} loadingText="Loading the unmatched mail…" />
      {list.data &&
        (list.items.length === 0 ? (
          <p className="admin-card admin-empty">{EMPTY}</p>
        ) : (
          <ol className="admin-inbound">
            {list.items.map((message) => (
              <InboundMessage
                key={message.id}
                message={message}
                busy={busy === message.id}
                onAttach={(lead) => void attach(message, lead)}
                onNewLead={() => void makeLead(message)}
                onDismiss={() => setDismissing(message)}
              />
            ))}
          </ol>
        ))}
      <ShowMore more={list.more} label="Show older mail" />
      {dismissing && (
        <ConfirmDialog
          title="Dismiss this message?"
          message={`The message from ${dismissing.from} (“${dismissing.subject || 'no subject'}”) leaves this list and is filed on no lead.`}
          confirmLabel="Dismiss"
          busyLabel="Dismissing…"
          busy={busy === dismissing.id}
          onConfirm={() => void dismiss(dismissing)}
          onCancel={() => setDismissing(null)}
        />
      )}
    </>
  );
}

interface InboundMessageProps {
  message: UnmatchedMessageJson;
  busy: boolean;
  onAttach: (lead: LeadListItem) => void;
  onNewLead: () => void;
  onDismiss: () => void;
}

/** One unmatched message: who, when, subject, why it matched nothing, its text and attachments, and what can be done with it. */
export function InboundMessage({ message, busy, onAttach, onNewLead, onDismiss }: InboundMessageProps) {
  const { formatDateTime } = useDates();
  const headingId = useId();
  const [picking, setPicking] = useState(false);
  return (
    <li className="admin-card admin-inbound__message">
      <article aria-labelledby={headingId}>
        <h2 id={headingId} className="admin-card__title admin-inbound__subject">
          {message.subject || '(no subject)'}
        </h2>
        <p className="admin-thread__who">
          From <strong>{message.from}</strong>
          {message.to && <span className="admin-muted"> to {message.to}</span>}
          {' · '}
          <time className="admin-muted" dateTime={message.at}>
            {formatDateTime(message.at)}
          </time>
        </p>
        {message.reason && <p className="admin-muted">{message.reason}</p>}
        <p className="admin-prewrap admin-thread__text">{message.text || '—'}</p>
        {message.quoted && <QuotedText quoted={message.quoted} />}
        {(message.attachments.length > 0 || Boolean(message.attachmentsOmitted)) && <Attachments attachments={message.attachments} omitted={message.attachmentsOmitted} />}
        <div className="admin-inbound__actions">
          <button type="button" className="admin-button admin-button--small" aria-expanded={picking} disabled={busy} onClick={() => setPicking(!picking)}>
            Attach to a lead…
          </button>
          <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={busy} onClick={onNewLead}>
            Make a new lead
          </button>
          <button type="button" className="admin-button admin-button--danger admin-button--small" disabled={busy} onClick={onDismiss}>
            Dismiss
          </button>
        </div>
        {picking && <LeadPicker initial={addressOf(message.from)} disabled={busy} onPick={onAttach} />}
      </article>
    </li>
  );
}

/** Finds the lead to attach a message to with the inbox's own search (`GET /api/leads?q=`), starting from the sender's address. */
function LeadPicker({ initial, disabled, onPick }: { initial: string; disabled: boolean; onPick: (lead: LeadListItem) => void }) {
  const { api } = useDashboard();
  const { formatDate } = useDates();
  const id = useId();
  const [q, setQ] = useState(initial.slice(0, SEARCH_LENGTH.max));
  const [found, setFound] = useState<{ items: LeadListItem[]; error: string; loading: boolean } | null>(null);

  const search = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = q.trim();
    if (text.length < SEARCH_LENGTH.min) return setFound({ items: [], error: SEARCH_MESSAGES.tooShort, loading: false });
    setFound({ items: found?.items ?? [], error: '', loading: true });
    try {
      const page = await leadsApi(api).list({ q: text }, null, 10);
      setFound({ items: page.items, error: '', loading: false });
    } catch (error) {
      setFound({ items: [], error: errorText(error, 'Failed to search the leads.'), loading: false });
    }
  };

  return (
    <div className="admin-inbound__picker">
      <form role="search" className="admin-inbound__search" onSubmit={(event) => void search(event)}>
        <label htmlFor={id}>Find the lead (name, address or text)</label>
        <input id={id} type="search" value={q} maxLength={SEARCH_LENGTH.max} onChange={(event) => setQ(event.target.value)} />
        <button type="submit" className="admin-button admin-button--ghost admin-button--small" disabled={found?.loading}>
          {found?.loading ? 'Searching…' : 'Search'}
        </button>
      </form>
      <p role="status" className="admin-muted">
        {found && !found.loading && !found.error && (found.items.length === 0 ? 'No lead found.' : `${counted(found.items.length, 'lead')} found.`)}
      </p>
      {found?.error && (
        <p className="admin-field__error" role="alert">
          {found.error}
        </p>
      )}
      {found && found.items.length > 0 && (
        <ul className="admin-list">
          {found.items.map((lead) => (
            <li key={`${lead.type}-${lead._id}`} className="admin-list__item">
              <div className="admin-list__main">
                <strong>{senderName(lead)}</strong> · {formLabel(lead.type)} · {formatDate(lead.submittedAt)}
                {lead.summary && <span className="admin-muted"> · {lead.summary}</span>}
              </div>
              <button type="button" className="admin-button admin-button--small" disabled={disabled} onClick={() => onPick(lead)}>
                Attach<span className="visually-hidden"> to the lead from {senderInSentence(lead)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
