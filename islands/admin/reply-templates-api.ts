import type { ReplyTemplateInput, ReplyTemplateJson } from '../../shared/replies';
import type { DashboardApi } from './api';

/** The saved replies as Saved replies manages them and a reply starts from them (`/api/reply-templates…`). */

const templatePath = (id: string) => `/api/reply-templates/${encodeURIComponent(id)}`;

export function replyTemplatesApi(api: DashboardApi) {
  return {
    list: async () => (await api.send<{ items: ReplyTemplateJson[] }>('GET', '/api/reply-templates', 'Failed to load the saved replies.')).items,
    add: (template: ReplyTemplateInput) => api.send<ReplyTemplateJson>('POST', '/api/reply-templates', 'The saved reply could not be added.', template),
    change: (id: string, template: ReplyTemplateInput) => api.send<ReplyTemplateJson>('PATCH', templatePath(id), 'The saved reply could not be changed.', template),
    remove: (id: string) => api.send<null>('DELETE', templatePath(id), 'The saved reply could not be deleted.'),
  };
}
