import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { forgetDaysBefore, saltOfDay, sourceOfVisitor, writeViews, type CountedView, type DayLimits, type VisitSource } from '../db/analytics';
import { itemDates } from '../db/portfolio';
import type { Logger } from '../logger';
import { networkOf } from './visitor-network';
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
  /**
   * The portfolio item a path is the page of, if it is shaped like one (the site's page table
   * knows; passed in so this shared service does not import the site).
   */
  portfolioItemIdOf: (path: string) => string | undefined;
  now?: () => Date;
  /** Views held in memory before a write is started at once instead of at the next tick. */
  maxPending?: number;
  /** What a day may hold ({@link DAY_LIMITS} unless told). */
  limits?: Partial<DayLimits>;
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

/**
 * What one day keeps, however the views come: a network (one address, an IPv6 /64) adds at most
 * 50 visitors and 2,000 views (an office or a school behind one address), and each day's counts
 * keep 300 pages, 200 referrer hosts and 200 values of each campaign tag in 1,000 source rows by
 * name; more are counted under "(other)". So a day is at most a few thousand rows, from any number
 * of instances.
 */
export const DAY_LIMITS: DayLimits = {
  visitorsPerNetwork: 50,
  viewsPerNetwork: 2000,
  pagesPerDay: 300,
  sourceValuesPerDay: 200,
  sourceRowsPerDay: 1000,
};

/** Networks one instance keeps a tally of in memory a day; past it, the database's bounds alone apply. */
const MAX_NETWORKS_IN_MEMORY = 50_000;

/**
 * Page views counted without cookies. Views are aggregated in memory and written in one batch at
 * least every 10 s (and at shutdown), so a page answered from the cache costs no database write.
 * A visitor is a hash of the address, the browser string and the day's random salt; the salt and
 * the hashes are forgotten when the day ends (server/db/analytics.ts). What a network and a day may
 * add is bounded in the database ({@link DAY_LIMITS}); each instance also drops, before holding
 * them, the views of a network that has sent more than its day's views to it.
 */
export function createAnalytics({ db, logger, timeZone, portfolioItemIdOf, now = () => new Date(), maxPending = 5000, limits: given = {} }: AnalyticsDeps): Analytics {
  const limits: DayLimits = { ...DAY_LIMITS, ...given };
  let pending: { day: string; view: PageView }[] = [];
  const salts = new Map<string, Promise<string>>();
  // The day's tally per network, keyed by a hash with a key of this instance and day: no address is kept.
  const tally = { day: '', key: randomBytes(32), viewsOf: new Map<string, number>() };
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

  const networkPseudonym = (salt: string, ip: string) => createHash('sha256').update(`${salt}\nnetwork\n${networkOf(ip)}`).digest('base64url').slice(0, 22);

  /** False once this instance has seen the network's views for the day: the database would drop them anyway. */
  const withinTally = (day: string, ip: string) => {
    if (tally.day !== day) Object.assign(tally, { day, key: randomBytes(32), viewsOf: new Map() });
    const network = createHmac('sha256', tally.key).update(networkOf(ip)).digest('base64url');
    const views = tally.viewsOf.get(network) ?? 0;
    if (views >= limits.viewsPerNetwork) return false;
    if (views > 0 || tally.viewsOf.size < MAX_NETWORKS_IN_MEMORY) tally.viewsOf.set(network, views + 1);
    return true;
  };

  /** The portfolio items among the batch's item pages that exist: a made-up id is no page of ours. */
  const existingItems = async (batch: typeof pending) => {
    if (!batch.some(({ view }) => portfolioItemIdOf(view.path) !== undefined)) return new Set<string>();
    return new Set((await itemDates(db)).map((item) => item.id));
  };

  const writeBatch = async (batch: typeof pending) => {
    const today = localDate(now(), timeZone());
    if (forgottenBefore !== today) {
      await forgetDaysBefore(db, today);
      forgottenBefore = today;
      for (const day of salts.keys()) if (day < today) salts.delete(day);
    }
    const items = await existingItems(batch);
    const views: CountedView[] = [];
    for (const { day, view } of batch) {
      // A view from before midnight written after it: its day's salt is already gone, and so is it.
      if (day < today) continue;
      const itemId = portfolioItemIdOf(view.path);
      if (itemId !== undefined && !items.has(itemId)) continue;
      const salt = await saltFor(day);
      views.push({
        day,
        path: view.path,
        visitor: pseudonym(salt, view.visitor),
        network: networkPseudonym(salt, view.visitor.ip),
        referrerHost: view.referrerHost,
        utmSource: view.utmSource,
        utmMedium: view.utmMedium,
        utmCampaign: view.utmCampaign,
      });
    }
    await writeViews(db, views, limits);
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
      if (!withinTally(day, view.visitor.ip)) return;
      pending.push({ day, view });
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
