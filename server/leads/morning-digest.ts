import type { Knex } from 'knex';
import { countOpenLeads, listOpenLeads, sectionRange } from './reply-queue-queries';
import { claimDailyRun, markDailyRunFinished, releaseDailyRun } from '../db/daily-runs';
import { createDailyCheck, dayOnceTimeHasCome } from '../daily-check';
import { troubledNotifications } from '../outbox/queries';
import type { LeadRow } from '../db/tables';
import type { Logger } from '../logger';
import type { Mailer } from '../services/mail-transport';
import { LEAD_TYPE_LABELS, type LeadType } from '../../shared/form-types';
import { DASHBOARD_PATH, leadAdminPath, senderName } from '../../shared/lead-facts';
import { NOTIFICATION_WAIT_LIMIT_MINUTES } from '../../shared/mail-health';
import { endOfLocalDay } from '../../shared/reply-clock';
import { TASK_COUNT_CAP, dueText, taskCountText } from '../../shared/reply-queue';
import type { Settings } from '../../shared/settings';
import { counted } from '../../shared/text';

export interface DigestMail {
  to: string[];
  subject: string;
  text: string;
}

export type DigestOutcome = 'not-yet' | 'no-recipients' | 'mail-off' | 'done-already' | 'nothing-to-say' | 'sent' | 'failed';

export interface MorningDigestDeps {
  db: Knex;
  settings: () => Pick<Settings, 'timeZone' | 'digestTime' | 'notificationRecipients'>;
  /** The site's address, for the links into the admin. */
  publicUrl: string;
  send: (mail: DigestMail) => Promise<void>;
  /** Whether mail is on (read at each tick); while it is off, the day stays unclaimed. */
  mailOn?: () => boolean;
  logger?: Logger;
  now?: () => Date;
}

/** Leads listed per section; the count says how many more there are. */
const LISTED = 20;
const DIGEST_JOB = 'morning-digest';

/**
 * The morning digest: once a day at `digestTime` in the agency's zone, one e-mail to the
 * notification recipients with the overdue leads, those due by the end of the day and the staff
 * e-mails in trouble, linked into the admin. However many instances tick, one sends: each day is
 * claimed by inserting its `('morning-digest', day)` row in `daily_runs`. Nothing is sent on a day
 * with nothing to say; a send that fails gives the claim back, so the next tick (on any instance)
 * tries again.
 */
export function createMorningDigest({ db, settings, publicUrl, send, mailOn = () => true, logger, now = () => new Date() }: MorningDigestDeps) {
  const admin = `${publicUrl}${DASHBOARD_PATH}`;
  const leadLink = (lead: { type: LeadType; id: string }) => `${publicUrl}${leadAdminPath(lead)}`;

  async function compose(at: Date, endOfDay: Date): Promise<Omit<DigestMail, 'to'> | null> {
    const waitingSince = new Date(at.getTime() - NOTIFICATION_WAIT_LIMIT_MINUTES * 60_000);
    // Tasks' sections, in Tasks' order and with its counts.
    const bounds = { now: at, endOfToday: endOfDay };
    const [overdue, dueToday, counts, mail] = await Promise.all([
      listOpenLeads(db, { ...sectionRange('overdue', bounds), limit: LISTED }),
      listOpenLeads(db, { ...sectionRange('today', bounds), limit: LISTED }),
      countOpenLeads(db, bounds, TASK_COUNT_CAP),
      troubledNotifications(db, { waitingSince, limit: LISTED }),
    ]);
    if (overdue.length === 0 && dueToday.length === 0 && mail.total === 0) return null;
    const lines: string[] = [];
    const section = (title: string, entries: string[], more: number) => {
      if (entries.length === 0) return;
      lines.push(title, ...entries.map((entry) => `- ${entry}`));
      if (more > 0) lines.push(`- and ${more} more`);
      lines.push('');
    };
    const describe = (lead: LeadRow) => `${senderName(lead)} (${LEAD_TYPE_LABELS[lead.type]}), ${dueText(new Date(lead.due_at!), at)}: ${leadLink(lead)}`;
    section(`Overdue (${taskCountText(counts.overdue)}):`, overdue.map(describe), counts.overdue - overdue.length);
    section(`Due by the end of today (${taskCountText(counts.today)}):`, dueToday.map(describe), counts.today - dueToday.length);
    section(
      `Staff e-mails failed or waiting over ${NOTIFICATION_WAIT_LIMIT_MINUTES} minutes (${mail.total}):`,
      mail.rows.map((row) => `${row.lead_name ?? row.lead_email ?? 'a deleted lead'}, ${row.status === 'failed' ? 'failed' : 'waiting'} after ${counted(row.attempts, 'attempt')}: ${leadLink({ type: row.form_type as LeadType, id: row.submission_id })}`),
      mail.total - mail.rows.length,
    );
    lines.push(`Tasks: ${admin}/tasks`, `Dashboard: ${admin}`);
    const parts = [counts.overdue > 0 && `${taskCountText(counts.overdue)} overdue`, counts.today > 0 && `${taskCountText(counts.today)} due today`, mail.total > 0 && `${mail.total} staff e-mail${mail.total === 1 ? '' : 's'} failing`].filter(Boolean);
    return { subject: `Morning digest: ${parts.join(', ')}`, text: ['Good morning. Where the reply promise stands:', '', ...lines].join('\n') };
  }

  async function run(): Promise<DigestOutcome> {
    const at = now();
    const { timeZone, digestTime, notificationRecipients } = settings();
    const day = dayOnceTimeHasCome(at, timeZone, digestTime);
    if (!day) return 'not-yet';
    // Unclaimed, so recipients set later in the day still get that day's digest.
    if (notificationRecipients.length === 0) return 'no-recipients';
    if (!mailOn()) return 'mail-off';
    if (!(await claimDailyRun(db, DIGEST_JOB, day, at))) return 'done-already';
    const mail = await compose(at, endOfLocalDay(at, timeZone));
    if (!mail) {
      await markDailyRunFinished(db, DIGEST_JOB, day, at);
      return 'nothing-to-say';
    }
    try {
      await send({ to: notificationRecipients, ...mail });
    } catch (error) {
      await releaseDailyRun(db, DIGEST_JOB, day);
      logger?.warn({ err: error, day }, 'morning digest not sent; will try again');
      return 'failed';
    }
    await markDailyRunFinished(db, DIGEST_JOB, day, at);
    logger?.info({ day, recipients: notificationRecipients.length }, 'morning digest sent');
    return 'sent';
  }

  // Sends today's digest if it is time and nobody has yet; one run at a time per instance.
  return createDailyCheck(run, { logger, failure: 'morning digest check failed; will try again' });
}

export type MorningDigest = ReturnType<typeof createMorningDigest>;

/** Sends digests through the mail set-up in force (the staff notifications' server and sender). */
export function digestSender(mailer: Mailer): (mail: DigestMail) => Promise<void> {
  return async (mail) => {
    await mailer.send({ to: mail.to, subject: mail.subject, text: mail.text });
  };
}
