import type { LeadType } from '../../shared/form-types';
import type { TaskCounts, TaskPage, TaskSection } from '../../shared/reply-queue';
import type { DashboardApi } from './api';

/** The reply queue as Tasks, the sidebar's badge and the dashboard read it (`/api/tasks…`). */
export function tasksApi(api: DashboardApi) {
  return {
    /** One page of a section of the queue (overdue, due today, later), of one form or all. */
    page: (section: TaskSection, { type, cursor }: { type?: LeadType; cursor?: string | null } = {}) => {
      const query = new URLSearchParams({ section });
      if (type) query.set('type', type);
      if (cursor) query.set('cursor', cursor);
      return api.send<TaskPage>('GET', `/api/tasks?${query}`, 'Failed to load the tasks.');
    },
    /** Open leads per section, each up to TASK_COUNT_CAP (the badge, the dashboard and Tasks say the same). */
    counts: (type?: LeadType) => api.send<TaskCounts>('GET', `/api/tasks/counts${type ? `?type=${type}` : ''}`, 'Failed to count the tasks.'),
  };
}
