import { INBOX_PAGE_SIZE, type FormType, type LeadType } from '../../shared/form-types';
import type { LeadBulkAction, LeadDetail, LeadFilters, LeadListItem } from '../../shared/leads';
import type { ReplySent } from '../../shared/replies';
import type { DashboardApi } from './api';
import { queryOfFilters } from './lead-filters';

/**
 * The leads API as Messages, a lead's page and Tasks use it (`/api/leads…`), with the spec's own
 * per-form calls (`/api/forms/{type}/{id}…`) the inbox keeps for the four forms.
 */

/** A lead's delete failed (the spec's "Failed to delete form." named neither the thing nor the way on). */
export const DELETE_LEAD_FAILED = 'The message could not be deleted. Try again.';

export interface LeadPage {
  items: LeadListItem[];
  nextCursor: string | null;
}

/** One action on one lead (`POST /api/leads/{type}/{id}/{action}`). */
export type LeadAction = 'read' | 'unread' | 'spam' | 'not-spam';

/** What a reply sends: its text, and the saved reply it started from. */
export interface ReplyDraft {
  body: string;
  subject: string;
  templateId?: string;
}

const leadPath = (type: LeadType, id: string) => `/api/leads/${type}/${encodeURIComponent(id)}`;
const formPath = (type: FormType, id: string) => `/api/forms/${type}/${encodeURIComponent(id)}`;

export function leadsApi(api: DashboardApi) {
  return {
    /** One page of the leads the filters pick, continuing after `cursor`. */
    list: (filters: LeadFilters, cursor: string | null, limit: number = INBOX_PAGE_SIZE.default) => {
      const query = queryOfFilters(filters);
      const more = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      return api.send<LeadPage>('GET', `/api/leads${query ? `${query}&` : '?'}${more}`, 'Failed to load messages.');
    },
    load: (type: LeadType, id: string) => api.send<LeadDetail>('GET', leadPath(type, id), 'Failed to load the message.'),
    /** Resolves with the lead as it is now. */
    act: (type: LeadType, id: string, action: LeadAction) => api.send<LeadDetail>('POST', `${leadPath(type, id)}/${action}`, 'Failed to update the message.'),
    setStatus: (type: LeadType, id: string, status: string) => api.send<LeadDetail>('PATCH', `${leadPath(type, id)}/status`, 'Failed to update form status.', { status }),
    addNote: (type: LeadType, id: string, body: string) => api.send<LeadDetail>('POST', `${leadPath(type, id)}/notes`, 'Failed to add the note.', { body }),
    remove: (type: LeadType, id: string) => api.send<null>('DELETE', leadPath(type, id), DELETE_LEAD_FAILED),
    /** Resolves with how many leads changed. */
    bulk: async (action: LeadBulkAction, ids: string[], status?: string) => (await api.send<{ changed: number }>('POST', '/api/leads/bulk', 'Failed to update the selected messages.', { action, ids, status })).changed,
    unreadCount: async () => (await api.send<{ count: number }>('GET', '/api/leads/unread-count', 'Failed to count unread messages.')).count,
    /** Stores a reply in the outbox (it is sent from there). */
    reply: (type: LeadType, id: string, draft: ReplyDraft) => api.send<ReplySent>('POST', `${leadPath(type, id)}/replies`, 'The reply could not be stored. Try again.', draft),
    /** The spec's status change of one form's submission. */
    setFormStatus: (type: FormType, id: string, status: string) => api.send<unknown>('PATCH', `${formPath(type, id)}/status`, 'Failed to update form status.', { status }),
    /** The spec's delete of one form's submission. */
    deleteForm: (type: FormType, id: string) => api.send<null>('DELETE', formPath(type, id), DELETE_LEAD_FAILED),
  };
}
