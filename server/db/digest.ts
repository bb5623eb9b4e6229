import type { Knex } from 'knex';
import type { LeadRow } from './tables';

/** Open leads due before `before`, soonest first, at most `limit` (the open-leads index). */
export async function openLeadsDueBefore(db: Knex, before: Date, { after, limit }: { after?: Date; limit: number }): Promise<LeadRow[]> {
  const rows = db('leads').whereNull('spam_at').whereNull('responded_at').whereNotNull('due_at').where('due_at', '<', before);
  if (after) rows.where('due_at', '>=', after);
  const found: LeadRow[] = await rows.orderBy([{ column: 'due_at' }, { column: 'id' }]).limit(limit);
  return found;
}
