/**
 * `kill -9` on the embedded database: form posts stream into a production server on PGlite, the
 * process is killed without warning while posts are in flight, and restarted on the same data
 * folder, three times over. Every submission that was answered 2xx must be stored, once, and the
 * server must start cleanly each time (no error logged, ready, taking posts again).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../../tests/e2e/server';
import { freePort } from '../lib/net';
import { CheckReport, type CheckResult } from './check';

const ROUNDS = 3;
const POSTERS = 20;
/** Acknowledged posts to wait for before the kill, so it lands in steady load, not at the start. */
const ACKNOWLEDGED_BEFORE_KILL = 200;
const ADMIN = { username: 'kill-drill', password: 'acknowledged means stored' };

interface RoundFigures {
  acknowledged: string[];
  cut: number;
  restartMs: number;
}

function contactPost(url: string): Promise<Response> {
  const body = { name: 'Kill Drill', phone: '+44 20 7946 0000', email: 'kill@example.com', subject: 'Durability', message: 'Sent while the server is killed.', fillMs: 5000, clientToken: randomUUID() };
  return fetch(`${url}/api/forms/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** Posts from POSTERS clients until the server dies; resolves with the ids it acknowledged. */
async function postUntilKilled(server: RunningServer): Promise<{ acknowledged: string[]; cut: number }> {
  const acknowledged: string[] = [];
  let cut = 0;
  let killed = false;
  let exited: Promise<unknown> = Promise.resolve();
  const poster = async () => {
    while (!killed) {
      try {
        const response = await contactPost(server.url);
        if (response.status < 200 || response.status > 299) throw new Error(`a post answered ${response.status}: ${await response.text()}`);
        acknowledged.push(((await response.json()) as { _id: string })._id);
      } catch (error) {
        if (!killed) throw error;
        cut += 1; // in flight when the process died: never acknowledged, stored or not
      }
      if (acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL && !killed) {
        killed = true;
        // SIGKILL: no shutdown handler, no checkpoint, PGlite stopped wherever it was.
        exited = server.stop('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: POSTERS }, poster));
  await exited;
  return { acknowledged, cut };
}

/** A call to the server; a network failure says whether the server is still running, and its last log lines. */
async function call(server: RunningServer, path: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(server.url + path, init);
  } catch (error) {
    const state = server.process.exitCode ?? server.process.signalCode ?? 'still running';
    const reason = String((error as { cause?: unknown }).cause ?? error); // fetch's own message is only "fetch failed"
    throw new Error(`${path} failed (${reason}); server: ${state}; last log lines:\n${server.logs.slice(-10).join('\n')}`, { cause: error });
  }
}

/** Every contact submission the restarted server holds, through the admin inbox API. */
async function storedIds(server: RunningServer): Promise<string[]> {
  const login = await call(server, '/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify({ ...ADMIN, remember: false }) });
  if (login.status !== 200) throw new Error(`admin login answered ${login.status}`);
  const cookie = login.headers.getSetCookie().find((line) => /^(__Host-)?sid=/.test(line))!.split(';')[0]!;
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const response = await call(server, `/api/forms/contact?page=${page}&limit=100`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`the inbox answered ${response.status}`);
    const records = (await response.json()) as { _id: string }[];
    ids.push(...records.map((record) => record._id));
    if (records.length < 100) return ids;
  }
}

export async function killEmbedded(): Promise<CheckResult> {
  const report = new CheckReport();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-kill-'));
  const env = { NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, FORM_RATE_LIMIT: '100000000', SEED_SAMPLE_PORTFOLIO: 'false', ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
  const rounds: RoundFigures[] = [];
  let server = await startServer({ ...env, PORT: String(await freePort()) });
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { acknowledged, cut } = await postUntilKilled(server);
      const restarted = Date.now();
      server = await startServer({ ...env, PORT: String(await freePort()) });
      const restartMs = Date.now() - restarted;
      rounds.push({ acknowledged, cut, restartMs });
      // A clean start after the crash: recovery logged nothing at error level, and it takes posts.
      const errors = server.logs.filter((line) => /"level":(50|60)/.test(line));
      report.expect(errors.length === 0, `round ${round + 1}: the restart logged errors: ${errors.join('\n')}`);
      report.expect((await call(server, '/readyz')).status === 200, `round ${round + 1}: not ready after the restart`);
      report.expect((await contactPost(server.url)).status === 201, `round ${round + 1}: the restarted server refused a post`);
    }
    const stored = await storedIds(server);
    const storedOnce = new Set(stored);
    const acknowledged = rounds.flatMap((round) => round.acknowledged);
    const lost = acknowledged.filter((id) => !storedOnce.has(id));
    report.figure('posts acknowledged before each kill', rounds.map((round) => round.acknowledged.length).join(', '));
    report.figure('posts cut by each kill (never answered)', rounds.map((round) => round.cut).join(', '));
    report.figure('restart after each kill (recovery, migrations, listening)', rounds.map((round) => `${(round.restartMs / 1000).toFixed(1)} s`).join(', '));
    report.figure('acknowledged posts stored', `${acknowledged.length - lost.length} of ${acknowledged.length}`);
    report.expect(lost.length === 0, `${lost.length} acknowledged submissions are missing (first: ${lost.slice(0, 3).join(', ')})`);
    report.expect(storedOnce.size === stored.length, `${stored.length - storedOnce.size} submissions are stored twice`);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return report.result();
}
