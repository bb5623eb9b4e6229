import type { Knex } from 'knex';
import type { LeadType } from '../../shared/form-types';
import type { TaskCounts, TaskSection } from '../../shared/reply-queue';
import type { KeysetPosition } from '../db/keyset-cursor';
import type { LeadRow } from '../db/tables';
import { whereOpen } from './open';

/** Open leads (`whereOpen`): every read below walks their small partial index on (due_at, id). */
const openLeads = (db: Knex) => whereOpen(db('leads'));

/** Which open leads: of one form, and due in `[dueFrom, dueBefore)` (either end may be open). */
export interface OpenLeadRange {
  type?: LeadType;
  dueFrom?: Date;
  dueBefore?: Date;
}

function openLeadsIn(db: Knex, { type, dueFrom, dueBefore }: OpenLeadRange): Knex.QueryBuilder {
  const rows = openLeads(db);
  if (type) rows.where('type', type);
  if (dueFrom) rows.where('due_at', '>=', dueFrom);
  if (dueBefore) rows.where('due_at', '<', dueBefore);
  return rows;
}

/**
 * One page of open leads in `range`, strictly after `after`: soonest due first, or with `latestFirst`
 * most recently due first (the index read backwards).
 */
export async function listOpenLeads(
  db: Knex,
  { after, limit, latestFirst = false, ...range }: OpenLeadRange & { after?: KeysetPosition; limit: number; latestFirst?: boolean },
): Promise<LeadRow[]> {
  const rows = openLeadsIn(db, range).select('*');
  if (after) rows.whereRaw(`(due_at, id) ${latestFirst ? '<' : '>'} (?, ?)`, [after.at, after.id]);
  const direction = latestFirst ? 'desc' : 'asc';
  const page: LeadRow[] = await rows.orderBy([{ column: 'due_at', order: direction }, { column: 'id', order: direction }]).limit(limit);
  return page;
}

/** Where Tasks' sections meet: overdue before `now`, due today before `endOfToday`, later after. */
export interface SectionBounds {
  now: Date;
  endOfToday: Date;
}

/**
 * A section's leads and order. Overdue is read most recently due first: a lead that fell overdue an
 * hour ago can still get its answer today, while one left for months is not saved by being shown
 * first, and a backlog of those would otherwise bury every lead that can be (Tasks used to open on
 * "overdue by 729 d"). Due today and later read soonest due first, the next to fall due on top.
 */
export function sectionRange(section: TaskSection, { now, endOfToday }: SectionBounds): OpenLeadRange & { latestFirst: boolean } {
  switch (section) {
    case 'overdue':
      return { dueBefore: now, latestFirst: true };
    case 'today':
      return { dueFrom: now, dueBefore: endOfToday, latestFirst: false };
    case 'later':
      return { dueFrom: endOfToday, latestFirst: false };
  }
}

/**
 * How many leads are open, and how many of them are in each of Tasks' sections, each counted up to
 * `cap`: the index is walked from its start and stops there, so the cost stays flat however many
 * leads were left unanswered (the caller shows "1000+"). The dashboard and the sidebar's badge
 * read these same numbers, so every place says the same.
 */
export async function countOpenLeads(db: Knex, { now, endOfToday }: SectionBounds, cap: number, type?: LeadType): Promise<TaskCounts> {
  const upTo = (range: OpenLeadRange) => db.raw('(select count(*) from (?) as capped)', [openLeadsIn(db, { type, ...range }).select(db.raw('1')).limit(cap)]);
  const row = await db
    .select({ open: upTo({}), overdue: upTo({ dueBefore: now }), today: upTo({ dueFrom: now, dueBefore: endOfToday }), later: upTo({ dueFrom: endOfToday }) })
    .first<Record<keyof TaskCounts, string | number>>();
  return { open: Number(row?.open ?? 0), overdue: Number(row?.overdue ?? 0), today: Number(row?.today ?? 0), later: Number(row?.later ?? 0) };
}
