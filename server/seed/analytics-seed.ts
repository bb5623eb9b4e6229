import type { Knex } from 'knex';
import { LISTED_ADDRESSES } from '../site/page-lookup';
import { addDays } from '../../shared/local-date';

export interface AnalyticsSeedOptions {
  /** The last day filled (the agency's today). */
  today: string;
  days: number;
  pages: number;
}

/** Referrer hosts, most visitors first ('' is none: typed in or bookmarked). */
export const REFERRERS = ['', 'google.com', 'bing.com', 'linkedin.com', 'facebook.com', 'news.ycombinator.com', 'duckduckgo.com'];
/** Campaign tags, most visitors first (the first is none). */
export const CAMPAIGNS: [source: string, medium: string, campaign: string][] = [
  ['', '', ''],
  ['newsletter', 'email', 'monthly-news'],
  ['google', 'cpc', 'brand-search'],
  ['linkedin', 'social', 'case-studies'],
];
/** The pages most visitors see, ahead of the others in the sitemap's order. */
const MOST_VISITED = ['/', '/services', '/portfolio', '/contact', '/about'];
/** How many of the pages, the most visited first, visits land on. */
export const LANDING_PAGES = 12;

/**
 * The seeded pages, most visited first: a page's visitors fall with its rank, as do those of a
 * landing page, a referrer and a campaign (the synthetic leads follow the same ranks,
 * `lead-samples.ts`, so conversion is about even across them). The real pages, then made-up
 * portfolio paths up to `pages`.
 */
export function pagesByRank(pages: number): string[] {
  const paths = [...MOST_VISITED, ...LISTED_ADDRESSES.filter((path) => !MOST_VISITED.includes(path))];
  for (let i = 1; paths.length < pages; i++) paths.push(`/portfolio/sample-project-${i}`);
  return paths.slice(0, pages);
}

/**
 * Synthetic daily counts for measuring the Analytics view: `pages` pages (the real ones, then
 * made-up portfolio paths) over `days` days, with a weekly rhythm, and visitors by referrer and
 * campaign. Written by the database itself (generate_series), so two years of 200 pages take
 * seconds. Replaces the counts of the days it fills.
 */
export async function seedAnalytics(db: Knex, { today, days, pages }: AnalyticsSeedOptions): Promise<{ pageDays: number; sourceDays: number }> {
  const paths = pagesByRank(pages);
  const from = addDays(today, -(days - 1));
  return db.transaction(async (trx) => {
    await trx('analytics_page_days').whereBetween('day', [from, today]).delete();
    await trx('analytics_source_days').whereBetween('day', [from, today]).delete();
    // A page's views fall with its rank, dip at weekends and wobble from day to day.
    const pageDays = await trx.raw(
      `insert into analytics_page_days (day, path, views, visitors)
       select day, path, views, greatest(1, (views * 0.7)::int)
         from (select d::date as day, p.path,
                      greatest(1, (400 / p.rank * case when extract(isodow from d) > 5 then 0.5 else 1 end * (0.6 + random() * 0.8))::int) as views
                 from generate_series(?::date, ?::date, interval '1 day') d,
                      unnest(?::text[]) with ordinality as p(path, rank)) counts`,
      [from, today, paths],
    );
    const sourceDays = await trx.raw(
      `insert into analytics_source_days (day, landing_path, referrer_host, utm_source, utm_medium, utm_campaign, visitors)
       select d::date, p.path, r.host, c.source, c.medium, c.campaign,
              greatest(1, (60 / (p.rank * r.rank * c.rank) * (0.6 + random() * 0.8))::int)
         from generate_series(?::date, ?::date, interval '1 day') d,
              unnest(?::text[]) with ordinality as p(path, rank),
              unnest(?::text[]) with ordinality as r(host, rank),
              unnest(?::text[], ?::text[], ?::text[]) with ordinality as c(source, medium, campaign, rank)`,
      [from, today, paths.slice(0, LANDING_PAGES), REFERRERS, CAMPAIGNS.map((c) => c[0]), CAMPAIGNS.map((c) => c[1]), CAMPAIGNS.map((c) => c[2])],
    );
    return { pageDays: pageDays.rowCount ?? 0, sourceDays: sourceDays.rowCount ?? 0 };
  });
}
