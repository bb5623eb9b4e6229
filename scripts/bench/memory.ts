/**
 * The site's memory on each database: the production build started on the embedded PGlite and on
 * a fresh PostgreSQL database in turn, idle, after the bench's 12 portfolio uploads, and at its
 * peak while every bench scenario runs for a few seconds. RSS of the site's process only (with
 * PostgreSQL, the database's own memory is in its server's processes).
 *
 * With `starts`, `npm start`'s own case instead: the embedded database's first start, which loads
 * the sample portfolio, and a later start on the same folder, each idle.
 *
 *   BENCH_MEMORY_SECONDS=10 npm run bench    # seconds of load per scenario (default 5, one bench round)
 *   npx tsx scripts/bench/memory.ts starts    # after a build: only the first and a later start
 */
import autocannon from 'autocannon';
import { startServer } from '../../tests/e2e/server';
import { freshDatabase, LOCAL_POSTGRES } from '../lib/fresh-database';
import { freePort, peakRssMb, rssMb } from '../lib/net';
import { BENCH_ADMIN, benchScenarios, prepareSite } from './scenarios';
import { PRODUCTION_RUNTIME_ENV } from '../lib/production-env';
import { RUNTIME_ENV } from '../../server/runtime-settings';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const LOAD_SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 5);
/** Time left for start-up work (first GCs, the content-version poll) to settle before "idle". */
const SETTLE_MS = 3000;
/** The public pages a visitor sees first; viewing each once fills the render cache, as idle sites are. */
const FIRST_VIEWS = ['/', '/about', '/services/web-development', '/portfolio', '/contact', '/industries/real-estate'];

export interface MemoryFigures {
  database: 'embedded' | 'PostgreSQL';
  /** Started, each public page viewed once, then left alone. */
  idleMb: number;
  afterUploadsMb: number;
  /** Once every scenario has run. */
  endMb: number;
  /** The process's high-water mark (VmHWM) over the whole run, start-up included. */
  peakMb: number;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/** Measures the site on one database; undefined when it is PostgreSQL and none answers locally. */
async function measure(database: MemoryFigures['database']): Promise<MemoryFigures | undefined> {
  const postgres = database === 'PostgreSQL' ? await freshDatabase(LOCAL_POSTGRES, 'bench_memory') : undefined;
  if (database === 'PostgreSQL' && !postgres) return undefined;
  const site = await startServer({
    ...PRODUCTION_RUNTIME_ENV,
    LOG_LEVEL: 'warn',
    PORT: String(await freePort()),
    FORM_RATE_LIMIT: '100000000',
    // The same content on both databases: the embedded first start would add the sample projects.
    SEED_SAMPLE_PORTFOLIO: 'false',
    ADMIN_USERNAME: BENCH_ADMIN.username,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  });
  const pid = site.process.pid!;
  try {
    for (const path of FIRST_VIEWS) await fetch(site.url + path).then((response) => response.arrayBuffer());
    await settle();
    const idleMb = rssMb(pid);
    const prepared = await prepareSite(site.url);
    await settle();
    const afterUploadsMb = rssMb(pid);
    for (const scenario of benchScenarios(prepared)) {
      await autocannon({ url: site.url, connections: 50, duration: LOAD_SECONDS, headers: { 'accept-encoding': 'br, gzip' }, requests: scenario.requests });
    }
    return { database, idleMb, afterUploadsMb, endMb: rssMb(pid), peakMb: peakRssMb(pid) };
  } finally {
    await site.stop();
    await postgres?.drop();
  }
}

/** The site's first and a later start as `npm start` runs it: idle RSS and peak of each, in MB. */
export interface StartFigures {
  first: { idleMb: number; peakMb: number; seconds: number };
  later: { idleMb: number; peakMb: number; seconds: number };
}

/**
 * `npm start` on a new embedded folder (the database created, the sample portfolio loaded), then
 * again on the same folder: each viewed as a visitor would (every first page once), then left alone.
 * The runtime settings `npm start` gives it, and `NODE_ENV` unset as there.
 */
export async function measureStarts(): Promise<StartFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-starts-'));
  const once = async () => {
    const started = Date.now();
    const site = await startServer({ ...RUNTIME_ENV, NODE_ENV: 'development', LOG_LEVEL: 'warn', PORT: String(await freePort()), DATA_DIR: dataDir, SEED_SAMPLE_PORTFOLIO: 'true' });
    const seconds = (Date.now() - started) / 1000;
    try {
      for (const path of FIRST_VIEWS) await fetch(site.url + path).then((response) => response.arrayBuffer());
      await settle();
      return { idleMb: rssMb(site.process.pid!), peakMb: peakRssMb(site.process.pid!), seconds };
    } finally {
      await site.stop();
    }
  };
  try {
    return { first: await once(), later: await once() };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printStarts({ first, later }: StartFigures): void {
  console.log('RSS of the site under npm start, embedded database (MB)');
  for (const [name, row] of [['first start', first], ['later start', later]] as const) {
    console.log(`${name.padEnd(12)} idle ${row.idleMb.toFixed(0).padStart(4)}  peak ${row.peakMb.toFixed(0).padStart(4)}  (listening after ${row.seconds.toFixed(1)} s)`);
  }
  console.log('Goal: idle ≤ 200 on every start\n');
}

/** Runs the site on the embedded database, then on the local PostgreSQL (when it answers), and measures each. */
export async function measureMemory(): Promise<MemoryFigures[]> {
  const figures = [await measure('embedded'), await measure('PostgreSQL')];
  return figures.filter((row): row is MemoryFigures => row !== undefined);
}

export function printMemory(figures: MemoryFigures[]): void {
  console.log(`RSS of the site (MB; load: every scenario for ${LOAD_SECONDS} s at 50 connections)`);
  const widths = [12, 6, 15, 6, 6];
  const line = (cells: string[]) => console.log(cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' '));
  line(['database', 'idle', 'after uploads', 'end', 'peak']);
  for (const row of figures) line([row.database, ...[row.idleMb, row.afterUploadsMb, row.endMb, row.peakMb].map((mb) => mb.toFixed(0))]);
  if (!figures.some((row) => row.database === 'PostgreSQL')) console.log(`PostgreSQL: none answers at ${LOCAL_POSTGRES}, not measured`);
  console.log('Goals: embedded idle ≤ 200 and peak ≤ 300; PostgreSQL peak ≤ 200 (a 1 GB server)\n');
}

// `npx tsx scripts/bench/memory.ts` (after `npm run build`) runs this part of the bench alone.
if (require.main === module) {
  const run = process.argv[2] === 'starts' ? measureStarts().then(printStarts) : measureMemory().then(printMemory);
  run.catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
