import { Stream, pipeline } from 'node:stream';
import zlib from 'node:zlib';
import compressible from 'compressible';
import Negotiator from 'negotiator';
import type { Context, Middleware } from 'koa';

type Encoding = 'br' | 'gzip' | 'deflate';

/** The encodings we send, best first: on equal terms in `Accept-Encoding`, brotli wins. */
const PREFERENCE = ['br', 'gzip', 'deflate', 'identity'] as const;

/** Below this an answer is sent as it is: a packet carries it either way. */
const THRESHOLD_BYTES = 1024;

/**
 * An answer held in memory up to this size is compressed at once, in the request's own turn: about
 * 40 µs for a lead's page (1.4 KB), where a compression stream costs 150 µs or more before its
 * first byte (its encoder state, the thread-pool hop, the pipeline). A larger one goes through a
 * stream, so one big answer never holds up every other request.
 */
const AT_ONCE_LIMIT_BYTES = 64 * 1024;

/** Brotli's quality 4: most of its gain over gzip for a fraction of the time of its best. */
const OPTIONS: Record<Encoding, zlib.BrotliOptions | zlib.ZlibOptions> = {
  br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  gzip: {},
  deflate: {},
};

const AT_ONCE: Record<Encoding, (input: Buffer, options: never) => Buffer> = { br: zlib.brotliCompressSync, gzip: zlib.gzipSync, deflate: zlib.deflateSync };
const STREAMED: Record<Encoding, (options: never) => zlib.BrotliCompress | zlib.Gzip | zlib.Deflate> = { br: zlib.createBrotliCompress, gzip: zlib.createGzip, deflate: zlib.createDeflate };

/** Statuses whose answers carry no body. */
const BODILESS = new Set([204, 205, 304]);

/** True when the answer may be compressed: a body of a compressible type that no one encoded or asked to keep as it is. */
function compressibleAnswer(ctx: Context): boolean {
  const { response } = ctx;
  return (
    response.body != null &&
    !ctx.res.headersSent &&
    ctx.writable &&
    ctx.method !== 'HEAD' &&
    !BODILESS.has(ctx.status) &&
    // Content-Range counts the plain bytes.
    ctx.status !== 206 &&
    !response.get('Content-Range') &&
    !response.get('Content-Encoding') &&
    compressible(response.type) === true &&
    !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(response.get('Cache-Control'))
  );
}

/**
 * The encoding the client takes, by its `Accept-Encoding` (RFC 9110 §12.5.3); none named or none
 * we have (also a header that cannot be parsed, `gzip;q=-1`): the plain bytes. `*` means gzip,
 * which every client that says it supports.
 */
function encodingFor(ctx: Context): Encoding | undefined {
  const accepted = ctx.get('Accept-Encoding');
  if (!accepted) return undefined;
  const negotiator = new Negotiator({ headers: { 'accept-encoding': accepted.trim() === '*' ? 'gzip' : accepted } });
  const chosen = negotiator.encoding(PREFERENCE, { preferred: PREFERENCE });
  return chosen === 'identity' ? undefined : (chosen as Encoding | undefined);
}

/** The body as bytes when it is held in memory (text, bytes or JSON); undefined for a stream. */
function bytesOf(body: unknown): Buffer | undefined {
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof Stream) return undefined;
  return Buffer.from(JSON.stringify(body));
}

/**
 * Compresses answers over 1 KB of a compressible type with the best encoding the client accepts
 * (brotli, gzip, deflate). Public pages the cache holds are compressed once when kept and never
 * reach this (server/middleware/page-cache.ts); this serves the API, the back office and a page
 * on its first render.
 */
export function compression(): Middleware {
  return async (ctx, next) => {
    ctx.vary('Accept-Encoding');
    await next();
    if (!compressibleAnswer(ctx)) return;
    const encoding = encodingFor(ctx);
    if (!encoding) return;
    const body: unknown = ctx.body;
    const bytes = bytesOf(body);
    if (bytes && bytes.length < THRESHOLD_BYTES) return;

    const options = OPTIONS[encoding] as never;
    ctx.set('Content-Encoding', encoding);
    if (bytes && bytes.length <= AT_ONCE_LIMIT_BYTES) {
      // Koa sends a buffer with its Content-Length.
      ctx.body = AT_ONCE[encoding](bytes, options);
      return;
    }
    ctx.remove('Content-Length');
    const compressor = STREAMED[encoding](options);
    ctx.body = compressor;
    if (bytes) compressor.end(bytes);
    // A source that fails mid-way fails the compressor, which Koa reports and ends the answer on.
    else pipeline(body as Stream & NodeJS.ReadableStream, compressor, () => undefined);
  };
}
