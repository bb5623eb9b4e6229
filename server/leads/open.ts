import type { Knex } from 'knex';
import type { LeadRow } from '../db/tables';

/**
 * An open lead: one staff still owe a reply. It is in the inbox (spam has no reply clock), nobody
 * has answered it yet (`responded_at` is set once, the first time its status leaves new/read), and
 * its reply clock runs (`due_at`). Tasks and their counts, the dashboard and the morning digest all
 * mean this. Written once, as data, so the query and the check below cannot drift apart.
 */
const OPEN_LEAD = { spam_at: 'null', responded_at: 'null', due_at: 'set' } as const satisfies Partial<Record<keyof LeadRow, 'null' | 'set'>>;

type OpenColumns = Pick<LeadRow, keyof typeof OPEN_LEAD>;
const openColumns = Object.entries(OPEN_LEAD) as [keyof OpenColumns, 'null' | 'set'][];

/**
 * Only the open leads of a query of `leads`. Plain column tests, so the planner sees they imply the
 * predicate of the partial index `leads_open_due_arrivals_index` (`spam_at is null and responded_at
 * is null`, migration 20261128110000_open_due_arrivals) and reads open leads from it: a handful
 * next to the whole table however large it grows.
 */
export function whereOpen(rows: Knex.QueryBuilder): Knex.QueryBuilder {
  for (const [column, state] of openColumns) {
    if (state === 'null') rows.whereNull(column);
    else rows.whereNotNull(column);
  }
  return rows;
}

/** The same rule for a lead already read. */
export function isOpenLead(lead: OpenColumns): boolean {
  return openColumns.every(([column, state]) => (lead[column] === null) === (state === 'null'));
}
