import { PROJECTS_PAGE_SIZE, type ProjectFilters, type ProjectJson, type ProjectPage, type ProjectStage } from '../../shared/projects';
import type { DashboardApi } from './api';
import { queryOfProjectFilters } from './project-filters';

/** The projects (won quotes) as the Projects view and the portfolio's "from a project" read them (`/api/projects…`). */

const projectPath = (id: string) => `/api/projects/${encodeURIComponent(id)}`;

export function projectsApi(api: DashboardApi) {
  return {
    /** One page of projects (the filters as the view's URL has them), continuing after `cursor`. */
    list: (filters: ProjectFilters, cursor: string | null, limit: number = PROJECTS_PAGE_SIZE.default) => {
      const query = queryOfProjectFilters(filters);
      const more = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      return api.send<ProjectPage>('GET', `/api/projects${query ? `${query}&` : '?'}${more}`, 'Failed to load the projects.');
    },
    load: (id: string) => api.send<ProjectJson>('GET', projectPath(id), 'Failed to load the project.'),
    setStage: (id: string, stage: ProjectStage) => api.send<ProjectJson>('PATCH', projectPath(id), 'Failed to move the project.', { stage }),
  };
}
