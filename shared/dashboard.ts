import type { LeadType } from './form-types';
import type { LeadListItem } from './leads';

/** The dashboard home's live figures (`GET /api/dashboard`). */

export const DASHBOARD_PERIODS = ['today', 'last7', 'last30'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export const PERIOD_LABELS: Record<DashboardPeriod, string> = { today: 'Today', last7: 'Last 7 days', last30: 'Last 30 days' };

/** Leads of one period and of the period of the same length just before it. */
export interface PeriodCount {
  current: number;
  previous: number;
}

export interface ResponseFigures {
  /** Leads of the last 30 days that have had their first reply. */
  answered: number;
  /** Minutes from arrival to first reply: the median and the 90th percentile (null with none). */
  medianMinutes: number | null;
  p90Minutes: number | null;
  /** Share (0–1) of the last 30 days' leads whose clock ran out that were answered in time. */
  withinPromise: number | null;
}

export interface DashboardFigures {
  /** The server's time, which "today" and the due times are read against. */
  now: string;
  timeZone: string;
  /** New leads (never spam) per form and period, with the previous period of the same length. */
  newLeads: Record<LeadType, Record<DashboardPeriod, PeriodCount>>;
  open: number;
  overdue: number;
  responses: ResponseFigures;
  newestLeads: LeadListItem[];
  newestPortfolio: { _id: string; title: string; client: string; createdAt: string }[];
}

/** "+25%", "−40%", "no change", "new" (nothing before): a count against the period before it. */
export function changeText({ current, previous }: PeriodCount): string {
  if (previous === 0) return current === 0 ? 'no change' : 'new';
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return 'no change';
  return percent > 0 ? `+${percent}%` : `−${Math.abs(percent)}%`;
}

/** "45 min", "3.5 h", "2.1 d". */
export function durationText(minutes: number): string {
  if (minutes < 60) return `${Math.round(minutes)} min`;
  if (minutes < 48 * 60) return `${(minutes / 60).toFixed(1).replace(/\.0$/, '')} h`;
  return `${(minutes / 1440).toFixed(1).replace(/\.0$/, '')} d`;
}
