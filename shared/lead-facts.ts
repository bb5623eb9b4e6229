import { FORM_DEFINITIONS } from './forms';
import type { LeadType } from './form-types';
import { truncate } from './text';

/**
 * What staff are told about a lead wherever it appears (the admin's views and the morning digest
 * alike): who sent it, where it lives in the admin and how to answer it. One definition each, so a
 * lead reads the same in a list, on its page and in an e-mail.
 */

/** Where the back office lives; every view is a path below it. */
export const DASHBOARD_PATH = '/admin/dashboard';

type Sender = { name: string | null; email: string | null };

/**
 * The sender as a name: the name given, else the address. Neither is left only where the visitor's
 * personal data was erased.
 */
export function senderName(lead: Sender): string {
  return lead.name ?? lead.email ?? 'Unknown sender';
}

/** The sender inside a sentence ("the message from …"). */
export function senderInSentence(lead: Sender): string {
  return lead.name ?? lead.email ?? 'an unknown sender';
}

/** What a lead is called in a sentence: its form's noun ("enquiry"), or "message" for one that came by e-mail. */
export function leadNoun(type: LeadType): string {
  return type === 'email' ? 'message' : FORM_DEFINITIONS[type].noun;
}

/** What a reply is about when the lead named no service: "your enquiry", "our free offer", "your message". */
export function leadReplyAbout(type: LeadType): string {
  return type === 'email' ? 'your message' : FORM_DEFINITIONS[type].replyAbout;
}

/** The lead's page in the admin, as a path (the digest puts the site's address before it). */
export function leadAdminPath(lead: { type: LeadType; id: string }): string {
  return `${DASHBOARD_PATH}/messages/${lead.type}/${lead.id}`;
}

/** A reply's subject: "Re: " and the visitor's subject (cut to 80 characters), else the form's noun. */
export function replySubject(lead: { type: LeadType; subject: string | null }): string {
  return `Re: ${lead.subject ? truncate(lead.subject, 80) : `your ${leadNoun(lead.type)}`}`;
}

/** A reply in the staff member's mail program, addressed and with its subject filled in; null without an address. */
export function replyLink(lead: { type: LeadType; email: string | null; subject: string | null }): string | null {
  if (!lead.email) return null;
  return `mailto:${encodeURIComponent(lead.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(replySubject(lead))}`;
}
