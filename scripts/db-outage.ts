/**
 * Outage drill: runs the production server on PostgreSQL, stops PostgreSQL under it, and checks
 * that the process stays up, answers 503 with a clear message within 5 s, and recovers to 200
 * within 10 s of PostgreSQL coming back, without a restart. Needs the local cluster and root.
 *
 *   npm run build && npx tsx scripts/db-outage.ts
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import knexFactory from 'knex';
import { startServer } from '../tests/e2e/server';

const SERVER_URL = process.env.OUTAGE_DATABASE_URL ?? 'postgres://postgres@localhost:5432/postgres';
const CHECKED_PATHS = ['/readyz'];

const cluster = () => fs.readdirSync('/etc/postgresql')[0]!;
const pgctl = (action: 'start' | 'stop') => execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', cluster(), 'main', action], { stdio: 'inherit' });

async function probe(url: string): Promise<{ status: number; ms: number; body: string }> {
  const started = Date.now();
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(8000) });
    return { status: res.status, ms: Date.now() - started, body: await res.text() };
  } catch (error) {
    return { status: 0, ms: Date.now() - started, body: String(error) };
  }
}

async function waitFor(label: string, limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${label}: not reached within ${limitMs} ms`);
}

async function main(): Promise<void> {
  const name = `outage_${Date.now()}`;
  const admin = knexFactory({ client: 'pg', connection: SERVER_URL, pool: { min: 0, max: 1 } });
  await admin.raw('create database ??', [name]);
  await admin.destroy();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const server = await startServer({ DATABASE_URL: url.toString() });
  let failed = false;
  try {
    for (const path of CHECKED_PATHS) {
      const ok = await probe(server.url + path);
      if (ok.status !== 200) throw new Error(`${path} answered ${ok.status} before the outage`);
    }
    console.log('PostgreSQL up: every checked path answers 200');

    pgctl('stop');
    const stoppedAt = Date.now();
    for (const path of CHECKED_PATHS) {
      const answer = await probe(server.url + path);
      const took = Date.now() - stoppedAt;
      console.log(`PostgreSQL down: ${path} -> ${answer.status} in ${answer.ms} ms: ${answer.body}`);
      if (answer.status !== 503 || answer.ms > 5000) throw new Error(`${path} should answer 503 within 5 s (got ${answer.status} after ${took} ms)`);
      if (!/temporarily unavailable/.test(answer.body)) throw new Error(`${path} 503 lacks a clear message`);
    }
    if (server.process.exitCode !== null) throw new Error('the server process died');

    pgctl('start');
    const restartedAt = Date.now();
    for (const path of CHECKED_PATHS) {
      await waitFor(`${path} back to 200`, 10_000 - (Date.now() - restartedAt), async () => (await probe(server.url + path)).status === 200);
    }
    console.log(`PostgreSQL back: every checked path answers 200 again after ${Date.now() - restartedAt} ms, same process (pid ${server.process.pid})`);
  } catch (error) {
    failed = true;
    console.error('FAIL:', error instanceof Error ? error.message : error);
    console.error(server.logs.slice(-20).join('\n'));
  } finally {
    try {
      execFileSync('pg_isready', ['-q', '-h', 'localhost']);
    } catch {
      pgctl('start');
    }
    const code = await server.stop();
    await waitFor('PostgreSQL accepting connections', 30_000, async () => {
      try {
        execFileSync('pg_isready', ['-q', '-h', 'localhost']);
        return true;
      } catch {
        return false;
      }
    });
    const cleanup = knexFactory({ client: 'pg', connection: SERVER_URL, pool: { min: 0, max: 1 } });
    await cleanup.raw('drop database if exists ?? with (force)', [name]);
    await cleanup.destroy();
    if (code !== 0) {
      failed = true;
      console.error(`FAIL: server exited with ${code} on SIGTERM`);
    }
  }
  console.log(failed ? 'db-outage: FAILED' : 'db-outage: passed');
  process.exit(failed ? 1 : 0);
}

void main();
