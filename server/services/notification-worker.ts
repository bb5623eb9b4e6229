import type { Knex } from 'knex';
import { claimDueNotifications, markNotificationAttemptFailed, markNotificationSent } from '../outbox/queries';
import type { FormNotificationRow, OutboxKind } from '../db/tables';
import type { Logger } from '../logger';
import type { Mailer, OutgoingMail } from './mail-transport';

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
 * The e-mail of one outbox row. Staff notifications go to Settings' recipients; a reply or an
 * acknowledgement to the visitor, from the site's address under the sender's name, with the
 * Message-ID stored with the row (a resend is the same message) and its thread's headers.
 */
function mailOf(row: FormNotificationRow, staff: string[]): OutgoingMail {
  const common = { subject: row.subject, text: row.body, replyTo: row.reply_to ?? undefined };
  if (row.kind === 'staff') return { ...common, to: staff };
  return {
    ...common,
    fromName: row.from_name ?? undefined,
    to: row.to_address!,
    messageId: row.message_id ?? undefined,
    inReplyTo: row.in_reply_to ?? undefined,
    references: row.thread_references ?? undefined,
  };
}

const KIND_LOG: Record<OutboxKind, string> = { staff: 'staff notification', reply: 'reply to a lead', confirmation: 'acknowledgement to a visitor', 'client-answer': 'client’s answer notice' };

/**
 * Sends the outbox through SMTP: staff notifications, replies to leads and acknowledgements to
 * visitors. Nobody waits for it: the statement that stores a submission (or a reply) also adds its
 * outbox row, so an SMTP outage delays e-mails but loses and slows nothing. Delivery is at least
 * once: a crash between the server's "accepted" and the row's "sent" sends it again, with the same
 * Message-ID.
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
    const staff = recipients();
    // Nobody on the staff side to tell yet: their e-mails stay queued until an owner names someone
    // in Settings; e-mails to visitors have their own address and go anyway.
    const kinds: OutboxKind[] = staff.length === 0 ? ['reply', 'confirmation', 'client-answer'] : ['staff', 'reply', 'confirmation', 'client-answer'];
    for (;;) {
      const batch = await claimDueNotifications(db, { limit: 10, lockSeconds: 60, kinds });
      if (batch.length === 0) break;
      for (const notification of batch) {
        try {
          const info = (await mailer.send(mailOf(notification, staff))) as { response?: string };
          await markNotificationSent(db, notification.id, info.response ?? null);
          sent += 1;
        } catch (error) {
          const final = notification.attempts >= maxAttempts;
          const retryInMs = retryDelayMs(notification.attempts, retryBaseMs, maxRetryMs);
          const message = error instanceof Error ? error.message : String(error);
          await markNotificationAttemptFailed(db, notification.id, { error: message, retryInMs, final });
          failed += 1;
          logger.warn({ notification: notification.id, attempts: notification.attempts, final, err: message }, `${KIND_LOG[notification.kind]} ${final ? 'failed for good' : 'failed, will retry'}`);
        }
      }
      if (batch.length < 10) break;
    }
    if (sent > 0) logger.info({ sent }, 'outbox e-mails sent');
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
