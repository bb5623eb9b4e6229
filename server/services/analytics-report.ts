import type { Knex } from 'knex';
import { pageFigures, visitFigures, type SourceFigures } from '../db/analytics';
import { leadsBy, leadsPerDayAndType, quotesPerBudgetBand, type LeadRange } from '../db/lead-figures';
import { OTHER_ROW, REPORT_TOP_ROWS, type AnalyticsRangeQuery, type AnalyticsReport, type AnalyticsSummary, type PageRow, type SourceRow } from '../../shared/analytics';
import { BUDGET, formatBudget } from '../../shared/forms';
import { FORM_TYPES } from '../../shared/form-types';
import { addDays, datesBetween, localDate } from '../../shared/local-date';

export interface AnalyticsReportDeps {
  db: Knex;
  timeZone: () => string;
  now?: () => Date;
}

export interface AnalyticsReportService {
  /** `GET /api/analytics/summary`: totals, pages, referrers and campaigns of a range. */
  summary(query: AnalyticsRangeQuery): Promise<AnalyticsSummary>;
  /** The summary and everything the Analytics view draws. */
  report(query: AnalyticsRangeQuery): Promise<AnalyticsReport>;
}

/** A range left open ends today and covers 30 days. */
export const DEFAULT_RANGE_DAYS = 30;

/** Where the quote budget bands of the report start (the first band starts at the slider's minimum). */
const BUDGET_BAND_EDGES = [2500, 5000, 7500, BUDGET.max];

/** Visitors per source beside the leads that came that way, biggest first; sources with leads only are kept. */
function withLeads(visitors: SourceFigures[], leads: Map<string, number>): SourceRow[] {
  const rows = new Map<string, SourceRow>(visitors.map(({ name, visitors }) => [name, { name, visitors, leads: 0 }]));
  for (const [name, count] of leads) {
    const row = rows.get(name);
    if (row) row.leads = count;
    else rows.set(name, { name, visitors: 0, leads: count });
  }
  return [...rows.values()].sort((a, b) => b.visitors - a.visitors || b.leads - a.leads || a.name.localeCompare(b.name));
}

const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0);

/**
 * The first {@link REPORT_TOP_ROWS} rows (biggest first already), then one row summing the rest
 * and any row the daily counts already kept as {@link OTHER_ROW}: a report stays a few kilobytes
 * however many names a range holds.
 */
function topRows<Row>(rows: Row[], nameOf: (row: Row) => string, sumOf: (rest: Row[]) => Row): Row[] {
  const named = rows.filter((row) => nameOf(row) !== OTHER_ROW);
  const rest = [...named.slice(REPORT_TOP_ROWS), ...rows.filter((row) => nameOf(row) === OTHER_ROW)];
  return rest.length === 0 ? named : [...named.slice(0, REPORT_TOP_ROWS), sumOf(rest)];
}

const topPages = (rows: PageRow[]) =>
  topRows(rows, (row) => row.path, (rest) => ({ path: OTHER_ROW, views: sum(rest.map((row) => row.views)), visitors: sum(rest.map((row) => row.visitors)), leads: sum(rest.map((row) => row.leads)) }));
const topSources = (rows: SourceRow[]) =>
  topRows(rows, (row) => row.name, (rest) => ({ name: OTHER_ROW, visitors: sum(rest.map((row) => row.visitors)), leads: sum(rest.map((row) => row.leads)) }));
const topServices = (rows: { name: string; leads: number }[]) => topRows(rows, (row) => row.name, (rest) => ({ name: OTHER_ROW, leads: sum(rest.map((row) => row.leads)) }));
const noLeads = () => Object.fromEntries(FORM_TYPES.map((type) => [type, 0]));

/**
 * The analytics read from the daily counts (never from single views) and the leads: what the
 * Analytics view shows and the summary other tools fetch. Each table is read once per report,
 * its groupings in one pass.
 */
export function createAnalyticsReportService({ db, timeZone, now = () => new Date() }: AnalyticsReportDeps): AnalyticsReportService {
  const resolve = (query: AnalyticsRangeQuery): LeadRange => {
    const to = query.to ?? localDate(now(), timeZone());
    return { from: query.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1)), to, timeZone: timeZone() };
  };

  const build = async (query: AnalyticsRangeQuery, full: boolean): Promise<AnalyticsReport | AnalyticsSummary> => {
    const range = resolve(query);
    const [pages, visits, leadsPerDay, leadsPerPath, leadsPerReferrer, leadsPerCampaign] = await Promise.all([
      pageFigures(db, range.from, range.to),
      visitFigures(db, range.from, range.to),
      leadsPerDayAndType(db, range),
      leadsBy(db, 'source_path', range),
      leadsBy(db, 'referrer_host', range),
      leadsBy(db, 'utm_campaign', range),
    ]);
    const pageRows = pages.pages.map((page) => ({ ...page, leads: leadsPerPath.get(page.path) ?? 0 }));
    const counted = new Set(pages.pages.map((page) => page.path));
    for (const [path, leads] of leadsPerPath) if (!counted.has(path)) pageRows.push({ path, views: 0, visitors: 0, leads });
    const summary: AnalyticsSummary = {
      from: range.from,
      to: range.to,
      views: sum(pages.viewsPerDay.values()),
      visitors: sum(visits.visitorsPerDay.values()),
      leads: sum(leadsPerDay.map((row) => row.leads)),
      pages: topPages(pageRows),
      referrers: topSources(withLeads(visits.referrers, leadsPerReferrer)),
      campaigns: topSources(withLeads(visits.campaigns, leadsPerCampaign)),
    };
    if (!full) return summary;

    const [leadsPerLanding, services, budgets] = await Promise.all([
      leadsBy(db, 'landing_path', range),
      leadsBy(db, 'service', range),
      quotesPerBudgetBand(db, range, BUDGET_BAND_EDGES),
    ]);
    const leadsOf = new Map<string, Record<string, number>>();
    for (const { day, type, leads } of leadsPerDay) {
      const row = leadsOf.get(day) ?? noLeads();
      row[type] = leads;
      leadsOf.set(day, row);
    }
    return {
      ...summary,
      days: datesBetween(range.from, range.to).map((day) => ({
        day,
        views: pages.viewsPerDay.get(day) ?? 0,
        visitors: visits.visitorsPerDay.get(day) ?? 0,
        leads: leadsOf.get(day) ?? noLeads(),
      })),
      landingPages: topSources(withLeads(visits.landingPages, leadsPerLanding)),
      services: topServices([...services].map(([name, leads]) => ({ name, leads })).sort((a, b) => b.leads - a.leads || a.name.localeCompare(b.name))),
      budgets: [BUDGET.min, ...BUDGET_BAND_EDGES].map((low, band) => ({
        name: low >= BUDGET.max ? formatBudget(low) : `${formatBudget(low)} – ${formatBudget(BUDGET_BAND_EDGES[band]! - 1)}`,
        leads: budgets.get(band) ?? 0,
      })),
    };
  };

  return {
    summary: (query) => build(query, false) as Promise<AnalyticsSummary>,
    report: (query) => build(query, true) as Promise<AnalyticsReport>,
  };
}
