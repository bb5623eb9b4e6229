import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Context, Middleware } from 'koa';
import type { ContentVersion } from '../services/content-version';

/**
 * How public pages may be cached: browsers revalidate every time (cheap, thanks to ETag and 304),
 * a CDN may keep a page for 30 s.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, must-revalidate';

/**
 * Public data the admin dashboard also reads (the portfolio list): kept in the render cache like a
 * page, revalidated every time by browsers and CDNs alike, so staff see their change at once.
 */
export const PUBLIC_DATA_CACHE_CONTROL = 'public, no-cache';

/** Answers their route declared public (see `allowCaching`): the only ones the cache keeps. */
const keepable = new WeakSet<Context>();

/**
 * Declares this answer public, the same for every visitor: CDNs may keep it as its kind says
 * (a page 30 s, data not without revalidating) and the render cache keeps it when it is a 200.
 */
export function allowCaching(ctx: Context, kind: 'page' | 'data'): void {
  ctx.set('Cache-Control', kind === 'page' ? PUBLIC_PAGE_CACHE_CONTROL : PUBLIC_DATA_CACHE_CONTROL);
  keepable.add(ctx);
}

/** Declares this answer private or passing (a failure, a visitor's own values): kept by nobody. */
export function forbidCaching(ctx: Context): void {
  ctx.set('Cache-Control', 'no-store');
  keepable.delete(ctx);
}

interface CachedPage {
  contentType: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  cacheControl: string;
}

/** Renders held at most; the oldest is dropped first (item ids and category values are open-ended). */
const MAX_ENTRIES = 1000;

export interface PageCache {
  /** Answers a request for a page already in memory, before the rest of the app runs. */
  answerFromMemory: Middleware;
  /** Keeps the public page a route rendered (placed before the routes, after compression). */
  keepRenders: Middleware;
}

/**
 * Serves public pages from memory: rendered and compressed once per content version, then answered
 * from the stored bytes with an ETag (304 when the browser has it). The cache empties whenever the
 * content version changes, on this instance or (through polling) on any other.
 *
 * Two halves, so a hit skips everything a render needs (compression, sessions, body parsing, route
 * matching) while a miss is stored only once a route has answered it.
 */
export function pageCache(contentVersion: ContentVersion, { now = Date.now }: { now?: () => number } = {}): PageCache {
  const pages = new Map<string, CachedPage>();
  contentVersion.onChange(() => pages.clear());
  // The year in the footer is the only thing in a page that changes without a content change:
  // the cache empties when the (UTC) year turns.
  let keptUntil = startOfNextYear(now());
  const lookUp = (key: string) => {
    if (now() >= keptUntil) {
      pages.clear();
      keptUntil = startOfNextYear(now());
    }
    return pages.get(key);
  };
  const keyOf = (ctx: Context) => ctx.url;
  const isRead = (ctx: Context) => ctx.method === 'GET' || ctx.method === 'HEAD';

  return {
    answerFromMemory: (ctx, next) => {
      const hit = isRead(ctx) ? lookUp(keyOf(ctx)) : undefined;
      if (!hit) return next();
      send(ctx, hit);
      return Promise.resolve();
    },
    keepRenders: async (ctx, next) => {
      if (!isRead(ctx)) return next();
      await next();
      if (ctx.status !== 200 || !keepable.has(ctx)) return;
      const cacheControl = ctx.response.get('Cache-Control');
      const text = typeof ctx.body === 'string' && ctx.response.is('html') ? ctx.body : isJsonValue(ctx) ? JSON.stringify(ctx.body) : undefined;
      if (text === undefined) return;
      const page = compressPage(text, ctx.response.get('Content-Type'), cacheControl);
      if (pages.size >= MAX_ENTRIES) pages.delete(pages.keys().next().value!);
      pages.set(keyOf(ctx), page);
      send(ctx, page);
    },
  };
}

function startOfNextYear(time: number): number {
  return Date.UTC(new Date(time).getUTCFullYear() + 1, 0, 1);
}

/** A JSON answer still held as a value (Koa serialises it only when responding). */
function isJsonValue(ctx: Context): boolean {
  const { body } = ctx;
  return ctx.response.is('json') !== false && body !== null && typeof body === 'object' && !Buffer.isBuffer(body) && typeof (body as { pipe?: unknown }).pipe !== 'function';
}

function compressPage(text: string, contentType: string, cacheControl: string): CachedPage {
  const identity = Buffer.from(text);
  return {
    contentType,
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    cacheControl,
  };
}

function send(ctx: Context, page: CachedPage): void {
  ctx.status = 200;
  ctx.type = page.contentType;
  ctx.set('Cache-Control', page.cacheControl);
  ctx.set('ETag', page.etag);
  ctx.vary('Accept-Encoding');
  // Only a revalidation can be fresh (no Last-Modified is sent); checking costs a header copy.
  if (ctx.get('If-None-Match') && ctx.fresh) {
    ctx.status = 304;
    ctx.body = null;
    return;
  }
  // Brotli whenever the client takes it (smaller), whatever order it lists encodings in.
  const encoding = ctx.acceptsEncodings('br') === 'br' ? 'br' : ctx.acceptsEncodings('gzip', 'identity');
  if (encoding === 'br' || encoding === 'gzip') ctx.set('Content-Encoding', encoding);
  ctx.body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity;
}
