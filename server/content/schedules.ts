import type { Knex } from 'knex';
import { z } from 'zod';
import type { AdminRole } from '../../shared/admin-auth';
import { changedAgencyDetails } from '../../shared/content/agency-details';
import { isCalendarDate } from '../../shared/local-date';
import { zonedInstant } from '../../shared/reply-clock';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { ContentVersion } from '../services/content-version';
import type { Logger } from '../logger';
import { SYSTEM_ACTOR, type AuditActor, type AuditTrail } from '../services/audit';
import { checkTogether, type ContentChecker } from './checks';
import { PublishRefusedError } from './errors';
import { agencyDetailsRefusal, type ContentActor, type Publisher } from './publish';
import { documentTitleOf } from '../../shared/content/documents';
import { formatPerZone } from '../../shared/local-date';
import { definitionOf } from './service';
import { isoOf, jsonOf, type ContentDocumentRow } from './rows';

/**
 * How often each instance looks at the schedule besides its own wake-up: it re-arms that wake-up
 * for publishes planned on another instance (which wakes for them itself), and catches up after a
 * failure to reach the database.
 */
export const SCHEDULE_POLL_MS = 15_000;
/** The longest a Node.js timer waits (about 24.8 days); a later publish is woken for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** How soon to look again when a due publish is still pending (another instance is running it). */
const DUE_RETRY_MS = 500;
/** A pending publish this long past its time is shown as overdue (it could not run). */
export const OVERDUE_AFTER_MS = 2 * 60_000;

/** One document of a scheduled publish: the draft version it pins, and that version's data. */
interface PinnedItem {
  key: string;
  version: number;
  data: unknown;
}

/** The row of `content_schedule_pending`: the one pending publish a document is in. */
interface PendingRow {
  key: string;
  schedule_id: string;
}

interface ScheduleRow {
  id: string;
  items: unknown;
  run_at: Date | string;
  time_zone: string;
  state: 'pending' | 'done' | 'failed' | 'cancelled';
  error: string | null;
  created_by: string | null;
  created_at: Date | string;
  done_at: Date | string | null;
}

export interface ScheduleJson {
  id: string;
  /** The documents it publishes, with the title staff know each by (a service's own name). */
  items: { key: string; version: number; title: string }[];
  runAt: string;
  /** The time as the agency reads it, in `timeZone`. */
  runAtLocal: string;
  timeZone: string;
  state: 'pending' | 'overdue' | 'failed';
  error: string | null;
  createdBy: string | null;
  createdAt: string;
}

/** What a document's editor shows about its next scheduled publish. */
export interface ScheduledJson {
  id: string;
  runAt: string;
  version: number;
  /** The draft was saved again after the publish was scheduled: that later draft is not in it. */
  draftChangedSince: boolean;
}

/** A time with its offset (`2027-03-28T01:30:00Z`, `…+01:00`), or a wall-clock time in the agency's zone (`2027-03-28T01:30`). */
const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const AT_MESSAGE = 'Give the time as 2027-03-28T09:30 (the agency’s time) or with its offset, such as 2027-03-28T09:30:00Z.';

/**
 * The instant `at` names. A wall-clock time is read in `timeZone`: a time the clocks skip (01:30
 * on the night they go forward) is the same length after the change (02:30); a time that happens
 * twice (the night they go back) is the later one.
 */
export function instantOf(at: string, timeZone: string): Date | undefined {
  if (WITH_OFFSET.test(at)) {
    const instant = new Date(at);
    return Number.isNaN(instant.getTime()) || !isCalendarDate(at.slice(0, 10)) ? undefined : instant;
  }
  const local = LOCAL_TIME.exec(at);
  if (!local) return undefined;
  const [, date, hours, minutes, seconds = '0'] = local;
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59 || !isCalendarDate(date!)) return undefined;
  return new Date(zonedInstant(date!, Number(hours) + Number(minutes) / 60 + Number(seconds) / 3600, timeZone));
}

export const scheduleAtSchema = z.string(AT_MESSAGE).max(40, AT_MESSAGE);

export interface ContentSchedulerDeps {
  db: Knex;
  audit: AuditTrail;
  publisher: Publisher;
  check: ContentChecker;
  /** Reloads this instance's content after a scheduled publish committed. */
  reloadContent: () => Promise<void>;
  /** How the instances tell each other that the planned publishes changed, so each wakes at their time. */
  otherInstances: Pick<ContentVersion, 'announceSchedules' | 'onSchedulesChanged'>;
  timeZone: () => string;
  logger?: Logger;
  now?: () => Date;
}

/** A schedule's time as staff read it, in the zone it was made in: "28 Nov 2026, 09:30 GMT". */
const scheduleTimeFormat = formatPerZone((timeZone) => new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }));

/**
 * Publishes planned for a time. Each pins the versions it publishes (with their data, so a draft
 * saved afterwards is not published with it). A document is in one pending publish at most
 * (`content_schedule_pending`): scheduling it again moves it. Each instance wakes at the time of
 * the soonest pending publish (re-armed when any instance schedules or cancels one, told on
 * PostgreSQL through NOTIFY, with a poll every 15 seconds as the fallback) and at start-up, catching up after downtime; a row is
 * claimed with `FOR UPDATE SKIP LOCKED`, so one instance runs it, and running one twice does
 * nothing more (its versions are published). Times are stored in UTC with the agency's zone of
 * the moment.
 */
export function createContentScheduler({ db, audit, publisher, check, reloadContent, otherInstances, timeZone, logger, now = () => new Date() }: ContentSchedulerDeps) {
  let poll: NodeJS.Timeout | undefined;
  let hearingOthers = false;
  let wake: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  const pinnedOf = (row: ScheduleRow) => jsonOf(row.items) as PinnedItem[];
  const localText = (instant: Date, zone: string) => scheduleTimeFormat(zone).format(instant);

  const scheduleJson = (row: ScheduleRow): ScheduleJson => {
    const runAt = new Date(row.run_at);
    const overdue = row.state === 'pending' && runAt.getTime() < now().getTime() - OVERDUE_AFTER_MS;
    return {
      id: row.id,
      items: pinnedOf(row).map(({ key, version, data }) => ({ key, version, title: documentTitleOf(definitionOf(key), data) })),
      runAt: runAt.toISOString(),
      runAtLocal: localText(runAt, row.time_zone),
      timeZone: row.time_zone,
      state: row.state === 'failed' ? 'failed' : overdue ? 'overdue' : 'pending',
      error: row.error,
      createdBy: row.created_by,
      createdAt: isoOf(row.created_at),
    };
  };

  /**
   * Takes `keys` out of the pending publishes they are in, a publish left with none being
   * cancelled; returns when each of those was planned, for the audit trail.
   */
  const moveOut = async (trx: Knex.Transaction, keys: string[]): Promise<string[]> => {
    const pending = await trx('content_schedule_pending').whereIn('key', keys).select<PendingRow[]>('key', 'schedule_id');
    const ids = [...new Set(pending.map((row) => row.schedule_id))].sort();
    const planned: string[] = [];
    for (const id of ids) {
      const row = await trx('content_schedules').where({ id }).forUpdate().first<ScheduleRow>('*');
      if (!row) continue;
      const left = pinnedOf(row).filter((item) => !keys.includes(item.key));
      if (left.length === 0) await trx('content_schedules').where({ id }).update({ state: 'cancelled', done_at: now() });
      else await trx('content_schedules').where({ id }).update({ items: JSON.stringify(left) });
      planned.push(scheduleJson(row).runAtLocal);
    }
    await trx('content_schedule_pending').whereIn('key', keys).delete();
    return planned;
  };

  /** Runs one due publish, if any is unclaimed; true when one ran (or failed). */
  const runOne = async (): Promise<{ ran: boolean; changed: boolean }> =>
    db.transaction(async (trx) => {
      const row = await trx('content_schedules').where({ state: 'pending' }).where('run_at', '<=', now()).orderBy('run_at').forUpdate().skipLocked().first<ScheduleRow | undefined>('*');
      if (!row) return { ran: false, changed: false };
      // It publishes with the role its author has now: an editor's (or a since disabled owner's)
      // cannot change the agency details, were they published differently since it was planned.
      const author = row.created_by ? await trx('admin_users').where({ username: row.created_by }).whereNull('disabled_at').first<{ role: AdminRole } | undefined>('role') : undefined;
      const actor: ContentActor = { id: null, name: row.created_by ? `${row.created_by} (scheduled)` : SYSTEM_ACTOR.name, role: author?.role ?? 'editor' };
      try {
        // A savepoint: a refused publish leaves nothing behind but the row marked failed.
        const result = await trx.transaction((inner) => publisher.publishIn(inner, pinnedOf(row).map(({ key, version, data }) => ({ key, version, data })), actor, 'schedule'));
        await trx('content_schedules').where({ id: row.id }).update({ state: 'done', done_at: now(), error: null });
        await trx('content_schedule_pending').where({ schedule_id: row.id }).delete();
        return { ran: true, changed: result.documents.some((document) => document.changed) };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        logger?.warn({ err: error, schedule: row.id }, 'scheduled content publish failed');
        await trx('content_schedules').where({ id: row.id }).update({ state: 'failed', done_at: now(), error: message.slice(0, 2000) });
        await trx('content_schedule_pending').where({ schedule_id: row.id }).delete();
        await audit.record(SYSTEM_ACTOR, { action: 'content.schedule-failed', target: { type: 'content-schedule', id: row.id }, summary: message.slice(0, 500) }, trx);
        return { ran: true, changed: false };
      }
    });

  /** Runs every due publish; returns how many ran. One run at a time per instance. */
  const runDue = (): Promise<number> => {
    running ??= (async () => {
      let count = 0;
      let changed = false;
      try {
        for (;;) {
          const result = await runOne();
          if (!result.ran) break;
          count += 1;
          changed ||= result.changed;
        }
      } finally {
        running = undefined;
      }
      if (changed) await reloadContent();
      return count;
    })();
    return running;
  };

  /**
   * Sets this instance's wake-up to the soonest pending publish (none before `start`). A due one
   * still pending is being run elsewhere, or could not be: it is looked at again shortly.
   */
  const arm = async (): Promise<void> => {
    if (!poll) return;
    const next = await db('content_schedules').where({ state: 'pending' }).orderBy('run_at').first<{ run_at: Date | string } | undefined>('run_at');
    clearTimeout(wake);
    wake = undefined;
    if (!next || !poll) return;
    const wait = new Date(next.run_at).getTime() - now().getTime();
    // At its time; one already due is being run elsewhere (or could not be): looked at again shortly.
    wake = setTimeout(tick, wait > 0 ? Math.min(wait, MAX_TIMER_MS) : DUE_RETRY_MS);
    wake.unref();
  };

  /** Runs what is due, then waits for the next. */
  function tick(): void {
    void runDue()
      .catch((error: unknown) => logger?.warn({ err: error }, 'cannot run scheduled content publishes; trying again shortly'))
      .then(arm)
      .catch((error: unknown) => logger?.warn({ err: error }, 'cannot read the content schedule; trying again shortly'));
  }

  /** After a change here: wakes at the new soonest time. */
  const rearm = () => void arm().catch((error: unknown) => logger?.warn({ err: error }, 'cannot read the content schedule; trying again shortly'));

  return {
    /**
     * Plans a publish of `items` (each the document's latest draft version) at `at`, moving each
     * out of the pending publish it was in (one pending publish per document). The checks run
     * now too, so a publish that would be refused is refused while someone is there to fix it; so
     * is an editor's plan to change the agency details (403: an owner publishes those).
     */
    async schedule(items: { key: string; version: number }[], at: string, actor: ContentActor): Promise<ScheduleJson> {
      const zone = timeZone();
      const runAt = instantOf(at, zone);
      if (!runAt) throw new ValidationError(`at: ${AT_MESSAGE}`, { at: AT_MESSAGE });
      if (runAt.getTime() <= now().getTime()) throw new ValidationError('at: Choose a time in the future.', { at: 'Choose a time in the future.' });
      const keys = items.map((item) => item.key);
      for (const key of keys) definitionOf(key);
      if (new Set(keys).size !== keys.length) throw new ValidationError('items: Each document can be in a publish once.', { items: 'Each document can be in a publish once.' });
      const json = await retryingClash(() => db.transaction(async (trx) => {
        // Locked in key order (as a publish locks them): two schedules of one document wait for each other.
        const rows = await trx('content_documents').whereIn('key', keys).orderBy('key').forUpdate().select<ContentDocumentRow[]>('*');
        const rowOf = new Map(rows.map((row) => [row.key, row]));
        const pinned: PinnedItem[] = items.map(({ key, version }) => {
          const row = rowOf.get(key)!;
          if (row.draft_version !== version) throw new ConflictError(`${key}: version ${version} is not the latest draft (the latest is version ${row.draft_version ?? row.published_version}); only a saved draft can be scheduled.`);
          return { key, version, data: jsonOf(row.draft_data) };
        });
        if (actor.role !== 'owner') {
          const agencyDetails = pinned.flatMap((item) => changedAgencyDetails(item.key, jsonOf(rowOf.get(item.key)!.published_data), item.data));
          if (agencyDetails.length > 0) throw new ForbiddenError(agencyDetailsRefusal('scheduling', agencyDetails));
        }
        const { problems, warnings } = await checkTogether(check, pinned, trx);
        if (problems.length > 0) throw new PublishRefusedError(`Not scheduled: ${problems[0]!.key} ${problems[0]!.field}: ${problems[0]!.message}`, problems, warnings);
        const movedFrom = await moveOut(trx, keys);
        const [row] = await trx('content_schedules')
          .insert({ items: JSON.stringify(pinned), run_at: runAt, time_zone: zone, state: 'pending', created_by: actor.name, created_at: now() })
          .returning<ScheduleRow[]>('*');
        await trx('content_schedule_pending').insert(keys.map((key) => ({ key, schedule_id: row!.id })));
        const scheduled = scheduleJson(row!);
        const moved = movedFrom.length > 0 ? ` (moved from ${movedFrom.join(', ')})` : '';
        await audit.record(actor, { action: 'content.schedule', target: { type: 'content-schedule', id: scheduled.id }, summary: `scheduled ${pinned.map((item) => `${item.key} v${item.version}`).join(', ')} for ${scheduled.runAtLocal}${moved}` }, trx);
        await otherInstances.announceSchedules(trx);
        return scheduled;
      }));
      rearm();
      return json;
    },

    /** Pending, overdue and failed publishes, soonest first. */
    async list(): Promise<{ items: ScheduleJson[]; timeZone: string }> {
      const rows = await db('content_schedules').whereIn('state', ['pending', 'failed']).orderBy('run_at').limit(200).select<ScheduleRow[]>('*');
      return { items: rows.map(scheduleJson), timeZone: timeZone() };
    },

    async cancel(id: string, actor: AuditActor): Promise<void> {
      if (!z.uuid().safeParse(id).success) throw new NotFoundError('There is no such scheduled publish.');
      await db.transaction(async (trx) => {
        const row = await trx('content_schedules').where({ id }).forUpdate().first<ScheduleRow | undefined>('*');
        if (!row || row.state === 'cancelled' || row.state === 'done') throw new NotFoundError('There is no such scheduled publish (it may have run already).');
        await trx('content_schedules').where({ id }).update({ state: 'cancelled', done_at: now() });
        await trx('content_schedule_pending').where({ schedule_id: id }).delete();
        await audit.record(actor, { action: 'content.schedule-cancel', target: { type: 'content-schedule', id }, summary: `cancelled ${pinnedOf(row).map((item) => `${item.key} v${item.version}`).join(', ')}` }, trx);
        await otherInstances.announceSchedules(trx);
      });
      rearm();
    },

    /** The pending publish of a document, and whether its draft changed since it was planned. */
    async scheduledFor(key: string, draftVersion: number | null): Promise<ScheduledJson | null> {
      const row = await db('content_schedules')
        .join('content_schedule_pending', 'content_schedule_pending.schedule_id', 'content_schedules.id')
        .where('content_schedule_pending.key', key)
        .first<ScheduleRow | undefined>('content_schedules.*');
      const item = row && pinnedOf(row).find((candidate) => candidate.key === key);
      if (!row || !item) return null;
      return { id: row.id, runAt: new Date(row.run_at).toISOString(), version: item.version, draftChangedSince: draftVersion !== item.version };
    },

    runDue,

    /**
     * Runs what is due now (catching up after downtime), then wakes at the time of each pending
     * publish; every `intervalMs` it also looks again, for publishes planned on other instances.
     */
    start(intervalMs = SCHEDULE_POLL_MS): void {
      if (poll) return;
      poll = setInterval(tick, intervalMs);
      poll.unref();
      if (!hearingOthers) otherInstances.onSchedulesChanged(rearm);
      hearingOthers = true;
      tick();
    },

    async stop(): Promise<void> {
      clearInterval(poll);
      clearTimeout(wake);
      poll = undefined;
      wake = undefined;
      await running?.catch(() => undefined);
    },
  };
}

export type ContentScheduler = ReturnType<typeof createContentScheduler>;

/**
 * Runs `work` (a transaction) again when PostgreSQL stopped it for clashing with another at the
 * same moment: a deadlock with a publish being run, or the other's pending row just committed for
 * the same document (a unique violation). The second try sees what the first could not.
 */
async function retryingClash<T>(work: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= tries || (code !== '40P01' && code !== '23505')) throw error;
    }
  }
}

export const scheduleItemsSchema = z
  .array(z.strictObject({ key: z.string().max(100), version: z.number().int().min(1) }), 'Give the documents to publish as [{ key, version }].')
  .min(1, 'Choose at least one document.')
  .max(100, 'At most 100 documents at once.');

