import type { Knex } from 'knex';
import { countOpenLeads } from './reply-queue-queries';
import { listLeads } from './queries';
import { newLeadCounts, newestPortfolioItems, responseFigures, type PeriodBounds } from './dashboard-queries';
import { DASHBOARD_PERIODS, type DashboardFigures, type DashboardPeriod, type PeriodCount } from '../../shared/dashboard';
import { LEAD_TYPES, type LeadType } from '../../shared/form-types';
import { addDays, localDate } from '../../shared/local-date';
import { endOfLocalDay, zonedInstant } from '../../shared/reply-clock';
import { toLeadListItem } from './service';
import { TASK_COUNT_CAP } from '../../shared/reply-queue';

const PERIOD_DAYS: Record<DashboardPeriod, number> = { today: 1, last7: 7, last30: 30 };

/** Each period's days end with today (local, in `timeZone`); the previous period is the same length before it. */
export function periodBounds(now: Date, timeZone: string): PeriodBounds {
  const today = localDate(now, timeZone);
  const midnight = (date: string) => new Date(zonedInstant(date, 0, timeZone));
  const starts = Object.fromEntries(
    DASHBOARD_PERIODS.map((period) => {
      const days = PERIOD_DAYS[period];
      return [period, { current: midnight(addDays(today, 1 - days)), previous: midnight(addDays(today, 1 - 2 * days)) }];
    }),
  ) as PeriodBounds['starts'];
  return { end: endOfLocalDay(now, timeZone), starts };
}

const zeroCounts = (): Record<DashboardPeriod, PeriodCount> =>
  Object.fromEntries(DASHBOARD_PERIODS.map((period) => [period, { current: 0, previous: 0 }])) as Record<DashboardPeriod, PeriodCount>;

/** The dashboard home's live figures, read fresh on each call (each one an indexed query). */
export function createDashboardService({ db, timeZone, now = () => new Date() }: { db: Knex; timeZone: () => string; now?: () => Date }) {
  return {
    async figures(): Promise<DashboardFigures> {
      const at = now();
      const zone = timeZone();
      const bounds = periodBounds(at, zone);
      const [counts, open, responses, newest, portfolio] = await Promise.all([
        newLeadCounts(db, bounds),
        // The same count as Tasks' header and the sidebar's badge (the agency's "today" ends with `bounds.end`).
        countOpenLeads(db, { now: at, endOfToday: bounds.end }, TASK_COUNT_CAP),
        responseFigures(db, bounds.starts.last30.current, at),
        listLeads(db, { folder: 'inbox' }, { limit: 5 }),
        newestPortfolioItems(db, 4),
      ]);
      const newLeads = Object.fromEntries(LEAD_TYPES.map((type) => [type, zeroCounts()])) as Record<LeadType, Record<DashboardPeriod, PeriodCount>>;
      for (const row of counts) newLeads[row.type] = row.counts;
      return {
        now: at.toISOString(),
        timeZone: zone,
        newLeads,
        open: open.open,
        overdue: open.overdue,
        responses,
        newestLeads: newest.map(toLeadListItem),
        newestPortfolio: portfolio.map((item) => ({ _id: item.id, title: item.title, client: item.client, createdAt: new Date(item.created_at).toISOString() })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
