import type { FormType } from './form-types';
import type { MailSource } from './settings';

/** Staff notifications waiting longer than this count as in trouble (the dashboard's banner). */
export const NOTIFICATION_WAIT_LIMIT_MINUTES = 15;

/** One lead's staff notification, as its page shows it. */
export interface NotificationState {
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  /** The last error as the mail server or the network gave it (raw; for owners' details). */
  lastError: string | null;
  /** Where it is and why, in words ("Accepted by the mail server.", "The mail server refused the address. Gave up."). */
  stateText: string;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
}

/** `GET /api/mail-health`: whether mail is on, and the notifications in trouble (failed, or waiting too long). */
export interface MailHealth {
  /** Whether a mail server is set up (`SMTP_URL`, or in Settings); without one mail is off and the outbox only fills. */
  smtpConfigured: boolean;
  /** Where mail goes: `SMTP_URL` (it wins), the set-up saved in Settings, or nowhere. */
  source: MailSource;
  /** How many are in trouble (the list shows the oldest few). */
  troubled: number;
  notifications: (NotificationState & { leadId: string; leadType: FormType; sender: string })[];
  /**
   * Set while the site's daily most of acknowledgements to visitors is used up (and at least one
   * visitor went without): the limit, how many were withheld so far, and when they start again
   * (the next midnight UTC). Null otherwise.
   */
  acknowledgementsWithheld: { limit: number; withheld: number; resumesAt: string } | null;
}
