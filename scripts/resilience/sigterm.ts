/**
 * SIGTERM under load: readiness turns 503 at once (the server keeps accepting for a 1 s drain, as
 * it would behind a load balancer), requests in flight when the signal arrives (including slow
 * uploads) complete without resets, and the process exits 0 within 10 s.
 */
import http from 'node:http';
import { startServer } from '../../tests/e2e/server';
import { freePort } from '../lib/net';
import { CheckReport, type CheckResult } from './check';

interface Outcome {
  startedAt: number;
  status?: number;
  error?: string;
}

function get(agent: http.Agent, url: string): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    http.get(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    }).on('error', reject);
  });
}

/** A POST whose body trickles in over `ms`, so it is surely in flight when the signal comes. */
function slowPost(url: string, body: string, ms: number): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    setTimeout(() => req.end(body.slice(half)), ms);
  });
}

export async function sigtermUnderLoad(): Promise<CheckResult> {
  const report = new CheckReport();
  const server = await startServer({ LOG_LEVEL: 'warn', PORT: String(await freePort()), SHUTDOWN_DRAIN_MS: '1000' });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const probeAgent = new http.Agent({ keepAlive: false });

  const outcomes: Outcome[] = [];
  let running = true;
  const worker = async () => {
    while (running) {
      const outcome: Outcome = { startedAt: Date.now() };
      outcomes.push(outcome);
      try {
        outcome.status = (await get(agent, `${server.url}/`)).status;
      } catch (error) {
        outcome.error = (error as NodeJS.ErrnoException).code ?? String(error);
        if (outcome.error === 'ECONNREFUSED') return; // the server no longer accepts: done
      }
    }
  };
  const workers = Array.from({ length: 50 }, worker);
  const body = JSON.stringify({ name: 'Drain Test', phone: '+44 20 7946 0000', email: 'drain@example.com', subject: 'Shutdown', message: 'Sent while the server stops.' });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const uploads = Array.from({ length: 5 }, () => slowPost(`${server.url}/api/forms/contact`, body, 2000).then((r) => r.status, (e: NodeJS.ErrnoException) => e.code ?? 'error'));
  await new Promise((resolve) => setTimeout(resolve, 300));

  const signalledAt = Date.now();
  const exit = server.stop('SIGTERM');
  // The signal and a probe sent right after it race; readiness must turn 503 within moments.
  let readiness: number | string = 'none';
  let readinessMs = 0;
  while (Date.now() - signalledAt < 1000) {
    readiness = await get(probeAgent, `${server.url}/readyz`).then((r) => r.status, (e: NodeJS.ErrnoException) => e.code ?? 'error');
    readinessMs = Date.now() - signalledAt;
    if (readiness !== 200) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const code = await exit;
  const exitMs = Date.now() - signalledAt;
  running = false;
  await Promise.all(workers);
  const uploadStatuses = await Promise.all(uploads);
  agent.destroy();
  probeAgent.destroy();

  const inFlight = outcomes.filter((o) => o.startedAt < signalledAt);
  const broken = inFlight.filter((o) => o.error !== undefined);
  report.figure('requests before the signal', inFlight.length);
  report.figure('in-flight requests cut', broken.length);
  report.figure('readiness after the signal', `${readiness} in ${readinessMs} ms`);
  report.figure('slow uploads answered', uploadStatuses.join(', '));
  report.figure('exit', `code ${code} after ${exitMs} ms`);
  report.expect(readiness === 503, `readiness answered ${readiness}, not 503`);
  report.expect(broken.length === 0, `${broken.length} requests started before the signal failed (${[...new Set(broken.map((o) => o.error))].join(', ')})`);
  report.expect(uploadStatuses.every((status) => status === 201), `a slow upload was not accepted: ${uploadStatuses.join(', ')}`);
  report.expect(code === 0, `exit code ${code}`);
  report.expect(exitMs <= 10_000, `exit took ${exitMs} ms`);
  return report.result();
}
