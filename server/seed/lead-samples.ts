import type { Knex } from 'knex';
import { CAMPAIGNS, LANDING_PAGES, pagesByRank, REFERRERS } from './analytics-seed';

/** Rows per statement: each is one `insert … select … generate_series`, all inside one transaction. */
const BATCH = 100_000;

/** From this many rows on, the indexes are built once after the insert instead of row by row. */
const REBUILD_INDEXES_FROM = 50_000;

/**
 * Drops the leads' indexes that back no constraint (the key and the client token's uniqueness
 * stay); returns the statements that create them again as they were.
 */
async function dropIndexes(trx: Knex): Promise<string[]> {
  const result = await trx.raw<{ rows: { indexname: string; indexdef: string }[] }>(
    `select indexname, indexdef from pg_indexes
      where schemaname = current_schema() and tablename = 'leads'
        and indexname not in (select conname from pg_constraint where conrelid = 'leads'::regclass)`,
  );
  for (const { indexname } of result.rows) await trx.raw('drop index ??', [indexname]);
  return result.rows.map((row) => row.indexdef);
}

const FIRST = ['Ada', 'Grace', 'Alan', 'Katherine', 'Dorothy', 'Mary', 'Linus', 'Margaret', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken', 'Radia', 'Tim', 'Hedy', 'John', 'Sophie', 'Vint', 'Anita'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Johnson', 'Vaughan', 'Jackson', 'Torvalds', 'Hamilton', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Thompson', 'Perlman', 'Berners-Lee', 'Lamarr', 'McCarthy', 'Wilson', 'Cerf', 'Borg'];
const COMPANIES = ['Harbor Pine Realty', 'Copper Kettle Bakery', 'Summit Motors', 'Northwell Clinics', 'Aurora Goods', 'Ledgerline Finance', 'Pulse Fitness', 'Evergreen Academy', 'Blue Fern Studio', 'Quartz Logistics'];
const SUBJECTS = ['New website', 'Online shop', 'Booking system', 'Logo and brand', 'SEO audit', 'App for our members', 'Redesign', 'Social media help'];
const OPENINGS = ['We are looking for help with', 'Could you quote for', 'I would like to talk about', 'Our team needs', 'Please send details about'];
const TOPICS = ['a new bakery website with online orders', 'a booking app for our ferry timetables', 'search engine optimisation for our clinic', 'a refreshed logo and brand guide', 'an online shop for handmade jewellery', 'a members area for our fitness studio', 'animations for a product launch', 'a dashboard for our finance team'];
const CLOSINGS = ['Thanks!', 'Looking forward to hearing from you.', 'Budget is flexible.', 'We need it before summer.', 'Call me any time.'];

const sqlArray = (values: readonly string[]) => `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')}]::text[]`;
/** The `k`-th pick of a list for row `i`: deterministic, spread by a different prime per column. */
const pick = (values: readonly string[], prime: number, of = 'i') => `(${sqlArray(values)})[1 + ((${of} * ${prime}) % ${values.length})]`;

/**
 * A number in [0, 1) for row `i`, spread evenly over the rows (a Weyl sequence: `i` times a
 * multiplier far from any simple fraction of the modulus); each column takes its own multiplier.
 */
const unit = (multiplier: number) => `((i::bigint * ${multiplier}) % 1000003)::float8 / 1000003`;

/**
 * A position in a list of `length`, drawn by `u` (a unit column) with the k-th item k times less
 * likely than the first: the ranks by which the analytics seed gives out its visitors.
 */
function byRank(length: number, u: string): string {
  const positions = Array.from({ length }, (_, k) => Array<number>(Math.round(60 / (k + 1))).fill(k + 1)).flat();
  return `(array[${positions.join(',')}])[1 + floor(${u} * ${positions.length})::int]`;
}

/** About this many leads a day when the span is left to the seed (some 2.5% of the analytics seed's visitors). */
const LEADS_PER_DAY = 25;

/** The days `count` leads are spread over by default: about 25 a day, at least a month, at most two years. */
export function defaultLeadDays(count: number): number {
  return Math.min(730, Math.max(30, Math.ceil(count / LEADS_PER_DAY)));
}

export interface LeadSeedOptions {
  /** The newest lead arrives just before this. */
  now?: Date;
  /** Days the leads are spread over, evenly, up to `now` (`defaultLeadDays`). */
  days?: number;
  /** The reply promise in hours (the setting; counted as plain hours, never working hours only). */
  promiseHours?: number;
}

/**
 * Fills `count` synthetic leads as a healthy agency has them: spread evenly over the `days` before
 * `now` and the four forms, about one in fifty in the spam folder, and the rest answered as staff
 * do. Each is read within an hour or so and answered a while after it arrived: the median reply
 * comes after about 4 of 24 hours, nineteen in twenty within the promise, the slowest some 18%
 * after it (times scale with the promise). A lead whose reply time has not come yet is still
 * waiting (`new`, or `read`): the few of the last hours, none overdue by more than those few
 * hours. Answered ones have moved on: `responded`, or for a quote `quoted`, then `accepted` (a
 * project, in progress after three weeks, delivered after two months) or `rejected`.
 *
 * Where each came from follows the analytics seed (`analytics-seed.ts`): its landing page,
 * referrer host and campaign are drawn by the same ranks as the seeded visitors, and the page it
 * was sent from is the contact page, the home page's offer dialog, or (enquiries and quotes, whose
 * panels open on every page) the page it landed on or another well-visited one. With both seeds
 * the Analytics view's conversion is a few per cent on every page and source.
 *
 * Set-based (generate_series inside the database, no row crosses the wire), in one transaction
 * without a statement timeout.
 */
export async function seedLeads(db: Knex, count: number, { now = new Date(), days = defaultLeadDays(count), promiseHours = 24 }: LeadSeedOptions = {}): Promise<void> {
  const stepSeconds = (days * 86400) / count;
  const promiseMinutes = promiseHours * 60;
  const pages = pagesByRank(LANDING_PAGES * 2);
  await db.transaction(async (trx) => {
    await trx.raw('set local statement_timeout = 0');
    await trx.raw("set local maintenance_work_mem = '256MB'");
    // Keeping the indexes up to date row by row (the trigram one above all) costs several times the
    // insert itself; for a large batch they are dropped and built again from their own definitions.
    const rebuild = count >= REBUILD_INDEXES_FROM ? await dropIndexes(trx) : [];
    for (let start = 1; start <= count; start += BATCH) {
      const end = Math.min(count, start + BATCH - 1);
      await trx.raw(
        `insert into leads (type, name, email, phone, company, subject, service, message, budget, timeline, project_details,
                            submitted_at, status, read_at, spam_reason, spam_at, due_at, responded_at,
                            source_path, landing_path, referrer_host, utm_source, utm_medium, utm_campaign, project_stage, project_stage_at)
         select type,
                case when type = 'free-offer' then null else first || ' ' || last end,
                lower(first) || '.' || lower(replace(last, '-', '')) || i || '@example.com',
                case when type = 'free-offer' then null else '+1 555 ' || lpad((i % 10000)::text, 4, '0') end,
                case when type in ('enquiry', 'quote') and i % 3 > 0 then ${pick(COMPANIES, 7)} end,
                case when type = 'contact' then ${pick(SUBJECTS, 11)} end,
                case when type = 'enquiry' then ${pick(['Web Development', 'Graphic Design', 'Mobile Development', 'UI/UX Design', 'Digital Marketing'], 13)}
                     when type = 'quote' then ${pick(['Web Development', 'Mobile App', 'UI/UX Design', 'Branding', 'Digital Marketing', 'Other'], 13)} end,
                case when type <> 'quote' then text end,
                case when type = 'quote' then 1000 + 500 * (i % 19) end,
                case when type = 'quote' then ${pick(['ASAP', '1-3 months', '3-6 months', '6+ months'], 17)} end,
                case when type = 'quote' then text end,
                at,
                status,
                case when is_read then at + make_interval(secs => read_minutes * 60) end,
                case when spam then 'honeypot filled' end,
                case when spam then at end,
                case when not spam then at + make_interval(hours => ?) end,
                case when answered then at + make_interval(secs => reply_minutes * 60) end,
                case type when 'contact' then '/contact' when 'free-offer' then '/' else coalesce(page, landing) end,
                landing,
                nullif((${sqlArray(REFERRERS)})[referrer], ''),
                nullif((${sqlArray(CAMPAIGNS.map((c) => c[0]))})[campaign], ''),
                nullif((${sqlArray(CAMPAIGNS.map((c) => c[1]))})[campaign], ''),
                nullif((${sqlArray(CAMPAIGNS.map((c) => c[2]))})[campaign], ''),
                case when status = 'accepted' and age_days > 60 then 'delivered' when status = 'accepted' and age_days > 21 then 'in-progress' end,
                case when status = 'accepted' and age_days > 60 then at + interval '55 days' when status = 'accepted' and age_days > 21 then at + interval '17 days' end
           from (select *,
                        case when spam or not is_read then 'new'
                             when not answered then 'read'
                             when type <> 'quote' then 'responded'
                             -- A quote's client decides within a few weeks, or never says.
                             when age_days < 14 or decision >= 0.65 then 'quoted'
                             when decision < 0.3 then 'accepted'
                             else 'rejected' end as status
                   from (select *,
                                not spam and reply_minutes <= age_minutes as answered,
                                not spam and read_minutes <= age_minutes as is_read
                           from (select *, least(first_look, reply_minutes) as read_minutes
                           from (select *,
                                        i % 53 = 7 as spam,
                                        -- Cubed: most replies come early, a few late; 18% past the promise at most.
                                        10 + (? * 1.18 - 10) * power(${unit(618034)}, 3) as reply_minutes,
                                        ${unit(414214)} as decision
                                   from (select i, ${pick(FIRST, 3)} as first, ${pick(LAST, 5)} as last,
                                                (array['contact', 'enquiry', 'quote', 'free-offer'])[1 + (i * 31) % 4] as type,
                                                ${pick(OPENINGS, 23)} || ' ' || ${pick(TOPICS, 29)} || '. ' || ${pick(CLOSINGS, 37)} || ' Ref ' || i || '.' as text,
                                                date_trunc('milliseconds', ?::timestamptz - make_interval(secs => i * ?::float8)) as at,
                                                i * ?::float8 / 60 as age_minutes,
                                                i * ?::float8 / 86400 as age_days,
                                                (${sqlArray(pages)})[${byRank(LANDING_PAGES, unit(732051))}] as landing,
                                                -- Four in ten enquiries and quotes are sent from a page further into the visit.
                                                case when ${unit(236068)} < 0.4 then (${sqlArray(pages)})[${byRank(pages.length, unit(645751))}] end as page,
                                                ${byRank(REFERRERS.length, unit(302776))} as referrer,
                                                ${byRank(CAMPAIGNS.length, unit(162278))} as campaign,
                                                2 + 240 * power(${unit(881784)}, 2) as first_look
                                           from generate_series(?::int, ?::int) as i) as rows) as timed) as reading) as seen) as decided`,
        [promiseHours, promiseMinutes, now.toISOString(), stepSeconds, stepSeconds, stepSeconds, start, end],
      );
    }
    for (const definition of rebuild) await trx.raw(definition);
  });
  // Vacuumed as autovacuum would have by then: index-only scans need the visibility map.
  await db.raw('vacuum analyze leads');
}
