import type { Knex } from 'knex';
import { retryTroubledNotifications, troubledNotifications } from '../outbox/queries';
import type { FormNotificationRow } from '../db/tables';
import type { AuditActor, AuditTrail } from './audit';
import { outboxStateText } from './mail-answer';
import { NOTIFICATION_WAIT_LIMIT_MINUTES, type MailHealth, type NotificationState } from '../../shared/mail-health';
import type { FormType } from '../../shared/form-types';
import type { MailSource } from '../../shared/settings';
import { counted } from '../../shared/text';

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export function toNotificationState(row: FormNotificationRow): NotificationState {
  return {
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    stateText: outboxStateText(row),
    createdAt: new Date(row.created_at).toISOString(),
    sentAt: iso(row.sent_at),
    nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
  };
}

/**
 * Mail health: whether mail is on at all (and through what), staff notifications that failed for good or have waited
 * more than 15 minutes (the dashboard's banner, the notice in Settings), whether the day's
 * acknowledgements to visitors are used up (the owners' banner), and "Retry now", which
 * makes them all due at once and wakes the outbox.
 */
export interface MailHealthDeps {
  db: Knex;
  audit: AuditTrail;
  mailSource: () => MailSource;
  /**
   * While the day's acknowledgements to visitors are used up: how many were withheld and when they
   * start again (the lead feature counts them; passed in so this shared service does not import it).
   */
  acknowledgementsWithheld?: () => Promise<{ limit: number; withheld: number; resumesAt: Date } | null>;
  onRetry?: () => void;
  now?: () => Date;
}

export function createMailHealth({ db, audit, mailSource, acknowledgementsWithheld = async () => null, onRetry, now = () => new Date() }: MailHealthDeps) {
  const waitingSince = () => new Date(now().getTime() - NOTIFICATION_WAIT_LIMIT_MINUTES * 60_000);
  return {
    async status(): Promise<MailHealth> {
      const { total, rows } = await troubledNotifications(db, { waitingSince: waitingSince(), limit: 10 });
      const source = mailSource();
      const withheld = await acknowledgementsWithheld();
      return {
        smtpConfigured: source !== 'off',
        source,
        troubled: total,
        notifications: rows.map((row) => ({
          ...toNotificationState(row),
          leadId: row.submission_id,
          leadType: row.form_type as FormType,
          sender: row.lead_name ?? row.lead_email ?? 'a deleted lead',
        })),
        acknowledgementsWithheld: withheld && { ...withheld, resumesAt: withheld.resumesAt.toISOString() },
      };
    },

    async retry(actor: AuditActor): Promise<{ retried: number }> {
      const retried = await db.transaction(async (trx) => {
        const count = await retryTroubledNotifications(trx, { waitingSince: waitingSince(), now: now() });
        if (count > 0) await audit.record(actor, { action: 'notifications.retry', summary: counted(count, 'staff notification') }, trx);
        return count;
      });
      if (retried > 0) onRetry?.();
      return { retried };
    },
  };
}

export type MailHealthService = ReturnType<typeof createMailHealth>;
