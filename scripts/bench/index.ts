/**
 * `npm run bench`: the site's throughput and latency against a ceiling server answering the same
 * bytes, in one run on this machine, plus peak memory, uncached render time and JavaScript weight.
 *
 *   npm run bench                 # builds for production first
 *   BENCH_SECONDS=10 BENCH_ROUNDS=5 npm run bench
 *   BENCH_ONLY=/about npm run bench    # only the scenarios whose name contains this (or one of
 *                                      # `a|b`; `=GET /` for that name exactly), and the cached
 *                                      # pages they are held against
 *
 * Each route is loaded by autocannon with 50 connections for BENCH_SECONDS, BENCH_ROUNDS times,
 * alternating site and ceiling; the printed figures are the medians of the rounds. Scenarios of
 * addresses that are not a plain cached page (campaign parameters, categories, a change under
 * load) are also held against their cached page: goal ≥ 90% of its req/s and p99 ≤ 15 ms.
 *
 * Then the CPU each server process spends per request on the cached pages of `CPU_PAGES` (see
 * ./cpu.ts; BENCH_CPU_SECONDS=3 and BENCH_CPU_ROUNDS=9 by default): goal, the bare server's ÷ the site's ≥ 0.90.
 * And the site's CPU per request of each campaign link (`CAMPAIGN_LINKS`: a cached page's address
 * with a new unread parameter each time) against its plain cached page's: goal ≥ 0.90 (req/s
 * hides it: the load generator's own work of writing a new address each time weighs on them).
 * BENCH_ONLY picks them by name too (`BENCH_ONLY='<unique>'` runs them alone with their pages).
 * The site runs with its default settings, access logs included.
 */
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import * as esbuild from 'esbuild';
import { launchBrowser } from '../../tests/e2e/browser';
import { startServer, type RunningServer } from '../../tests/e2e/server';
import { measureJsWeight, printJsWeights } from '../js-weight';
import { freshDatabase, LOCAL_POSTGRES } from '../lib/fresh-database';
import { freePort, peakRssMb, rssMb } from '../lib/net';
import type { PortfolioItemJson } from '../../shared/portfolio/item';
import { CAMPAIGN_LINKS, campaignLinkName, CPU_ROUNDS, CPU_SECONDS, measureCampaignCpu, measureCpu, printCampaignCpu, printCpu, type Server } from './cpu';
import { measureMemory, printMemory } from './memory';
import { BENCH_ADMIN, benchScenarios, prepareSite, type Scenario } from './scenarios';
import { PRODUCTION_RUNTIME_ENV } from '../lib/production-env';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ONLY = process.env.BENCH_ONLY;
/**
 * How the site, the ceiling and the render timing run: as deployed (`NODE_ENV=production` and the
 * runtime settings of `server/runtime-settings.ts`), or with BENCH_NODE_OPTIONS instead of its
 * V8 flags, to measure what one of them costs.
 */
const RUNTIME_ENV_OF_SERVERS: Record<string, string> = {
  ...PRODUCTION_RUNTIME_ENV,
  ...(process.env.BENCH_NODE_OPTIONS !== undefined ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
};
const ROOT = path.resolve(__dirname, '../..');
const GOAL = { shareOfCached: 0.9, p99Ms: 15 };
/** The cached pages whose CPU per request is measured. */
// `/careers` is a page staff made from sections: it must cost what a built-in page does.
const CPU_PAGES = ['/', '/about', '/contact', '/portfolio', '/careers'];

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers outside 2xx/3xx, and socket errors or timeouts. */
  failures: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function load(baseUrl: string, scenario: Scenario): Promise<Figures> {
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'accept-encoding': 'br, gzip' },
    requests: scenario.requests,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx - (result['3xx'] ?? 0) + result.errors + result.timeouts,
  };
}

/** The bench's scratch folder: the captured pages and the bundled helpers. */
const WORK = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
/** The captured answers, for the ceiling and for the bare answers inside the site. */
const PAGES_FILE = path.join(WORK, 'pages.json');

/**
 * A helper of the bench bundled to plain JavaScript with esbuild, to run under plain `node` as the
 * site's bundle does (under tsx, its module loader would share the process and its heap).
 */
function bundled(entry: string): string {
  const outfile = path.join(WORK, `${path.basename(entry, '.ts')}.js`);
  esbuild.buildSync({ entryPoints: [path.join(__dirname, entry)], bundle: true, platform: 'node', format: 'cjs', outfile, logLevel: 'warning' });
  return outfile;
}

async function startCeiling(): Promise<Server & { stop: () => void }> {
  const child = spawn(process.execPath, [bundled('ceiling-server.ts'), PAGES_FILE], {
    stdio: ['ignore', 'pipe', 'inherit'],
    // The site's runtime settings: the two servers differ by their code only, not by how V8 is
    // told to manage their memory.
    env: { ...process.env, ...RUNTIME_ENV_OF_SERVERS },
  });
  // The server's own pid, which it prints.
  const { url, pid } = await new Promise<Server>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`ceiling server exited with ${code}`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = line.match(/listening on (\S+) \(pid (\d+)\)/);
      if (match) resolve({ url: match[1]!, pid: Number(match[2]) });
    });
  });
  return { url, pid, stop: () => child.kill('SIGTERM') };
}

/**
 * What the site is started with so that its process also sends the ceiling's bare answers, on a
 * port of their own (./bare-in-site.ts): the CPU table's `bare in site` column.
 */
async function bareAnswersInSite(): Promise<{ env: Record<string, string>; url: string }> {
  const port = await freePort();
  return {
    env: {
      NODE_OPTIONS: `${RUNTIME_ENV_OF_SERVERS.NODE_OPTIONS ?? ''} --require ${bundled('bare-in-site.ts')}`.trim(),
      BENCH_BARE_PORT: String(port),
      BENCH_BARE_PAGES: PAGES_FILE,
    },
    url: `http://127.0.0.1:${port}`,
  };
}

interface Timing {
  bytes: number;
  p50: number;
  p99: number;
}

/** Uncached renders timed in a process of their own: `/`, and a true miss of `/portfolio`. */
function uncachedRenderTiming(items: PortfolioItemJson[]): { home: Timing; portfolio: Timing; portfolioMiss: Timing } {
  const file = path.join(WORK, 'items.json');
  fs.writeFileSync(file, JSON.stringify(items));
  const output = execFileSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(__dirname, 'render-timing.tsx'), file], {
    cwd: ROOT,
    env: { ...process.env, ...RUNTIME_ENV_OF_SERVERS },
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').pop()!);
}

interface Row {
  scenario: Scenario;
  site: Figures;
  ceiling?: Figures;
  /** What ran beside the load, per round. */
  notes: string[];
}

function printTable(rows: Row[]): void {
  const header = ['route', 'req/s', 'p50 ms', 'p99 ms', 'ceiling req/s', 'ceiling p99', 'ratio', 'vs cached', 'goal', 'failures'];
  const widths = [44, 9, 8, 8, 14, 12, 7, 10, 5, 9];
  const line = (cells: string[]) => console.log(cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' '));
  line(header);
  for (const { scenario, site, ceiling } of rows) {
    const cached = rows.find((row) => row.scenario.name === scenario.comparedTo)?.site;
    const share = cached ? site.requestsPerSecond / cached.requestsPerSecond : undefined;
    const met = share !== undefined ? share >= GOAL.shareOfCached && site.p99 <= GOAL.p99Ms : undefined;
    line([
      scenario.name,
      site.requestsPerSecond.toFixed(0),
      site.p50.toFixed(1),
      site.p99.toFixed(1),
      ceiling ? ceiling.requestsPerSecond.toFixed(0) : '–',
      ceiling ? ceiling.p99.toFixed(1) : '–',
      ceiling ? `${((100 * site.requestsPerSecond) / ceiling.requestsPerSecond).toFixed(0)}%` : '–',
      share !== undefined ? `${(100 * share).toFixed(0)}%` : '–',
      scenario.judgedByCpu ? 'CPU' : met === undefined ? '' : met ? 'met' : 'NOT',
      String(site.failures),
    ]);
  }
  for (const { scenario, notes } of rows) if (notes.length > 0) console.log(`${scenario.name}: ${notes.join(', ')} per round`);
  console.log(`vs cached: req/s of an address ÷ its cached page's. Goal for them: ≥ ${100 * GOAL.shareOfCached}% of its req/s, p99 ≤ ${GOAL.p99Ms} ms.`);
  console.log('  For <unique> addresses the load generator writes a new request each time, which costs it (and so the');
  console.log('  site, on shared cores) req/s: the ceiling loses as much. Their goal ("CPU") is their CPU per request, below.');
}

async function main(): Promise<void> {
  console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
  console.log(`Load: ${CONNECTIONS} connections, ${SECONDS} s per round, median of ${ROUNDS} rounds\n`);
  // A fresh PostgreSQL database as production runs (BENCH_DATABASE_URL=embedded for PGlite).
  const serverUrl = process.env.BENCH_DATABASE_URL ?? LOCAL_POSTGRES;
  const database = serverUrl === 'embedded' ? undefined : await freshDatabase(serverUrl, 'bench');
  console.log(`Database: ${database ? 'a fresh PostgreSQL database' : 'embedded PGlite'}\n`);
  // Default settings, access logs included (cached pages are counted, not logged one by one).
  const bareInSite = await bareAnswersInSite();
  const site: RunningServer = await startServer({
    ...RUNTIME_ENV_OF_SERVERS,
    ...bareInSite.env,
    LOG_LEVEL: 'info',
    PORT: String(await freePort()),
    FORM_RATE_LIMIT: '100000000',
    ADMIN_USERNAME: BENCH_ADMIN.username,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  let ceiling: (Server & { stop: () => void }) | undefined;
  try {
    const prepared = await prepareSite(site.url);
    const rssAfterUploads = rssMb(site.process.pid!);
    const all = benchScenarios(prepared);
    const chosen = (name: string) => !ONLY || ONLY.split('|').some((part) => (part.startsWith('=') ? name === part.slice(1) : name.includes(part)));
    const picked = all.filter((scenario) => chosen(scenario.name));
    const scenarios = all.filter((scenario) => picked.includes(scenario) || picked.some((one) => one.comparedTo === scenario.name));
    fs.writeFileSync(PAGES_FILE, JSON.stringify(prepared.pages));
    ceiling = await startCeiling();
    const rows: Row[] = [];
    for (const scenario of scenarios) {
      const siteRounds: Figures[] = [];
      const ceilingRounds: Figures[] = [];
      const notes: string[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const stopBeside = scenario.beside?.(site.url);
        siteRounds.push(await load(site.url, scenario));
        if (stopBeside) notes.push(await stopBeside());
        if (scenario.hasCeiling) ceilingRounds.push(await load(ceiling.url, scenario));
      }
      const pick = (rounds: Figures[]): Figures => ({
        requestsPerSecond: median(rounds.map((r) => r.requestsPerSecond)),
        p50: median(rounds.map((r) => r.p50)),
        p99: median(rounds.map((r) => r.p99)),
        failures: rounds.reduce((sum, r) => sum + r.failures, 0),
      });
      rows.push({ scenario, site: pick(siteRounds), ceiling: scenario.hasCeiling ? pick(ceilingRounds) : undefined, notes });
      process.stdout.write('.');
    }
    console.log('\n');
    printTable(rows);
    const cpuPages = CPU_PAGES.filter((page) => picked.some((scenario) => scenario.name === `GET ${page}`));
    if (cpuPages.length > 0) {
      console.log(`\nCPU: ${CPU_ROUNDS} rounds of ${CPU_SECONDS} s windows`);
      const sitePid = site.process.pid!;
      const cpu = await measureCpu({ site: { url: site.url, pid: sitePid }, ceiling, bareInSite: { url: bareInSite.url, pid: sitePid } }, cpuPages, CPU_ROUNDS);
      console.log('\n');
      const figures = (path: string) => {
        const row = rows.find((one) => one.scenario.name === `GET ${path}`);
        return {
          site: row && { rps: row.site.requestsPerSecond, p99: row.site.p99 },
          ceiling: row?.ceiling && { rps: row.ceiling.requestsPerSecond, p99: row.ceiling.p99 },
        };
      };
      printCpu(cpu, figures, CPU_ROUNDS);
    }
    const campaignLinks = CAMPAIGN_LINKS.filter((link) => chosen(campaignLinkName(link)));
    if (campaignLinks.length > 0) {
      console.log(`\nCPU of campaign links: ${CPU_ROUNDS} rounds of two ${CPU_SECONDS} s windows`);
      const campaign = await measureCampaignCpu({ site: { url: site.url, pid: site.process.pid! }, ceiling }, campaignLinks, CPU_ROUNDS);
      console.log('\n');
      printCampaignCpu(campaign, CPU_ROUNDS);
    }
    console.log(`\nRSS of the site after the 12 uploads: ${rssAfterUploads.toFixed(0)} MB; at the end: ${rssMb(site.process.pid!).toFixed(0)} MB; peak: ${peakRssMb(site.process.pid!).toFixed(0)} MB`);

    const render = uncachedRenderTiming(prepared.items);
    const timing = (what: string, { bytes, p50, p99 }: Timing) => console.log(`${what} (${(bytes / 1024).toFixed(0)} KB of HTML): p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`);
    console.log('Uncached, in a process of its own (production React):');
    timing('  render of /', render.home);
    timing(`  render of /portfolio, ${prepared.items.length} items`, render.portfolio);
    timing('  true miss of /portfolio: render, store and brotli for the one client', render.portfolioMiss);
    console.log(`  goal for the true miss: p50 ≤ 3 ms: ${render.portfolioMiss.p50 <= 3 ? 'met' : 'NOT met'}\n`);

    const browser = await launchBrowser();
    try {
      printJsWeights(await measureJsWeight(browser, site.url, prepared.pagePaths));
    } finally {
      await browser.close();
    }
  } finally {
    ceiling?.stop();
    await site.stop();
    await database?.drop();
  }
  // Memory on both databases, each in a site of its own (skipped when BENCH_ONLY picks scenarios).
  if (!ONLY) printMemory(await measureMemory());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
