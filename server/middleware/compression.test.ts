import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import Koa from 'koa';
import { compression } from './compression';

/** A lead's page's size: over the threshold, held in memory. */
const json = { items: Array.from({ length: 30 }, (_, index) => ({ id: index, name: `Lead number ${index}`, status: 'new' })) };
const text = JSON.stringify(json);

/** An app whose one answer `answer` sets, behind the compression middleware. */
function appAnswering(answer: (ctx: Koa.Context) => void) {
  const app = new Koa();
  app.use(compression());
  app.use((ctx) => answer(ctx));
  return app.callback();
}

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The answer as the client receives it, bytes undecoded and with no Accept-Encoding but the one given. */
async function get(app: ReturnType<typeof appAnswering>, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET'): Promise<RawAnswer> {
  const server = http.createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const { port } = server.address() as AddressInfo;
    const req = http.request({ port, host: '127.0.0.1', method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
    req.end();
    const [res] = (await once(req, 'response')) as [http.IncomingMessage];
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    return { status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) };
  } finally {
    server.close();
  }
}

const DECODE: Record<string, (bytes: Buffer) => Buffer> = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, deflate: zlib.inflateSync };

describe('compression', () => {
  const jsonApp = appAnswering((ctx) => {
    ctx.body = json;
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['deflate', 'deflate'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'gzip'],
  ])('compresses JSON held in memory at once, with its length (Accept-Encoding "%s": %s)', async (acceptEncoding, encoding) => {
    const res = await get(jsonApp, acceptEncoding);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers.vary).toBe('Accept-Encoding');
    // Compressed in one go: sent with its length, not chunked as a stream is.
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(text.length);
    expect(DECODE[encoding]!(res.body).toString()).toBe(text);
  });

  it.each([undefined, 'identity', 'identity;q=0', 'x-unknown', 'br;q=abc, gzip;q=-1', 'br;q=0, gzip;q=0, deflate;q=0'])('sends the plain bytes when Accept-Encoding is %p', async (acceptEncoding) => {
    const res = await get(jsonApp, acceptEncoding);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.body.toString()).toBe(text);
  });

  it('leaves answers under 1 KB, of types that do not compress, already encoded or marked no-transform as they are', async () => {
    const cases: ((ctx: Koa.Context) => void)[] = [
      (ctx) => (ctx.body = { small: true }),
      (ctx) => {
        ctx.type = 'image/png';
        ctx.body = Buffer.alloc(4096, 1);
      },
      (ctx) => {
        ctx.set('Content-Encoding', 'gzip');
        ctx.type = 'text/css';
        ctx.body = zlib.gzipSync('a'.repeat(4096));
      },
      (ctx) => {
        ctx.set('Cache-Control', 'no-transform');
        ctx.body = 'x'.repeat(4096);
      },
      (ctx) => {
        ctx.status = 206;
        ctx.set('Content-Range', 'bytes 0-4095/8192');
        ctx.body = 'x'.repeat(4096);
      },
    ];
    for (const answer of cases) {
      const app = appAnswering(answer);
      const res = await get(app, 'br, gzip');
      expect(res.headers['content-encoding'] ?? 'none').toBe(answer === cases[2] ? 'gzip' : 'none');
    }
    const head = await get(jsonApp, 'br', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
  });

  it('streams a stream body, and a body held in memory over 64 KB, through the compressor', async () => {
    const large = 'All work and no play. '.repeat(4000);
    for (const answer of [(ctx: Koa.Context) => (ctx.body = Readable.from([Buffer.from(large)])), (ctx: Koa.Context) => (ctx.body = large)]) {
      const app = appAnswering((ctx) => {
        ctx.type = 'text/plain';
        answer(ctx);
      });
      const res = await get(app, 'br');
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-length']).toBeUndefined();
      expect(zlib.brotliDecompressSync(res.body).toString()).toBe(large);
    }
  });
});
