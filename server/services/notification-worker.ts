import type { Knex } from 'knex';
import { claimDueNotifications, markNotificationAttemptFailed, markNotificationSent } from '../db/form-notifications';
import type { Logger } from '../logger';
import type { Mailer } from './mail-transport';

export interface NotificationWorkerDeps {
  db: Knex;
  logger: Logger;
  /** Where mail goes (`SMTP_URL`, else Settings), read at every tick; while mail is off the outbox just fills. */
  mailer: Mailer;
  /**
   * Who gets each e-mail, read at every send: the `notificationRecipients` setting (which falls back
   * to `NOTIFY_TO`), so a change in the admin applies to the next e-mail. While it is empty the
   * e-mails wait in the outbox.
   */
  recipients: () => string[];
  /** First retry delay; each further failure doubles it, up to `maxRetryMs`. */
  retryBaseMs?: number;
  maxRetryMs?: number;
  /** Attempts before a notification is recorded as failed for good. */
  maxAttempts?: number;
  pollMs?: number;
}

export interface NotificationWorker {
  /** Whether mail is on now (it can be switched on and off in Settings while the worker runs). */
  readonly mailEnabled: boolean;
  /** Polls the outbox every `pollMs` until `stop()`. */
  start(): void;
  /** Stops polling and waits for a batch being sent to finish. */
  stop(): Promise<void>;
  /** Sends what is due now (the poller's tick); resolves with how many were sent and failed. */
  runOnce(): Promise<{ sent: number; failed: number }>;
  /** Asks for a tick soon (after a new submission), without waiting for it. */
  nudge(): void;
}

/** Delay before attempt `attempts + 1`: base, 2×base, 4×base, … capped. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends queued staff notifications through SMTP. Submissions never wait for it: the statement that
 * stores a submission also adds its outbox row (`storeLead`), so an SMTP outage delays
 * e-mails but loses and slows nothing.
 * Several instances may run workers: rows are claimed with a lock that expires.
 */
export function createNotificationWorker({
  db,
  logger,
  mailer,
  recipients,
  retryBaseMs = 30_000,
  maxRetryMs = 3_600_000,
  maxAttempts = 10,
  pollMs = 5000,
}: NotificationWorkerDeps): NotificationWorker {
  const mailOn = () => mailer.source() !== 'off';
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<{ sent: number; failed: number }> | undefined;
  let again = false;
  let stopped = false;

  async function sendDue(): Promise<{ sent: number; failed: number }> {
    let sent = 0;
    let failed = 0;
    const to = recipients();
    // Nobody to tell yet: the e-mails stay queued until an owner names someone in Settings.
    if (to.length === 0) return { sent, failed };
    for (;;) {
      const batch = await claimDueNotifications(db, { limit: 10, lockSeconds: 60 });
      if (batch.length === 0) break;
      for (const notification of batch) {
        try {
          await mailer.send({
            to,
            replyTo: notification.reply_to ?? undefined,
            subject: notification.subject,
            text: notification.body,
          });
          await markNotificationSent(db, notification.id);
          sent += 1;
        } catch (error) {
          const final = notification.attempts >= maxAttempts;
          const retryInMs = retryDelayMs(notification.attempts, retryBaseMs, maxRetryMs);
          const message = error instanceof Error ? error.message : String(error);
          await markNotificationAttemptFailed(db, notification.id, { error: message, retryInMs, final });
          failed += 1;
          logger.warn({ notification: notification.id, attempts: notification.attempts, final, err: message }, final ? 'staff notification failed for good' : 'staff notification failed, will retry');
        }
      }
      if (batch.length < 10) break;
    }
    if (sent > 0) logger.info({ sent }, 'staff notifications sent');
    return { sent, failed };
  }

  async function runOnce(): Promise<{ sent: number; failed: number }> {
    if (!mailOn()) return { sent: 0, failed: 0 };
    if (running) {
      again = true;
      return running;
    }
    running = sendDue()
      .catch((error: unknown) => {
        logger.warn({ err: error }, 'outbox not readable; will try again');
        return { sent: 0, failed: 0 };
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void runOnce();
        }
      });
    return running;
  }

  return {
    get mailEnabled() {
      return mailOn();
    },
    start() {
      // Polls even while mail is off: set up in Settings, it starts without a restart.
      if (!mailOn()) logger.info('mail is off (no SMTP_URL, nothing set up in Settings): staff notifications stay in the outbox');
      if (timer) return;
      stopped = false;
      void runOnce();
      timer = setInterval(() => void runOnce(), pollMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await running;
    },
    runOnce,
    nudge() {
      if (!stopped) setImmediate(() => void runOnce());
    },
  };
}
