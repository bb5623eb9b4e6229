import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { forgetDaysBefore, saltOfDay, sourceOfVisitor, writeViews, type CountedView, type VisitSource } from '../db/analytics';
import type { Logger } from '../logger';
import { localDate } from '../../shared/local-date';

/** A page view as the counting endpoint saw it. The address and browser never leave memory. */
export interface PageView {
  path: string;
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  visitor: VisitorSignals;
}

/** What tells one visitor from another for a day: hashed with the day's salt, then dropped. */
export interface VisitorSignals {
  ip: string;
  userAgent: string;
}

export interface AnalyticsDeps {
  db: Knex;
  logger?: Logger;
  /** The agency's time zone: a day of counts is one of its calendar days. */
  timeZone: () => string;
  now?: () => Date;
  /** Views held in memory before a write is started at once instead of at the next tick. */
  maxPending?: number;
}

export interface Analytics {
  /** Counts a view (held in memory until the next flush). */
  record(view: PageView): void;
  /** Writes the views held so far. */
  flush(): Promise<void>;
  /** How the visitor with these signals arrived today, if they viewed a page today. */
  sourceOf(visitor: VisitorSignals): Promise<VisitSource | undefined>;
  /** Flushes every `intervalMs` (10 s by default). */
  start(intervalMs?: number): void;
  /** Stops the timer and writes what is held (at shutdown). */
  stop(): Promise<void>;
}

export const FLUSH_INTERVAL_MS = 10_000;

/** Distinct paths one day may add; a flood of made-up paths is counted under one name instead. */
export const MAX_PATHS_PER_DAY = 2000;
export const OTHER_PATHS = '(other)';

/**
 * Page views counted without cookies. Views are aggregated in memory and written in one batch at
 * least every 10 s (and at shutdown), so a page answered from the cache costs no database write.
 * A visitor is a hash of the address, the browser string and the day's random salt; the salt and
 * the hashes are forgotten when the day ends (server/db/analytics.ts).
 */
export function createAnalytics({ db, logger, timeZone, now = () => new Date(), maxPending = 5000 }: AnalyticsDeps): Analytics {
  let pending: { day: string; view: PageView }[] = [];
  const salts = new Map<string, Promise<string>>();
  const pathsOfDay = new Map<string, Set<string>>();
  let forgottenBefore = '';
  let writing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const saltFor = (day: string) => {
    let salt = salts.get(day);
    if (!salt) {
      salt = saltOfDay(db, day, randomBytes(32).toString('base64url'));
      salt.catch(() => salts.delete(day));
      salts.set(day, salt);
    }
    return salt;
  };
  const pseudonym = (salt: string, { ip, userAgent }: VisitorSignals) =>
    createHash('sha256').update(`${salt}\n${ip}\n${userAgent}`).digest('base64url').slice(0, 22);

  const countedPath = (day: string, path: string) => {
    let paths = pathsOfDay.get(day);
    if (!paths) {
      pathsOfDay.clear();
      pathsOfDay.set(day, (paths = new Set()));
    }
    if (paths.has(path)) return path;
    if (paths.size >= MAX_PATHS_PER_DAY) return OTHER_PATHS;
    paths.add(path);
    return path;
  };

  const writeBatch = async (batch: typeof pending) => {
    const today = localDate(now(), timeZone());
    if (forgottenBefore !== today) {
      await forgetDaysBefore(db, today);
      forgottenBefore = today;
      for (const day of salts.keys()) if (day < today) salts.delete(day);
    }
    const views: CountedView[] = [];
    for (const { day, view } of batch) {
      // A view from before midnight written after it: its day's salt is already gone, and so is it.
      if (day < today) continue;
      views.push({
        day,
        path: view.path,
        visitor: pseudonym(await saltFor(day), view.visitor),
        referrerHost: view.referrerHost,
        utmSource: view.utmSource,
        utmMedium: view.utmMedium,
        utmCampaign: view.utmCampaign,
      });
    }
    await writeViews(db, views);
  };

  const flush = () => {
    const batch = pending;
    pending = [];
    // Batches are written one after the other, so counts never race each other.
    writing = writing.then(() => writeBatch(batch)).catch((error: unknown) => {
      logger?.warn({ err: error, views: batch.length }, 'page views could not be written');
    });
    return writing;
  };

  return {
    record(view) {
      const day = localDate(now(), timeZone());
      pending.push({ day, view: { ...view, path: countedPath(day, view.path) } });
      if (pending.length >= maxPending) void flush();
    },
    flush,
    async sourceOf(visitor) {
      const day = localDate(now(), timeZone());
      const salt = await saltFor(day);
      const visitorId = pseudonym(salt, visitor);
      const held = pending.find(({ view }) => view.visitor.ip === visitor.ip && view.visitor.userAgent === visitor.userAgent);
      const stored = await sourceOfVisitor(db, day, visitorId);
      if (stored || !held) return stored;
      const { path, referrerHost, utmSource, utmMedium, utmCampaign } = held.view;
      return { landingPath: path, referrerHost, utmSource, utmMedium, utmCampaign };
    },
    start(intervalMs = FLUSH_INTERVAL_MS) {
      timer = setInterval(() => void flush(), intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
