import type { LeadRow } from '../db/tables';

/** How the audit trail names a lead: its history is every row with this target. */
export const LEAD_AUDIT_TARGET = 'lead';
export const leadTarget = (id: string) => ({ type: LEAD_AUDIT_TARGET, id });

/**
 * A lead's read time after its status becomes `status`: `new` means unread again; any other
 * status means someone dealt with it, so an unread lead counts as read from now.
 */
export function readAtForStatus(lead: Pick<LeadRow, 'read_at'>, status: string, now: Date): Date | null {
  if (status === 'new') return null;
  return lead.read_at ?? now;
}

/** Statuses of a lead nobody has answered yet: its reply clock runs. */
export const OPEN_STATUSES = ['new', 'read'] as const;

/**
 * A lead's first-response time after its status becomes `status`: set once, the first time it
 * leaves new/read (responded, quoted, accepted, rejected), and kept whatever happens after.
 */
export function respondedAtForStatus(lead: Pick<LeadRow, 'responded_at'>, status: string, now: Date): Date | null {
  if (lead.responded_at) return lead.responded_at;
  return (OPEN_STATUSES as readonly string[]).includes(status) ? null : now;
}
