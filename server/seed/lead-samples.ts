import type { Knex } from 'knex';

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

const sqlArray = (values: readonly string[]) => `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')}]`;
/** The `k`-th pick of a list for row `i`: deterministic, spread by a different prime per column. */
const pick = (values: readonly string[], prime: number, of = 'i') => `(${sqlArray(values)})[1 + ((${of} * ${prime}) % ${values.length})]`;

/**
 * Fills `count` realistic synthetic leads: spread over the two years before `now`, over the four
 * forms, most older ones read or handled (with their due and first-reply times), about one in
 * fifty in the spam folder. Set-based (generate_series
 * inside the database, no row crosses the wire), in one transaction without a statement timeout.
 */
export async function seedLeads(db: Knex, count: number, now = new Date()): Promise<void> {
  const spanMs = 730 * 24 * 3600_000;
  const status = `case when i % 53 = 7 or age_days < 14 then 'new'
                       when type = 'quote' then ${pick(['read', 'quoted', 'accepted', 'rejected'], 19, '(i / 5)')}
                       else ${pick(['read', 'responded'], 19, '(i / 5)')} end`;
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
                            submitted_at, status, read_at, spam_reason, spam_at, due_at, responded_at)
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
                ${status},
                case when i % 53 = 7 or age_days < 14 then null else at + interval '3 hours' end,
                case when i % 53 = 7 then 'honeypot filled' end,
                case when i % 53 = 7 then at end,
                case when i % 53 <> 7 then at + interval '24 hours' end,
                -- First replies from 20 minutes to 31 hours after arrival: most within the promise.
                case when i % 53 <> 7 and ${status} not in ('new', 'read') then at + make_interval(mins => 20 + (i % 61) * 31) end
           from (select i, ${pick(FIRST, 3)} as first, ${pick(LAST, 5)} as last,
                        (array['contact', 'enquiry', 'quote', 'free-offer'])[1 + (i * 31) % 4] as type,
                        ${pick(OPENINGS, 23)} || ' ' || ${pick(TOPICS, 29)} || '. ' || ${pick(CLOSINGS, 37)} || ' Ref ' || i || '.' as text,
                        date_trunc('milliseconds', ?::timestamptz - make_interval(secs => i * ?::float8)) as at,
                        (i * ?::float8) / 86400 as age_days
                   from generate_series(?::int, ?::int) as i) as rows`,
        [now.toISOString(), spanMs / 1000 / count, spanMs / 1000 / count, start, end],
      );
    }
    for (const definition of rebuild) await trx.raw(definition);
  });
  // Vacuumed as autovacuum would have by then: index-only scans need the visibility map.
  await db.raw('vacuum analyze leads');
}
