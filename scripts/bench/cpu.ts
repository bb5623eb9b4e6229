/**
 * CPU per request of a cached page: the site's against the ceiling's (a bare `node:http` server
 * sending the same bytes). req/s hides most of the difference on a small machine, because the load
 * generator competes for the same cores; the CPU a server process spent answering a fixed number
 * of requests does not. Each figure is the process's own CPU time (user + system clock ticks in
 * `/proc/<pid>/stat`) over `CPU_REQUESTS` keep-alive requests from this process (autocannon), the
 * median of `rounds`, site and ceiling alternating; their ratio is the median of the pairs. A
 * third server in each round is the ceiling's bare answers inside the site's process
 * (./bare-in-site.ts): it tells the site's code from the process it runs in.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
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

/**
 * With `BENCH_PROFILE=<folder>`, the last round of each page and server is also recorded with
 * `perf record` (call graphs, 2 kHz) into `<folder>/<site|ceiling|bareInSite>/<page>.data` (the
 * whole process: `bareInSite` is the site's). Start the servers with
 * `BENCH_NODE_OPTIONS='--max-old-space-size=192 --perf-prof'` so JavaScript frames can be named
 * afterwards (`perf inject --jit`; docs/performance.md, "Profiling a cached page").
 */
const PROFILE_DIR = process.env.BENCH_PROFILE;

/** Runs `perf record` on `pid` until the returned function is called. */
async function recordProfile(pid: number, file: string): Promise<() => Promise<void>> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const perf = spawn('perf', ['record', '-k', 'mono', '-F', '2000', '-g', '-p', String(pid), '-o', file], { stdio: 'ignore' });
  const exited = new Promise((resolve) => perf.once('exit', resolve));
  // perf attaches to the process's threads before the round starts.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return async () => {
    perf.kill('SIGINT');
    await exited;
  };
}

async function cpuPerRequest(server: Server, path: string, profile?: string): Promise<Round> {
  const stopProfile = profile ? await recordProfile(server.pid, profile) : undefined;
  const before = cpuMicroseconds(server.pid);
  const started = performance.now();
  await send(server, path, CPU_REQUESTS);
  const round = { cpu: (cpuMicroseconds(server.pid) - before) / CPU_REQUESTS, seconds: (performance.now() - started) / 1000 };
  await stopProfile?.();
  return round;
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
  /** The ceiling's bare answers sent from inside the site's process (./bare-in-site.ts). */
  bareInSite: number;
  /** Of `site`, what the site spends with no traffic, spread over the round's requests (µs). */
  siteIdle: number;
  /**
   * Bare ÷ site: the median of each round's pair (a site round and the ceiling round right after
   * it), so a machine that slows down or speeds up between rounds weighs on both sides alike.
   */
  ratio: number;
  /** Bare in site ÷ site, the same way: what the site's own code costs, in its own process. */
  ratioInSite: number;
}

/** The servers a page's CPU is measured on; `bareInSite` has the site's pid. */
export interface CpuServers {
  site: Server;
  ceiling: Server;
  bareInSite: Server;
}

export async function measureCpu(servers: CpuServers, paths: string[], rounds: number): Promise<CpuRow[]> {
  const rows: CpuRow[] = [];
  // Measured once, after the throughput rounds (nothing is left running then).
  const idlePerSecond = await idleCpuPerSecond(servers.site);
  const names = ['site', 'ceiling', 'bareInSite'] as const;
  for (const path of paths) {
    for (const name of names) await send(servers[name], path, WARM_UP_REQUESTS);
    const measured: Record<(typeof names)[number], Round[]> = { site: [], ceiling: [], bareInSite: [] };
    for (let round = 0; round < rounds; round += 1) {
      for (const name of names) {
        const profile = PROFILE_DIR && round === rounds - 1 ? `${PROFILE_DIR}/${name}${path === '/' ? '/home' : path}.data` : undefined;
        measured[name].push(await cpuPerRequest(servers[name], path, profile));
      }
    }
    const cpu = (name: (typeof names)[number]) => median(measured[name].map((round) => round.cpu));
    const pairedRatio = (name: 'ceiling' | 'bareInSite') => median(measured.site.map((round, i) => measured[name][i]!.cpu / round.cpu));
    const siteSeconds = median(measured.site.map((round) => round.seconds));
    rows.push({ path, site: cpu('site'), ceiling: cpu('ceiling'), bareInSite: cpu('bareInSite'), siteIdle: (idlePerSecond * siteSeconds) / CPU_REQUESTS, ratio: pairedRatio('ceiling'), ratioInSite: pairedRatio('bareInSite') });
    process.stdout.write('.');
  }
  return rows;
}

/** The table, with req/s and p99 of the same pages from the throughput rounds beside it. */
export function printCpu(rows: CpuRow[], throughput: (path: string) => { site?: { rps: number; p99: number }; ceiling?: { rps: number; p99: number } }, rounds: number): void {
  console.log(`CPU per cached page: µs of the server process's CPU per request (/proc/<pid>/stat), ${CPU_REQUESTS} keep-alive requests, median of ${rounds}`);
  const widths = [22, 9, 9, 12, 14, 13, 6, 15, 9, 8, 13, 12];
  const line = (cells: string[]) => console.log(cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' '));
  line(['page', 'site µs', 'idle µs', 'ceiling µs', 'bare in site', 'bare ÷ site', 'goal', 'in site ÷ site', 'req/s', 'p99 ms', 'ceiling req/s', 'ceiling p99']);
  for (const row of rows) {
    const { ratio } = row;
    const { site, ceiling } = throughput(row.path);
    line([
      `GET ${row.path}`,
      row.site.toFixed(1),
      row.siteIdle.toFixed(1),
      row.ceiling.toFixed(1),
      row.bareInSite.toFixed(1),
      ratio.toFixed(2),
      ratio >= CPU_GOAL ? 'met' : 'NOT',
      row.ratioInSite.toFixed(2),
      site ? site.rps.toFixed(0) : '–',
      site ? site.p99.toFixed(1) : '–',
      ceiling ? ceiling.rps.toFixed(0) : '–',
      ceiling ? ceiling.p99.toFixed(1) : '–',
    ]);
  }
  console.log('idle µs: of the site µs, what the site spends with no traffic at all (pollers, timers) over the same time, per request.');
  console.log('bare ÷ site: the median of the rounds\' ratios, each a site round against the ceiling round right after it.');
  console.log('bare in site: the ceiling\'s bare answers sent from inside the site\'s process; in site ÷ site is what the site\'s own');
  console.log('  code costs there (1.00: nothing), and bare ÷ in site what the process costs.');
  console.log(`Goal: bare ÷ site ≥ ${CPU_GOAL} on every cached page.`);
}
