import type { LeadRow } from '../db/tables';

/** How the audit trail names a lead: its history is every row with this target. */
export const leadTarget = (id: string) => ({ type: 'lead', id });

/**
 * A lead's read time after its status becomes `status`: `new` means unread again; any other
 * status means someone dealt with it, so an unread lead counts as read from now.
 */
export function readAtForStatus(lead: Pick<LeadRow, 'read_at'>, status: string, now: Date): Date | null {
  if (status === 'new') return null;
  return lead.read_at ?? now;
}
