import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync } from 'node:zlib';
import type { Context, Middleware } from 'koa';
import { audienceOf } from '../path-audience';

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

/**
 * The API and the back office answer for one person or one moment (a lead, a session, a sent
 * form): kept by nobody, decided here for every such route rather than by each of them. A route
 * whose answer is public says so itself (`allowCaching`: the portfolio list).
 */
export function uncachedApiAndBackOffice(): Middleware {
  return (ctx, next) => {
    if (audienceOf(ctx.path) !== 'site') forbidCaching(ctx);
    return next();
  };
}

export interface CachedPage {
  contentType: string;
  cacheControl: string;
  etag: string;
  identity: Buffer;
  /** Compressed bodies made so far: quick ones for the first answers, high-ratio once kept. */
  br?: Buffer;
  gzip?: Buffer;
  /** Whether its high-ratio variants are made (or being made). */
  kept: boolean;
}

export type Encoding = 'br' | 'gzip';

/**
 * A first answer is compressed for the one client asking, at a speed that suits a one-off: about
 * 1–2 ms for a 45 KB page. A page served again is kept: it gets the high-ratio variants, made
 * off the event loop (zlib's thread pool). Brotli 10 is within 3% of 11 for a third of its time.
 */
const QUICK = { br: 5, gzip: 6 };
const HIGH_RATIO = { br: 10, gzip: 9 };

/** Renders held at most; the oldest is dropped first (item ids and category values are open-ended). */
const MAX_ENTRIES = 1000;

export interface PageCache {
  /** Answers a request for a page already in memory, before the rest of the app runs. */
  answerFromMemory: Middleware;
  /** Keeps the public page a route rendered (placed before the routes, after compression). */
  keepRenders: Middleware;
  /** Settles once the high-ratio compressions under way are done (for tests and the bench). */
  compressed(): Promise<void>;
  /** The page kept under `url` (a key as `canonicalUrl` leaves it), counted as asked for again. */
  servedAgain(url: string): CachedPage | undefined;
  /**
   * The body these answers sent for an `Accept-Encoding` header (`''` when absent), once one has:
   * a client's header is one of a few values, so it is negotiated once, by Koa.
   */
  encodingFor(acceptEncoding: string): Encoding | 'identity' | undefined;
}

/** `Accept-Encoding` values remembered at most (clients send a handful; anyone may send more). */
const MAX_REMEMBERED_ENCODINGS = 100;

/**
 * Serves public pages from memory: rendered once per content version, then answered from the
 * stored bytes with an ETag (304 when the browser has it). The key is the request's URL, which
 * `canonicalUrl` has already reduced to the path and the parameters the page reads. The cache
 * empties whenever the content version changes, on this instance or (through polling) on any other.
 *
 * Two halves, so a hit skips everything a render needs (compression, sessions, body parsing, route
 * matching) while a miss is stored only once a route has answered it. Concurrent misses of one
 * page (as right after a content change) wait for the first one's render instead of each running
 * their own.
 */
export function pageCache(content: { onChange(listener: () => void): void }, { now = Date.now }: { now?: () => number } = {}): PageCache {
  const pages = new Map<string, CachedPage>();
  /** Renders under way, by key; each settles with the page, or undefined when it may not be kept. */
  const rendering = new Map<string, Promise<CachedPage | undefined>>();
  const compressions = new Set<Promise<void>>();
  /** Counts the times the cache emptied, so a render begun before that is not stored after it. */
  let generation = 0;
  const forget = () => {
    pages.clear();
    rendering.clear();
    generation += 1;
  };
  content.onChange(forget);
  // The year in the footer is the only thing in a page that changes without a content change:
  // the cache empties when the (UTC) year turns.
  let keptUntil = startOfNextYear(now());
  const lookUp = (key: string) => {
    if (now() >= keptUntil) {
      forget();
      keptUntil = startOfNextYear(now());
    }
    return pages.get(key);
  };
  const isRead = (ctx: Context) => ctx.method === 'GET' || ctx.method === 'HEAD';

  /** A page asked for again is worth its high-ratio variants. */
  const keep = (page: CachedPage) => {
    if (page.kept) return;
    page.kept = true;
    const done = Promise.all([compress(page.identity, 'br', HIGH_RATIO.br), compress(page.identity, 'gzip', HIGH_RATIO.gzip)]).then(
      ([br, gzip]) => {
        page.br = br;
        page.gzip = gzip;
      },
      () => undefined, // the quick variants stay
    );
    compressions.add(done);
    void done.then(() => compressions.delete(done));
  };
  const chosenEncodings = new Map<string, Encoding | 'identity'>();
  const answer = (ctx: Context, page: CachedPage) => {
    const encoding = send(ctx, page);
    if (encoding && chosenEncodings.size < MAX_REMEMBERED_ENCODINGS) chosenEncodings.set(ctx.get('Accept-Encoding'), encoding);
  };
  const sendAgain = (ctx: Context, page: CachedPage) => {
    answer(ctx, page);
    keep(page);
  };

  return {
    answerFromMemory: (ctx, next) => {
      if (!isRead(ctx)) return next();
      const hit = lookUp(ctx.url);
      if (hit) {
        sendAgain(ctx, hit);
        return Promise.resolve();
      }
      const render = rendering.get(ctx.url);
      return render ? render.then((page) => (page ? sendAgain(ctx, page) : next())) : next();
    },
    keepRenders: async (ctx, next) => {
      if (!isRead(ctx)) return next();
      const key = ctx.url;
      // Another request got here first (they both passed the first half before its render began).
      const underWay = rendering.get(key);
      if (underWay) {
        const page = await underWay;
        return page ? sendAgain(ctx, page) : next();
      }
      let settle!: (page: CachedPage | undefined) => void;
      const render = new Promise<CachedPage | undefined>((resolve) => (settle = resolve));
      rendering.set(key, render);
      const renderedIn = generation;
      let page: CachedPage | undefined;
      try {
        await next();
        page = keepableAnswer(ctx);
      } finally {
        if (rendering.get(key) === render) rendering.delete(key);
        settle(page);
      }
      if (!page) return;
      if (renderedIn === generation) {
        if (pages.size >= MAX_ENTRIES) pages.delete(pages.keys().next().value!);
        pages.set(key, page);
      }
      answer(ctx, page);
    },
    compressed: async () => {
      await Promise.all(compressions);
    },
    servedAgain: (url) => {
      const page = lookUp(url);
      if (page) keep(page);
      return page;
    },
    encodingFor: (acceptEncoding) => chosenEncodings.get(acceptEncoding),
  };
}

function startOfNextYear(time: number): number {
  return Date.UTC(new Date(time).getUTCFullYear() + 1, 0, 1);
}

/** The answer a route gave, as a page to store, when it is a 200 declared public (HTML or JSON). */
function keepableAnswer(ctx: Context): CachedPage | undefined {
  if (ctx.status !== 200 || !keepable.has(ctx)) return undefined;
  const text = typeof ctx.body === 'string' && ctx.response.is('html') ? ctx.body : isJsonValue(ctx) ? JSON.stringify(ctx.body) : undefined;
  return text === undefined ? undefined : pageOf(text, ctx.response.get('Content-Type'), ctx.response.get('Cache-Control'));
}

function pageOf(text: string, contentType: string, cacheControl: string): CachedPage {
  const identity = Buffer.from(text);
  return { contentType, cacheControl, etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`, identity, kept: false };
}

/** A JSON answer still held as a value (Koa serialises it only when responding). */
function isJsonValue(ctx: Context): boolean {
  const { body } = ctx;
  return ctx.response.is('json') !== false && body !== null && typeof body === 'object' && !Buffer.isBuffer(body) && typeof (body as { pipe?: unknown }).pipe !== 'function';
}

const zlibOptions = (encoding: Encoding, level: number, size: number) =>
  encoding === 'br' ? { params: { [zlib.BROTLI_PARAM_QUALITY]: level, [zlib.BROTLI_PARAM_SIZE_HINT]: size } } : { level };

const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compresses in zlib's thread pool, off the event loop. */
function compress(identity: Buffer, encoding: Encoding, level: number): Promise<Buffer> {
  const options = zlibOptions(encoding, level, identity.length);
  return encoding === 'br' ? brotliCompressAsync(identity, options) : gzipAsync(identity, options);
}

/** The page's body in `encoding`, compressed quickly now if no variant is made yet. */
export function encodedBody(page: CachedPage, encoding: Encoding): Buffer {
  const made = page[encoding];
  if (made) return made;
  const options = zlibOptions(encoding, QUICK[encoding], page.identity.length);
  return (page[encoding] = encoding === 'br' ? brotliCompressSync(page.identity, options) : gzipSync(page.identity, options));
}

/** What a true miss does after the render (the bench times it): the page stored, one encoding made. */
export function firstAnswerBody(html: string, encoding: Encoding): Buffer {
  return encodedBody(pageOf(html, 'text/html; charset=utf-8', PUBLIC_PAGE_CACHE_CONTROL), encoding);
}

/** Answers with the page (200 or 304); says which body a 200 sent. */
function send(ctx: Context, page: CachedPage): Encoding | 'identity' | undefined {
  ctx.status = 200;
  ctx.type = page.contentType;
  ctx.set('Cache-Control', page.cacheControl);
  ctx.set('ETag', page.etag);
  ctx.vary('Accept-Encoding');
  // Only a revalidation can be fresh (no Last-Modified is sent); checking costs a header copy.
  if (ctx.get('If-None-Match') && ctx.fresh) {
    ctx.status = 304;
    ctx.body = null;
    return undefined;
  }
  // Brotli whenever the client takes it (smaller), whatever order it lists encodings in.
  const encoding = ctx.acceptsEncodings('br') === 'br' ? 'br' : ctx.acceptsEncodings('gzip', 'identity');
  if (encoding === 'br' || encoding === 'gzip') {
    ctx.set('Content-Encoding', encoding);
    ctx.body = encodedBody(page, encoding);
    return encoding;
  }
  ctx.body = page.identity;
  return 'identity';
}
