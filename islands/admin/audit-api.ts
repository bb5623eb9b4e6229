import type { AuditPage } from '../../shared/audit';
import type { DashboardApi } from './api';

/** The audit trail's filters as the Audit view has them ('' for none). */
export interface AuditFilters {
  actor: string;
  action: string;
  from: string;
  to: string;
}

/** The query of `GET /api/audit` for these filters, after `cursor`: also what tells one list from another. */
export function auditQuery(filters: AuditFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** The audit trail as Settings > Audit reads it (`/api/audit`, owners). */
export function auditApi(api: DashboardApi) {
  return {
    /** One page, newest first, continuing after `cursor`. */
    list: (filters: AuditFilters, cursor: string | null) => api.send<AuditPage>('GET', `/api/audit?${auditQuery(filters, cursor)}`, 'Failed to load the audit trail.'),
  };
}
