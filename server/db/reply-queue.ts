import type { Knex } from 'knex';
import type { KeysetPosition } from './keyset-cursor';
import type { LeadRow } from './tables';
import { whereOpen } from '../leads/open';

/** Open leads (`whereOpen`): every read below walks their small partial index on (due_at, id). */
const openLeads = (db: Knex) => whereOpen(db('leads'));

/** One page of open leads, soonest due first (so overdue ones lead), strictly after `after`. */
export async function listOpenLeads(db: Knex, { after, limit }: { after?: KeysetPosition; limit: number }): Promise<LeadRow[]> {
  const rows = openLeads(db).select('*');
  if (after) rows.whereRaw('(due_at, id) > (?, ?)', [after.at, after.id]);
  const page: LeadRow[] = await rows.orderBy([{ column: 'due_at' }, { column: 'id' }]).limit(limit);
  return page;
}

/**
 * How many leads are open, and how many of them were due before `now`, each counted up to `cap`:
 * the index is walked from its start and stops there, so the cost stays flat however many leads
 * were left unanswered (the caller shows "1000+").
 */
export async function countOpenLeads(db: Knex, now: Date, cap: number): Promise<{ open: number; overdue: number }> {
  const upTo = (rows: Knex.QueryBuilder) => db.raw('(select count(*) from (?) as capped)', [rows.select(db.raw('1')).limit(cap)]);
  const row = await db
    .select({ open: upTo(openLeads(db)), overdue: upTo(openLeads(db).where('due_at', '<', now)) })
    .first<{ open: string | number; overdue: string | number }>();
  return { open: Number(row?.open ?? 0), overdue: Number(row?.overdue ?? 0) };
}
