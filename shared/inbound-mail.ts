import type { LeadType } from './form-types';

/**
 * The conversation on a lead and the mail that matched none, as the API gives them (isomorphic:
 * the admin's views read these types). Every text is plain text: the admin shows it as text,
 * never as markup.
 */

/** Largest attachment kept, and most kept of one message: larger ones are listed, not stored. */
export const ATTACHMENT_LIMITS = { bytes: 10 * 1024 * 1024, perMessage: 25 * 1024 * 1024 } as const;

/** An attachment of an incoming message; `url` null when it was too large to keep (listed only). */
export interface MailAttachmentJson {
  name: string;
  bytes: number;
  url: string | null;
}

/** What became of a message of ours: waiting in the outbox, accepted by the mail server, or given up on. */
export type OutgoingState = 'waiting' | 'sent' | 'failed';

/** One message of a lead's conversation: ours (a reply or the acknowledgement) or the client's. */
export interface ThreadMessageJson {
  id: string;
  direction: 'in' | 'out';
  from: string;
  to: string;
  subject: string;
  /** The message's own words, plain text; the quoted history below them is `quoted`. */
  text: string;
  quoted: string | null;
  at: string;
  attachments: MailAttachmentJson[];
  /** Attachments beyond those listed (a message with hundreds): counted only. */
  attachmentsOmitted?: number;
  /** Ours only: where it is, and that in words. */
  state?: OutgoingState;
  stateText?: string;
  /** Ours only, when known: how many times sending was tried. */
  attempts?: number;
}

/** A message that answered none of ours (`GET /api/inbound-mail`), with why it matched no lead. */
export interface UnmatchedMessageJson {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  quoted: string | null;
  at: string;
  attachments: MailAttachmentJson[];
  attachmentsOmitted: number;
  reason: string | null;
}

export interface UnmatchedPage {
  messages: UnmatchedMessageJson[];
  /** The `before` of the next (older) page; null on the last. */
  next: string | null;
}

/** A piece of news for the signed-in account (the client answered a lead it replied to). */
export interface NoticeJson {
  id: string;
  text: string;
  /** The admin's own link to the lead. */
  href: string;
  at: string;
  read: boolean;
}

export interface NoticeList {
  notices: NoticeJson[];
  unread: number;
}

/** Unmatched messages per page, and the notices an account sees. */
export const INBOUND_PAGE_SIZE = 50;
export const NOTICES_SHOWN = 20;

/** Where a message was attached or the lead made of it. */
export interface FiledLead {
  lead: { type: LeadType; id: string };
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
