import type { Knex } from 'knex';

/** How a visitor arrived: '' stands for "none" in every field. */
export interface VisitSource {
  landingPath: string;
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
}

/** One view as written: the visitor already reduced to the day's pseudonym. */
export interface CountedView extends Omit<VisitSource, 'landingPath'> {
  day: string;
  path: string;
  visitor: string;
}

/** Rows per statement: 5 or 7 parameters each stays far below PostgreSQL's 65,535. */
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
 * Writes one batch of views: the day's new visitors (with how they arrived) and new page visitors
 * are inserted once (`on conflict do nothing … returning` says which were new), and the daily
 * counts grow by what the batch added. One transaction, so a batch counts entirely or not at all.
 */
export async function writeViews(knex: Knex, views: CountedView[]): Promise<void> {
  if (views.length === 0) return;
  await knex.transaction(async (trx) => {
    // A visitor's first view in the batch is how they arrived (if they are new today).
    const firstViews = new Map<string, CountedView>();
    for (const view of views) if (!firstViews.has(`${view.day} ${view.visitor}`)) firstViews.set(`${view.day} ${view.visitor}`, view);
    const newVisitors: (VisitSource & { day: string })[] = [];
    for (const batch of chunks([...firstViews.values()])) {
      const rows = batch.map((view) => ({
        day: view.day,
        visitor: view.visitor,
        landing_path: view.path,
        referrer_host: view.referrerHost,
        utm_source: view.utmSource,
        utm_medium: view.utmMedium,
        utm_campaign: view.utmCampaign,
      }));
      const inserted = await trx('analytics_day_visitors')
        .insert(rows)
        .onConflict(['day', 'visitor'])
        .ignore()
        .returning(trx.raw(`to_char(day, 'YYYY-MM-DD') as day, landing_path, referrer_host, utm_source, utm_medium, utm_campaign`));
      for (const row of inserted) {
        newVisitors.push({
          day: row.day,
          landingPath: row.landing_path,
          referrerHost: row.referrer_host,
          utmSource: row.utm_source,
          utmMedium: row.utm_medium,
          utmCampaign: row.utm_campaign,
        });
      }
    }

    const pageVisits = new Map<string, { day: string; path: string; visitor: string }>();
    for (const view of views) pageVisits.set(`${view.day} ${view.path} ${view.visitor}`, view);
    const pages = new Map<string, { day: string; path: string; views: number; visitors: number }>();
    const pageOf = (day: string, path: string) => {
      const key = `${day} ${path}`;
      let page = pages.get(key);
      if (!page) pages.set(key, (page = { day, path, views: 0, visitors: 0 }));
      return page;
    };
    for (const view of views) pageOf(view.day, view.path).views++;
    for (const batch of chunks([...pageVisits.values()])) {
      const inserted = await trx('analytics_day_page_visitors')
        .insert(batch.map(({ day, path, visitor }) => ({ day, path, visitor })))
        .onConflict(['day', 'path', 'visitor'])
        .ignore()
        .returning(trx.raw(`to_char(day, 'YYYY-MM-DD') as day, path`));
      for (const row of inserted) pageOf(row.day, row.path).visitors++;
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

    const sources = new Map<string, Record<string, string | number>>();
    for (const visitor of newVisitors) {
      const key = JSON.stringify(visitor);
      const row = sources.get(key);
      if (row) (row.visitors as number)++;
      else {
        sources.set(key, {
          day: visitor.day,
          landing_path: visitor.landingPath,
          referrer_host: visitor.referrerHost,
          utm_source: visitor.utmSource,
          utm_medium: visitor.utmMedium,
          utm_campaign: visitor.utmCampaign,
          visitors: 1,
        });
      }
    }
    for (const batch of chunks([...sources.values()])) {
      await trx('analytics_source_days')
        .insert(batch)
        .onConflict(['day', 'landing_path', 'referrer_host', 'utm_source', 'utm_medium', 'utm_campaign'])
        .merge({ visitors: trx.raw('analytics_source_days.visitors + excluded.visitors') });
    }
  });
}

/** How today's visitor arrived, for attributing the lead they send. */
export async function sourceOfVisitor(knex: Knex, day: string, visitor: string): Promise<VisitSource | undefined> {
  const row = await knex('analytics_day_visitors').where({ day, visitor }).first('landing_path', 'referrer_host', 'utm_source', 'utm_medium', 'utm_campaign');
  if (!row) return undefined;
  return { landingPath: row.landing_path, referrerHost: row.referrer_host, utmSource: row.utm_source, utmMedium: row.utm_medium, utmCampaign: row.utm_campaign };
}

/**
 * Forgets every day before `today`: its salt and its pseudonyms. From then on the past holds only
 * counts, and nothing links a visitor of one day to a visitor of another.
 */
export async function forgetDaysBefore(knex: Knex, today: string): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx('analytics_salts').where('day', '<', today).delete();
    await trx('analytics_day_visitors').where('day', '<', today).delete();
    await trx('analytics_day_page_visitors').where('day', '<', today).delete();
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
