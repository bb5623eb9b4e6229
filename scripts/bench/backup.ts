/**
 * `npm run bench:backup`: backups at scale, on the embedded database and on PostgreSQL in turn.
 *
 * Each database gets a site's first start (migrations, an owner), the sample portfolio, then
 * 1,000,000 leads (the inbox bench's set-based seed) and the portfolio copied up to 200 items with
 * their image files. Then:
 *
 * 1. `npm run backup` of it: time, file size, the command's peak RSS.
 * 2. `npm run restore` of that file into a new database of the same kind: time, peak RSS.
 * 3. The running site's own backup ("Back up now": copy or dump in a child, then a verifying
 *    restore into a scratch embedded database in another): the site's RSS growth meanwhile (goal
 *    ≤ 100 MB), and its cached pages' req/s under load while the backup runs (windows of
 *    BACKUP_BENCH_SECONDS, every BACKUP_BENCH_PAUSE_SECONDS more) against the same load before
 *    and after it (goal ≥ 90%).
 *
 *   BACKUP_BENCH_LEADS=100000 BACKUP_BENCH_ITEMS=50 npm run bench:backup
 *   BACKUP_BENCH_DATABASES=postgresql npm run bench:backup     # or embedded
 *   BACKUP_BENCH_STEPS=site npm run bench:backup              # of command,restore,site
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import knexFactory, { type Knex } from 'knex';
import { newAppKey } from '../../server/app-key';
import { createDb } from '../../server/db/connection';
import { seedLeads } from '../../server/seed/lead-samples';
import { seedSamplePortfolio } from '../../server/services/portfolio-seed';
import type { BackupsJson } from '../../shared/backups';
import { startServer, type RunningServer } from '../../tests/e2e/server';
import { freshDatabase, LOCAL_POSTGRES, type FreshDatabase } from '../lib/fresh-database';
import { freePort, rssMb } from '../lib/net';
import { PRODUCTION_RUNTIME_ENV } from '../lib/production-env';

const ROOT = path.resolve(__dirname, '../..');
const LEADS = Number(process.env.BACKUP_BENCH_LEADS ?? 1_000_000);
const ITEMS = Number(process.env.BACKUP_BENCH_ITEMS ?? 200);
const DATABASES = (process.env.BACKUP_BENCH_DATABASES ?? 'embedded,postgresql').split(',') as Database[];
const STEPS = new Set((process.env.BACKUP_BENCH_STEPS ?? 'command,restore,site').split(','));
/** Seconds of each load window (before, during and after the site's backup). */
const LOAD_SECONDS = Number(process.env.BACKUP_BENCH_SECONDS ?? 10);
/** Seconds without load between two windows during the site's backup. */
const PAUSE_SECONDS = Number(process.env.BACKUP_BENCH_PAUSE_SECONDS ?? 20);
const CONNECTIONS = 50;
/** The cached public pages loaded while the site backs itself up. */
const CACHED_PAGES = ['/', '/about', '/portfolio', '/contact'];
const OWNER = { username: 'backup-bench', password: 'backup bench password' };
const GOAL = { rssGrowthMb: 100, shareOfRequests: 0.9 };

type Database = 'embedded' | 'postgresql';

interface Source {
  env: Record<string, string>;
  /** A knex on the source, for seeding (embedded: only while no site runs on the folder). */
  open: () => Knex;
  /** A new empty target of the same kind, for the restore. */
  target: () => Promise<{ env: Record<string, string>; drop: () => Promise<void> }>;
  drop: () => Promise<void>;
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function makeSource(database: Database, work: string, appKey: string): Promise<Source> {
  if (database === 'embedded') {
    const dataDir = path.join(work, 'source-data');
    let targets = 0;
    return {
      env: { DATA_DIR: dataDir, APP_KEY: appKey },
      open: () => createDb({ dataDir }),
      target: async () => {
        const dir = path.join(work, `restored-${(targets += 1)}`);
        return { env: { DATA_DIR: dir, APP_KEY: appKey }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
      },
      drop: async () => undefined,
    };
  }
  const fresh = async (prefix: string): Promise<FreshDatabase> => {
    const created = await freshDatabase(LOCAL_POSTGRES, prefix);
    if (!created) throw new Error(`bench:backup needs PostgreSQL at ${LOCAL_POSTGRES}`);
    return created;
  };
  const source = await fresh('bench_backup');
  return {
    env: { DATABASE_URL: source.url, APP_KEY: appKey },
    open: () => knexFactory({ client: 'pg', connection: source.url, pool: { min: 0, max: 1 } }),
    target: async () => {
      const target = await fresh('bench_backup_restored');
      return { env: { DATABASE_URL: target.url, APP_KEY: appKey }, drop: target.drop };
    },
    drop: source.drop,
  };
}

/**
 * Copies the portfolio's items (with their images and encoded files) until it has `count` items,
 * as an agency with years of projects would: each copy's files are the same bytes as its original's,
 * which changes nothing for a backup (images do not compress, and gzip does not look back that far).
 */
async function growPortfolio(db: Knex, count: number): Promise<void> {
  const columns = async (table: string, leaveOut: string[]) => {
    const { rows } = (await db.raw(`select column_name from information_schema.columns where table_schema = current_schema() and table_name = ? order by ordinal_position`, [table])) as { rows: { column_name: string }[] };
    return rows.map((row) => row.column_name).filter((name) => !leaveOut.includes(name));
  };
  const itemColumns = await columns('portfolio_items', ['id', 'title']);
  const imageColumns = await columns('portfolio_images', ['id', 'item_id']);
  const fileColumns = await columns('portfolio_image_files', ['id', 'image_id']);
  const list = (names: string[]) => names.map((name) => `"${name}"`).join(', ');
  const originals = (await db('portfolio_items').select('id', 'title').orderBy('created_at')) as { id: string; title: string }[];
  if (originals.length === 0) throw new Error('the portfolio is empty: nothing to copy');
  await db.transaction(async (trx) => {
    for (let index = originals.length; index < count; index += 1) {
      const original = originals[index % originals.length]!;
      const title = `${original.title.slice(0, 180)} (${Math.floor(index / originals.length) + 1})`;
      const { rows: [item] } = (await trx.raw(`insert into portfolio_items (title, ${list(itemColumns)}) select ?, ${list(itemColumns)} from portfolio_items where id = ? returning id`, [title, original.id])) as { rows: [{ id: string }] };
      const images = (await trx('portfolio_images').where({ item_id: original.id }).select('id')) as { id: string }[];
      for (const image of images) {
        const { rows: [copy] } = (await trx.raw(`insert into portfolio_images (item_id, ${list(imageColumns)}) select ?, ${list(imageColumns)} from portfolio_images where id = ? returning id`, [item.id, image.id])) as { rows: [{ id: string }] };
        await trx.raw(`insert into portfolio_image_files (image_id, ${list(fileColumns)}) select ?, ${list(fileColumns)} from portfolio_image_files where image_id = ?`, [copy.id, image.id]);
      }
    }
  });
}

interface CommandFigures {
  ms: number;
  peakRssMb: number;
  output: string;
}

/** `npm run backup|restore` as one node process, its peak RSS sampled from /proc while it runs. */
async function command(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<CommandFigures> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, `server/cli/${name}.ts`), ...args], { cwd: ROOT, env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let peak = 0;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(child.pid!));
    } catch {
      // exited between two samples
    }
  }, 100);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`npm run ${name} failed (${code}): ${output}`);
  return { ms: Date.now() - started, peakRssMb: peak, output: output.trim() };
}

/** Cached pages' req/s over one load window. */
async function cachedLoad(site: RunningServer): Promise<number> {
  const result = await autocannon({
    url: site.url,
    connections: CONNECTIONS,
    duration: LOAD_SECONDS,
    headers: { 'accept-encoding': 'br, gzip' },
    requests: CACHED_PAGES.map((page) => ({ method: 'GET', path: page })),
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${failures} failed requests while loading the cached pages`);
  return result.requests.average;
}

interface SiteFigures {
  backupMs: number;
  heldMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  steadyRps: number;
  duringRps: number[];
  fileBytes: number;
}

/** The running site's "Back up now" under load: RSS and cached pages' req/s, against the same load without it. */
async function siteBackup(source: Source, work: string): Promise<SiteFigures> {
  const backupDir = path.join(work, 'site-backups');
  const site = await startServer({ ...PRODUCTION_RUNTIME_ENV, ...source.env, LOG_LEVEL: 'warn', PORT: String(await freePort()), BACKUP_DIR: backupDir, BACKUP_SCHEDULE: 'off', SEED_SAMPLE_PORTFOLIO: 'false' });
  try {
    const login = await fetch(`${site.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: site.url }, body: JSON.stringify({ ...OWNER, remember: false }) });
    if (login.status !== 200) throw new Error(`the owner's sign-in answered ${login.status}`);
    const cookie = login.headers.getSetCookie().find((line) => /^(__Host-)?sid=/.test(line))!.split(';')[0]!;
    const headers = { cookie, origin: site.url, 'x-csrf-token': ((await login.json()) as { csrfToken: string }).csrfToken };
    for (const page of CACHED_PAGES) await fetch(site.url + page).then((response) => response.arrayBuffer());
    const pid = site.process.pid!;
    const before = await cachedLoad(site);
    await sleep(2000);
    const rssBeforeMb = rssMb(pid);
    let rssPeakMb = rssBeforeMb;
    const started = Date.now();
    const asked = await fetch(`${site.url}/api/backups`, { method: 'POST', headers });
    if (asked.status !== 202) throw new Error(`Back up now answered ${asked.status}: ${await asked.text()}`);
    let running = true;
    const watcher = (async () => {
      while (running) {
        rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
        const status = (await (await fetch(`${site.url}/api/backups/status`, { headers })).json()) as BackupsJson;
        if (!status.running) running = false;
        else await sleep(250);
      }
    })();
    // Load windows for as long as the backup runs (at least one), with a pause between them: under
    // constant load the backup's children (nice 10) get so little CPU that a million leads would
    // take hours, and the windows still fall in every phase of it (copy, dump, verifying restore).
    const duringRps: number[] = [];
    do {
      duringRps.push(await cachedLoad(site));
      console.log(`    during the backup: ${duringRps.at(-1)!.toFixed(0)} req/s (without: ${before.toFixed(0)}), RSS peak so far +${(rssPeakMb - rssBeforeMb).toFixed(0)} MB`);
      for (let waited = 0; running && waited < PAUSE_SECONDS * 1000; waited += 250) await sleep(250);
    } while (running);
    await watcher;
    const backupMs = Date.now() - started;
    const list = (await (await fetch(`${site.url}/api/backups`, { headers })).json()) as BackupsJson;
    const made = list.backups[0];
    if (!made || made.state !== 'verified') throw new Error(`the site's backup did not verify: ${JSON.stringify(list.last)}`);
    const mark = JSON.parse(fs.readFileSync(path.join(backupDir, `${made.name}.verified`), 'utf8')) as { heldMs: number };
    const after = await cachedLoad(site);
    return { backupMs, heldMs: mark.heldMs, rssBeforeMb, rssPeakMb, steadyRps: (before + after) / 2, duringRps, fileBytes: made.bytes ?? 0 };
  } finally {
    await site.stop();
  }
}

async function benchDatabase(database: Database): Promise<string[]> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-'));
  const appKey = newAppKey();
  const source = await makeSource(database, work, appKey);
  const lines: string[] = [];
  const say = (line: string) => {
    console.log(`  ${line}`);
    lines.push(line);
  };
  try {
    console.log(`\n${database}: first start, then ${LEADS.toLocaleString('en-US')} leads and ${ITEMS} portfolio items`);
    // Migrations and the owner; the sample portfolio is drawn below, as long as that takes on a busy machine.
    const first = await startServer({ ...PRODUCTION_RUNTIME_ENV, ...source.env, LOG_LEVEL: 'warn', PORT: String(await freePort()), SEED_SAMPLE_PORTFOLIO: 'false', ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password });
    await first.stop();
    const seeding = Date.now();
    const db = source.open();
    try {
      // No site runs to be told of the new content.
      await seedSamplePortfolio({ db, contentVersion: { bump: async () => undefined } });
      await seedLeads(db, LEADS);
      await growPortfolio(db, ITEMS);
      const [{ images }] = (await db('portfolio_image_files').count({ images: '*' })) as [{ images: string }];
      say(`seeded in ${seconds(Date.now() - seeding)} (${images} image files)`);
    } finally {
      await db.destroy();
    }
    const file = path.join(work, 'bench.tar.gz');
    if (STEPS.has('command') || STEPS.has('restore')) {
      const backup = await command('backup', [file], source.env);
      say(`npm run backup: ${seconds(backup.ms)}, ${mb(fs.statSync(file).size)}, peak RSS ${backup.peakRssMb.toFixed(0)} MB`);
    }
    if (STEPS.has('restore')) {
      const target = await source.target();
      try {
        const restore = await command('restore', [file], target.env);
        say(`npm run restore into an empty ${database === 'embedded' ? 'data folder' : 'database'}: ${seconds(restore.ms)}, peak RSS ${restore.peakRssMb.toFixed(0)} MB`);
      } finally {
        await target.drop();
      }
    }
    if (STEPS.has('site')) {
      const site = await siteBackup(source, work);
      const growth = site.rssPeakMb - site.rssBeforeMb;
      const during = site.duringRps.reduce((sum, rps) => sum + rps, 0) / site.duringRps.length;
      const share = during / site.steadyRps;
      say(`site's Back up now (write + verifying restore): ${seconds(site.backupMs)}, ${mb(site.fileBytes)}, database held ${site.heldMs} ms`);
      say(`site RSS ${site.rssBeforeMb.toFixed(0)} → ${site.rssPeakMb.toFixed(0)} MB (+${growth.toFixed(0)} MB; goal ≤ ${GOAL.rssGrowthMb} MB: ${growth <= GOAL.rssGrowthMb ? 'met' : 'NOT met'})`);
      say(`cached pages ${during.toFixed(0)} req/s during the backup (${site.duringRps.map((rps) => rps.toFixed(0)).join(', ')} per ${LOAD_SECONDS} s window) vs ${site.steadyRps.toFixed(0)} without: ${(100 * share).toFixed(0)}% (goal ≥ ${100 * GOAL.shareOfRequests}%: ${share >= GOAL.shareOfRequests ? 'met' : 'NOT met'})`);
    }
  } finally {
    await source.drop();
    fs.rmSync(work, { recursive: true, force: true });
  }
  return lines;
}

async function main(): Promise<void> {
  const results: [Database, string[]][] = [];
  for (const database of DATABASES) results.push([database, await benchDatabase(database)]);
  console.log(`\nBackups at ${LEADS.toLocaleString('en-US')} leads and ${ITEMS} portfolio items (${os.cpus().length} cores, ${os.hostname()}; the machine may be shared):`);
  for (const [database, lines] of results) {
    console.log(`\n${database}:`);
    for (const line of lines) console.log(`- ${line}`);
  }
}

main().catch((error: unknown) => {
  console.error('bench:backup failed:', error instanceof Error ? error.stack : error);
  process.exit(1);
});
