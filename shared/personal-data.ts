import type { LeadListItem } from './leads';
import type { NotificationState } from './mail-health';

/** `POST /api/personal-data/find` `{ email }`: everything held for one address (GDPR article 15). */
export interface PersonalDataReport {
  email: string;
  leads: (LeadListItem & { fields: Record<string, string | number | null> })[];
  notes: { leadId: string; author: string; body: string; createdAt: string }[];
  notifications: (NotificationState & { leadId: string; subject: string; body: string; replyTo: string | null })[];
}
