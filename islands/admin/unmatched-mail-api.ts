import type { UnmatchedPage } from '../../shared/inbound-mail';
import type { DashboardApi } from './api';

/** Mail from the agency's mailbox that matched no lead, as Unmatched mail files it (`/api/inbound-mail…`). */

/** The lead a message is filed on. */
export interface FiledOn {
  type: string;
  id: string;
}

const messagePath = (id: string) => `/api/inbound-mail/${encodeURIComponent(id)}`;

export function unmatchedMailApi(api: DashboardApi) {
  return {
    /** Newest first; `before` (the last page's `next`) continues the list. */
    list: async (before: string | null = null): Promise<UnmatchedPage> => {
      const body = await api.send<Partial<UnmatchedPage> | null>('GET', `/api/inbound-mail${before ? `?before=${encodeURIComponent(before)}` : ''}`, 'Failed to load the unmatched mail.');
      return { messages: body?.messages ?? [], next: body?.next ?? null };
    },
    count: async () => (await api.send<{ unmatched: number }>('GET', '/api/inbound-mail/count', 'Failed to count the unmatched mail.')).unmatched,
    /** Files a message on a lead; resolves with the lead it is on now. */
    attach: async (id: string, lead: FiledOn) => (await api.send<{ lead: FiledOn }>('POST', `${messagePath(id)}/attach`, 'The message could not be attached. Try again.', { type: lead.type, id: lead.id })).lead,
    /** Makes a new lead (source "E-mail") of a message; resolves with it. */
    newLead: async (id: string) => (await api.send<{ lead: FiledOn }>('POST', `${messagePath(id)}/new-lead`, 'No lead could be made of the message. Try again.')).lead,
    dismiss: (id: string) => api.send<unknown>('POST', `${messagePath(id)}/dismiss`, 'The message could not be dismissed. Try again.'),
  };
}
