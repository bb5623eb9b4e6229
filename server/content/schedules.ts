import type { Knex } from 'knex';
import { z } from 'zod';
import type { AdminRole } from '../../shared/admin-auth';
import { changedAgencyDetails } from '../../shared/content/agency-details';
import { isCalendarDate } from '../../shared/local-date';
import { zonedInstant } from '../../shared/reply-clock';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { Logger } from '../logger';
import { SYSTEM_ACTOR, type AuditActor, type AuditTrail } from '../services/audit';
import type { ContentChecker } from './checks';
import { PublishRefusedError, type DocumentProblem } from './errors';
import { agencyDetailsRefusal, type ContentActor, type Publisher } from './publish';
import { definitionOf } from './service';
import { isoOf, jsonOf, type ContentDocumentRow } from './rows';

/** How often each instance looks for due publishes. */
export const SCHEDULE_POLL_MS = 15_000;
/** A pending publish this long past its time is shown as overdue (it could not run). */
export const OVERDUE_AFTER_MS = 2 * 60_000;

/** One document of a scheduled publish: the draft version it pins, and that version's data. */
interface PinnedItem {
  key: string;
  version: number;
  data: unknown;
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
  items: { key: string; version: number }[];
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
  timeZone: () => string;
  logger?: Logger;
  now?: () => Date;
}

/**
 * Publishes planned for a time. Each pins the versions it publishes (with their data, so a draft
 * saved afterwards is not published with it). Every instance looks for due rows every 15 seconds
 * and at start-up (catching up after downtime); a row is claimed with `FOR UPDATE SKIP LOCKED`, so
 * one instance runs it, and running one twice does nothing more (its versions are published).
 * Times are stored in UTC with the agency's zone of the moment.
 */
export function createContentScheduler({ db, audit, publisher, check, reloadContent, timeZone, logger, now = () => new Date() }: ContentSchedulerDeps) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  const pinnedOf = (row: ScheduleRow) => jsonOf(row.items) as PinnedItem[];
  const localText = (instant: Date, zone: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }).format(instant);

  const scheduleJson = (row: ScheduleRow): ScheduleJson => {
    const runAt = new Date(row.run_at);
    const overdue = row.state === 'pending' && runAt.getTime() < now().getTime() - OVERDUE_AFTER_MS;
    return {
      id: row.id,
      items: pinnedOf(row).map(({ key, version }) => ({ key, version })),
      runAt: runAt.toISOString(),
      runAtLocal: localText(runAt, row.time_zone),
      timeZone: row.time_zone,
      state: row.state === 'failed' ? 'failed' : overdue ? 'overdue' : 'pending',
      error: row.error,
      createdBy: row.created_by,
      createdAt: isoOf(row.created_at),
    };
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
        return { ran: true, changed: result.documents.some((document) => document.changed) };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        logger?.warn({ err: error, schedule: row.id }, 'scheduled content publish failed');
        await trx('content_schedules').where({ id: row.id }).update({ state: 'failed', done_at: now(), error: message.slice(0, 2000) });
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

  return {
    /**
     * Plans a publish of `items` (each the document's latest draft version) at `at`. The checks run
     * now too, so a publish that would be refused is refused while someone is there to fix it; so
     * is an editor's plan to change the agency details (403: an owner publishes those).
     */
    async schedule(items: { key: string; version: number }[], at: string, actor: ContentActor): Promise<ScheduleJson> {
      const zone = timeZone();
      const runAt = instantOf(at, zone);
      if (!runAt) throw new ValidationError(`at: ${AT_MESSAGE}`, { at: AT_MESSAGE });
      if (runAt.getTime() <= now().getTime()) throw new ValidationError('at: Choose a time in the future.', { at: 'Choose a time in the future.' });
      return db.transaction(async (trx) => {
        const keys = items.map((item) => item.key);
        for (const key of keys) definitionOf(key);
        const rows = await trx('content_documents').whereIn('key', keys).select<ContentDocumentRow[]>('*');
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
        const together = Object.fromEntries(pinned.map((item) => [item.key, item.data]));
        const problems: DocumentProblem[] = [];
        const warnings: DocumentProblem[] = [];
        for (const item of pinned) {
          const result = await check(item.key, item.data, { db: trx, others: together });
          problems.push(...result.problems.map((problem) => ({ key: item.key, ...problem })));
          warnings.push(...result.warnings.map((warning) => ({ key: item.key, ...warning })));
        }
        if (problems.length > 0) throw new PublishRefusedError(`Not scheduled: ${problems[0]!.key} ${problems[0]!.field}: ${problems[0]!.message}`, problems, warnings);
        const [row] = await trx('content_schedules')
          .insert({ items: JSON.stringify(pinned), run_at: runAt, time_zone: zone, state: 'pending', created_by: actor.name, created_at: now() })
          .returning<ScheduleRow[]>('*');
        const json = scheduleJson(row!);
        await audit.record(actor, { action: 'content.schedule', target: { type: 'content-schedule', id: json.id }, summary: `scheduled ${pinned.map((item) => `${item.key} v${item.version}`).join(', ')} for ${json.runAtLocal}` }, trx);
        return json;
      });
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
        await audit.record(actor, { action: 'content.schedule-cancel', target: { type: 'content-schedule', id }, summary: `cancelled ${pinnedOf(row).map((item) => `${item.key} v${item.version}`).join(', ')}` }, trx);
      });
    },

    /** The next pending publish of a document, and whether its draft changed since it was planned. */
    async scheduledFor(key: string, draftVersion: number | null): Promise<ScheduledJson | null> {
      const row = await db('content_schedules')
        .where({ state: 'pending' })
        .whereRaw('items @> ?::jsonb', [JSON.stringify([{ key }])])
        .orderBy('run_at')
        .first<ScheduleRow | undefined>('*');
      const item = row && pinnedOf(row).find((candidate) => candidate.key === key);
      if (!row || !item) return null;
      return { id: row.id, runAt: new Date(row.run_at).toISOString(), version: item.version, draftChangedSince: draftVersion !== item.version };
    },

    runDue,

    /** Looks for due publishes now (catching up after downtime) and every `intervalMs`. */
    start(intervalMs = SCHEDULE_POLL_MS): void {
      if (timer) return;
      const tick = () => void runDue().catch((error: unknown) => logger?.warn({ err: error }, 'cannot run scheduled content publishes; trying again shortly'));
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },

    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}

export type ContentScheduler = ReturnType<typeof createContentScheduler>;

export const scheduleItemsSchema = z
  .array(z.strictObject({ key: z.string().max(100), version: z.number().int().min(1) }), 'Give the documents to publish as [{ key, version }].')
  .min(1, 'Choose at least one document.')
  .max(100, 'At most 100 documents at once.');

