import type { PersonalDataReport } from '../../shared/personal-data';
import type { DashboardApi } from './api';

/** What is kept about one e-mail address, found and erased (`/api/personal-data…`, owners). */
export function personalDataApi(api: DashboardApi) {
  return {
    // POSTs, so the address stays out of URLs (logs, history, Referer).
    find: (email: string) => api.send<PersonalDataReport>('POST', '/api/personal-data/find', 'Failed to search.', { email }),
    /** Resolves with how many of each were erased. */
    erase: (email: string) => api.send<{ leads: number; notes: number; notifications: number }>('POST', '/api/personal-data/erase', 'Failed to erase the data.', { email }),
  };
}
