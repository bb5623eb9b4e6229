/**
 * The bench's ceiling: a bare `node:http` server sending each captured answer exactly as the site
 * sent it to a browser (the same headers, the same brotli bytes). Whatever the site does beyond
 * this (security headers computed, request id, logging, canonical URL, cache lookup, encoding
 * negotiation) is its overhead. A URL with a query string it does not know gets its path's answer,
 * as the site's canonical page would be.
 *
 * Run by scripts/bench/index.ts, bundled to plain JavaScript first (`node <bundle> <pages.json>`: no
 * loader in the process, as no loader is in the site's); prints
 * `listening on http://127.0.0.1:<port> (pid <pid>)` once ready (the bench reads the process's CPU time).
 */
// First, as in the site's entry: the ceiling never runs `process.nextTick` on V8's slow path either,
// which a bare server's process can fall onto too (docs/performance.md, "CPU per cached page").
import '../../server/next-tick-shape';
import fs from 'node:fs';
import http from 'node:http';

export interface CapturedPage {
  /** Path and query string as requested. */
  url: string;
  headers: Record<string, string>;
  /** The body as sent (brotli), base64. */
  body: string;
}

interface Answer {
  headers: Record<string, string>;
  body: Buffer;
}

function main(): void {
  const pages: CapturedPage[] = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8'));
  const byUrl = new Map<string, Answer>(pages.map((page) => [page.url, { headers: page.headers, body: Buffer.from(page.body, 'base64') }]));
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const answer = byUrl.get(url) ?? byUrl.get(url.split('?')[0]!);
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, answer.headers);
    res.end(answer.body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (address && typeof address === 'object') console.log(`listening on http://127.0.0.1:${address.port} (pid ${process.pid})`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

main();
