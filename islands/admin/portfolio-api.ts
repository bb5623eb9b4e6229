import { portfolioMessages } from '../../shared/portfolio/messages';
import { ApiError, type DashboardApi } from './api';
import type { PortfolioItem } from './portfolio-form';

/** The portfolio as the back office edits it (`/api/portfolio…`). */

const itemPath = (id: string) => `/api/portfolio/${encodeURIComponent(id)}`;

export function portfolioApi(api: DashboardApi) {
  return {
    /** Every item; an answer that is not a list is refused as a failed load. */
    list: async () => {
      const body = await api.send<unknown>('GET', '/api/portfolio', portfolioMessages.adminListFailed);
      if (!Array.isArray(body)) throw new ApiError(portfolioMessages.adminListFailed, 200, false);
      return body as PortfolioItem[];
    },
    remove: (id: string) => api.send<null>('DELETE', itemPath(id), portfolioMessages.deleteFailed),
    /**
     * Creates (no id) or replaces (id) an item, its images included, and resolves with it as
     * stored; `onProgress` gets whole percentages of the bytes sent.
     */
    save: (id: string | null, form: FormData, onProgress: (percent: number) => void) => api.sendForm<PortfolioItem>(id ? 'PUT' : 'POST', id ? itemPath(id) : '/api/portfolio', form, onProgress),
  };
}
