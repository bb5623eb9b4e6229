import type { Knex } from 'knex';
import type { DashboardPeriod, PeriodCount, ResponseFigures } from '../../shared/dashboard';
import type { LeadType } from '../../shared/form-types';
import { whereOpen } from './open';

/**
 * The dashboard home's figures, each one indexed query (measured at 1,000,000 leads by
 * `npm run bench:inbox`; docs/performance.md).
 */

/** Local-midnight instants: the start of each period and of the one before it, and the end of today. */
export interface PeriodBounds {
  end: Date;
  starts: Record<DashboardPeriod, { current: Date; previous: Date }>;
}

/**
 * New leads (never spam) per form for each period and the one before it: the sum of the last 60
 * days of `lead_arrival_counts` (quarter hours, kept by triggers on `leads`; every period starts
 * at a local midnight, which is always a quarter hour).
 */
export async function newLeadCounts(db: Knex, bounds: PeriodBounds): Promise<{ type: LeadType; counts: Record<DashboardPeriod, PeriodCount> }[]> {
  const columns: string[] = [];
  const bindings: Date[] = [];
  for (const [period, { current, previous }] of Object.entries(bounds.starts)) {
    columns.push(`sum(leads) filter (where quarter_hour >= ?) as "${period}_current"`, `sum(leads) filter (where quarter_hour >= ? and quarter_hour < ?) as "${period}_previous"`);
    bindings.push(current, previous, current);
  }
  const earliest = new Date(Math.min(...Object.values(bounds.starts).map((start) => start.previous.getTime())));
  const rows = await db('lead_arrival_counts')
    .where('quarter_hour', '>=', earliest)
    .where('quarter_hour', '<', bounds.end)
    .select('type', db.raw(columns.join(', '), bindings))
    .groupBy('type');
  return (rows as Record<string, unknown>[]).map((row) => ({
    type: row.type as LeadType,
    counts: Object.fromEntries(
      Object.keys(bounds.starts).map((period) => [period, { current: Number(row[`${period}_current`] ?? 0), previous: Number(row[`${period}_previous`] ?? 0) }]),
    ) as Record<DashboardPeriod, PeriodCount>,
  }));
}

/**
 * First-response times of the leads that arrived since `since`: median and 90th percentile over the
 * answered ones (`leads_responded_index`, index-only), and the share answered by their due time of
 * those whose clock has run out (answered, or open and overdue: `leads_open_due_arrivals_index`, index-only).
 */
export async function responseFigures(db: Knex, since: Date, now: Date): Promise<ResponseFigures> {
  const [answered, overdueOpen] = await Promise.all([
    db('leads')
      .whereNull('spam_at')
      .whereNotNull('responded_at')
      .where('submitted_at', '>=', since)
      .first(
        db.raw('count(*) as answered'),
        db.raw('percentile_cont(0.5) within group (order by extract(epoch from responded_at - submitted_at)) / 60 as median'),
        db.raw('percentile_cont(0.9) within group (order by extract(epoch from responded_at - submitted_at)) / 60 as p90'),
        db.raw('count(*) filter (where responded_at <= due_at) as in_time'),
      ),
    // A lead is due after it arrived, so "due since `since`" bounds the index range to 30 days.
    whereOpen(db('leads'))
      .where('due_at', '>=', since)
      .where('due_at', '<', now)
      .where('submitted_at', '>=', since)
      .count<{ count: string | number }[]>({ count: '*' })
      .first(),
  ]);
  const row = answered as { answered: string | number; median: number | string | null; p90: number | string | null; in_time: string | number } | undefined;
  const count = Number(row?.answered ?? 0);
  // An answered lead was answered in time or late; an open one counts as late once overdue and
  // not at all before (it may still be answered in time).
  const decided = count + Number(overdueOpen?.count ?? 0);
  return {
    answered: count,
    medianMinutes: count && row?.median != null ? Number(row.median) : null,
    p90Minutes: count && row?.p90 != null ? Number(row.p90) : null,
    withinPromise: decided > 0 ? Number(row?.in_time ?? 0) / decided : null,
  };
}

/** The newest portfolio items (their creation index). */
export async function newestPortfolioItems(db: Knex, limit: number): Promise<{ id: string; title: string; client: string; created_at: Date }[]> {
  return db('portfolio_items').select('id', 'title', 'client', 'created_at').orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }]).limit(limit);
}
