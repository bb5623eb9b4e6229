import { SEARCH_LENGTH } from '../../shared/search';
import { isProjectStage, type ProjectFilters } from '../../shared/projects';

/*
 * The Projects list's filters as a query string: the same words in the dashboard's URL
 * (`/projects?stage=delivered`) and in the projects API's (`/api/projects?stage=delivered`).
 */

/**
 * The Projects list's filters from a query string; values the API would refuse (an unknown stage,
 * a search too short to look up) are left out, as the inbox's are.
 */
export function projectFiltersFromQuery(query: string): ProjectFilters {
  const params = new URLSearchParams(query);
  const filters: ProjectFilters = {};
  const stage = params.get('stage');
  if (isProjectStage(stage)) filters.stage = stage;
  const q = params.get('q')?.trim().slice(0, SEARCH_LENGTH.max).trim();
  if (q && q.length >= SEARCH_LENGTH.min) filters.q = q;
  return filters;
}

/** The query string of the Projects list's filters (`?stage=delivered&q=…`, or "" when unfiltered). */
export function queryOfProjectFilters(filters: ProjectFilters): string {
  const params = new URLSearchParams();
  if (filters.stage) params.set('stage', filters.stage);
  if (filters.q) params.set('q', filters.q);
  const text = params.toString();
  return text ? `?${text}` : '';
}
