import type { NoticeList } from '../../shared/inbound-mail';
import type { DashboardApi } from './api';

/** The signed-in account's notices, as the top bar's menu reads and marks them (`/api/notices…`). */
export function noticesApi(api: DashboardApi) {
  return {
    /** The latest notices and how many are unread. */
    list: () => api.send<NoticeList>('GET', '/api/notices', 'Failed to load the notices.'),
    read: (id: string) => api.send<unknown>('POST', `/api/notices/${encodeURIComponent(id)}/read`, 'Failed to mark the notice read.'),
    readAll: () => api.send<unknown>('POST', '/api/notices/read-all', 'Failed to mark the notices read.'),
  };
}
