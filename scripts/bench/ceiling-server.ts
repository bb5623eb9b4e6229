/**
 * The bench's ceiling: a bare `node:http` server sending each captured answer exactly as the site
 * sent it to a browser (./bare-answers.ts). Whatever the site does beyond this (security headers
 * computed, request id, logging, canonical URL, cache lookup, encoding negotiation) is its overhead.
 *
 * Run by scripts/bench/index.ts, bundled to plain JavaScript first (`node <bundle> <pages.json>`: no
 * loader in the process, as no loader is in the site's); prints
 * `listening on http://127.0.0.1:<port> (pid <pid>)` once ready (the bench reads the process's CPU time).
 */
// First, as in the site's entry: the ceiling never runs `process.nextTick` on V8's slow path either,
// which a bare server's process can fall onto too (docs/performance.md, "CPU per cached page").
import '../../server/next-tick-shape';
import http from 'node:http';
import { bareAnswers, readCapturedPages } from './bare-answers';

function main(): void {
  const server = http.createServer(bareAnswers(readCapturedPages(process.argv[2]!)));
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (address && typeof address === 'object') console.log(`listening on http://127.0.0.1:${address.port} (pid ${process.pid})`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

main();
