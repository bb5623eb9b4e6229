import type { Knex } from 'knex';
import { figuresPerDay, figuresPerPage, visitorsBy, type SourceFigures } from '../db/analytics';
import { leadsBy, leadsPerDayAndType, quotesPerBudgetBand, type LeadRange } from '../db/lead-figures';
import type { AnalyticsRangeQuery, AnalyticsReport, AnalyticsSummary, SourceRow } from '../../shared/analytics';
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

/**
 * The analytics read from the daily counts (never from single views) and the leads: what the
 * Analytics view shows and the summary other tools fetch.
 */
export function createAnalyticsReportService({ db, timeZone, now = () => new Date() }: AnalyticsReportDeps): AnalyticsReportService {
  const resolve = (query: AnalyticsRangeQuery): LeadRange => {
    const to = query.to ?? localDate(now(), timeZone());
    return { from: query.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1)), to, timeZone: timeZone() };
  };

  const summaryOf = async (range: LeadRange): Promise<AnalyticsSummary> => {
    const [days, pages, referrers, campaigns, leadsPerPath, leadsPerReferrer, leadsPerCampaign, leadsPerDay] = await Promise.all([
      figuresPerDay(db, range.from, range.to),
      figuresPerPage(db, range.from, range.to),
      visitorsBy(db, 'referrer_host', range.from, range.to),
      visitorsBy(db, 'utm_campaign', range.from, range.to),
      leadsBy(db, 'source_path', range),
      leadsBy(db, 'referrer_host', range),
      leadsBy(db, 'utm_campaign', range),
      leadsPerDayAndType(db, range),
    ]);
    const pageRows = pages.map((page) => ({ ...page, leads: leadsPerPath.get(page.path) ?? 0 }));
    for (const [path, leads] of leadsPerPath) if (!pages.some((page) => page.path === path)) pageRows.push({ path, views: 0, visitors: 0, leads });
    return {
      from: range.from,
      to: range.to,
      views: days.reduce((sum, day) => sum + day.views, 0),
      visitors: days.reduce((sum, day) => sum + day.visitors, 0),
      leads: leadsPerDay.reduce((sum, row) => sum + row.leads, 0),
      pages: pageRows,
      referrers: withLeads(referrers, leadsPerReferrer),
      campaigns: withLeads(campaigns, leadsPerCampaign),
    };
  };

  return {
    summary: (query) => summaryOf(resolve(query)),
    async report(query) {
      const range = resolve(query);
      const [summary, days, leadsPerDay, landingPages, leadsPerLanding, services, budgets] = await Promise.all([
        summaryOf(range),
        figuresPerDay(db, range.from, range.to),
        leadsPerDayAndType(db, range),
        visitorsBy(db, 'landing_path', range.from, range.to),
        leadsBy(db, 'landing_path', range),
        leadsBy(db, 'service', range),
        quotesPerBudgetBand(db, range, BUDGET_BAND_EDGES),
      ]);
      const figuresOf = new Map(days.map((day) => [day.day, day]));
      const leadsOf = new Map<string, Record<string, number>>();
      for (const { day, type, leads } of leadsPerDay) {
        const row = leadsOf.get(day) ?? Object.fromEntries(FORM_TYPES.map((form) => [form, 0]));
        row[type] = leads;
        leadsOf.set(day, row);
      }
      return {
        ...summary,
        days: datesBetween(range.from, range.to).map((day) => ({
          day,
          views: figuresOf.get(day)?.views ?? 0,
          visitors: figuresOf.get(day)?.visitors ?? 0,
          leads: leadsOf.get(day) ?? Object.fromEntries(FORM_TYPES.map((form) => [form, 0])),
        })),
        landingPages: withLeads(landingPages, leadsPerLanding),
        services: [...services].map(([name, leads]) => ({ name, leads })).sort((a, b) => b.leads - a.leads || a.name.localeCompare(b.name)),
        budgets: [BUDGET.min, ...BUDGET_BAND_EDGES].map((low, band) => ({
          name: low >= BUDGET.max ? formatBudget(low) : `${formatBudget(low)} – ${formatBudget(BUDGET_BAND_EDGES[band]! - 1)}`,
          leads: budgets.get(band) ?? 0,
        })),
      };
    },
  };
}
