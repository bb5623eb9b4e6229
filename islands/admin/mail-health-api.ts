import type { MailHealth } from '../../shared/mail-health';
import type { DashboardApi } from './api';

/** The staff e-mails' health, as the mail banner shows it (`/api/mail-health…`). */
export function mailHealthApi(api: DashboardApi) {
  return {
    check: () => api.send<MailHealth>('GET', '/api/mail-health', 'Failed to check the staff e-mails.'),
    /** Makes every failed or waiting staff e-mail due now; resolves with how many. */
    retry: async () => (await api.send<{ retried: number }>('POST', '/api/mail-health/retry', 'Failed to retry the staff e-mails.')).retried,
  };
}
