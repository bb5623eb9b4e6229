/**
 * PostgreSQL restarted during 1000 requests at 50 connections (page views and contact form posts):
 * the process stays up, database calls answer a clear 503 within 5 s of the outage, they answer
 * 2xx again within 10 s of PostgreSQL's return, and every submission that got a 2xx is stored
 * exactly once.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import knexFactory from 'knex';
import { startServer } from '../../tests/e2e/server';
import { freshDatabase } from '../lib/fresh-database';
import { freePort } from '../lib/net';
import { ensurePostgresRunning, startPostgres, stopPostgres } from '../lib/postgres-cluster';
import { CheckReport, type CheckResult } from './check';

const REQUESTS = 1000;
const CONNECTIONS = 50;
/** Requests are paced so the 1000 span the outage: about 100 a second. */
const PACE_MS = 500;
const OUTAGE_AT_MS = 2000;
const OUTAGE_MS = 3000;

interface Answer {
  at: number;
  kind: 'page' | 'post';
  status: number;
  body: string;
  clientToken?: string;
}

function send(url: string, agent: http.Agent, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = http.request(url, { agent, method: body ? 'POST' : 'GET', headers: body ? { 'content-type': 'application/json' } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ status: 0, body: error.code ?? String(error) }));
    req.setTimeout(15_000, () => req.destroy());
    req.end(body);
  });
}

export async function databaseRestart(): Promise<CheckResult> {
  const report = new CheckReport();
  const database = await freshDatabase(undefined, 'resilience');
  if (!database) throw new Error('no local PostgreSQL to run against');
  const server = await startServer({ LOG_LEVEL: 'warn', PORT: String(await freePort()), DATABASE_URL: database.url, FORM_RATE_LIMIT: '100000' });
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const answers: Answer[] = [];
  const started = Date.now();
  let outageStart = 0;
  let outageEnd = 0;
  try {
    const outage = (async () => {
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_AT_MS));
      stopPostgres();
      outageStart = Date.now();
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      startPostgres();
      outageEnd = Date.now();
    })();

    let next = 0;
    const worker = async () => {
      while (next < REQUESTS) {
        const index = next++;
        const isPost = index % 2 === 1;
        const clientToken = isPost ? randomUUID() : undefined;
        const body = isPost
          ? JSON.stringify({ name: 'Restart Drill', phone: '+44 20 7946 0000', email: 'drill@example.com', subject: 'Outage', message: `Drill ${index}`, fillMs: 5000, clientToken })
          : undefined;
        const answer = await send(`${server.url}${isPost ? '/api/forms/contact' : '/'}`, agent, body);
        answers.push({ at: Date.now(), kind: isPost ? 'post' : 'page', ...answer, clientToken });
        await new Promise((resolve) => setTimeout(resolve, PACE_MS));
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    await outage;
    // Make sure the tail end of the run saw PostgreSQL back: keep posting until a 2xx, at most 10 s.
    while (Date.now() - outageEnd < 10_000) {
      const clientToken = randomUUID();
      const answer = await send(`${server.url}/api/forms/contact`, agent, JSON.stringify({ name: 'Restart Drill', phone: '+44 20 7946 0000', email: 'drill@example.com', subject: 'Outage', message: 'After', fillMs: 5000, clientToken }));
      answers.push({ at: Date.now(), kind: 'post', ...answer, clientToken });
      if (answer.status >= 200 && answer.status < 300) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await ensurePostgresRunning();
  }

  const alive = server.process.exitCode === null;
  const posts = answers.filter((a) => a.kind === 'post');
  const first503 = posts.find((a) => a.at >= outageStart && a.status === 503);
  const backTo2xx = posts.find((a) => a.at >= outageEnd && a.status >= 200 && a.status < 300);
  const unexpected = answers.filter((a) => !(a.status >= 200 && a.status < 400) && a.status !== 503);
  const unclear503 = answers.filter((a) => a.status === 503 && !/temporarily unavailable/i.test(a.body));
  const accepted = posts.filter((a) => a.status >= 200 && a.status < 300).map((a) => a.clientToken!);

  const db = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 1 } });
  const stored = await db('leads').where({ type: 'contact' }).select('client_token').whereIn('client_token', accepted);
  const storedCount = new Map<string, number>();
  for (const row of stored as { client_token: string }[]) storedCount.set(row.client_token, (storedCount.get(row.client_token) ?? 0) + 1);
  await db.destroy();
  const missing = accepted.filter((token) => !storedCount.has(token));
  const duplicated = [...storedCount.values()].filter((count) => count > 1);

  const code = await server.stop();
  await database.drop();

  const statusCounts = answers.reduce<Record<string, number>>((counts, a) => ({ ...counts, [a.status]: (counts[a.status] ?? 0) + 1 }), {});
  report.figure('requests', `${answers.length} in ${((Date.now() - started) / 1000).toFixed(1)} s (${JSON.stringify(statusCounts)})`);
  report.figure('first 503 after PostgreSQL stopped', first503 ? `${first503.at - outageStart} ms` : 'none');
  report.figure('first 2xx post after PostgreSQL restarted', backTo2xx ? `${backTo2xx.at - outageEnd} ms` : 'none');
  report.figure('accepted submissions stored exactly once', `${accepted.length - missing.length - duplicated.length} of ${accepted.length}`);
  report.expect(alive, 'the server process died during the outage');
  report.expect(code === 0, `the server exited with ${code}`);
  report.expect(first503 !== undefined && first503.at - outageStart <= 5000, 'no clear 503 within 5 s of the outage');
  report.expect(backTo2xx !== undefined && backTo2xx.at - outageEnd <= 10_000, 'form posts did not succeed again within 10 s');
  report.expect(unexpected.length === 0, `${unexpected.length} answers neither 2xx/3xx nor 503 (${[...new Set(unexpected.map((a) => a.status))].join(', ')})`);
  report.expect(unclear503.length === 0, `${unclear503.length} 503 answers without the clear message`);
  report.expect(missing.length === 0 && duplicated.length === 0, `${missing.length} accepted submissions missing, ${duplicated.length} stored twice`);
  return report.result();
}
