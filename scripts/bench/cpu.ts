/**
 * CPU per request of a cached page: the site's against the ceiling's (a bare `node:http` server
 * sending the same bytes). req/s hides most of the difference on a small machine, because the load
 * generator competes for the same cores; the CPU a server process spent answering the requests it
 * answered does not. Each figure is the process's own CPU time (user + system clock ticks in
 * `/proc/<pid>/stat`) over `CPU_SECONDS` of keep-alive requests from this process (autocannon).
 *
 * The site and the ceiling are loaded at the same time, each by 50 connections of its own, so that
 * whatever the machine does meanwhile (a slower spell, another tenant) weighs on both alike: one
 * round of the same server can be a third off the next on this machine, the two servers of one
 * window a tenth (docs/performance.md, "CPU per cached page"). A second window of each round loads
 * the ceiling's bare answers inside the site's process (./bare-in-site.ts) beside the ceiling: it
 * tells the site's code from the process it runs in. Figures are the medians of `rounds`.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon, { type Request as AutocannonRequest } from 'autocannon';
import { uniqueParameter } from './scenarios';

/** Seconds of each measuring window: some 30,000 requests per server on this machine. */
export const CPU_SECONDS = Number(process.env.BENCH_CPU_SECONDS ?? 3);
/** Rounds per page: nine pairs of each kind, the median of which moves little from run to run. */
export const CPU_ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 9);
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

/** GETs of one path, or requests as autocannon makes them (a new address each, say). */
type Requests = string | AutocannonRequest;

/**
 * Sends `requests` over 50 keep-alive connections, `amount` of them or for `duration` seconds;
 * fails on any answer but a 200. Returns how many were answered.
 */
async function send(server: Server, requests: Requests, load: { amount: number } | { duration: number }): Promise<number> {
  const request: AutocannonRequest = typeof requests === 'string' ? { method: 'GET', path: requests } : requests;
  const result = await autocannon({ url: server.url, connections: CONNECTIONS, ...load, headers: { 'accept-encoding': 'br, gzip' }, requests: [request] });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${failures} of ${result.requests.total} GETs of ${request.path} failed on ${server.url}`);
  return result['2xx'];
}

/**
 * With `BENCH_PROFILE=<folder>`, the last round of each page is also recorded with `perf record`
 * (call graphs, 2 kHz) into `<folder>/<server>/<page>.data`: `site` and `ceiling` of the one window,
 * `bareInSite` (the whole site's process) and `ceilingBesideBare` of the other. Start the servers with
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

interface Measure {
  /** µs of CPU per request. */
  cpu: number;
  requests: number;
}

/**
 * Loads two servers in other processes at once for `CPU_SECONDS` (each its own connections; the
 * second with `requestsOfSecond` when given, else the same requests) and returns each one's CPU
 * per request over that same window. With `profiles`, records each with `perf` meanwhile.
 */
async function cpuPerRequestTogether(servers: [Server, Server], requests: Requests, profiles?: [string, string], requestsOfSecond: Requests = requests): Promise<[Measure, Measure]> {
  const stopProfiles = profiles ? await Promise.all(servers.map((server, i) => recordProfile(server.pid, profiles[i]!))) : [];
  const before = servers.map((server) => cpuMicroseconds(server.pid));
  const answered = await Promise.all(servers.map((server, i) => send(server, i === 0 ? requests : requestsOfSecond, { duration: CPU_SECONDS })));
  const measures = servers.map((server, i) => ({ cpu: (cpuMicroseconds(server.pid) - before[i]!) / answered[i]!, requests: answered[i]! }));
  await Promise.all(stopProfiles.map((stop) => stop()));
  return measures as [Measure, Measure];
}

/** Seconds of no traffic over which a server's background CPU is measured. */
const IDLE_SECONDS = 3;

/**
 * The CPU a server spends with no request at all, in µs per second: for the site its pollers
 * (settings and content version, on the embedded database inside the process), timers and GC.
 * It is part of every window's figure, so it weighs more per request on a busy machine, where
 * fewer requests are answered in the same time.
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
  /** Of `site`, what the site spends with no traffic, spread over a window's requests (µs). */
  siteIdle: number;
  /** Bare ÷ site: the median of the rounds' ratios, each of the two measured in one window. */
  ratio: number;
  /** The lowest and the highest of those ratios: how far one window's figure can be off. */
  ratioRange: [low: number, high: number];
  /**
   * Bare in site ÷ site, each held against the ceiling beside it: what the site's own code costs,
   * in its own process.
   */
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
  const { site, ceiling, bareInSite } = servers;
  for (const path of paths) {
    for (const server of [site, ceiling, bareInSite]) await send(server, path, { amount: WARM_UP_REQUESTS });
    const pairs: { site: Measure; ceilingBesideSite: Measure; bareInSite: Measure; ceilingBesideBare: Measure }[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const profiles = (a: string, b: string) => (PROFILE_DIR && round === rounds - 1 ? ([a, b].map((name) => `${PROFILE_DIR}/${name}${path === '/' ? '/home' : path}.data`) as [string, string]) : undefined);
      const besideSite = () => cpuPerRequestTogether([site, ceiling], path, profiles('site', 'ceiling'));
      const besideBare = () => cpuPerRequestTogether([bareInSite, ceiling], path, profiles('bareInSite', 'ceilingBesideBare'));
      // Every other round the other window first, so neither always follows the warm-up.
      const first = round % 2 === 0 ? await besideSite() : await besideBare();
      const second = round % 2 === 0 ? await besideBare() : await besideSite();
      const [[siteMeasure, ceilingBesideSite], [bareMeasure, ceilingBesideBare]] = round % 2 === 0 ? [first, second] : [second, first];
      pairs.push({ site: siteMeasure, ceilingBesideSite, bareInSite: bareMeasure, ceilingBesideBare });
    }
    const ratios = pairs.map((pair) => pair.ceilingBesideSite.cpu / pair.site.cpu);
    rows.push({
      path,
      site: median(pairs.map((pair) => pair.site.cpu)),
      ceiling: median(pairs.map((pair) => pair.ceilingBesideSite.cpu)),
      bareInSite: median(pairs.map((pair) => pair.bareInSite.cpu)),
      siteIdle: (idlePerSecond * CPU_SECONDS) / median(pairs.map((pair) => pair.site.requests)),
      ratio: median(ratios),
      ratioRange: [Math.min(...ratios), Math.max(...ratios)],
      ratioInSite: median(pairs.map((pair) => pair.bareInSite.cpu / pair.ceilingBesideBare.cpu / (pair.site.cpu / pair.ceilingBesideSite.cpu))),
    });
    process.stdout.write('.');
  }
  return rows;
}

/** The table, with req/s and p99 of the same pages from the throughput rounds beside it. */
export function printCpu(rows: CpuRow[], throughput: (path: string) => { site?: { rps: number; p99: number }; ceiling?: { rps: number; p99: number } }, rounds: number): void {
  console.log(`CPU per cached page: µs of the server process's CPU per request (/proc/<pid>/stat), site and ceiling loaded together for ${CPU_SECONDS} s, median of ${rounds} rounds`);
  const widths = [22, 9, 9, 12, 14, 13, 6, 11, 15, 9, 8, 13, 12];
  const line = (cells: string[]) => console.log(cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' '));
  line(['page', 'site µs', 'idle µs', 'ceiling µs', 'bare in site', 'bare ÷ site', 'goal', 'pairs', 'in site ÷ site', 'req/s', 'p99 ms', 'ceiling req/s', 'ceiling p99']);
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
      row.ratioRange.map((value) => value.toFixed(2)).join('–'),
      row.ratioInSite.toFixed(2),
      site ? site.rps.toFixed(0) : '–',
      site ? site.p99.toFixed(1) : '–',
      ceiling ? ceiling.rps.toFixed(0) : '–',
      ceiling ? ceiling.p99.toFixed(1) : '–',
    ]);
  }
  console.log('idle µs: of the site µs, what the site spends with no traffic at all (pollers, timers) over the same time, per request.');
  console.log('bare ÷ site: the median of the rounds\' ratios, each of the two servers measured in the same window;');
  console.log('  pairs: the lowest and highest of those ratios.');
  console.log('bare in site: the ceiling\'s bare answers sent from inside the site\'s process (loaded beside the ceiling in a window');
  console.log('  of its own); in site ÷ site is what the site\'s own code costs there (1.00: nothing).');
  console.log(`Goal: bare ÷ site ≥ ${CPU_GOAL} on every cached page.`);
}

/**
 * A campaign link: the address of a cached page with a query the page does not read (a campaign
 * tag, an ad's click id, anything unknown), a new value at every request as an ad's visitors
 * bring. It is answered from the render cache as its page is (server/middleware/cached-answer.ts).
 */
export interface CampaignLink {
  /** The cached page it shows. */
  page: string;
  parameter: string;
}

export const CAMPAIGN_LINKS: readonly CampaignLink[] = [
  { page: '/', parameter: 'utm_source' },
  { page: '/', parameter: 'x' },
  { page: '/portfolio', parameter: 'fbclid' },
];

export const campaignLinkName = ({ page, parameter }: CampaignLink) => `GET ${page}?${parameter}=<unique>`;

/** Goal: a campaign link costs the site at most 1/0.9 of the CPU of its plain cached page. */
export const CAMPAIGN_GOAL = 0.9;

export interface CampaignRow {
  link: CampaignLink;
  /** µs of the site's CPU per answer of the link, and of its page (medians of the rounds). */
  site: number;
  page: number;
  /**
   * The site's CPU per answer of the page ÷ per answer of the link, each window's figure first
   * divided by the ceiling's beside it (which answers the plain page in both): the median of the
   * rounds, and the lowest and highest of them.
   */
  ratio: number;
  ratioRange: [low: number, high: number];
}

/**
 * What a campaign link costs the site against its plain cached page. The two cannot share one
 * window (one process answers both), so each round has two: the site loaded with the page, then
 * with the link (in the other order every other round), each beside the ceiling loaded with the
 * plain page; the ceiling, doing the same work in both, tells how fast the machine was in each.
 */
export async function measureCampaignCpu(servers: { site: Server; ceiling: Server }, links: readonly CampaignLink[], rounds: number): Promise<CampaignRow[]> {
  const { site, ceiling } = servers;
  const rows: CampaignRow[] = [];
  for (const link of links) {
    const linkRequests = uniqueParameter(link.page, link.parameter);
    // The page's requests are written anew each time too, so the load generator (on the same cores)
    // works as hard in both windows: a new address each time costs it a third of its req/s.
    const pageRequests: AutocannonRequest = { method: 'GET', path: link.page, setupRequest: (request) => ({ ...request, path: link.page }) };
    for (const [server, requests] of [[site, pageRequests], [site, linkRequests], [ceiling, link.page]] as const) await send(server, requests, { amount: WARM_UP_REQUESTS });
    const pairs: { page: Measure; link: Measure; ratio: number }[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const pageWindow = () => cpuPerRequestTogether([site, ceiling], pageRequests, undefined, link.page);
      const linkWindow = () => cpuPerRequestTogether([site, ceiling], linkRequests, undefined, link.page);
      const first = round % 2 === 0 ? await pageWindow() : await linkWindow();
      const second = round % 2 === 0 ? await linkWindow() : await pageWindow();
      const [[page, ceilingBesidePage], [linked, ceilingBesideLink]] = round % 2 === 0 ? [first, second] : [second, first];
      pairs.push({ page, link: linked, ratio: page.cpu / ceilingBesidePage.cpu / (linked.cpu / ceilingBesideLink.cpu) });
    }
    const ratios = pairs.map((pair) => pair.ratio);
    rows.push({
      link,
      site: median(pairs.map((pair) => pair.link.cpu)),
      page: median(pairs.map((pair) => pair.page.cpu)),
      ratio: median(ratios),
      ratioRange: [Math.min(...ratios), Math.max(...ratios)],
    });
    process.stdout.write('.');
  }
  return rows;
}

export function printCampaignCpu(rows: CampaignRow[], rounds: number): void {
  console.log(`CPU per campaign link: µs of the site's CPU per request, the link's and its cached page's, median of ${rounds} rounds`);
  const widths = [36, 9, 9, 16, 6, 11];
  const line = (cells: string[]) => console.log(cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' '));
  line(['campaign link', 'link µs', 'page µs', 'page ÷ link', 'goal', 'pairs']);
  for (const row of rows) {
    line([
      campaignLinkName(row.link),
      row.site.toFixed(1),
      row.page.toFixed(1),
      row.ratio.toFixed(2),
      row.ratio >= CAMPAIGN_GOAL ? 'met' : 'NOT',
      row.ratioRange.map((value) => value.toFixed(2)).join('–'),
    ]);
  }
  console.log('page ÷ link: the site\'s CPU per answer of the cached page ÷ per answer of the link (1.00: the link costs');
  console.log('  what its page costs), each window\'s figure held against the ceiling answering the plain page beside it;');
  console.log('  pairs: the lowest and highest of the rounds\' ratios.');
  console.log(`Goal: page ÷ link ≥ ${CAMPAIGN_GOAL} for every campaign link.`);
}
