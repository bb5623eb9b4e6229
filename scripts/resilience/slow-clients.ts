/**
 * Slow clients: connections that trickle their headers (slowloris) or their body at 1 byte/s are
 * cut off by the server's timeouts, and other visitors are served as fast as before meanwhile.
 */
import http from 'node:http';
import net from 'node:net';
import { startServer } from '../../tests/e2e/server';
import { freePort, percentile } from '../lib/net';
import { CheckReport, type CheckResult } from './check';

const SLOW_HEADER_CLIENTS = 200;
const SLOW_BODY_CLIENTS = 20;
/** The server's limits (server/index.ts): headers within 10 s, the whole request within 30 s. */
const HEADERS_LIMIT_MS = 10_000;
const REQUEST_LIMIT_MS = 30_000;
/** Node checks the limits once a second; allow that and some scheduling. */
const SLACK_MS = 3_000;

/** Opens a connection that sends one byte a second and resolves with how long the server kept it. */
function trickle(port: number, head: string, thenBytes: () => string): Promise<number> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    const timer = setInterval(() => socket.write(thenBytes()), 1000);
    const done = () => {
      clearInterval(timer);
      resolve(Date.now() - started);
    };
    socket.on('close', done);
    socket.on('error', () => undefined);
    // Never wait past the limit by much: a connection still open then has not been cut.
    setTimeout(() => socket.destroy(), REQUEST_LIMIT_MS + 2 * SLACK_MS);
  });
}

/** Latencies of `count` plain page views over `connections` keep-alive connections. */
async function pageViews(url: string, count: number, connections: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let sent = 0;
  const worker = async () => {
    while (sent < count) {
      sent += 1;
      const started = performance.now();
      await new Promise<void>((resolve, reject) => {
        http.get(`${url}/about`, { agent }, (res) => res.resume().on('end', () => resolve())).on('error', reject);
      });
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  return latencies;
}

export async function slowClients(): Promise<CheckResult> {
  const report = new CheckReport();
  const port = await freePort();
  const server = await startServer({ LOG_LEVEL: 'warn', PORT: String(port) });
  try {
    await pageViews(server.url, 500, 10); // warm-up
    const before = await pageViews(server.url, 2000, 10);

    const headerClients = Array.from({ length: SLOW_HEADER_CLIENTS }, () => trickle(port, 'GET / HTTP/1.1\r\nHost: localhost\r\n', () => 'X'));
    const bodyClients = Array.from({ length: SLOW_BODY_CLIENTS }, () =>
      trickle(port, 'POST /api/forms/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{', () => ' '),
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const during = await pageViews(server.url, 2000, 10);
    const headerHeld = await Promise.all(headerClients);
    const bodyHeld = await Promise.all(bodyClients);

    const p99Before = percentile(before, 0.99);
    const p99During = percentile(during, 0.99);
    report.figure('page view p99 before / during the attack', `${p99Before.toFixed(1)} ms / ${p99During.toFixed(1)} ms`);
    report.figure(`slow-header connections (${SLOW_HEADER_CLIENTS}) held at most`, `${Math.max(...headerHeld)} ms`);
    report.figure(`slow-body connections (${SLOW_BODY_CLIENTS}) held at most`, `${Math.max(...bodyHeld)} ms`);
    report.expect(Math.max(...headerHeld) <= HEADERS_LIMIT_MS + SLACK_MS, 'a slow-header connection outlived the headers timeout');
    report.expect(Math.max(...bodyHeld) <= REQUEST_LIMIT_MS + SLACK_MS, 'a slow-body connection outlived the request timeout');
    // Other visitors must not notice: p99 stays within a few milliseconds of before.
    report.expect(p99During <= Math.max(2 * p99Before, p99Before + 20), `page views slowed down during the attack (p99 ${p99During.toFixed(1)} ms)`);
  } finally {
    await server.stop();
  }
  return report.result();
}
