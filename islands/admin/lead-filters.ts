import { isLeadType } from '../../shared/form-types';
import { LEAD_FOLDERS, LEAD_STATUSES, type LeadFilters } from '../../shared/leads';

/*
 * The inbox's filters as a query string: the same words in the dashboard's URL (`/messages?type=quote`)
 * and in the leads API's (`/api/leads?type=quote`).
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The inbox's filters from a query string; values the API would refuse are left out, so a
 * mistyped link shows the unfiltered inbox rather than an error.
 */
export function filtersFromQuery(query: string): LeadFilters {
  const params = new URLSearchParams(query);
  const filters: LeadFilters = {};
  const type = params.get('type');
  if (type && isLeadType(type)) filters.type = type;
  const status = params.get('status');
  if (status && LEAD_STATUSES.includes(status)) filters.status = status;
  const q = params.get('q')?.trim();
  if (q) filters.q = q.slice(0, 200);
  for (const bound of ['from', 'to'] as const) {
    const value = params.get(bound);
    if (value && DAY.test(value)) filters[bound] = value;
  }
  const folder = params.get('folder');
  if (folder === 'spam' && (LEAD_FOLDERS as readonly string[]).includes(folder)) filters.folder = 'spam';
  if (params.get('unread') === 'true') filters.unread = true;
  return filters;
}

/** The query string of the inbox's filters (`?type=quote&q=…`, or "" when unfiltered), in a fixed order. */
export function queryOfFilters(filters: LeadFilters): string {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  if (filters.status) params.set('status', filters.status);
  if (filters.q) params.set('q', filters.q);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.folder === 'spam') params.set('folder', 'spam');
  if (filters.unread) params.set('unread', 'true');
  const text = params.toString();
  return text ? `?${text}` : '';
}
