import { useEffect, useRef, useState } from 'react';
import type { LeadDetail } from '../../shared/leads';
import {
  fillPlaceholders,
  REPLY_BLOCKERS,
  REPLY_LIMITS,
  replyBody,
  replyFromName,
  replySignature,
  type ReplyBlocker,
  type ReplyComposer as Composer,
} from '../../shared/replies';
import { useDashboard } from './context';
import { leadsApi } from './leads-api';
import { replyTemplatesApi } from './reply-templates-api';
import { Field, FormSubmit, Options, useData, useDates, useSubmit } from './kit';
import { Attachments, QuotedText } from './MailParts';
import { OUTGOING_STATE_LABELS, threadOf, type LeadWithThread, type ThreadItem } from './thread';
import { counted, insertAtCursor, type TextSelection } from './text';
import { ViewLink } from './ViewLink';

/** A draft as kept in this browser, per lead, until it is sent. */
interface Draft {
  subject: string;
  body: string;
  templateId: string;
}

const draftKey = (lead: Pick<LeadDetail, 'type' | '_id'>) => `lead-reply-draft:${lead.type}:${lead._id}`;

function readDraft(key: string): Draft | null {
  try {
    const stored = JSON.parse(window.localStorage.getItem(key) ?? 'null') as Partial<Draft> | null;
    return stored && typeof stored.body === 'string' ? { subject: String(stored.subject ?? ''), body: stored.body, templateId: String(stored.templateId ?? '') } : null;
  } catch {
    return null;
  }
}

/** Each blocker's fix as links to where it is made (Settings for owners only). */
function BlockerFix({ blocker, isOwner }: { blocker: ReplyBlocker; isOwner: boolean }) {
  const account = { name: 'admin', section: 'account' } as const;
  if (blocker === 'display-name')
    return (
      <>
        <ViewLink to={account}>Add your display name in Your account</ViewLink>.
      </>
    );
  return (
    <>
      <ViewLink to={account}>Confirm your e-mail address in Your account</ViewLink>
      {isOwner ? (
        <>
          {' '}
          or <ViewLink to={{ name: 'admin', section: 'settings' }}>{"set the agency's reply address in Settings"}</ViewLink>
        </>
      ) : (
        ", or ask an owner to set the agency's reply address in Settings"
      )}
      .
    </>
  );
}

/** Why this account cannot send yet, each reason with the way to fix it; shown before anyone types. */
function ReplyBlocked({ id, blockers, isOwner }: { id: string; blockers: ReplyBlocker[]; isOwner: boolean }) {
  return (
    <div id={id} className="admin-notice admin-notice--warning admin-reply__blocked">
      <p>
        <strong>This reply cannot be sent yet.</strong>
      </p>
      <ul>
        {blockers.map((blocker) => (
          <li key={blocker}>
            {REPLY_BLOCKERS[blocker].problem} <BlockerFix blocker={blocker} isOwner={isOwner} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The reply composer: addressed to the lead, its subject "Re: …", a saved reply to start from, and
 * the signature and quoted original the e-mail will carry shown under the text; who it goes out as
 * and where the answer comes back, or why it cannot go yet. The draft is kept in this browser (per
 * lead) until it is sent, so a reload loses nothing. `focus` (Tasks' "Reply") brings it into view
 * with the cursor in the text.
 */
export function ReplyComposer({ lead, composer, isOwner, onSent, focus = false }: { lead: LeadDetail; composer: Composer; isOwner: boolean; onSent: () => Promise<void>; focus?: boolean }) {
  const { api, notify } = useDashboard();
  const templates = useData((client) => replyTemplatesApi(client).list(), 'Failed to load the saved replies.', 'reply-templates');
  const key = draftKey(lead);
  const empty: Draft = { subject: composer.subject, body: '', templateId: '' };
  const [draft, setDraft] = useState<Draft>(empty);
  const [restored, setRestored] = useState(false);
  const sectionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!focus) return;
    const section = sectionRef.current;
    section?.scrollIntoView({ block: 'start' });
    // Without scrolling again: the card's heading stays in view above the text.
    section?.querySelector<HTMLTextAreaElement>('textarea')?.focus({ preventScroll: true });
  }, [focus]);

  // Read after the first render: the server's HTML has no drafts, so the first render must not either.
  useEffect(() => {
    const stored = readDraft(key);
    if (stored) setDraft({ ...stored, subject: stored.subject || composer.subject });
    setRestored(true);
  }, [key, composer.subject]);

  useEffect(() => {
    if (!restored) return;
    try {
      if (draft.body || draft.subject !== composer.subject) window.localStorage.setItem(key, JSON.stringify(draft));
      else window.localStorage.removeItem(key);
    } catch {
      // Storage full or off: the draft lives as long as the page.
    }
  }, [key, draft, restored, composer.subject]);

  const form = useSubmit(async () => {
    const sent = await leadsApi(api).reply(lead.type, lead._id, {
      body: draft.body,
      subject: draft.subject,
      ...(draft.templateId ? { templateId: draft.templateId } : {}),
    });
    window.localStorage.removeItem(key);
    setDraft(empty);
    notify({ tone: 'success', text: sent.state === 'delivered' ? 'Reply sent.' : 'Reply saved in the outbox; it is sent in a moment.' });
    await onSent();
  }, 'The reply could not be stored. Try again.');

  // Where the cursor was in the reply when it last had focus: a saved reply goes there, never over what was typed.
  const bodyField = useRef<HTMLTextAreaElement>(null);
  const cursor = useRef<TextSelection | null>(null);
  const remember = (field: HTMLTextAreaElement) => {
    cursor.current = { start: field.selectionStart, end: field.selectionEnd };
  };
  const placeCursor = useRef<number | null>(null);
  useEffect(() => {
    const field = bodyField.current;
    if (placeCursor.current === null || !field) return;
    field.focus();
    field.setSelectionRange(placeCursor.current, placeCursor.current);
    cursor.current = { start: placeCursor.current, end: placeCursor.current };
    placeCursor.current = null;
  }, [draft.body]);

  const choose = (templateId: string) => {
    const template = templates.data?.find((item) => item.id === templateId);
    if (!template) return setDraft((current) => ({ ...current, templateId }));
    const inserted = insertAtCursor(draft.body, fillPlaceholders(template.body, composer.placeholders), cursor.current);
    placeCursor.current = inserted.cursor;
    setDraft({ ...draft, templateId, body: inserted.text });
  };
  const items = templates.data ?? [];
  const signature = replySignature(composer.author ?? '(your display name)', composer.agency);
  const blocked = composer.blockers.length > 0;

  return (
    <section ref={sectionRef} className="admin-card admin-lead__wide admin-reply-card" aria-labelledby="lead-compose">
      <h2 id="lead-compose" className="admin-card__title">
        Reply
      </h2>
      <form className="admin-form admin-reply" onSubmit={form.onSubmit}>
        {blocked && <ReplyBlocked id="reply-blocked" blockers={composer.blockers} isOwner={isOwner} />}
        <p className="admin-muted">
          To <strong>{composer.to}</strong>
          {composer.author && (
            <>
              {' '}
              · from <strong>{replyFromName(composer.author, composer.agency)}</strong>
            </>
          )}
          {composer.replyTo && (
            <>
              {' '}
              · answers come back to <strong>{composer.replyTo}</strong>
            </>
          )}
        </p>
        <Field label="Subject" error={form.fields.subject} required>
          <input value={draft.subject} maxLength={REPLY_LIMITS.subject} onChange={(event) => setDraft({ ...draft, subject: event.target.value })} />
        </Field>
        <Field
          label="Insert a saved reply"
          error={form.fields.templateId}
          hint={
            <>
              {items.length === 0 ? 'None yet. ' : 'It goes where the cursor is in your reply. '}
              <ViewLink to={{ name: 'saved-replies' }}>Manage saved replies</ViewLink>
            </>
          }
        >
          <select className="admin-select" value={draft.templateId} onChange={(event) => choose(event.target.value)}>
            <Options values={items.map((item) => item.id)} label={(id) => items.find((item) => item.id === id)?.name ?? id} none="None" />
          </select>
        </Field>
        <Field label="Your reply" error={form.fields.body} hint="The draft is kept in this browser until you send it." required>
          <textarea
            ref={bodyField}
            rows={8}
            maxLength={REPLY_LIMITS.body}
            value={draft.body}
            onChange={(event) => setDraft({ ...draft, body: event.target.value })}
            onSelect={(event) => remember(event.currentTarget)}
            onBlur={(event) => remember(event.currentTarget)}
          />
        </Field>
        <div className="admin-reply__after">
          <p className="admin-muted">Sent with your signature and their message quoted below it:</p>
          <pre className="admin-prewrap admin-reply__quote">{replyBody({ text: '', signature, quote: composer.quote }).trimStart()}</pre>
        </div>
        <div>
          <FormSubmit of={form} pendingText="Sending…" className="admin-button admin-button--small" disabled={blocked || !draft.body.trim()} describedBy={blocked ? 'reply-blocked' : undefined}>
            Send reply
          </FormSubmit>
        </div>
      </form>
    </section>
  );
}

/** One message of the conversation: who, when, its subject, its text (only text), the quote folded, its attachments. */
function ThreadMessage({ item, isOwner }: { item: ThreadItem; isOwner: boolean }) {
  const { formatDateTime } = useDates();
  const ours = item.direction === 'out';
  return (
    <li className={`admin-thread__message admin-thread__message--${ours ? 'ours' : 'theirs'}`}>
      <article aria-label={`${ours ? 'Sent by' : 'From'} ${item.who}, ${formatDateTime(item.at)}`}>
        <p className="admin-thread__who">
          {/* Said in words (and with a mark), not by colour or side alone. */}
          <span className={`admin-thread__tag admin-thread__tag--${ours ? 'ours' : 'theirs'}`}>{ours ? 'Ours' : 'Client'}</span> <strong>{item.who}</strong> {ours ? 'replied' : 'wrote'}
          {item.to && <span className="admin-muted"> to {item.to}</span>}
          {' · '}
          <time className="admin-muted" dateTime={item.at}>
            {formatDateTime(item.at)}
          </time>
        </p>
        {item.state && (
          <p className="admin-thread__state">
            <span className={item.state === 'failed' ? 'admin-mail-state admin-mail-state--failed' : 'admin-mail-state'}>{OUTGOING_STATE_LABELS[item.state]}</span>
            {/* "Waiting to be sent · Waiting to be sent." says it once. */}
            {item.stateText && item.stateText !== `${OUTGOING_STATE_LABELS[item.state]}.` && <> · {item.stateText}</>}
            {/* A failure's words already say how many attempts it gave up after. */}
            {item.state === 'waiting' && item.attempts !== null && item.attempts > 0 && <> · {counted(item.attempts, 'attempt')}</>}
          </p>
        )}
        {isOwner && item.serverAnswer && (
          <details className="admin-thread__raw">
            <summary>The mail server’s own answer</summary>
            <code className="admin-prewrap">{item.serverAnswer}</code>
          </details>
        )}
        {item.subject && <p className="admin-thread__subject">{item.subject}</p>}
        <p className="admin-prewrap admin-thread__text">{item.text || '—'}</p>
        {item.quoted && <QuotedText quoted={item.quoted} />}
        {(item.attachments.length > 0 || Boolean(item.attachmentsOmitted)) && <Attachments attachments={item.attachments} omitted={item.attachmentsOmitted} />}
      </article>
    </li>
  );
}

/**
 * The conversation, one thread in time order: the client's message, then every message ours and
 * theirs, each with who sent it and when, and ours with where it is (waiting, sent, failed and
 * why, in words).
 */
export function LeadThread({ lead, isOwner }: { lead: LeadWithThread; isOwner: boolean }) {
  const items = threadOf(lead);
  return (
    <section className="admin-card admin-lead__wide" aria-labelledby="lead-thread">
      <h2 id="lead-thread" className="admin-card__title">
        Conversation
      </h2>
      <ol className="admin-thread">
        {items.map((item) => (
          <ThreadMessage key={item.key} item={item} isOwner={isOwner} />
        ))}
      </ol>
      {items.length === 1 && <p className="admin-muted">No reply sent from here yet.</p>}
    </section>
  );
}
