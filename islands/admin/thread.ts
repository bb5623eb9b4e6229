import type { LeadDetail } from '../../shared/leads';
import { senderName } from '../../shared/lead-facts';
import type { ThreadMessageJson, MailAttachmentJson, OutgoingState } from '../../shared/inbound-mail';
import type { ReplyJson, ReplyState } from '../../shared/replies';

/** A lead as its page reads it: `messages` once the API files the conversation (older answers have only `replies`). */
export type LeadWithThread = Omit<LeadDetail, 'messages'> & { messages?: ThreadMessageJson[] };

/** One message of the conversation as the lead's page shows it. */
export interface ThreadItem {
  key: string;
  direction: 'in' | 'out';
  /** Who wrote it: the client's name, or the staff member who replied. */
  who: string;
  to: string | null;
  at: string;
  subject: string;
  text: string;
  quoted: string | null;
  attachments: MailAttachmentJson[];
  /** Attachments past those listed: counted only. */
  attachmentsOmitted: number;
  state: OutgoingState | null;
  stateText: string | null;
  attempts: number | null;
  /** The mail server's own answer (owners may open it); never the message shown. */
  serverAnswer: string | null;
}

export const OUTGOING_STATE_LABELS: Record<OutgoingState, string> = { waiting: 'Waiting to be sent', sent: 'Sent', failed: 'Failed' };

const STATE_OF_REPLY: Record<ReplyState, OutgoingState> = { waiting: 'waiting', delivered: 'sent', failed: 'failed' };

/** "On 3 Mar 2026, at 14:05, Ada wrote:" and similar lines that open a quote. */
const QUOTE_INTRO = /^(On .{1,300}wrote:|-+ ?Original Message ?-+)\s*$/i;

/**
 * A message's own text and the quoted history under it: the quote starts at an "On … wrote:"
 * line followed by quoted lines, or at the first run of "> " lines that goes on to the end.
 * Signatures stay in the text.
 */
export function splitQuoted(text: string): { text: string; quoted: string | null } {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const isQuote = (line: string) => line.startsWith('>') || line.trim() === '';
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const intro = QUOTE_INTRO.test(line.trim()) && lines.slice(index + 1).some((next) => next.startsWith('>'));
    const startsQuote = intro || (line.startsWith('>') && lines.slice(index).every(isQuote));
    if (startsQuote) {
      const own = lines.slice(0, index).join('\n').trimEnd();
      if (!own) return { text: text.trim(), quoted: null };
      return { text: own, quoted: lines.slice(index).join('\n').trim() };
    }
  }
  return { text: text.trimEnd(), quoted: null };
}

function fromReply(reply: ReplyJson, to: string | null): ThreadItem {
  const { text, quoted } = splitQuoted(reply.body);
  return {
    key: `reply-${reply.id}`,
    direction: 'out',
    who: reply.author,
    to,
    at: reply.createdAt,
    subject: reply.subject,
    text,
    quoted,
    attachments: [],
    attachmentsOmitted: 0,
    state: STATE_OF_REPLY[reply.state],
    stateText: reply.stateText,
    attempts: reply.attempts,
    serverAnswer: reply.smtpAnswer,
  };
}

function fromMessage(message: ThreadMessageJson): ThreadItem {
  // The API folds the quote itself; a message it did not fold is folded here the same way.
  const split = message.quoted === null ? splitQuoted(message.text) : { text: message.text, quoted: message.quoted };
  return {
    key: `message-${message.id}`,
    direction: message.direction,
    who: message.from,
    to: message.to || null,
    at: message.at,
    subject: message.subject,
    text: split.text,
    quoted: split.quoted,
    attachments: message.attachments,
    attachmentsOmitted: message.attachmentsOmitted ?? 0,
    state: message.direction === 'out' ? (message.state ?? null) : null,
    stateText: message.direction === 'out' ? (message.stateText ?? null) : null,
    attempts: message.attempts ?? null,
    serverAnswer: null,
  };
}

/**
 * The lead's conversation in time order: the client's first message (the form they sent), then
 * every message of `messages` (ours and theirs), or the replies sent from here when the lead has
 * no `messages`.
 */
export function threadOf(lead: LeadWithThread): ThreadItem[] {
  const first: ThreadItem = {
    key: 'lead',
    direction: 'in',
    who: senderName(lead),
    to: null,
    at: lead.submittedAt,
    subject: lead.subject ?? '',
    text: String(lead.fields.message ?? lead.fields.projectDetails ?? ''),
    quoted: null,
    attachments: [],
    attachmentsOmitted: 0,
    state: null,
    stateText: null,
    attempts: null,
    serverAnswer: null,
  };
  const rest = lead.messages ? lead.messages.map(fromMessage) : lead.replies.map((reply) => fromReply(reply, lead.composer?.to ?? lead.email));
  const time = (item: ThreadItem) => new Date(item.at).getTime() || 0;
  // A stable sort: messages of the same second keep the API's order.
  return [first, ...rest.map((item, index) => ({ item, index })).sort((a, b) => time(a.item) - time(b.item) || a.index - b.index).map(({ item }) => item)];
}

/** Whether one of ours is still waiting for the mail server (the page then asks again until none is). */
export function hasWaiting(lead: LeadWithThread): boolean {
  return threadOf(lead).some((item) => item.state === 'waiting');
}

/**
 * Calls `load` every `intervalMs` for as long as `keepGoing` says so of its answer, handing each
 * answer to `onResult`; a failed call is tried again at the next interval. The returned function
 * stops it, and an answer that arrives after that is dropped.
 */
export function pollWhile<T>({ load, intervalMs, keepGoing, onResult }: { load: () => Promise<T>; intervalMs: number; keepGoing: (result: T) => boolean; onResult: (result: T) => void }): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      load().then(
        (result) => {
          if (stopped) return;
          onResult(result);
          if (keepGoing(result)) schedule();
        },
        () => {
          if (!stopped) schedule();
        },
      );
    }, intervalMs);
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
