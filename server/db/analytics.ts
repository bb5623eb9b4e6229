import type { Knex } from 'knex';
import { OTHER_ROW } from '../../shared/analytics';

/** How a visitor arrived: '' stands for "none" in every field. */
export interface VisitSource {
  landingPath: string;
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
}

/** One view as written: the visitor and their network already reduced to the day's pseudonyms. */
export interface CountedView extends Omit<VisitSource, 'landingPath'> {
  day: string;
  path: string;
  visitor: string;
  network: string;
}

/**
 * What one day of counts may grow to, whoever sends the views: a network's visitors and views,
 * and the distinct pages and ways in kept by name (the rest are counted under {@link OTHER}).
 */
export interface DayLimits {
  /** New visitors (pseudonyms) one network adds in a day: an office or school behind one address. */
  visitorsPerNetwork: number;
  /** Views one network adds in a day. */
  viewsPerNetwork: number;
  /** Distinct pages with a row of their own in `analytics_page_days`. */
  pagesPerDay: number;
  /** Distinct referrer hosts, and distinct values of each of `utm_source`, `utm_medium` and `utm_campaign`. */
  sourceValuesPerDay: number;
  /** Rows of `analytics_source_days` (combinations of landing page, referrer and tags). */
  sourceRowsPerDay: number;
}

/** The name a page or way in is counted under once its day holds as many as it may. */
export const OTHER = OTHER_ROW;

/**
 * Taken by every batch's transaction: instances sharing the database write one after the other,
 * so the day's limits hold exactly however many instances count views.
 */
const WRITE_LOCK = 7_226_180_001;

/** Rows per statement: 7 parameters each stays far below PostgreSQL's 65,535. */
const CHUNK = 1000;

function chunks<T>(items: T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) result.push(items.slice(start, start + CHUNK));
  return result;
}

/** The salt of `day`, made by whichever instance asks first; the same for every instance. */
export async function saltOfDay(knex: Knex, day: string, candidate: string): Promise<string> {
  await knex('analytics_salts').insert({ day, salt: candidate }).onConflict('day').ignore();
  const row = await knex('analytics_salts').where({ day }).first('salt');
  return row.salt as string;
}

/**
 * Names a day may still add: one already kept, '' ("none") and {@link OTHER} are themselves; a new
 * one is kept while fewer than `limit` are, and is {@link OTHER} after.
 */
function boundedNames(kept: Iterable<string>, limit: number): (name: string) => string {
  const names = new Set([...kept].filter((name) => name !== '' && name !== OTHER));
  return (name) => {
    if (name === '' || name === OTHER || names.has(name)) return name;
    if (names.size >= limit) return OTHER;
    names.add(name);
    return name;
  };
}

/**
 * The views each network may still add today, in order: a view beyond the network's views, or of
 * a new visitor beyond its visitors, is left out. Returns them with the first view of each new
 * visitor (how they arrived), and stores the networks' new totals.
 */
async function withinNetworkBudgets(trx: Knex.Transaction, day: string, views: CountedView[], limits: DayLimits) {
  const budgets = new Map<string, { visitors: number; views: number }>();
  for (const batch of chunks([...new Set(views.map((view) => view.network))])) {
    const rows = await trx('analytics_day_networks').where({ day }).whereIn('network', batch).select('network', 'visitors', 'views');
    for (const row of rows) budgets.set(row.network, { visitors: row.visitors, views: row.views });
  }
  const known = new Set<string>();
  for (const batch of chunks([...new Set(views.map((view) => view.visitor))])) {
    for (const visitor of await trx('analytics_day_visitors').where({ day }).whereIn('visitor', batch).pluck('visitor')) known.add(visitor);
  }

  const admitted: CountedView[] = [];
  const firstViews: CountedView[] = [];
  for (const view of views) {
    let budget = budgets.get(view.network);
    if (!budget) budgets.set(view.network, (budget = { visitors: 0, views: 0 }));
    if (budget.views >= limits.viewsPerNetwork) continue;
    if (!known.has(view.visitor)) {
      if (budget.visitors >= limits.visitorsPerNetwork) continue;
      known.add(view.visitor);
      budget.visitors++;
      firstViews.push(view);
    }
    budget.views++;
    admitted.push(view);
  }

  const touched = [...new Set(admitted.map((view) => view.network))].map((network) => ({ day, network, ...budgets.get(network)! }));
  for (const batch of chunks(touched)) {
    await trx('analytics_day_networks').insert(batch).onConflict(['day', 'network']).merge(['visitors', 'views']);
  }
  return { admitted, firstViews };
}

/**
 * Writes one batch of views: the day's new visitors (with how they arrived) and new page visitors
 * are inserted once, and the daily counts grow by what the batch added. What a day keeps is
 * bounded by `limits` (a network's share, and the pages and ways in kept by name). One
 * transaction, so a batch counts entirely or not at all.
 */
export async function writeViews(knex: Knex, views: CountedView[], limits: DayLimits): Promise<void> {
  if (views.length === 0) return;
  const days = new Map<string, CountedView[]>();
  for (const view of views) {
    const ofDay = days.get(view.day);
    if (ofDay) ofDay.push(view);
    else days.set(view.day, [view]);
  }
  await knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [WRITE_LOCK]);
    for (const [day, dayViews] of days) await writeDay(trx, day, dayViews, limits);
  });
}

async function writeDay(trx: Knex.Transaction, day: string, views: CountedView[], limits: DayLimits): Promise<void> {
  const { admitted, firstViews } = await withinNetworkBudgets(trx, day, views, limits);
  if (admitted.length === 0) return;

  // The visit as it was, for attributing a lead; only the day's counts are bounded by name.
  for (const batch of chunks(firstViews)) {
    await trx('analytics_day_visitors')
      .insert(
        batch.map((view) => ({
          day,
          visitor: view.visitor,
          landing_path: view.path,
          referrer_host: view.referrerHost,
          utm_source: view.utmSource,
          utm_medium: view.utmMedium,
          utm_campaign: view.utmCampaign,
        })),
      )
      .onConflict(['day', 'visitor'])
      .ignore();
  }

  const pageOf = boundedNames(await trx('analytics_page_days').where({ day }).pluck('path'), limits.pagesPerDay);
  const pageVisits = new Map<string, { day: string; path: string; visitor: string }>();
  for (const view of admitted) {
    const path = pageOf(view.path);
    pageVisits.set(`${path} ${view.visitor}`, { day, path, visitor: view.visitor });
  }
  const pages = new Map<string, { day: string; path: string; views: number; visitors: number }>();
  const countsOf = (path: string) => {
    let page = pages.get(path);
    if (!page) pages.set(path, (page = { day, path, views: 0, visitors: 0 }));
    return page;
  };
  for (const view of admitted) countsOf(pageOf(view.path)).views++;
  for (const batch of chunks([...pageVisits.values()])) {
    const inserted = await trx('analytics_day_page_visitors').insert(batch).onConflict(['day', 'path', 'visitor']).ignore().returning('path');
    for (const row of inserted) countsOf(row.path).visitors++;
  }
  for (const batch of chunks([...pages.values()])) {
    await trx('analytics_page_days')
      .insert(batch)
      .onConflict(['day', 'path'])
      .merge({
        views: trx.raw('analytics_page_days.views + excluded.views'),
        visitors: trx.raw('analytics_page_days.visitors + excluded.visitors'),
      });
  }

  const kept = await trx('analytics_source_days').where({ day }).select('landing_path', 'referrer_host', 'utm_source', 'utm_medium', 'utm_campaign');
  const referrerOf = boundedNames(kept.map((row) => row.referrer_host), limits.sourceValuesPerDay);
  const utmSourceOf = boundedNames(kept.map((row) => row.utm_source), limits.sourceValuesPerDay);
  const utmMediumOf = boundedNames(kept.map((row) => row.utm_medium), limits.sourceValuesPerDay);
  const utmCampaignOf = boundedNames(kept.map((row) => row.utm_campaign), limits.sourceValuesPerDay);
  const keyOf = (row: Record<string, unknown>) => JSON.stringify([row.landing_path, row.referrer_host, row.utm_source, row.utm_medium, row.utm_campaign]);
  const allOther = { landing_path: OTHER, referrer_host: OTHER, utm_source: OTHER, utm_medium: OTHER, utm_campaign: OTHER };
  const rowOf = boundedNames(
    kept.map(keyOf).filter((key) => key !== keyOf(allOther)),
    limits.sourceRowsPerDay,
  );
  const sources = new Map<string, Record<string, string | number>>();
  for (const view of firstViews) {
    let source = {
      landing_path: pageOf(view.path),
      referrer_host: referrerOf(view.referrerHost),
      utm_source: utmSourceOf(view.utmSource),
      utm_medium: utmMediumOf(view.utmMedium),
      utm_campaign: utmCampaignOf(view.utmCampaign),
    };
    // A combination beyond the day's rows joins the one row of everything else.
    if (rowOf(keyOf(source)) === OTHER) source = allOther;
    const key = keyOf(source);
    const row = sources.get(key);
    if (row) (row.visitors as number)++;
    else sources.set(key, { day, ...source, visitors: 1 });
  }
  for (const batch of chunks([...sources.values()])) {
    await trx('analytics_source_days')
      .insert(batch)
      .onConflict(['day', 'landing_path', 'referrer_host', 'utm_source', 'utm_medium', 'utm_campaign'])
      .merge({ visitors: trx.raw('analytics_source_days.visitors + excluded.visitors') });
  }
}

/** How today's visitor arrived, for attributing the lead they send. */
export async function sourceOfVisitor(knex: Knex, day: string, visitor: string): Promise<VisitSource | undefined> {
  const row = await knex('analytics_day_visitors').where({ day, visitor }).first('landing_path', 'referrer_host', 'utm_source', 'utm_medium', 'utm_campaign');
  if (!row) return undefined;
  return { landingPath: row.landing_path, referrerHost: row.referrer_host, utmSource: row.utm_source, utmMedium: row.utm_medium, utmCampaign: row.utm_campaign };
}

/**
 * Forgets every day before `today`: its salt and its pseudonyms (of visitors and of networks). From then on the past holds only
 * counts, and nothing links a visitor of one day to a visitor of another.
 */
export async function forgetDaysBefore(knex: Knex, today: string): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx('analytics_salts').where('day', '<', today).delete();
    await trx('analytics_day_visitors').where('day', '<', today).delete();
    await trx('analytics_day_page_visitors').where('day', '<', today).delete();
    await trx('analytics_day_networks').where('day', '<', today).delete();
  });
}

export interface PageFigures {
  path: string;
  views: number;
  visitors: number;
}

export interface SourceFigures {
  name: string;
  visitors: number;
}

const int = (value: unknown) => Number(value ?? 0);

/** Views per day, and views and visitors per page (most viewed first), of a range: one pass (grouping sets). */
export async function pageFigures(knex: Knex, from: string, to: string): Promise<{ viewsPerDay: Map<string, number>; pages: PageFigures[] }> {
  const result = await knex.raw(
    `select to_char(day, 'YYYY-MM-DD') as day, path, sum(views) as views, sum(visitors) as visitors
       from analytics_page_days where day between ? and ?
      group by grouping sets ((day), (path))`,
    [from, to],
  );
  const viewsPerDay = new Map<string, number>();
  const pages: PageFigures[] = [];
  for (const row of result.rows as Record<string, unknown>[]) {
    if (row.path === null) viewsPerDay.set(row.day as string, int(row.views));
    else pages.push({ path: row.path as string, views: int(row.views), visitors: int(row.visitors) });
  }
  pages.sort((a, b) => b.views - a.views || a.path.localeCompare(b.path));
  return { viewsPerDay, pages };
}

export interface VisitFigures {
  /** Visitors of each day: its new visitors, each counted once, by the way they arrived. */
  visitorsPerDay: Map<string, number>;
  referrers: SourceFigures[];
  campaigns: SourceFigures[];
  landingPages: SourceFigures[];
}

/** Visitors per day and per way in (referrer host, campaign, landing page) of a range: one pass. */
export async function visitFigures(knex: Knex, from: string, to: string): Promise<VisitFigures> {
  const result = await knex.raw(
    `select to_char(day, 'YYYY-MM-DD') as day, referrer_host, utm_campaign, landing_path, sum(visitors) as visitors,
            grouping(day) = 0 as by_day, grouping(referrer_host) = 0 as by_referrer, grouping(utm_campaign) = 0 as by_campaign
       from analytics_source_days where day between ? and ?
      group by grouping sets ((day), (referrer_host), (utm_campaign), (landing_path))`,
    [from, to],
  );
  const figures: VisitFigures = { visitorsPerDay: new Map(), referrers: [], campaigns: [], landingPages: [] };
  for (const row of result.rows as Record<string, unknown>[]) {
    const visitors = int(row.visitors);
    // '' is "none": no referrer, no campaign.
    if (row.by_day) figures.visitorsPerDay.set(row.day as string, visitors);
    else if (row.by_referrer) {
      if (row.referrer_host) figures.referrers.push({ name: row.referrer_host as string, visitors });
    } else if (row.by_campaign) {
      if (row.utm_campaign) figures.campaigns.push({ name: row.utm_campaign as string, visitors });
    } else figures.landingPages.push({ name: row.landing_path as string, visitors });
  }
  const biggestFirst = (a: SourceFigures, b: SourceFigures) => b.visitors - a.visitors || a.name.localeCompare(b.name);
  figures.referrers.sort(biggestFirst);
  figures.campaigns.sort(biggestFirst);
  figures.landingPages.sort(biggestFirst);
  return figures;
}
