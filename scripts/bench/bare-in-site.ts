/**
 * Preloaded into the site's process by the bench (`node --require <bundle>`): the ceiling's bare
 * answers (./bare-answers.ts) on a port of their own, inside the site. The same bytes sent by the
 * same few lines, in the ceiling's process and in the site's, tell what the site's cached-answer
 * code costs from what the process it runs in costs (its heap, the embedded database, the object
 * shapes Node's HTTP and streams code has met there): docs/performance.md, "CPU per cached page".
 *
 * Given `BENCH_BARE_PORT` and `BENCH_BARE_PAGES` (the file the bench writes the captured pages to
 * once the site has started; read at the first request).
 */
import http from 'node:http';
import { bareAnswers, readCapturedPages } from './bare-answers';

const port = process.env.BENCH_BARE_PORT;
const pagesFile = process.env.BENCH_BARE_PAGES;
// The site's child processes (the image encoder) inherit NODE_OPTIONS, and so this preload, but
// not the listener.
delete process.env.BENCH_BARE_PORT;
delete process.env.BENCH_BARE_PAGES;

if (port && pagesFile) {
  let answer: ReturnType<typeof bareAnswers> | undefined;
  const server = http.createServer((req, res) => {
    answer ??= bareAnswers(readCapturedPages(pagesFile));
    answer(req, res);
  });
  // Once the site's entry has run, whose first import keeps a `nextTick` entry alive.
  setImmediate(() => server.listen(Number(port), '127.0.0.1').unref());
}
