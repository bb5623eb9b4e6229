import type { Knex } from 'knex';

/**
 * Lead counts for the analytics: leads (never spam) sent in a range of the agency's calendar days,
 * grouped one way or another. The range is turned into instants once, so the inbox's index on
 * `submitted_at` serves every one of these reads.
 */
export interface LeadRange {
  from: string;
  to: string;
  timeZone: string;
}

function inRange(knex: Knex, { from, to, timeZone }: LeadRange): Knex.QueryBuilder {
  return knex('leads')
    .whereNull('spam_at')
    .where('submitted_at', '>=', knex.raw(`(?::date)::timestamp at time zone ?`, [from, timeZone]))
    .where('submitted_at', '<', knex.raw(`(?::date + 1)::timestamp at time zone ?`, [to, timeZone]));
}

const count = (value: unknown) => Number(value ?? 0);

/** Leads per day and form. */
export async function leadsPerDayAndType(knex: Knex, range: LeadRange): Promise<{ day: string; type: string; leads: number }[]> {
  const day = knex.raw(`to_char(submitted_at at time zone ?, 'YYYY-MM-DD')`, [range.timeZone]);
  const rows = await inRange(knex, range).select({ day }, 'type', knex.raw('count(*) as leads')).groupByRaw('1, 2').orderByRaw('1, 2');
  return rows.map((row: Record<string, unknown>) => ({ day: row.day as string, type: row.type as string, leads: count(row.leads) }));
}

/** Leads per value of one of the attribution columns (the empty value left out), biggest first. */
export async function leadsBy(
  knex: Knex,
  column: 'source_path' | 'landing_path' | 'referrer_host' | 'utm_campaign' | 'service',
  range: LeadRange,
): Promise<Map<string, number>> {
  const rows = await inRange(knex, range)
    .whereNotNull(column)
    .whereNot(column, '')
    .select(knex.raw('?? as name', [column]), knex.raw('count(*) as leads'))
    .groupBy(column);
  return new Map(rows.map((row: Record<string, unknown>) => [row.name as string, count(row.leads)]));
}

/** Quote requests per budget band: band 0 is below `edges[0]`, band i from `edges[i-1]` up to `edges[i]`. */
export async function quotesPerBudgetBand(knex: Knex, range: LeadRange, edges: number[]): Promise<Map<number, number>> {
  const rows = await inRange(knex, range)
    .where('type', 'quote')
    .select(knex.raw('width_bucket(budget, ?::int[]) as band', [edges]), knex.raw('count(*) as leads'))
    .groupByRaw('1');
  return new Map(rows.map((row: Record<string, unknown>) => [Number(row.band), count(row.leads)]));
}
