/**
 * Sustained load: 50 connections for three rounds of mixed page views and form posts (60 s in
 * all by default): nothing but 2xx, 3xx and 429 (the form rate limit), p99 reported, and memory
 * after the third round within 20% of the first (no leak).
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { startServer } from '../../tests/e2e/server';
import { freshDatabase } from '../lib/fresh-database';
import { freePort, rssMb } from '../lib/net';
import { CheckReport, type CheckResult } from './check';

const ROUND_SECONDS = Number(process.env.LOAD_ROUND_SECONDS ?? 20);
const ROUNDS = 3;
const PAGES = ['/', '/about', '/services/web-development', '/portfolio', '/industries/real-estate', '/contact', '/api/portfolio'];

function contactBody(): string {
  return JSON.stringify({ name: 'Load Drill', phone: '+44 20 7946 0000', email: 'load@example.com', subject: 'Load', message: 'Mixed load.', fillMs: 5000, clientToken: randomUUID() });
}

export async function sustainedLoad(): Promise<CheckResult> {
  const report = new CheckReport();
  const database = await freshDatabase(undefined, 'resilience');
  const server = await startServer({ NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(await freePort()), ...(database ? { DATABASE_URL: database.url } : {}) });
  try {
    const requests: autocannon.Request[] = [
      ...PAGES.map((path) => ({ method: 'GET' as const, path })),
      { method: 'POST', path: '/api/forms/contact', headers: { 'content-type': 'application/json' }, setupRequest: (req: autocannon.Request) => ({ ...req, body: contactBody() }) },
    ];
    const rss: number[] = [];
    const p99: number[] = [];
    const statuses: Record<string, number> = {};
    let errors = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const result = await autocannon({ url: server.url, connections: 50, duration: ROUND_SECONDS, headers: { 'accept-encoding': 'br, gzip' }, requests });
      rss.push(rssMb(server.process.pid!));
      p99.push(result.latency.p99);
      errors += result.errors + result.timeouts;
      for (const [code, { count }] of Object.entries(result.statusCodeStats as Record<string, { count: number }>)) statuses[code] = (statuses[code] ?? 0) + count;
    }
    const unexpected = Object.entries(statuses).filter(([code]) => !/^[23]\d\d$/.test(code) && code !== '429');
    report.figure('answers by status', JSON.stringify(statuses));
    report.figure('p99 per round', p99.map((ms) => `${ms} ms`).join(', '));
    report.figure('RSS after each round', rss.map((mb) => `${mb.toFixed(0)} MB`).join(', '));
    report.expect(unexpected.length === 0 && errors === 0, `unexpected answers ${JSON.stringify(Object.fromEntries(unexpected))}, ${errors} socket errors/timeouts`);
    report.expect(rss[ROUNDS - 1]! <= rss[0]! * 1.2, `memory grew from ${rss[0]!.toFixed(0)} MB to ${rss[ROUNDS - 1]!.toFixed(0)} MB`);
  } finally {
    await server.stop();
    await database?.drop();
  }
  return report.result();
}
