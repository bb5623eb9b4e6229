/**
 * The conversation on a lead and the mail that found no lead, as the API answers them and the
 * dashboard shows them. Isomorphic.
 */

/** Largest attachment kept, and most kept of one message: larger ones are listed, not stored. */
export const ATTACHMENT_LIMITS = { bytes: 10 * 1024 * 1024, perMessage: 25 * 1024 * 1024 } as const;

/** One attachment of a message: `url` is null when it was listed but not kept (too large). */
export interface MailAttachmentJson {
  name: string;
  bytes: number;
  url: string | null;
}

/** Where one of our messages is: stored and waiting for the mail server, accepted by it, or given up on. */
export type OutgoingState = 'waiting' | 'sent' | 'failed';

/**
 * One message of a lead's conversation (`messages` of `GET /api/leads/{type}/{id}`), in time
 * order: ours (`out`: replies and acknowledgements) and theirs (`in`: answers filed on the lead).
 * The text is only text (HTML mail as its text), with the quoted history apart in `quoted`.
 */
export interface LeadMessageJson {
  id: string;
  direction: 'in' | 'out';
  from: string;
  to: string;
  subject: string;
  text: string;
  quoted: string | null;
  at: string;
  attachments: MailAttachmentJson[];
  /** Ours only: where it is, and that in words ("Accepted by the mail server."). */
  state?: OutgoingState;
  stateText?: string;
  /** Ours only, when known: how many times sending was tried. */
  attempts?: number;
}

/** One message that matched no lead (`GET /api/inbound-mail`), with why when it was refused a lead. */
export interface InboundMailJson {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  quoted: string | null;
  at: string;
  attachments: MailAttachmentJson[];
  reason: string | null;
}

/** `GET /api/inbound-mail[?before=cursor]`: newest first; `next` continues the list. */
export interface InboundMailPage {
  messages: InboundMailJson[];
  next: string | null;
}

/** One in-app notice for the signed-in account (a client answered a lead it replied to). */
export interface NoticeJson {
  id: string;
  text: string;
  /** The dashboard's own link to the lead. */
  href: string;
  at: string;
  read: boolean;
}

/** `GET /api/notices`: the account's latest notices (newest first) and how many are unread. */
export interface NoticesJson {
  notices: NoticeJson[];
  unread: number;
}

const UNITS = ['KB', 'MB', 'GB'] as const;

/** A size as people read it: "512 bytes", "1.5 KB", "12 MB" (powers of 1024, as the limits are). */
export function byteSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return 'size unknown';
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${Math.round(bytes)} bytes`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${UNITS[unit]}`;
}
