import { createContext, useContext } from 'react';
import type { DashboardApi } from './api';
import type { DashboardView } from './views';
import type { DateOptions } from './kit/dates';

export interface Notice {
  tone: 'success' | 'error';
  text: string;
}

/** What every dashboard view may use: the API, in-page navigation and the shared notice area. */
export interface DashboardServices {
  api: DashboardApi;
  navigate: (view: DashboardView) => void;
  /** Shows a notice in the shared area; null takes the one shown away (a new action's outcome replaces it). */
  notify: (notice: Notice | null) => void;
  /** Leads were read, moved or deleted: the top bar's unread count is refreshed. */
  leadsChanged: () => void;
  /** The mail set-up was saved: the mail banner checks again. */
  mailChanged: () => void;
  /** How times are shown: in the agency's zone (Settings), read through `useDates`. */
  dates: DateOptions;
}

export const DashboardContext = createContext<DashboardServices | null>(null);

export function useDashboard(): DashboardServices {
  const value = useContext(DashboardContext);
  if (!value) throw new Error('Dashboard views must be rendered inside <AdminDashboard>');
  return value;
}
