import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * PostgreSQL's settings for the embedded database, chiefly its memory. PGlite runs PostgreSQL as
 * WebAssembly inside the site's own process, so every page it touches counts in the site's RSS,
 * and WebAssembly memory, once grown, is never handed back. PostgreSQL's defaults are sized for a
 * server of its own; these are sized for one site on a 1 GB machine (figures:
 * docs/performance.md, "Memory").
 */
export const EMBEDDED_SETTINGS: Readonly<Record<string, string>> = {
  // The buffer pool, allocated and touched in full at start: the default 128MB costs ~110 MB of
  // RSS. The site's hot pages (catalogs, forms, sessions, the portfolio rows and their indexes)
  // fit in a few MB; a page outside the pool is read from the data folder's files, which the
  // kernel keeps in its page cache (a copy, not a disk read, and not counted in our RSS).
  shared_buffers: '16MB',
  // Per sort or hash before it spills to a temporary file. The largest sorts here are an inbox
  // page and the portfolio list; a spill costs a little time, a bigger limit would grow the
  // WebAssembly heap for good on the first large sort.
  work_mem: '2MB',
  // CREATE INDEX in migrations and VACUUM; tables of this size build their indexes in far less.
  maintenance_work_mem: '16MB',
  // Only temporary tables use these, and the site creates none (800kB is PostgreSQL's minimum).
  temp_buffers: '800kB',
  // WAL is written out at every commit anyway (one session, synchronous commit); a bigger buffer
  // only helps many concurrent writers.
  wal_buffers: '512kB',
  // One session ever runs; each allowed connection reserves lock and process slots in shared
  // memory. 4 is the least PostgreSQL accepts beside its 3 slots reserved for superusers.
  max_connections: '4',
  // PostgreSQL's default, pinned: a form is answered only once its commit is in the data folder's
  // files. With 'off', a single-user PGlite writes its WAL only when the buffer fills or it shuts
  // down, and `kill -9` lost every one of 600 acknowledged posts (test:resilience kill-9).
  synchronous_commit: 'on',
};

/**
 * PGlite's own start parameters (single-user mode, no background workers; `-F` because PGlite
 * cannot fsync through Node's file system anyway, see docs/decisions/embedded-database.md) plus the settings above. Given on
 * the command line, they hold for every data folder, old or new, without rewriting the folder's
 * postgresql.conf.
 */
const START_PARAMS = [...PGlite.defaultStartParams, ...Object.entries(EMBEDDED_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`])];

/**
 * Opens the embedded database in `dataDir`, creating its cluster first when the folder holds none.
 * PGlite starts up in the background; the first query waits for it (`waitReady`).
 */
export function openEmbeddedDatabase(dataDir: string): PGlite {
  if (!hasCluster(dataDir)) createCluster(dataDir);
  // V8 compiles WebAssembly twice: at once with its baseline compiler (Liftoff), then again with
  // its optimizing one for the functions that run often, keeping both and the optimizer's
  // scratch memory in malloc arenas. For PGlite's 9 MB module that is ~70 MB of RSS; the
  // baseline code alone runs our statements 10–30% slower, about a tenth of a millisecond each.
  // Set before PGlite compiles its module (once per process); no other WebAssembly runs here.
  v8.setFlagsFromString('--liftoff-only');
  // pg_trgm (PGlite's build of the contrib extension) backs the lead inbox's search index.
  return new PGlite({ dataDir, startParams: START_PARAMS, extensions: { pg_trgm } });
}

export function hasCluster(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'PG_VERSION'));
}

/**
 * What the child process runs: PGlite creates the cluster (initdb) when it opens an empty folder,
 * and closing it checkpoints and shuts down cleanly. Plain JavaScript rather than a bundle entry:
 * it needs nothing but PGlite, and runs the same from the build, from source and under jest.
 */
const CREATE_CLUSTER_SCRIPT = `
const [pgliteEntry, options] = process.argv.slice(1);
require(pgliteEntry).PGlite.create(JSON.parse(options)).then((db) => db.close());
`;

/**
 * Creates a cluster in `dataDir` in a short-lived child process. initdb runs a second PostgreSQL
 * and its own WebAssembly module: about 700 MB at its peak, of which PGlite keeps several hundred
 * MB referenced after it finishes. In a child that exits, all of it goes back to the system, and
 * the site never holds more than the database it runs on. Synchronous: it happens once, at
 * start-up, before anything listens.
 */
export function createCluster(dataDir: string): void {
  execFileSync(process.execPath, clusterCreation(dataDir), { stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * The same, without waiting: `npm start`'s build creates a new data folder's cluster while it
 * bundles (initdb is several seconds of WebAssembly on one core, the bundler's work is on the
 * other), so a first start does not wait for one and then the other.
 */
export function createClusterAside(dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, clusterCreation(dataDir), (error) => (error ? reject(error) : resolve()));
  });
}

/** The child `node`'s arguments that create a cluster in `dataDir` (made first when missing). */
function clusterCreation(dataDir: string): string[] {
  fs.mkdirSync(dataDir, { recursive: true });
  // initdb's own PostgreSQL runs with the same settings (`--set`), which lowers its peak too.
  const initDbStartParams = Object.entries(EMBEDDED_SETTINGS).flatMap(([name, value]) => ['--set', `${name}=${value}`]);
  const options = JSON.stringify({ dataDir, startParams: START_PARAMS, initDbStartParams });
  return ['--liftoff-only', '-e', CREATE_CLUSTER_SCRIPT, require.resolve('@electric-sql/pglite'), options];
}
