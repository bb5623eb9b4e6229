/**
 * The bench's ceiling: a bare Koa app answering each captured page from precomputed bytes, with
 * its gzip and brotli variants negotiated exactly as the site's render cache does. Whatever the
 * site does beyond this (security headers, logging, routing, cache lookup) is its overhead.
 *
 * Run by scripts/bench/index.ts: `tsx scripts/bench/ceiling-server.ts <pages.json>`; prints
 * `listening on http://127.0.0.1:<port>` once ready.
 */
import fs from 'node:fs';
import http from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import Koa from 'koa';

export interface CapturedPage {
  path: string;
  contentType: string;
  body: string;
}

interface Variants {
  contentType: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

function variantsOf(page: CapturedPage): Variants {
  const identity = Buffer.from(page.body);
  return {
    contentType: page.contentType,
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
  };
}

function main(): void {
  const pages: CapturedPage[] = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8'));
  const byPath = new Map(pages.map((page) => [page.path, variantsOf(page)]));
  const app = new Koa();
  app.use((ctx) => {
    const page = byPath.get(ctx.url);
    if (!page) return;
    ctx.type = page.contentType;
    ctx.vary('Accept-Encoding');
    const encoding = ctx.acceptsEncodings('br') === 'br' ? 'br' : ctx.acceptsEncodings('gzip', 'identity');
    if (encoding === 'br' || encoding === 'gzip') ctx.set('Content-Encoding', encoding);
    ctx.body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity;
  });
  const server = http.createServer(app.callback());
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (address && typeof address === 'object') console.log(`listening on http://127.0.0.1:${address.port}`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

main();
