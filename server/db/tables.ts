import type { AdminRole } from '../../shared/admin-auth';
import type { LeadType } from '../../shared/form-types';

/** Row types of the database tables, as Knex returns them (snake_case, timestamps as Date). */

export interface AdminUserRow {
  id: number;
  username: string;
  /** Argon2id PHC string (`$argon2id$v=19$m=…`). */
  password_hash: string;
  role: AdminRole;
  created_at: Date;
  updated_at: Date;
  /** Set while the account is disabled: it cannot sign in and has no sessions. */
  disabled_at: Date | null;
  last_sign_in_at: Date | null;
  /** Base32 TOTP secret, set from setup on; two-factor is on once `totp_enabled_at` is set. */
  totp_secret: string | null;
  totp_enabled_at: Date | null;
  /** The 30-second step of the last code accepted: a code of that step or earlier is refused. */
  totp_last_step: string | number | null;
  /** The account's own e-mail address, if it gave one; only a verified one receives password resets. */
  email: string | null;
  /** When `email` was proven by a link mailed to it; null while it is not. */
  email_verified_at: Date | null;
  /** The name replies are sent and signed as ("Maria Lopez"); null on accounts that have not given one. */
  display_name: string | null;
}

/** A one-time link for an account to set its password (valid 24 hours). */
export interface AdminPasswordLinkRow {
  token_hash: string;
  admin_user_id: number;
  created_at: Date;
  expires_at: Date;
  /** The address the link was mailed to (an invitation or a reset by e-mail); using the link proves it. Null: passed by hand. */
  sent_to?: string | null;
}

/** A one-time link proving an account's e-mail address (stored hashed, valid 24 hours). */
export interface AdminEmailLinkRow {
  token_hash: string;
  admin_user_id: number;
  email: string;
  created_at: Date;
  expires_at: Date;
}

export interface AdminSessionRow {
  /** SHA-256 (hex) of the random session id the cookie carries; the id itself is never stored. */
  id_hash: string;
  admin_user_id: number;
  csrf_token: string;
  remember: boolean;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  /** Where and in what browser the session was opened (the account's session list). */
  ip: string | null;
  user_agent: string | null;
  /**
   * The passkey that opened the session: the owners' "require two-factor" rule is met. Removing
   * that passkey ends the session (the foreign key cascades). Bigint: a string.
   */
  passkey_id?: string | null;
  /** A passkey added in this session (opened otherwise): it meets that rule until it is removed (then null). */
  added_passkey_id?: string | null;
}

/** What a failed login attempt got wrong; every kind counts in the same throttle. */
export type LoginFailureKind = 'password' | 'second-factor' | 'passkey';

export interface LoginFailureRow {
  id: string;
  kind: LoginFailureKind;
  username_key: string;
  ip: string;
  /** The known device the attempt came from; null for a browser without a valid device cookie. */
  device_id: string | null;
  failed_at: Date;
}

/** A browser that signed in to this account before (OWASP's "device cookie"). */
export interface AdminDeviceRow {
  id: string;
  /** SHA-256 (hex) of the random token the device cookie carries; the token itself is never stored. */
  token_hash: string;
  admin_user_id: number;
  created_at: Date;
  last_used_at: Date;
  expires_at: Date;
}

/** One lead (a submission of any of the four forms); columns of the other forms' fields are null. */
export interface LeadRow {
  id: string;
  type: LeadType;
  name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  subject: string | null;
  service: string | null;
  message: string | null;
  budget: number | null;
  timeline: string | null;
  project_details: string | null;
  submitted_at: Date;
  status: string;
  read_at: Date | null;
  responded_at: Date | null;
  due_at: Date | null;
  /** Why the spam checks (or an admin) put it in the spam folder; null in the inbox. */
  spam_reason: string | null;
  spam_at: Date | null;
  client_token: string | null;
  source_path: string | null;
  landing_path: string | null;
  project_stage: string | null;
  project_stage_at: Date | null;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  /** The random `+tag` of the reply address mail about this lead carries (once one was sent with it). */
  reply_tag?: string | null;
}

/** A staff note on a lead (plain text). */
export interface LeadNoteRow {
  id: string;
  lead_id: string;
  /** The account that wrote it; null once that account is gone (the name stays). */
  author_id: number | null;
  author: string;
  body: string;
  created_at: Date;
}

/** What an outbox e-mail is: a staff notification, a reply to the lead, or the visitor's acknowledgement. */
export type OutboxKind = 'staff' | 'reply' | 'confirmation' | 'client-answer';

/** One e-mail of the outbox (`form_notifications`), about one lead. */
export interface FormNotificationRow {
  id: string;
  kind: OutboxKind;
  form_type: string;
  submission_id: string;
  subject: string;
  body: string;
  reply_to: string | null;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: Date;
  locked_until: Date | null;
  last_error: string | null;
  sent_at: Date | null;
  created_at: Date;
  /** The visitor's address (replies and acknowledgements); null for staff notifications, which go to Settings' recipients. */
  to_address: string | null;
  /** The sender's display name (a reply's "Ada at Agency"); null: the site's. */
  from_name: string | null;
  /** Chosen when stored, so every attempt carries the same one (`<…@host>`); null: the mailer's own. */
  message_id: string | null;
  in_reply_to: string | null;
  thread_references: string | null;
  /** The account that wrote a reply; null once that account is gone (the name stays). */
  author_id: number | null;
  author: string | null;
  smtp_response: string | null;
}

/** What became of a message from the agency's mailbox. */
export type InboundState = 'filed' | 'unmatched' | 'dismissed' | 'refused';

/** One message read from the agency's mailbox, stored once (docs/decisions/incoming-mail.md). */
export interface InboundMessageRow {
  id: string;
  mailbox: string;
  uid_validity: string;
  uid: string | number;
  /** `<…>`; a hash of the header section for a message without one. */
  message_id: string;
  from_address: string | null;
  from_name: string | null;
  to_text: string;
  subject: string;
  sent_at: Date | null;
  received_at: Date;
  /** The message as plain text, without the quoted history (`quoted`). */
  text: string;
  quoted: string | null;
  in_reply_to: string | null;
  thread_references: string | null;
  lead_id: string | null;
  state: InboundState;
  /** Why it was refused, or why it matched no lead. */
  reason: string | null;
  attachments_omitted: number;
  decided_at: Date | null;
}

/** An attachment of an incoming message; `data` null when it was over the limits (listed, not stored). */
export interface InboundAttachmentRow {
  id: string;
  message_id: string;
  position: number;
  name: string;
  bytes: string | number;
  data: Buffer | null;
}

/** A piece of news for one account in the app (the client answered the lead it replied to last). */
export interface NoticeRow {
  id: string;
  admin_user_id: number;
  text: string;
  lead_type: LeadType;
  lead_id: string;
  created_at: Date;
  read_at: Date | null;
}

/** A saved reply staff start from; its text may hold placeholders (`{name}`). */
export interface ReplyTemplateRow {
  id: string;
  name: string;
  body: string;
  created_at: Date;
  updated_at: Date;
}

export interface PortfolioItemRow {
  id: string;
  title: string;
  description: string;
  client: string;
  date: string;
  completion_date: string;
  technologies: string;
  website_link: string;
  challenge: string;
  solution: string;
  results: string;
  bg_color: string;
  testimonial: { text: string; author: string; position: string } | null;
  what_we_delivered: { description: string; items: { title: string; icon: string }[] };
  categories: string[];
  display_categories: string[];
  created_at: Date;
  updated_at: Date;
}

export type PortfolioImageRole = 'main' | 'slider';

export interface PortfolioImageRow {
  id: string;
  item_id: string;
  role: PortfolioImageRole;
  position: number;
  source_width: number;
  source_height: number;
  created_at: Date;
}

export type ImageVariant = 'card' | 'slider' | 'thumb' | 'content';
export type ImageFormat = 'avif' | 'webp' | 'jpeg';

/** An encoded file of a portfolio image or of a content image (exactly one of the two ids is set). */
export interface PortfolioImageFileRow {
  id: string;
  image_id: string | null;
  content_image_id: string | null;
  variant: ImageVariant;
  format: ImageFormat;
  width: number;
  height: number;
  byte_size: number;
  sha256: string;
  data: Buffer;
}

export interface ContentImageRow {
  id: string;
  width: number;
  height: number;
  name: string;
  created_at: Date;
  created_by: string | null;
}

export interface AuditLogRow {
  id: string;
  at: Date;
  actor_id: number | null;
  actor_name: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  summary: string;
  ip: string | null;
  /** How many times this event happened: more than 1 only on a row counting repeats (`repeat_key`). */
  repeats: number;
  /** The latest repeat's time (null: only `at`). */
  last_at: Date | null;
  /** What repeats and in which window, on rows that count repeats; null on every other row. */
  repeat_key: string | null;
}
