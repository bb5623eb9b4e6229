import type { Knex } from 'knex';
import { z } from 'zod';
import { claimDailyRun, markDailyRunFinished, releaseDailyRun } from '../db/daily-runs';
import { countExpiredLeads, dataHeldFor, eraseLeads, purgeLeadBatch } from './personal-data-queries';
import { parseInput } from '../errors';
import type { Logger } from '../logger';
import { SYSTEM_ACTOR, type AuditActor, type AuditTrail } from '../services/audit';
import { leadFields, toLeadListItem } from './service';
import { toNotificationState } from '../services/mail-health';
import { FORM_TYPES, FORM_TYPE_LABELS } from '../../shared/form-types';
import { localDate } from '../../shared/local-date';
import type { PersonalDataReport } from '../../shared/personal-data';
import { zonedInstant } from '../../shared/reply-clock';
import { RETENTION_PURGE_HOUR, retentionPreviewQuerySchema, type RetentionPreview, type Settings } from '../../shared/settings';
import { counted } from '../../shared/text';

const emailSchema = z.strictObject({ email: z.email({ error: 'Give an e-mail address such as ada@example.com.' }).max(254, 'Give an e-mail address such as ada@example.com.') });

function parseEmail(value: unknown): string {
  return parseInput(emailSchema, value).email.toLowerCase();
}

const PURGE_BATCH = 500;
const DAY_MS = 24 * 3600_000;
const RETENTION_PURGE_JOB = 'retention-purge';

export type DailyPurgeOutcome = 'not-yet' | 'done-already' | 'purged';

/**
 * Personal data (GDPR articles 15 and 17): everything held for an e-mail address, its export as
 * JSON and its erasure in one transaction, audited without the address; and the retention purge.
 */
export function createPersonalData({ db, audit, logger, now = () => new Date(), purgeBatch = PURGE_BATCH }: { db: Knex; audit: AuditTrail; logger?: Logger; now?: () => Date; purgeBatch?: number }) {
  async function report(email: string, trx: Knex = db): Promise<PersonalDataReport> {
    const held = await dataHeldFor(trx, email);
    return {
      email,
      leads: held.leads.map((row) => ({ ...toLeadListItem(row), fields: leadFields(row) })),
      notes: held.notes.map((note) => ({ leadId: note.lead_id, author: note.author, body: note.body, createdAt: new Date(note.created_at).toISOString() })),
      notifications: held.notifications.map((row) => ({ leadId: row.submission_id, subject: row.subject, body: row.body, replyTo: row.reply_to, ...toNotificationState(row) })),
    };
  }

  /** The instant a retention of `days` reaches back to now: leads sent before it are past it. */
  const retentionCutoff = (days: number) => new Date(now().getTime() - days * DAY_MS);

  /**
   * Deletes each form's leads older than its retention (null: kept), a batch at a time; returns
   * how many went. Spam has its own purge (the spam folder's).
   */
  async function purgeExpired(retentionDays: Settings['retentionDays']): Promise<number> {
    let total = 0;
    for (const type of FORM_TYPES) {
      const days = retentionDays[type];
      if (days === null) continue;
      const before = retentionCutoff(days);
      let purged = 0;
      for (;;) {
        const count = await purgeLeadBatch(db, { type, before, batch: purgeBatch });
        purged += count;
        if (count < purgeBatch) break;
      }
      if (purged > 0) {
        await audit.record(SYSTEM_ACTOR, { action: 'leads.purge', summary: `${purged} ${FORM_TYPE_LABELS[type]} lead${purged === 1 ? '' : 's'} older than ${counted(days, 'day')}` });
        logger?.info({ form: type, purged }, 'old leads purged');
      }
      total += purged;
    }
    return total;
  }

  return {
    find(body: unknown): Promise<PersonalDataReport> {
      return report(parseEmail(body));
    },

    /** The same as `find`, audited as an export (never naming the address). */
    async exportJson(body: unknown, actor: AuditActor): Promise<PersonalDataReport> {
      const found = await report(parseEmail(body));
      await audit.record(actor, { action: 'personal-data.export', summary: counted(found.leads.length, 'lead') });
      return found;
    },

    /** Erases every lead of the address with its notes and staff e-mails, in one transaction. */
    async erase(body: unknown, actor: AuditActor): Promise<{ leads: number; notes: number; notifications: number }> {
      const email = parseEmail(body);
      return db.transaction(async (trx) => {
        const held = await dataHeldFor(trx, email);
        await eraseLeads(trx, held.leads);
        const counts = { leads: held.leads.length, notes: held.notes.length, notifications: held.notifications.length };
        // What went, never whose: the audit trail outlives the data.
        await audit.record(actor, { action: 'lead.erase', summary: `${counted(counts.leads, 'lead')}, ${counted(counts.notes, 'note')}, ${counted(counts.notifications, 'staff e-mail')}` }, trx);
        return counts;
      });
    },

    purgeExpired,

    /**
     * What `purgeExpired` would delete of one form if its retention were `days` (the query
     * `?type=&days=`): Settings shows it before an owner saves a shorter retention.
     */
    async retentionPreview(query: unknown): Promise<RetentionPreview> {
      const { type, days } = parseInput(retentionPreviewQuerySchema, query);
      const before = retentionCutoff(days);
      return { type, days, before: before.toISOString(), leads: await countExpiredLeads(db, { type, before }) };
    },

    /**
     * The retention purge, once per agency day: the first check after `RETENTION_PURGE_HOUR` (03:00)
     * there claims the day in `daily_runs` and purges; every other check that day, on any instance, finds
     * the claim and does nothing. A purge that fails gives the day back for the next check (the
     * batches already gone stay gone, so a second run only finishes the job).
     */
    async dailyPurge({ timeZone, retentionDays }: Pick<Settings, 'timeZone' | 'retentionDays'>): Promise<DailyPurgeOutcome> {
      const at = now();
      const day = localDate(at, timeZone);
      if (at.getTime() < zonedInstant(day, RETENTION_PURGE_HOUR, timeZone)) return 'not-yet';
      if (!(await claimDailyRun(db, RETENTION_PURGE_JOB, day, at))) return 'done-already';
      try {
        await purgeExpired(retentionDays);
      } catch (error) {
        await releaseDailyRun(db, RETENTION_PURGE_JOB, day);
        throw error;
      }
      await markDailyRunFinished(db, RETENTION_PURGE_JOB, day, now());
      return 'purged';
    },
  };
}

export type PersonalDataService = ReturnType<typeof createPersonalData>;
