/**
 * `npm run bench:inbox`: the lead inbox at scale. Seeds 1,000,000 leads (`INBOX_LEADS` to change)
 * into a fresh PostgreSQL database, starts the built site on it, signs in and times each inbox call
 * one request at a time (p50/p95 over `INBOX_SAMPLES`, at least 50), then the CSV export of every
 * lead with the server's RSS growth, and prints the query plans of the list queries; the dashboard
 * home's figures and the reply queue (Tasks) likewise.
 *
 * `INBOX_DATABASE_URL=<url>` measures an existing database instead (seeded before, by this bench's
 * seed or `npm run seed -- --leads N`): nothing is seeded, migrations are applied, nothing is dropped.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import knexFactory, { type Knex } from 'knex';
import { leadPageQuery, type LeadQuery } from '../../server/leads/queries';
import { whereOpen } from '../../server/leads/open';
import { migrateLatest } from '../../server/db/migrate';
import { seedLeads } from '../../server/seed/lead-samples';
import { startServer } from '../../tests/e2e/server';
import { freshDatabase, LOCAL_POSTGRES } from '../lib/fresh-database';
import { freePort, percentile, rssMb } from '../lib/net';
import { PRODUCTION_RUNTIME_ENV } from '../lib/production-env';

const LEADS = Number(process.env.INBOX_LEADS ?? 1_000_000);
const SAMPLES = Math.max(50, Number(process.env.INBOX_SAMPLES ?? 60));
const ADMIN = { username: 'inbox-bench', password: 'inbox bench password' };

interface Row {
  call: string;
  goal: string;
  p50: number;
  p95: number;
}

async function main(): Promise<void> {
  const reused = process.env.INBOX_DATABASE_URL;
  const database = reused ? { url: reused, drop: async () => undefined } : await freshDatabase(LOCAL_POSTGRES, 'inbox');
  if (!database) throw new Error(`bench:inbox needs PostgreSQL at ${LOCAL_POSTGRES}`);
  // No per-query time limit: seeding runs for longer than a request may.
  const db = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 2 } });
  let stop: (() => Promise<void>) | undefined;
  try {
    await migrateLatest(db);
    const seedStarted = Date.now();
    if (!reused) await seedLeads(db, LEADS);
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    if (!reused) console.log(`Seeded ${LEADS} leads in ${seedSeconds.toFixed(1)} s\n`);

    const site = await startServer({
      ...PRODUCTION_RUNTIME_ENV,
      LOG_LEVEL: 'warn',
      PORT: String(await freePort()),
      DATABASE_URL: database.url,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    });
    stop = async () => {
      await site.stop();
    };
    const base = site.url;
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify(ADMIN) });
    if (!login.ok) throw new Error(`login answered ${login.status}`);
    const cookie = login.headers.getSetCookie().find((line) => /^(__Host-)?sid=/.test(line))!.split(';')[0]!;
    const { csrfToken } = (await login.json()) as { csrfToken: string };
    const headers = { cookie, origin: base, 'x-csrf-token': csrfToken, 'content-type': 'application/json' };
    const get = async (path: string) => {
      const response = await fetch(base + path, { headers });
      if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
      return response.json() as Promise<{ items: { _id: string; type: string; email: string }[]; nextCursor: string | null }>;
    };

    // The timed calls go through a bare keep-alive HTTP client (as the site bench's autocannon),
    // asking for compression as a browser does and reading the whole answer, so the figures are
    // the server's and not `fetch`'s own millisecond or so per call.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const timedGet = (path: string) =>
      new Promise<void>((resolve, reject) => {
        http
          .get(base + path, { agent, headers: { ...headers, 'accept-encoding': 'br, gzip, deflate' } }, (response) => {
            if (response.statusCode !== 200) reject(new Error(`GET ${path} answered ${response.statusCode}`));
            response.on('data', () => undefined).on('end', resolve).on('error', reject);
          })
          .on('error', reject);
      });

    /** Times `paths(i)` for i = 0…SAMPLES-1 after 5 unmeasured warm-up calls. */
    async function time(call: string, goal: string, path: (index: number) => string): Promise<Row> {
      for (let index = 0; index < 5; index++) await timedGet(path(index));
      const durations: number[] = [];
      for (let index = 0; index < SAMPLES; index++) {
        const started = performance.now();
        await timedGet(path(index));
        durations.push(performance.now() - started);
      }
      return { call, goal, p50: percentile(durations, 0.5), p95: percentile(durations, 0.95) };
    }

    // Fixtures: 500 pages deep, some leads with notes and history, their addresses.
    let cursor: string | null = null;
    for (let page = 1; page < 500; page++) cursor = (await get(`/api/leads?limit=20${cursor ? `&cursor=${cursor}` : ''}`)).nextCursor;
    const sample = (await db.raw<{ rows: { id: string; type: string; email: string }[] }>(`select id, type, email from leads tablesample system (1) where spam_at is null limit ?`, [SAMPLES + 5])).rows;
    for (const lead of sample) {
      await fetch(`${base}/api/leads/${lead.type}/${lead.id}/notes`, { method: 'POST', headers, body: JSON.stringify({ body: 'Called back, sending a proposal.' }) });
      await fetch(`${base}/api/leads/${lead.type}/${lead.id}/read`, { method: 'POST', headers });
    }
    const rows: Row[] = [];
    rows.push(await time('first page, all types', '≤ 15 ms', () => '/api/leads'));
    rows.push(await time('first page, type + status filter', '≤ 15 ms', (i) => ['/api/leads?type=quote&status=accepted', '/api/leads?type=contact&status=new', '/api/leads?type=enquiry&status=responded'][i % 3]!));
    rows.push(await time('500th page by cursor', '≤ 15 ms', () => `/api/leads?limit=20&cursor=${cursor}`));
    rows.push(await time('search by exact e-mail', '≤ 20 ms', (i) => `/api/leads?q=${encodeURIComponent(sample[i % sample.length]!.email)}`));
    rows.push(await time('search by a word in messages', '≤ 60 ms', (i) => `/api/leads?q=${['jewellery', 'ferry', 'clinic', 'fitness', 'finance', 'bakery'][i % 6]}`));
    rows.push(await time('search by a rare text (one lead)', '—', (i) => `/api/leads?q=${encodeURIComponent(`ref ${100_000 + i * 7919}.`)}`));
    rows.push(await time('dashboard home figures', '≤ 50 ms', () => '/api/dashboard'));
    rows.push(await time('tasks: first page of open leads', '≤ 15 ms', () => '/api/tasks'));
    rows.push(await time('tasks: open and overdue counts', '≤ 20 ms', () => '/api/tasks/counts'));
    rows.push(await time('lead detail with notes and history', '≤ 10 ms', (i) => `/api/leads/${sample[i % sample.length]!.type}/${sample[i % sample.length]!.id}`));
    agent.destroy();

    // The export: total time to the last byte, and the server's RSS sampled meanwhile.
    const pid = site.process.pid!;
    const rssBefore = rssMb(pid);
    let rssPeak = rssBefore;
    let exporting = true;
    const sampler = (async () => {
      while (exporting) {
        rssPeak = Math.max(rssPeak, rssMb(pid));
        await sleep(50);
      }
    })();
    const exportStarted = performance.now();
    const response = await fetch(`${base}/api/leads.csv`, { headers });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    const exportSeconds = (performance.now() - exportStarted) / 1000;
    exporting = false;
    await sampler;

    const host = `${process.env.HOSTNAME ?? 'this machine'}`;
    const total = reused ? Number((await db('leads').count<{ count: string }[]>({ count: '*' }))[0]!.count) : LEADS;
    console.log(`Lead inbox at ${total.toLocaleString('en-US')} leads (${reused ? 'a seeded' : 'fresh'} PostgreSQL database, ${host}), ${SAMPLES} requests per call, one at a time:\n`);
    console.log('| call | goal p95 | p50 | p95 |');
    console.log('|---|---|---|---|');
    for (const row of rows) console.log(`| ${row.call} | ${row.goal} | ${row.p50.toFixed(1)} ms | ${row.p95.toFixed(1)} ms |`);
    console.log(`| CSV export of all (${lines - 1} rows incl. spam-free inbox, ${(bytes / 2 ** 20).toFixed(0)} MB) | ≤ 30 s, RSS growth ≤ 50 MB | ${exportSeconds.toFixed(1)} s | RSS ${rssBefore.toFixed(0)} → ${rssPeak.toFixed(0)} MB (+${(rssPeak - rssBefore).toFixed(0)} MB) |`);
    if (!reused) console.log(`| seed ${LEADS.toLocaleString('en-US')} leads | ≤ 120 s | ${seedSeconds.toFixed(1)} s | |`);
    console.log('');

    // The plans behind the figures.
    const plans = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 1 } });
    const last = await plans.raw<{ rows: { submitted_at: Date; id: string }[] }>('select submitted_at, id from leads where spam_at is null order by submitted_at desc, id desc offset 9999 limit 1');
    const at = last.rows[0]!;
    // A built query as the text and bindings `explain` takes.
    const sqlOf = (query: Knex.QueryBuilder) => {
      const { sql, bindings } = query.toSQL().toNative();
      return [sql.replace(/\$\d+/g, '?'), bindings as (string | Date)[]] as const;
    };
    // The list queries exactly as the inbox sends them.
    const page = (query: LeadQuery, after?: { at: Date; id: string }) => sqlOf(leadPageQuery(plans, query, { after, limit: 21 }));
    const explain: [string, string, readonly (string | Date)[]][] = [
      ['first page', ...page({ folder: 'inbox' })],
      ['type + status', ...page({ folder: 'inbox', type: 'enquiry', status: 'responded' })],
      ['page 500', ...page({ folder: 'inbox' }, { at: at.submitted_at, id: at.id })],
      ['exact e-mail', ...page({ folder: 'inbox', search: sample[0]!.email })],
      ['word in messages', ...page({ folder: 'inbox', search: 'jewellery' })],
      ['rare text', ...page({ folder: 'inbox', search: 'ref 123457.' })],
      ['unread count', 'select count(*) from leads where read_at is null and spam_at is null', []],
      [
        'dashboard: new leads per form, 60 days',
        `select type, sum(leads) filter (where quarter_hour >= now() - interval '30 days') as current, sum(leads) filter (where quarter_hour < now() - interval '30 days') as previous
           from lead_arrival_counts where quarter_hour >= now() - interval '60 days' and quarter_hour < now() + interval '1 day' group by type`,
        [],
      ],
      [
        'dashboard: open and overdue among 30 days of leads',
        ...sqlOf(
          whereOpen(plans('leads'))
            .whereRaw("due_at >= now() - interval '30 days' and due_at < now() and submitted_at >= now() - interval '30 days'")
            .count('*'),
        ),
      ],
      [
        'dashboard: first-reply times, 30 days',
        `select count(*), percentile_cont(0.5) within group (order by extract(epoch from responded_at - submitted_at)),
                percentile_cont(0.9) within group (order by extract(epoch from responded_at - submitted_at)), count(*) filter (where responded_at <= due_at)
           from leads where spam_at is null and responded_at is not null and submitted_at >= now() - interval '30 days'`,
        [],
      ],
      ['tasks: overdue, counted up to 1000', ...sqlOf(plans.from(whereOpen(plans('leads')).whereRaw('due_at < now()').select(plans.raw('1')).limit(1000).as('capped')).count('*'))],
      ['tasks: first page', ...sqlOf(whereOpen(plans('leads')).select('*').orderBy(['due_at', 'id']).limit(51))],
    ];
    for (const [name, sql, bindings] of explain) {
      const result = await plans.raw<{ rows: { 'QUERY PLAN': string }[] }>(`explain (analyze, buffers off) ${sql}`, bindings);
      const lines = result.rows.map((row) => row['QUERY PLAN']);
      // The scan that picks the rows (not the primary-key reads of a page's chosen ids).
      const scan = lines.find((line) => /Index|Seq Scan|Bitmap/.test(line) && !line.includes('leads_pkey'))?.trim() ?? lines[0];
      console.log(`- ${name}: ${scan?.replace(/\s+\(cost=[^)]*\)/, '')}; ${lines.find((line) => line.startsWith('Execution Time'))}`);
    }
    await plans.destroy();
  } finally {
    await stop?.();
    await db.destroy();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error('bench:inbox failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
