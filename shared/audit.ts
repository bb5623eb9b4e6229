import { z } from 'zod';
import { dayOrInstantSchema } from './date-schemas';
import { FORBIDDEN_IN_LINE } from './text';

/**
 * The audit trail's vocabulary: every action an admin (or the system on their behalf) can take, with
 * the label the Audit view shows. Isomorphic: the server records these names, the dashboard filters
 * and labels by them. Names are `area.verb`; add new ones here, never rename one already recorded.
 */
export const AUDIT_ACTIONS = {
  'auth.sign-in': 'Signed in',
  'auth.sign-in-failed': 'Sign-in failed',
  'auth.throttled': 'Sign-in throttled',
  'auth.sign-out': 'Signed out',
  'user.create': 'Account created',
  'user.update': 'Account changed',
  'user.disable': 'Account disabled',
  'user.enable': 'Account enabled',
  'user.delete': 'Account deleted',
  'user.password-reset': 'Password reset',
  'user.unlock': 'Sign-in failures cleared',
  'account.password-change': 'Password changed',
  'account.session-end': 'Session ended',
  'account.email-change': 'E-mail address changed',
  'account.email-verify': 'E-mail address verified',
  'account.display-name': 'Name changed',
  'account.password-reset-request': 'Password reset asked for',
  'two-factor.enable': 'Two-factor sign-in turned on',
  'two-factor.disable': 'Two-factor sign-in turned off',
  'passkey.add': 'Passkey added',
  'passkey.rename': 'Passkey renamed',
  'passkey.remove': 'Passkey removed',
  'settings.update': 'Settings changed',
  'settings.test-email': 'Test e-mail sent',
  'settings.imap-test': 'Mailbox connection tested',
  'lead.read': 'Lead read',
  'lead.unread': 'Lead marked unread',
  'lead.status': 'Lead status changed',
  'lead.note': 'Note added',
  'lead.reply': 'Reply sent',
  'lead.spam': 'Moved to spam',
  'lead.not-spam': 'Moved out of spam',
  'lead.delete': 'Lead deleted',
  'lead.email-answer': 'Client answered by e-mail',
  'lead.email-attach': 'E-mail filed on the lead',
  'lead.email-create': 'Lead made from an e-mail',
  'inbound-mail.dismiss': 'Unmatched e-mail dismissed',
  'lead.erase': 'Personal data erased',
  'leads.purge': 'Old leads purged',
  'personal-data.export': 'Personal data exported',
  'leads.export': 'Leads exported',
  'notifications.retry': 'Notifications retried',
  'acknowledgements.withheld': 'Acknowledgements withheld',
  'project.stage': 'Project stage changed',
  'portfolio.create': 'Portfolio item added',
  'portfolio.update': 'Portfolio item changed',
  'portfolio.delete': 'Portfolio item deleted',
  'content-image.upload': 'Website image uploaded',
  'reply-template.create': 'Saved reply added',
  'reply-template.update': 'Saved reply changed',
  'reply-template.delete': 'Saved reply deleted',
  'backup.create': 'Backup started',
  'backup.download': 'Backup downloaded',
  'content.create': 'Website page added',
  'content.draft-discard': 'Website draft discarded',
  'content.publish': 'Website content published',
  'content.restore': 'Website revision restored as a draft',
  'content.schedule': 'Website publish scheduled',
  'content.schedule-cancel': 'Scheduled website publish cancelled',
  'content.schedule-failed': 'Scheduled website publish failed',
  'content.preview-link': 'Preview link created',
  'content.preview-link-revoke': 'Preview link revoked',
  'content.preview-link-send': 'Preview link e-mailed',
  'content.move': 'Website page address changed',
  'content.retire': 'Website page retired',
  'content.return': 'Retired website page brought back',
  'content.export': 'Content exported',
  'content.import': 'Content imported as drafts',
  'first-run.dismiss': 'First-run checklist item dismissed',
  'first-run.restore': 'First-run checklist item brought back',
  'redirect.create': 'Redirect added',
  'redirect.delete': 'Redirect deleted',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, value);
}

/** One audit row as the API returns it (`GET /api/audit`, a lead's history). */
export interface AuditEntryJson {
  id: string;
  at: string;
  /** `id` is null for the system itself (scheduled jobs) and for accounts that no longer exist. */
  actor: { id: number | null; name: string };
  action: AuditAction;
  target: { type: string; id: string } | null;
  /** What changed, in a few words; never a visitor's personal data. */
  summary: string;
  /** How many times it happened: above 1 on a row counting repeats (throttled sign-ins), from `at` to `lastAt`. */
  repeats: number;
  /** The latest repeat (`at` when there was none). */
  lastAt: string;
}

/** A page of `GET /api/audit`, newest first; `nextCursor` continues it (null on the last page). */
export interface AuditPage {
  items: AuditEntryJson[];
  nextCursor: string | null;
}

/** An entry's action as the Audit view shows it, with its count when it repeated: "Sign-in throttled (×123)". */
export function auditActionLabel(entry: Pick<AuditEntryJson, 'action' | 'repeats'>): string {
  const label = AUDIT_ACTIONS[entry.action] ?? entry.action;
  return entry.repeats > 1 ? `${label} (×${entry.repeats.toLocaleString('en-GB')})` : label;
}

/** Longest page of `GET /api/audit`, and the page the Audit view asks for. */
export const AUDIT_PAGE_SIZE = { default: 50, max: 100 } as const;

/** `GET /api/audit`'s query: `to` as a day includes that whole day. */
export const auditQuerySchema = z.strictObject({
  actor: z.string().trim().min(1).max(256).refine((text) => !FORBIDDEN_IN_LINE.test(text), 'A name has no control characters.').optional(),
  action: z.string().refine(isAuditAction, 'Not an action of the audit trail.').optional(),
  from: dayOrInstantSchema.optional(),
  to: dayOrInstantSchema.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number('limit is a number.').int().min(1).max(AUDIT_PAGE_SIZE.max, `At most ${AUDIT_PAGE_SIZE.max}.`).optional(),
});
