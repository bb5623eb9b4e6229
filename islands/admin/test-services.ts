import { createDashboardApi } from './api';
import type { DashboardServices } from './context';

/**
 * The dashboard's services for rendering a view in a test: nothing navigates or notifies, and any
 * call to the API fails, as no view should make one while it is only rendered.
 */
export const offlineServices: DashboardServices = {
  api: createDashboardApi({ csrfToken: 'token', fetchImpl: () => Promise.reject(new Error('no network in this test')) }),
  navigate: () => undefined,
  notify: () => undefined,
  leadsChanged: () => undefined,
  mailChanged: () => undefined,
  dates: { timeZone: 'UTC' },
};
