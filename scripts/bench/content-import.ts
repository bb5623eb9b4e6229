/**
 * `npm run bench:content-import`: what one content import makes the server hold, under the heap
 * `npm start` gives it (`server/runtime-settings.ts`, 192 MB), on the embedded database and on a
 * fresh PostgreSQL database (when one answers at localhost:5432).
 *
 * - A flood: 700,000 keys in 8 MB, posted as a dry run (refused by the key limit; before the limit,
 *   it ran the heap out and the server exited).
 * - A file at the other limits: 99,960 keys, 31 levels, just under 4 MB (two-byte text), as a dry run.
 * - A legitimate file just under the 40 MB limit: the exported content with an image carrying
 *   renditions of noise (1600×1600 JPEGs, about 30 MB of bytes, 40 MB in base64), as a dry run,
 *   then imported.
 *
 * For each: the answer, its time, the server's peak JavaScript heap (the largest heap before a
 * collection, read from `--trace-gc`) and its peak RSS (VmHWM, reset before each post), and whether
 * the server still answers afterwards.
 *
 *   npm run bench:content-import
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { startServer, type RunningServer } from '../../tests/e2e/server';
import { freshDatabase, LOCAL_POSTGRES } from '../lib/fresh-database';
import { freePort, peakRssMb, rssMb } from '../lib/net';
import { PRODUCTION_RUNTIME_ENV } from '../lib/production-env';
import { BENCH_ADMIN, signIn } from './scenarios';

const MB = 1024 * 1024;

/** Posts `body` to `path`, tolerating the server closing the connection once it has answered. */
function post(baseUrl: string, path: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; text: string }> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'content-length': String(body.length) } }, (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
      res.on('error', reject);
    });
    req.on('error', (error) => {
      if (!answered) setTimeout(() => (answered ? undefined : reject(error)), 2000);
    });
    req.end(body);
  });
}

/** The largest heap (MB, before a collection) `--trace-gc` printed for `pid` from log line `from` on. */
function peakHeapMb(site: RunningServer, from: number): number {
  let peak = 0;
  for (const line of site.logs.slice(from)) {
    if (!line.includes(`[${site.process.pid}:`)) continue;
    const match = line.match(/: (?:Scavenge|Mark-Compact|Mark-sweep|Minor Mark-Sweep|Mark-Compact \(reduce\))[^\d]*([\d.]+) \(([\d.]+)\) ->/);
    if (match) peak = Math.max(peak, Number(match[1]));
  }
  return peak;
}

/** A script to preload that has V8 print every collection's heap sizes (on stdout); removed when the bench ends. */
const TRACE_GC = path.join(os.tmpdir(), `bench-trace-gc-${process.pid}.cjs`);

function traceGc(): string {
  fs.writeFileSync(TRACE_GC, "require('node:v8').setFlagsFromString('--trace-gc');\n");
  return TRACE_GC;
}

/** Resets the process's peak RSS (VmHWM) to its current RSS. */
function resetPeakRss(pid: number): void {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not allowed here: the peak is then the run's so far.
  }
}

/** An image of noise, which JPEG cannot shrink: about 2 MB at 1600×1600. */
async function noise(): Promise<Buffer> {
  const side = 1600;
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/**
 * The exported content, the business map and the home banner showing images whose renditions (at
 * most 30 an image, as the file format allows) fill the file to just under `bytes`.
 */
async function legitimateFile(baseUrl: string, headers: Record<string, string>, bytes: number): Promise<Buffer> {
  const exported = (await (await fetch(`${baseUrl}/api/content/export`, { headers })).json()) as { documents: Record<string, Record<string, unknown>>; images: Record<string, unknown> };
  const [map, banner] = [`/media/content/${randomUUID()}`, `/media/content/${randomUUID()}`];
  exported.documents.business!.mapImage = { src: map, alt: 'Map', decorative: false };
  const bannerImage = (exported.documents.home!.banner as { image: { src: string } }).image;
  const shippedBanner = bannerImage.src;
  bannerImage.src = banner;
  const files: Record<string, object[]> = { [map]: [], [banner]: [] };
  const images = Object.fromEntries(Object.entries(files).map(([src, list]) => [src, { name: 'noise.jpg', width: 1600, height: 1600, files: list }]));
  const file = { ...exported, images };
  let size = Buffer.byteLength(JSON.stringify(file));
  for (;;) {
    const data = await noise();
    const entry = { variant: 'content', format: 'jpeg', width: 1600, height: 1600, sha256: createHash('sha256').update(data).digest('hex'), data: data.toString('base64') };
    const list = files[map]!.length < 30 ? files[map]! : files[banner]!;
    const added = Buffer.byteLength(JSON.stringify(entry)) + 1;
    if (size + added > bytes || list.length === 30) break;
    list.push(entry);
    size += added;
  }
  if (files[banner]!.length === 0) {
    delete images[banner];
    bannerImage.src = shippedBanner;
  }
  return Buffer.from(JSON.stringify(file));
}

function flood(): Buffer {
  const keys = Array.from({ length: 700_000 }, (_, n) => `"k${n}":0`).join(',');
  return Buffer.from(`{"format":"brightpath-content","schemaVersion":1,"documents":{${keys}}}`);
}

/**
 * A file at every limit but the whole size's: 99,960 keys and 31 levels of nesting in just under
 * 4 MB, its text in characters JavaScript keeps two bytes each.
 */
function atTheLimits(): Buffer {
  const value = '—'.repeat(10);
  const keys = Array.from({ length: 99_960 }, (_, n) => `"${n}":"${value}"`).join(',');
  const deep = `${'['.repeat(28)}${']'.repeat(28)}`;
  return Buffer.from(`{"format":"brightpath-content","schemaVersion":1,"documents":{"home":{${keys}},"deep":${deep}}}`);
}

interface Row {
  what: string;
  status: number | string;
  seconds: number;
  heapMb: number;
  rssMb: number;
  alive: boolean;
}

async function measure(site: RunningServer, what: string, send: () => Promise<{ status: number; text: string }>): Promise<Row> {
  const pid = site.process.pid!;
  await new Promise((resolve) => setTimeout(resolve, 500));
  resetPeakRss(pid);
  const from = site.logs.length;
  const started = performance.now();
  let status: number | string;
  try {
    const answer = await send();
    status = answer.status >= 400 ? `${answer.status} ${(JSON.parse(answer.text) as { error: string }).error.slice(0, 60)}` : answer.status;
  } catch (error) {
    status = `no answer (${(error as Error).message})`;
  }
  const seconds = (performance.now() - started) / 1000;
  const alive = site.process.exitCode === null && (await fetch(`${site.url}/healthz`).then((res) => res.ok, () => false));
  return { what, status, seconds, heapMb: peakHeapMb(site, from), rssMb: alive ? peakRssMb(pid) : Number.NaN, alive };
}

async function run(database: 'embedded' | 'PostgreSQL'): Promise<Row[] | undefined> {
  const postgres = database === 'PostgreSQL' ? await freshDatabase(LOCAL_POSTGRES, 'bench_import') : undefined;
  if (database === 'PostgreSQL' && !postgres) return undefined;
  const env = {
    ...PRODUCTION_RUNTIME_ENV,
    // NODE_OPTIONS may not carry --trace-gc; a preloaded line turns it on.
    NODE_OPTIONS: `${PRODUCTION_RUNTIME_ENV.NODE_OPTIONS} --require ${traceGc()}`,
    // Plain HTTP here: production's secure cookies would not be sent back.
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    SEED_SAMPLE_PORTFOLIO: 'false',
    ADMIN_USERNAME: BENCH_ADMIN.username,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    ...(postgres ? { DATABASE_URL: postgres.url, APP_KEY: randomBytes(32).toString('base64') } : {}),
  };
  const rows: Row[] = [];
  let site = await startServer({ ...env, PORT: String(await freePort()) });
  try {
    const admin = await signIn(site.url);
    const headers = { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken, origin: site.url };
    const legit = await legitimateFile(site.url, headers, 40 * MB - 16 * 1024);
    console.log(`${database}: idle RSS ${rssMb(site.process.pid!).toFixed(0)} MB; the legitimate file is ${(legit.length / MB).toFixed(1)} MB`);
    rows.push(await measure(site, '700,000 keys (8.3 MB), dry run', () => post(site.url, '/api/content/import?dryRun=1', headers, flood())));
    if (!rows[0]!.alive) {
      await site.stop().catch(() => undefined);
      site = await startServer({ ...env, PORT: String(await freePort()) });
      const again = await signIn(site.url);
      Object.assign(headers, { cookie: again.cookie, 'x-csrf-token': again.csrfToken, origin: site.url });
    }
    const limits = atTheLimits();
    rows.push(await measure(site, `at the limits (${(limits.length / MB).toFixed(1)} MB), dry run`, () => post(site.url, '/api/content/import?dryRun=1', headers, limits)));
    rows.push(await measure(site, `${(legit.length / MB).toFixed(1)} MB with images, dry run`, () => post(site.url, '/api/content/import?dryRun=1', headers, legit)));
    rows.push(await measure(site, `${(legit.length / MB).toFixed(1)} MB with images, import`, () => post(site.url, '/api/content/import', headers, legit)));
    return rows;
  } finally {
    await site.stop().catch(() => undefined);
    await postgres?.drop();
  }
}

function print(database: string, rows: Row[]): void {
  console.log(`\nContent import, ${database} database, server heap limit 192 MB`);
  for (const row of rows) {
    console.log(`  ${row.what.padEnd(36)} ${String(row.status).padEnd(70)} ${row.seconds.toFixed(1).padStart(5)} s  peak heap ${row.heapMb.toFixed(0).padStart(4)} MB  peak RSS ${Number.isNaN(row.rssMb) ? '   —' : row.rssMb.toFixed(0).padStart(4)} MB  ${row.alive ? 'still answering' : 'SERVER GONE'}`);
  }
}

async function main(): Promise<void> {
  try {
    for (const database of ['embedded', 'PostgreSQL'] as const) {
      const rows = await run(database);
      if (rows) print(database, rows);
      else console.log(`\nPostgreSQL: none answers at ${LOCAL_POSTGRES}, not measured`);
    }
  } finally {
    fs.rmSync(TRACE_GC, { force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
