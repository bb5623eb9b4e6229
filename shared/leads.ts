import type { ReplyComposer, ReplyJson } from './replies';
import { LEAD_TYPE_STATUSES, LEAD_TYPES, type LeadType } from './form-types';
import type { NotificationState } from './mail-health';
import type { ThreadMessageJson } from './inbound-mail';

/**
 * The lead inbox's vocabulary, isomorphic: the API validates its queries with these names and
 * the dashboard builds its filters, URLs and bulk actions from them.
 */
export const LEAD_FOLDERS = ['inbox', 'spam'] as const;
export type LeadFolder = (typeof LEAD_FOLDERS)[number];

/** Every status any form's lead can have (the statuses of one type: FORM_STATUSES). */
export const LEAD_STATUSES = [...new Set(LEAD_TYPES.flatMap((type) => LEAD_TYPE_STATUSES[type]))] as readonly string[];

/** The fields of a lead made from an e-mail (`fields` of its detail): the sender, the subject, the message's text. */
export const EMAIL_LEAD_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export const EMAIL_LEAD_FIELD_LABELS: Record<(typeof EMAIL_LEAD_FIELDS)[number], string> = { name: 'Name', email: 'E-mail', subject: 'Subject', message: 'Message' };

/**
 * What a bulk call can do to the selected leads. `responded` is Tasks' "Mark responded": each lead
 * gets its own form's answered status (RESPONDED_STATUS: a quote becomes `quoted`), so one call can
 * answer leads of different forms; leads already answered are left as they are.
 */
export const LEAD_BULK_ACTIONS = ['status', 'read', 'unread', 'spam', 'not-spam', 'delete', 'responded'] as const;
export type LeadBulkAction = (typeof LEAD_BULK_ACTIONS)[number];

/** Most leads one bulk call may change, and the longest note. */
export const LEAD_LIMITS = { bulk: 500, note: 5000 } as const;

/** The inbox's filters as the URL and `GET /api/leads` carry them (all optional). */
export interface LeadFilters {
  type?: LeadType;
  status?: string;
  q?: string;
  /** `YYYY-MM-DD`, inclusive. */
  from?: string;
  /** `YYYY-MM-DD`, inclusive (the whole day). */
  to?: string;
  folder?: LeadFolder;
  unread?: boolean;
}

/** One lead in a list (`GET /api/leads`). */
export interface LeadListItem {
  _id: string;
  type: LeadType;
  submittedAt: string;
  status: string;
  readAt: string | null;
  respondedAt: string | null;
  dueAt: string | null;
  name: string | null;
  email: string | null;
  /** A contact message's subject (the reply's "Re:"); null for the other forms. */
  subject: string | null;
  /** One line: the subject and the start of the message, or the message or project details alone. */
  summary: string;
  spamReason: string | null;
}

export interface LeadNoteJson {
  id: string;
  author: string;
  body: string;
  createdAt: string;
}

/** One event of a lead's history: its arrival, then every audited action on it. */
export interface LeadHistoryEntry {
  at: string;
  actor: string;
  /** `created`, or the audit action (`lead.read`, `lead.status`, …). */
  action: string;
  /** How the dashboard names the event ("Received", "Lead read"). */
  label: string;
  summary: string;
}

/** One lead with everything (`GET /api/leads/{type}/{id}`): its form's fields by their names too. */
export interface LeadDetail extends LeadListItem {
  spamAt: string | null;
  fields: Record<string, string | number | null>;
  /**
   * Where it came from: the page its visit landed on that day and that visit's referrer host and
   * campaign tags (null when the visit was not counted), and the page the form was sent from.
   * Paths and a host only, never a full address with its query.
   */
  attribution: { landingPath: string | null; sourcePath: string | null; referrerHost: string | null; utmSource: string | null; utmMedium: string | null; utmCampaign: string | null };
  notes: LeadNoteJson[];
  history: LeadHistoryEntry[];
  /** Its staff notification e-mail (none for spam): sent, waiting or failed, and why. */
  notification: NotificationState | null;
  /** The replies sent from the back office, oldest first, each with its delivery state. */
  replies: ReplyJson[];
  /** The conversation with the client, ours and theirs, in time order (docs/api.md). */
  messages: ThreadMessageJson[];
  /** What a reply to it is composed with; null when it has no address (erased). */
  composer: ReplyComposer | null;
}

/**
 * The one-line summary of a lead's text, at most `max` characters: a contact message's subject and
 * the start of its message ("Bakery website — A site with online orders."), as the lists show the
 * message text; the other forms' message or project details.
 */
export function leadSummary(fields: { subject?: string | null; message?: string | null; projectDetails?: string | null }, max = 120): string {
  const line = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const text = [line(fields.subject), line(fields.message || fields.projectDetails)].filter(Boolean).join(' — ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
