/**
 * The site's memory on each database: the production build started on the embedded PGlite and on
 * a fresh PostgreSQL database in turn, idle, after the bench's 12 portfolio uploads, and at its
 * peak while every bench scenario runs for a few seconds. RSS of the site's process only (with
 * PostgreSQL, the database's own memory is in its server's processes).
 *
 *   BENCH_MEMORY_SECONDS=10 npm run bench    # seconds of load per scenario (default 5, one bench round)
 */
import autocannon from 'autocannon';
import { startServer } from '../../tests/e2e/server';
import { freshDatabase, LOCAL_POSTGRES } from '../lib/fresh-database';
import { freePort, peakRssMb, rssMb } from '../lib/net';
import { BENCH_ADMIN, benchScenarios, prepareSite } from './scenarios';
import { PRODUCTION_RUNTIME_ENV } from '../lib/production-env';

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
  measureMemory().then(printMemory, (error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
