import { z } from 'zod';
import { FORM_TYPES, type FormType } from './form-types';

/**
 * The back office's settings: stored in the database, edited by owners in Settings, and falling
 * back to defaults (from the environment, such as `NOTIFY_TO`) for anything never set. Isomorphic:
 * the server validates every change with these schemas and the Settings view uses the same ones.
 */

/**
 * True for an IANA time zone name this runtime knows (`Europe/London`, `America/Los_Angeles`,
 * `UTC`), spelled as the zone list spells it: not an offset (`+05:00`), nor another case
 * (`europe/london`), which `Intl` would also take but nobody would pick from the list.
 */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z]+(?:[/_-][A-Za-z0-9+-]+)*$/.test(value)) return false;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
    // An alias (Asia/Kolkata, Asia/Calcutta) may resolve to another name; never to another case of itself.
    return resolved === value || resolved.toLowerCase() !== value.toLowerCase();
  } catch {
    return false;
  }
}

/** The zones to choose from: this runtime's list, with UTC (which the list leaves out). */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return names.includes('UTC') ? names : ['UTC', ...names];
}

/** The longest acknowledgement text: a few paragraphs, not a newsletter. */
export const VISITOR_CONFIRMATION_TEXT_MAX = 4000;

/** Local parts of addresses nobody reads: answers sent there are lost. */
const NOBODY_READS = /^(no-?reply|do-?not-?reply)$/i;

const leadRetentionDays = z.number().int('Keep leads a whole number of days.').min(1, 'Keep leads at least 1 day.').max(3650, 'Keep leads at most 3650 days.');
const retention = z.union([z.null(), leadRetentionDays]);

export const settingsSchema = z.strictObject({
  /** Who receives the staff notification of each new lead and the morning digest. */
  notificationRecipients: z.array(z.email('Each recipient must be an e-mail address.')).max(20, 'At most 20 recipients.'),
  /** The reply promise: every lead is due this many hours after it arrives. */
  replyPromiseHours: z.number().int().min(1, 'The promise is at least 1 hour.').max(240, 'The promise is at most 240 hours.'),
  /** Count only working hours (the opening hours of Website › Agency details, in `timeZone`) towards the promise. */
  workingHoursOnly: z.boolean(),
  /** The agency's time zone: working hours, "today" and the digest's time are read in it. */
  timeZone: z.string('Choose a time zone such as Europe/London.').superRefine((value, context) => {
    if (!isTimeZone(value)) context.addIssue({ code: 'custom', message: `"${value.slice(0, 60)}" is not a time zone this site knows: choose one from the list, such as Europe/London.` });
  }),
  /** Local time of the morning digest, `HH:MM`. */
  digestTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time such as 08:00.'),
  /** Days a lead of each form is kept (null: kept until deleted); spam is always purged. */
  retentionDays: z.strictObject({
    contact: retention,
    enquiry: retention,
    quote: retention,
    'free-offer': retention,
    spam: z.number().int().min(1, 'Keep spam at least 1 day.').max(365, 'Keep spam at most 365 days.'),
  }),
  /** Every account must sign in with a second factor (those without one set it up first). */
  requireTwoFactor: z.boolean(),
  /** Per form: e-mail the visitor an acknowledgement with the reply promise (never for spam; a few a day per address). */
  visitorConfirmation: z.strictObject({ contact: z.boolean(), enquiry: z.boolean(), quote: z.boolean(), 'free-offer': z.boolean() }),
  /** The acknowledgement's words, the agency's own; `{name}`, `{service}` and `{replyPromise}` as in saved replies. */
  visitorConfirmationText: z
    .string('Enter the words of the acknowledgement.')
    .trim()
    .min(1, 'Enter the words of the acknowledgement.')
    .max(VISITOR_CONFIRMATION_TEXT_MAX, `The acknowledgement is at most ${VISITOR_CONFIRMATION_TEXT_MAX} characters.`),
  /**
   * The agency's shared inbox, where clients' answers go (`Reply-To`): of replies from accounts
   * without a confirmed address, and of acknowledgements. Null: none set (`null` clears it).
   */
  replyAddress: z
    .email('Enter the reply address as an e-mail address, such as hello@example.com.')
    .max(254, 'The reply address is at most 254 characters.')
    .refine((address) => !NOBODY_READS.test(address.split('@')[0]!), 'Answers sent to a no-reply address are lost: give an inbox someone reads.')
    .nullable(),
  /**
   * Mail about a lead answers to the reply address with the lead's `+tag` (`hello+k2m7…@agency.com`),
   * so an answer that lost its thread still finds its lead. Only for mailboxes that take `+`
   * addresses (most do; one that does not would bounce the answers), hence off until turned on.
   */
  replyAddressTags: z.boolean(),
});

export type Settings = z.infer<typeof settingsSchema>;
export type SettingName = keyof Settings;

/** How the connection to the mail server is protected: STARTTLS (usually port 587) or TLS from the start (465). */
export const SMTP_SECURITY = ['starttls', 'tls'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];
export const SMTP_SECURITY_LABELS: Record<SmtpSecurity, string> = { starttls: 'STARTTLS (port 587)', tls: 'TLS (port 465)' };

/**
 * The mail server set up in Settings (`PATCH /api/settings` `{ smtp }`; `SMTP_URL` wins when set).
 * `password` left out or empty keeps the saved one; without a `user`, mail is sent without signing in.
 */
export const smtpSetupSchema = z.strictObject({
  host: z
    .string('Enter the mail server.')
    .trim()
    .min(1, 'Enter the mail server, such as smtp.example.com.')
    .max(253, 'The mail server is at most 253 characters.')
    .regex(/^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$|^\[[0-9A-Fa-f:.]+\]$/, 'Enter a host name such as smtp.example.com.'),
  port: z.number('Enter the port as a number.').int('Enter a whole port number.').min(1, 'Enter a port from 1 to 65535.').max(65535, 'Enter a port from 1 to 65535.'),
  security: z.enum(SMTP_SECURITY, 'Choose STARTTLS or TLS.'),
  user: z.string('Enter the user name, or leave it empty.').trim().max(254, 'The user name is at most 254 characters.'),
  password: z.string('Enter the password.').max(256, 'The password is at most 256 characters.').optional(),
  fromName: z.string('Enter the sender name.').trim().min(1, 'Enter the sender name, such as your agency.').max(100, 'The sender name is at most 100 characters.'),
  fromAddress: z.email('Enter the sender address, such as hello@example.com.'),
});
export type SmtpSetupInput = z.infer<typeof smtpSetupSchema>;

/**
 * The ports a mail server may be reached on: submission (587), TLS submission (465), relay (25)
 * and the common alternative (2525). Other ports are only for a relay on a private network, when
 * the operator allows those (`SMTP_ALLOW_PRIVATE`).
 */
export const MAIL_PORTS = [25, 465, 587, 2525] as const;

/** Where a saved SMTP password was typed for: the server as typed (host and port) and the user signing in. */
export type SmtpAccount = Pick<SmtpSetupInput, 'host' | 'port' | 'user'>;

/**
 * The one rule for re-using the saved password ("leave empty to keep it"): only with the host (in
 * any case, as typed), port and user it was saved with. Anything else could hand the password to
 * a server nobody typed it for, so a change of any of them needs the password typed again.
 */
export function savedPasswordFits(saved: SmtpAccount, typed: SmtpAccount): boolean {
  return saved.host.toLowerCase() === typed.host.toLowerCase() && saved.port === typed.port && saved.user === typed.user;
}

/** Why the password field must be filled in again: where the saved one is used. */
export function retypePasswordMessage(saved: SmtpAccount): string {
  return `Type the password again: the saved one is only used with ${saved.host}:${saved.port} as ${saved.user}.`;
}

/** The mail set-up as `GET /api/settings` shows it: never the password, only whether one is saved. */
export type SmtpSetupView = Omit<SmtpSetupInput, 'password'> & { passwordSet: boolean };

/** Where mail goes through: `SMTP_URL` in the environment (it wins), the set-up saved in Settings, or nowhere. */
export type MailSource = 'environment' | 'settings' | 'off';

/** The ports of a mailbox server: IMAP with STARTTLS (143) and IMAP over TLS (993); others only on a private network (`SMTP_ALLOW_PRIVATE`). */
export const IMAP_PORTS = [143, 993] as const;
export const IMAP_SECURITY_LABELS: Record<SmtpSecurity, string> = { starttls: 'STARTTLS (port 143)', tls: 'TLS (port 993)' };
/** The folder read when none is typed. */
export const DEFAULT_IMAP_MAILBOX = 'INBOX';

/**
 * The agency's mailbox (`PATCH /api/settings` `{ imap }`), read for clients' answers: the server
 * as for SMTP (TLS or STARTTLS, never in clear), the user and password it signs in with (an empty
 * or absent password keeps the saved one, with the same host, port and user only) and the folder.
 */
export const imapSetupSchema = z.strictObject({
  host: smtpSetupSchema.shape.host,
  port: smtpSetupSchema.shape.port,
  security: smtpSetupSchema.shape.security,
  user: z.string('Enter the user name.').trim().min(1, 'Enter the user name the mailbox signs in with.').max(254, 'The user name is at most 254 characters.'),
  password: smtpSetupSchema.shape.password,
  mailbox: z
    .string('Enter the folder, such as INBOX.')
    .trim()
    .max(200, 'The folder is at most 200 characters.')
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'The folder name cannot hold control characters.')
    .transform((name) => name || DEFAULT_IMAP_MAILBOX)
    .default(DEFAULT_IMAP_MAILBOX),
});
export type ImapSetupInput = z.input<typeof imapSetupSchema>;
export type ImapSetup = z.output<typeof imapSetupSchema>;

/** The mailbox set-up as `GET /api/settings` shows it: never the password, only whether one is saved. */
export type ImapSetupView = Omit<ImapSetup, 'password'> & { passwordSet: boolean };

/** `POST /api/settings/imap-test`: what the mailbox server showed with the set-up typed. */
export interface ImapTestAnswer {
  /** Every folder of the account, as the server names them. */
  folders: string[];
  /** The folder that will be read, and how many messages it holds now. */
  mailbox: string;
  messages: number;
}

/** A change: any subset of the settings; `null` for a top-level setting goes back to its default (for `smtp`, no mail set-up). */
export const settingsPatchSchema = z.strictObject({
  ...(Object.fromEntries(Object.entries(settingsSchema.shape).map(([name, schema]) => [name, schema.nullable().optional()])) as {
    [K in SettingName]: z.ZodOptional<z.ZodNullable<(typeof settingsSchema.shape)[K]>>;
  }),
  smtp: smtpSetupSchema.nullable().optional(),
  imap: imapSetupSchema.nullable().optional(),
});
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** `GET` and `PATCH /api/settings`: the settings in force, their defaults, which ones staff set, the mail set-up and where mail goes. */
export interface SettingsAnswer {
  settings: Settings;
  defaults: Settings;
  overridden: SettingName[];
  smtp: SmtpSetupView | null;
  /** The agency's mailbox read for clients' answers, without its password. */
  imap: ImapSetupView | null;
  mail: MailSource;
  /** The agency's e-mail as published (Website, Agency details): offered as the reply address while none is set. */
  agencyEmail: string;
}

/** What "never set" means for each setting that does not come from the environment. */
export const BUILT_IN_DEFAULTS: Omit<Settings, 'notificationRecipients' | 'timeZone' | 'visitorConfirmationText'> = {
  replyPromiseHours: 24,
  workingHoursOnly: false,
  digestTime: '08:00',
  retentionDays: { contact: null, enquiry: null, quote: null, 'free-offer': null, spam: 30 },
  requireTwoFactor: false,
  visitorConfirmation: { contact: false, enquiry: false, quote: false, 'free-offer': false },
  replyAddress: null,
  replyAddressTags: false,
};

/** The daily retention purge runs from this hour of the agency's day (a quiet one). */
export const RETENTION_PURGE_HOUR = 3;

/** `GET /api/settings/retention-preview?type=&days=`: a form and a retention an owner is about to save. */
export const retentionPreviewQuerySchema = z.strictObject({
  type: z.enum(FORM_TYPES, 'Choose one of the forms: contact, enquiry, quote or free-offer.'),
  days: z.coerce.number('Give the days as a number.').pipe(leadRetentionDays),
});

/** What the next retention purge would delete with that retention: the form's leads sent before `before` (now minus `days`). */
export interface RetentionPreview {
  type: FormType;
  days: number;
  before: string;
  leads: number;
}
