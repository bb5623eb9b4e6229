/**
 * CPU per request of a cached page: the site's against the ceiling's (a bare `node:http` server
 * sending the same bytes). req/s hides most of the difference on a small machine, because the load
 * generator competes for the same cores; the CPU a server process spent answering a fixed number
 * of requests does not. Each figure is the process's own CPU time (user + system clock ticks in
 * `/proc/<pid>/stat`) over `CPU_REQUESTS` keep-alive requests from this process (autocannon), the
 * median of `rounds`, site and ceiling alternating; their ratio is the median of the pairs.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import autocannon from 'autocannon';

export const CPU_REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 40_000);
/** Rounds per page and server: five pairs, as one round's CPU can be a sixth off on a shared machine. */
export const CPU_ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 5);
/** Requests per server before the first measured round, so both run JIT-compiled code. */
const WARM_UP_REQUESTS = 10_000;
const CONNECTIONS = 50;
/** Goal: the site spends at most 1/0.9 of the bare server's CPU on a cached page. */
export const CPU_GOAL = 0.9;

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** User + system CPU a process has used so far, in µs (fields 14 and 15 of `/proc/<pid>/stat`). */
function cpuMicroseconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) is in parentheses and may hold spaces: count from after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND) * 1e6;
}

export interface Server {
  url: string;
  pid: number;
}

/** Sends `amount` GETs of `path` over 50 keep-alive connections; fails on any answer but a 200. */
async function send(server: Server, path: string, amount: number): Promise<void> {
  const result = await autocannon({ url: server.url, connections: CONNECTIONS, amount, headers: { 'accept-encoding': 'br, gzip' }, requests: [{ method: 'GET', path }] });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${failures} of ${amount} GETs of ${path} failed on ${server.url}`);
}

interface Round {
  /** µs of CPU per request. */
  cpu: number;
  /** How long the round took, in seconds. */
  seconds: number;
}

async function cpuPerRequest(server: Server, path: string): Promise<Round> {
  const before = cpuMicroseconds(server.pid);
  const started = performance.now();
  await send(server, path, CPU_REQUESTS);
  return { cpu: (cpuMicroseconds(server.pid) - before) / CPU_REQUESTS, seconds: (performance.now() - started) / 1000 };
}

/** Seconds of no traffic over which a server's background CPU is measured. */
const IDLE_SECONDS = 3;

/**
 * The CPU a server spends with no request at all, in µs per second: for the site its pollers
 * (settings and content version, on the embedded database inside the process), timers and GC.
 * It is part of every round's figure in proportion to the round's length, so it weighs more per
 * request on a busy machine, where the same requests take longer.
 */
async function idleCpuPerSecond(server: Server): Promise<number> {
  // A second first, for the collections V8 runs once the load before has stopped.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const before = cpuMicroseconds(server.pid);
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  return (cpuMicroseconds(server.pid) - before) / IDLE_SECONDS;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export interface CpuRow {
  path: string;
  /** µs of CPU per request. */
  site: number;
  ceiling: number;
  /** Of `site`, what the site spends with no traffic, spread over the round's requests (µs). */
  siteIdle: number;
  /**
   * Bare ÷ site: the median of each round's pair (a site round and the ceiling round right after
   * it), so a machine that slows down or speeds up between rounds weighs on both sides alike.
   */
  ratio: number;
}

export async function measureCpu(site: Server, ceiling: Server, paths: string[], rounds: number): Promise<CpuRow[]> {
  const rows: CpuRow[] = [];
  // Measured once, after the throughput rounds (nothing is left running then).
  const idlePerSecond = await idleCpuPerSecond(site);
  for (const path of paths) {
    await send(site, path, WARM_UP_REQUESTS);
    await send(ceiling, path, WARM_UP_REQUESTS);
    const siteRounds: Round[] = [];
    const ceilingRounds: Round[] = [];
    for (let round = 0; round < rounds; round += 1) {
      siteRounds.push(await cpuPerRequest(site, path));
      ceilingRounds.push(await cpuPerRequest(ceiling, path));
    }
    const siteMedian = median(siteRounds.map((round) => round.cpu));
    const siteSeconds = median(siteRounds.map((round) => round.seconds));
    const ratio = median(siteRounds.map((round, i) => ceilingRounds[i]!.cpu / round.cpu));
    rows.push({ path, site: siteMedian, ceiling: median(ceilingRounds.map((round) => round.cpu)), siteIdle: (idlePerSecond * siteSeconds) / CPU_REQUESTS, ratio });
    process.stdout.write('.');
  }
  return rows;
}

/** The table, with req/s and p99 of the same pages from the throughput rounds beside it. */
export function printCpu(rows: CpuRow[], throughput: (path: string) => { site?: { rps: number; p99: number }; ceiling?: { rps: number; p99: number } }, rounds: number): void {
  console.log(`CPU per cached page: µs of the server process's CPU per request (/proc/<pid>/stat), ${CPU_REQUESTS} keep-alive requests, median of ${rounds}`);
  const widths = [22, 10, 10, 13, 14, 6, 9, 8, 13, 12];
  const line = (cells: string[]) => console.log(cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' '));
  line(['page', 'site µs', 'idle µs', 'ceiling µs', 'bare ÷ site', 'goal', 'req/s', 'p99 ms', 'ceiling req/s', 'ceiling p99']);
  for (const row of rows) {
    const { ratio } = row;
    const { site, ceiling } = throughput(row.path);
    line([
      `GET ${row.path}`,
      row.site.toFixed(1),
      row.siteIdle.toFixed(1),
      row.ceiling.toFixed(1),
      ratio.toFixed(2),
      ratio >= CPU_GOAL ? 'met' : 'NOT',
      site ? site.rps.toFixed(0) : '–',
      site ? site.p99.toFixed(1) : '–',
      ceiling ? ceiling.rps.toFixed(0) : '–',
      ceiling ? ceiling.p99.toFixed(1) : '–',
    ]);
  }
  console.log('idle µs: of the site µs, what the site spends with no traffic at all (pollers, timers) over the same time, per request.');
  console.log('bare ÷ site: the median of the rounds\' ratios, each a site round against the ceiling round right after it.');
  console.log(`Goal: bare ÷ site ≥ ${CPU_GOAL} on every cached page.`);
}
