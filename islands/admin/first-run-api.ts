import type { FirstRunItem, FirstRunJson } from '../../shared/first-run';
import type { DashboardApi } from './api';

/** The owners' first-run checklist (`/api/first-run…`). */
export function firstRunApi(api: DashboardApi) {
  return {
    load: () => api.send<FirstRunJson>('GET', '/api/first-run', 'Failed to load the first-run checklist.'),
    /** Resolves with the checklist after the change. */
    dismiss: (item: FirstRunItem) => api.send<FirstRunJson>('POST', '/api/first-run/dismissals', 'Failed to dismiss the item.', { item }),
  };
}
