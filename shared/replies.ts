import { z } from 'zod';
import { leadReplyAbout } from './lead-facts';
import type { LeadType } from './form-types';
import type { ReplyPromise } from './reply-clock';
import { formatPerZone } from './local-date';
import { FORBIDDEN_IN_LINE, FORBIDDEN_IN_TEXT } from './text';
import { greetingName } from './visitor-confirmation';

/**
 * Replies to a lead sent from the back office, and the saved replies (templates) they start from.
 * Isomorphic: the server validates and composes the e-mail with these, and the lead's page shows
 * the same signature and quote the e-mail will carry.
 */

/** Sizes and counts a reply and the saved replies keep to; `repliesPerHour` is per account (more answer 429). */
export const REPLY_LIMITS = { body: 20_000, subject: 200, templateName: 80, templates: 200, repliesPerHour: 60 } as const;

/** Where a reply is: stored and waiting for the mail server, accepted by it, or given up on. */
export type ReplyState = 'waiting' | 'delivered' | 'failed';

export const REPLY_STATE_LABELS: Record<ReplyState, string> = { waiting: 'Waiting to be sent', delivered: 'Delivered', failed: 'Failed' };

/** One reply as a lead's `GET` lists it (oldest first). */
export interface ReplyJson {
  id: string;
  subject: string;
  /** The whole text sent: the reply, the signature and the quoted original. */
  body: string;
  author: string;
  createdAt: string;
  state: ReplyState;
  sentAt: string | null;
  attempts: number;
  /** The SMTP server's answer: its acceptance once delivered, the last refusal or error otherwise (raw; for owners' details). */
  smtpAnswer: string | null;
  /** Where it is and why, in words ("Accepted by the mail server.", "Could not reach the mail server. Retrying."). */
  stateText: string;
  messageId: string;
}

/** `POST /api/leads/{type}/{id}/replies` → 201. */
export interface ReplySent {
  id: string;
  messageId: string;
  state: ReplyState;
}

/** What stops an account from replying: no display name to send and sign with, or nowhere for the answer to come back to. */
export type ReplyBlocker = 'display-name' | 'reply-address';

/** Each blocker as the composer shows it (the fix as links there) and the API refuses with it (400). */
export const REPLY_BLOCKERS: Record<ReplyBlocker, { problem: string; fix: string }> = {
  'display-name': {
    problem: 'Your account has no display name yet: replies go out under it and are signed with it, never with a login name.',
    fix: 'Add it in Your account.',
  },
  'reply-address': {
    problem: "The client's answer would reach nobody: your account has no confirmed e-mail address and the agency has no reply address.",
    fix: 'Confirm your address in Your account, or have an owner set the reply address in Settings (Mail).',
  },
};

/** Why a reply cannot go, in words (the API's 400). */
export function replyBlockedText(blockers: readonly ReplyBlocker[]): string {
  return blockers.map((blocker) => `${REPLY_BLOCKERS[blocker].problem} ${REPLY_BLOCKERS[blocker].fix}`).join(' ');
}

/** What the lead's page needs to compose a reply (null for a lead without an address), for the account viewing it. */
export interface ReplyComposer {
  to: string;
  subject: string;
  /** The visitor's message as the e-mail quotes it under the reply. */
  quote: string;
  /** The agency's name, which signs every reply under its author's. */
  agency: string;
  /** The text `{name}`, `{service}` and `{replyPromise}` stand for with this lead. */
  placeholders: Record<ReplyPlaceholder, string>;
  /** The viewing account's display name, which the reply goes out as ("<it> at <agency>") and is signed with; null while it has none. */
  author: string | null;
  /** Where the client's answer goes: the account's confirmed address, else the agency's reply address; null when neither is set. */
  replyTo: string | null;
  /** Why this account cannot send a reply now, in order; empty when it can. */
  blockers: ReplyBlocker[];
}

const text = (max: number, empty: string, tooLong: string) =>
  z
    .string({ error: empty })
    .trim()
    .min(1, empty)
    .max(max, tooLong)
    .refine((value) => !FORBIDDEN_IN_TEXT.test(value), 'The text has characters it cannot have.');

export const replyInputSchema = z.strictObject({
  body: text(REPLY_LIMITS.body, 'Write the reply first.', `A reply has at most ${REPLY_LIMITS.body} characters.`).optional(),
  subject: z
    .string({ error: 'Give the subject as text.' })
    .trim()
    .min(1, 'Give the reply a subject.')
    .max(REPLY_LIMITS.subject, `A subject has at most ${REPLY_LIMITS.subject} characters.`)
    .refine((value) => !FORBIDDEN_IN_LINE.test(value), 'A subject is one line of text.')
    .optional(),
  templateId: z.uuid('Choose one of the saved replies.').optional(),
});
export type ReplyInput = z.infer<typeof replyInputSchema>;

export const replyTemplateSchema = z.strictObject({
  name: z
    .string({ error: 'Name the saved reply.' })
    .trim()
    .min(1, 'Name the saved reply.')
    .max(REPLY_LIMITS.templateName, `A name has at most ${REPLY_LIMITS.templateName} characters.`)
    .refine((value) => !FORBIDDEN_IN_LINE.test(value), 'A name is one line of text.'),
  body: text(REPLY_LIMITS.body, 'Write the saved reply first.', `A saved reply has at most ${REPLY_LIMITS.body} characters.`),
});
export const replyTemplatePatchSchema = replyTemplateSchema.partial();
export type ReplyTemplateInput = z.infer<typeof replyTemplateSchema>;

export interface ReplyTemplateJson {
  id: string;
  name: string;
  body: string;
  updatedAt: string;
}

export const REPLY_PLACEHOLDERS = ['name', 'firstName', 'service', 'replyPromise', 'agency', 'phone'] as const;
export type ReplyPlaceholder = (typeof REPLY_PLACEHOLDERS)[number];

export const REPLY_PLACEHOLDER_HINTS: Record<ReplyPlaceholder, string> = {
  name: "the visitor's name",
  firstName: 'the first word of their name ("there" when it is not a plain name)',
  service: 'the service they asked about, else what they sent ("your message"): it reads after "about"',
  replyPromise: 'the reply promise from Settings, such as "within 24 hours"',
  agency: "the agency's name (Website, Agency details)",
  phone: "the agency's phone number (Website, Agency details)",
};

const PLACEHOLDER_PATTERN = new RegExp(`\\{(${REPLY_PLACEHOLDERS.join('|')})\\}`, 'g');

/** Replaces each of `REPLY_PLACEHOLDERS` in braces (`{name}`, `{firstName}`, …); other braces stay as written. */
export function fillPlaceholders(template: string, values: Record<ReplyPlaceholder, string>): string {
  return template.replace(PLACEHOLDER_PATTERN, (_, key: ReplyPlaceholder) => values[key]);
}

/** The agency's details mails are signed with, as published on the site (Website, Agency details). */
export interface AgencyDetails {
  name: string;
  phone: string;
  email: string;
  /** The shared inbox answers to the agency's mail go to (Settings, Mail), when an owner set one. */
  replyAddress?: string | null;
  /** Whether the reply address carries the lead's `+tag` (Settings > Mail). */
  replyAddressTags?: boolean;
}

/** The reply promise in words: "within 24 hours", "within 8 working hours". */
export function replyPromiseText(promise: Pick<ReplyPromise, 'replyPromiseHours' | 'workingHoursOnly'>): string {
  const hours = promise.replyPromiseHours;
  return `within ${hours} ${promise.workingHoursOnly ? 'working ' : ''}hour${hours === 1 ? '' : 's'}`;
}

/** What the placeholders stand for with one lead. */
export function placeholdersOf(
  lead: { type: LeadType; name: string | null; service: string | null },
  promise: Pick<ReplyPromise, 'replyPromiseHours' | 'workingHoursOnly'>,
  agency: Pick<AgencyDetails, 'name' | 'phone'>,
): Record<ReplyPlaceholder, string> {
  return {
    name: lead.name ?? 'there',
    // Only a plain first word: a "name" that is a link or an offer greets nobody with it.
    firstName: greetingName(lead.name) ?? 'there',
    service: lead.service ?? leadReplyAbout(lead.type),
    replyPromise: replyPromiseText(promise),
    agency: agency.name,
    phone: agency.phone,
  };
}

/** The name a reply goes out under: "Maria Lopez at Brightpath Digital". */
export function replyFromName(author: string, agency: string): string {
  return oneLine(`${author} at ${agency}`);
}

/** A reply's signature: who wrote it, for the agency. */
export function replySignature(author: string, agency: string): string {
  return `${author}\n${agency}`;
}

const quoteTimeFormat = formatPerZone((timeZone) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short', timeZone }));

/** When the visitor wrote, as the quote's first line says it, with its zone: "28 November 2026 at 09:52 GMT". */
export function quoteTime(at: Date, timeZone: string): string {
  return quoteTimeFormat(timeZone).format(at);
}

/** The visitor's message quoted as mail programs do: "On <when>, <who> wrote:" and each line after "> ". */
export function quoteOriginal({ sender, when, message }: { sender: string; when: string; message: string }): string {
  const lines = message.replace(/\r\n?/g, '\n').split('\n');
  return [`On ${when}, ${sender} wrote:`, ...lines.map((line) => (line ? `> ${line}` : '>'))].join('\n');
}

/**
 * The whole text of a reply e-mail: what staff wrote, the signature, then the quote. The signature
 * has no "-- " line before it: mail programs fold away everything below that line as signature,
 * and the quote below it must stay in view.
 */
export function replyBody({ text: written, signature, quote }: { text: string; signature: string; quote: string }): string {
  return `${written.trim()}\n\n${signature}\n\n${quote}\n`;
}

/** The subject as one line (a subject staff typed, or the visitor's, never carries a line break into the headers). */
export function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').trim();
}
