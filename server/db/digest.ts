import type { Knex } from 'knex';
import type { LeadRow } from './tables';
import { whereOpen } from '../leads/open';

/** Open leads due before `before`, soonest first, at most `limit` (the open-leads index). */
export async function openLeadsDueBefore(db: Knex, before: Date, { after, limit }: { after?: Date; limit: number }): Promise<LeadRow[]> {
  const rows = whereOpen(db('leads')).where('due_at', '<', before);
  if (after) rows.where('due_at', '>=', after);
  const found: LeadRow[] = await rows.orderBy([{ column: 'due_at' }, { column: 'id' }]).limit(limit);
  return found;
}
