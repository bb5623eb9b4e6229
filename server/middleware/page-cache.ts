import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Context, Middleware } from 'koa';
import type { ContentVersion } from '../services/content-version';

/**
 * How public pages may be cached: browsers revalidate every time (cheap, thanks to ETag and 304),
 * a CDN may keep a page for 30 s. Routes that send it opt their page into the render cache.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, must-revalidate';

interface CachedPage {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  cacheControl: string;
}

/** Renders held at most; the oldest is dropped first (query strings make the key space open). */
const MAX_ENTRIES = 1000;

/**
 * Serves public pages from memory: rendered and compressed once per content version, then answered
 * from the stored bytes with an ETag (304 when the browser has it). The cache empties whenever the
 * content version changes, on this instance or (through polling) on any other.
 */
export function pageCache(contentVersion: ContentVersion): Middleware {
  const pages = new Map<string, CachedPage>();
  contentVersion.onChange(() => pages.clear());

  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    // The year in the footer is the only thing in a page that changes without a content change.
    const key = `${new Date().getUTCFullYear()} ${ctx.url}`;
    const hit = pages.get(key);
    if (hit) return send(ctx, hit);

    await next();
    if (ctx.status !== 200 || typeof ctx.body !== 'string' || !ctx.response.is('html')) return;
    const cacheControl = ctx.response.get('Cache-Control');
    if (cacheControl !== PUBLIC_PAGE_CACHE_CONTROL) return;
    const page = compressPage(ctx.body, cacheControl);
    if (pages.size >= MAX_ENTRIES) pages.delete(pages.keys().next().value!);
    pages.set(key, page);
    send(ctx, page);
  };
}

function compressPage(html: string, cacheControl: string): CachedPage {
  const identity = Buffer.from(html);
  return {
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    cacheControl,
  };
}

function send(ctx: Context, page: CachedPage): void {
  ctx.status = 200;
  ctx.type = 'html';
  ctx.set('Cache-Control', page.cacheControl);
  ctx.set('ETag', page.etag);
  ctx.vary('Accept-Encoding');
  if (ctx.fresh) {
    ctx.status = 304;
    ctx.body = null;
    return;
  }
  // Brotli whenever the client takes it (smaller), whatever order it lists encodings in.
  const encoding = ctx.acceptsEncodings('br') === 'br' ? 'br' : ctx.acceptsEncodings('gzip', 'identity');
  if (encoding === 'br' || encoding === 'gzip') ctx.set('Content-Encoding', encoding);
  ctx.body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity;
}
