import { z } from 'zod';
import { calendarDaySchema } from './date-schemas';

/** The longest range one report covers (a little over two years of daily rows). */
export const MAX_RANGE_DAYS = 800;

/** The ranges the Analytics view offers besides a chosen one, in days ending today. */
export const RANGE_PRESETS = [7, 30, 90] as const;

/** `?from=&to=` of the analytics calls: dates in the agency's time zone, both included; either may be left out. */
export const analyticsRangeSchema = z
  .object({ from: calendarDaySchema.optional(), to: calendarDaySchema.optional() })
  .refine(({ from, to }) => !from || !to || from <= to, { message: 'The range ends before it starts.', path: ['to'] })
  .refine(({ from, to }) => !from || !to || (Date.parse(to) - Date.parse(from)) / 86_400_000 < MAX_RANGE_DAYS, {
    message: `A range covers at most ${MAX_RANGE_DAYS} days.`,
    path: ['from'],
  });

export type AnalyticsRangeQuery = z.infer<typeof analyticsRangeSchema>;

/** Rows each table of a report lists by name, biggest first; the rest are summed into one {@link OTHER_ROW}. */
export const REPORT_TOP_ROWS = 100;

/**
 * The name of the row that sums everything else: in a report, the rows past the top; in the daily
 * counts, the pages and ways in past what one day keeps by name.
 */
export const OTHER_ROW = '(other)';

export interface PageRow {
  path: string;
  views: number;
  visitors: number;
  leads: number;
}

export interface SourceRow {
  name: string;
  visitors: number;
  leads: number;
}

/** `GET /api/analytics/summary`: each list at most {@link REPORT_TOP_ROWS} rows and an {@link OTHER_ROW}. */
export interface AnalyticsSummary {
  from: string;
  to: string;
  views: number;
  visitors: number;
  leads: number;
  pages: PageRow[];
  referrers: SourceRow[];
  campaigns: SourceRow[];
}

export interface DayRow {
  day: string;
  views: number;
  visitors: number;
  /** Leads per form that day. */
  leads: Record<string, number>;
}

/** `GET /api/analytics/report`: the summary, plus what the Analytics view draws. */
export interface AnalyticsReport extends AnalyticsSummary {
  days: DayRow[];
  /** Visitors who arrived on each page, with the leads they sent (conversion per landing page). */
  landingPages: SourceRow[];
  services: { name: string; leads: number }[];
  budgets: { name: string; leads: number }[];
}
