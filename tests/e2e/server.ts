import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Log lines the server printed (JSON). */
  logs: string[];
  /** Resolves with the first log line (printed so far or later) that matches. */
  waitForLog: (pattern: RegExp) => Promise<string>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/** Resolves once the server on a known port answers its health check (for quiet log levels). */
async function healthy(url: string, child: ChildProcess): Promise<string> {
  while (child.exitCode === null) {
    const ok = await fetch(`${url}/healthz`).then((res) => res.ok, () => false);
    if (ok) return url;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return new Promise(() => undefined); // the exit is reported by startServer
}

/**
 * An empty (or not yet made) embedded data folder begins as a copy of the run's migrated database
 * (tests/e2e/global-setup.ts), so a start does not spend seconds migrating; what the server does on
 * a first start besides (its key, the first admin, the sample content) it still does.
 */
function startFromMigratedCopy(dataDir: string): void {
  const template = process.env.E2E_MIGRATED_CLUSTER;
  const empty = !fs.existsSync(dataDir) || fs.readdirSync(dataDir).length === 0;
  if (template && empty) fs.cpSync(template, dataDir, { recursive: true });
}

/**
 * Starts the production build (`dist/server.js`) on a free port with a fresh embedded database
 * (or a given environment), and resolves once it listens. With a fixed `PORT` it waits for the
 * health check instead of the log line, so quiet log levels work too.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-e2e-'));
  if (!env.DATABASE_URL) startFromMigratedCopy(env.DATA_DIR ?? dataDir);
  // PostgreSQL deployments must give the application key (server/app-key.ts); one per server here.
  const appKey = env.DATABASE_URL && !env.APP_KEY ? { APP_KEY: randomBytes(32).toString('base64') } : {};
  const child = spawn(process.execPath, [path.resolve(__dirname, '../../dist/server.js')], {
    cwd: path.resolve(__dirname, '../..'),
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'info', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...appKey, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const lines = new EventEmitter();
  const log = (line: string) => {
    logs.push(line);
    lines.emit('line', line);
  };
  readline.createInterface({ input: child.stderr! }).on('line', log);
  const exitedEarly = new Promise<never>((_, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${logs.join('\n')}`)));
  });
  exitedEarly.catch(() => undefined);
  const loggedUrl = new Promise<string>((resolve) => {
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      log(line);
      const match = line.match(/listening on (http:\/\/localhost:\d+)/);
      if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
    });
  });
  const listening = env.PORT && env.PORT !== '0' ? healthy(`http://127.0.0.1:${env.PORT}`, child) : loggedUrl;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    // Generous: a first start migrates a fresh embedded database, slow on a machine others share.
    timer = setTimeout(() => reject(new Error(`server did not start:\n${logs.join('\n')}`)), 150_000);
  });
  const url = await Promise.race([listening, exitedEarly, timeout])
    .catch((error: unknown) => {
      // A server that never came up must not outlive the test run that gave up on it.
      if (child.exitCode === null) child.kill('SIGKILL');
      throw error;
    })
    .finally(() => clearTimeout(timer));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitForLog = (pattern: RegExp) =>
    new Promise<string>((resolve) => {
      const seen = logs.find((line) => pattern.test(line));
      if (seen) return resolve(seen);
      const listener = (line: string) => {
        if (!pattern.test(line)) return;
        lines.off('line', listener);
        resolve(line);
      };
      lines.on('line', listener);
    });
  return {
    url,
    process: child,
    logs,
    waitForLog,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      const code = await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** Sends a lead through a form's API as a person would (a human fill time): a test's fixture. */
export async function submitLead(server: RunningServer, type: string, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${server.url}/api/forms/${type}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ fillMs: 20_000, ...body }),
  });
  if (!response.ok) throw new Error(`seeding ${type} failed: ${response.status}`);
}
