import type { AnalyticsReport } from '../../shared/analytics';
import type { DashboardApi } from './api';

/** The visitors' analytics, as the Analytics view reads them (`GET /api/analytics/report`). */
export function analyticsApi(api: DashboardApi) {
  return {
    /** The report of the days from `from` to `to`. */
    report: (range: { from: string; to: string }) => api.send<AnalyticsReport>('GET', `/api/analytics/report?${new URLSearchParams(range)}`, 'Failed to load the analytics.'),
  };
}
