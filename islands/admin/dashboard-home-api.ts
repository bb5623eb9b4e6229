import type { DashboardFigures } from '../../shared/dashboard';
import type { DashboardApi } from './api';

/** The dashboard's home: its figures in one call (`GET /api/dashboard`). */
export function dashboardHomeApi(api: DashboardApi) {
  return {
    figures: () => api.send<DashboardFigures>('GET', '/api/dashboard', 'Failed to load the dashboard.'),
  };
}
