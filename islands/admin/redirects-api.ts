import type { RedirectAddedJson, RedirectListJson } from '../../shared/redirects';
import type { DashboardApi } from './api';

/** The Redirects list as Website > Redirects uses it (`/api/redirects…`). */
export function redirectsApi(api: DashboardApi) {
  return {
    list: async (): Promise<RedirectListJson> => {
      const body = await api.send<Partial<RedirectListJson> | null>('GET', '/api/redirects', 'Failed to load the redirects.');
      return { redirects: body?.redirects ?? [], builtIn: body?.builtIn ?? [] };
    },
    /** Rejects with the refusal beside `from` or `to` (`fieldErrorsOf`). */
    add: (from: string, to: string) => api.send<RedirectAddedJson>('POST', '/api/redirects', 'The redirect could not be added. Try again.', { from, to }),
    remove: (id: string) => api.send<unknown>('DELETE', `/api/redirects/${encodeURIComponent(id)}`, 'The redirect could not be deleted. Try again.'),
  };
}
