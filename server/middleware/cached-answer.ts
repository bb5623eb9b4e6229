import type { IncomingMessage, ServerResponse } from 'node:http';
import type Koa from 'koa';
import type { Lifecycle } from '../lifecycle';
import type { CachedAnswerLog } from './cached-answer-log';
import { plainPublicUrl } from './canonical-url';
import { encodedBody, type CachedPage, type Encoding, type PageCache } from './page-cache';
import { trustedRequestId } from './request-context';

/** One answer's status line and headers, flattened as `writeHead` takes them, with its body. */
interface Block {
  headers: string[];
  body: Buffer;
}

interface PageBlocks {
  notModified: string[];
  byEncoding: Partial<Record<Encoding | 'identity', Block>>;
}

export interface CachedAnswerDeps {
  pages: PageCache;
  /** The headers every answer carries (`helmetHeaders`). */
  commonHeaders: [name: string, value: string][];
  lifecycle: Lifecycle;
  trustProxy: boolean;
  log: CachedAnswerLog;
}

/**
 * Answers a GET or HEAD of a public page the render cache holds, straight from Node's request and
 * response, before Koa makes a context: the same headers and bytes as the cache's Koa half sends
 * (`send` in ./page-cache.ts), written as one precomputed block per page and encoding, and counted
 * in the cached-answer log instead of a log line each. Whatever is not that plain case goes to Koa,
 * which decides it in full: another spelling of the address (`canonicalUrl`), the API or the back
 * office, a page not (or not yet) kept, a revalidation whose `If-None-Match` is not exactly the
 * page's ETag, an `Accept-Encoding` value not negotiated before, a shutting-down instance.
 *
 * Returns whether it answered.
 */
export function cachedAnswers({ pages, commonHeaders, lifecycle, trustProxy, log }: CachedAnswerDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  const common = commonHeaders.flat();
  const blocksOf = new WeakMap<CachedPage, PageBlocks>();
  const pageHeaders = (page: CachedPage) => [...common, 'Cache-Control', page.cacheControl, 'ETag', page.etag, 'Vary', 'Accept-Encoding'];

  const blockFor = (page: CachedPage, encoding: Encoding | 'identity'): Block => {
    let blocks = blocksOf.get(page);
    if (!blocks) {
      blocks = { notModified: pageHeaders(page), byEncoding: {} };
      blocksOf.set(page, blocks);
    }
    const body = encoding === 'identity' ? page.identity : encodedBody(page, encoding);
    let block = blocks.byEncoding[encoding];
    // The high-ratio variant replaces the quick one once it is made.
    if (block?.body !== body) {
      const encodingHeader = encoding === 'identity' ? [] : ['Content-Encoding', encoding];
      block = { body, headers: [...pageHeaders(page), 'Content-Type', page.contentType, ...encodingHeader, 'Content-Length', String(body.length)] };
      blocks.byEncoding[encoding] = block;
    }
    return block;
  };

  const answer = (req: IncomingMessage, res: ServerResponse): boolean => {
    const started = performance.now();
    const { method } = req;
    if ((method !== 'GET' && method !== 'HEAD') || lifecycle.shuttingDown) return false;
    const url = plainPublicUrl(req.url ?? '');
    if (url === undefined) return false;
    const page = pages.servedAgain(url);
    if (!page) return false;
    // Read from the raw list: `req.headers` would build an object of them all for three values.
    const { rawHeaders } = req;
    const ifNoneMatch = rawHeader(rawHeaders, 'if-none-match');
    if (ifNoneMatch === REPEATED) return false;
    let status = 200;
    let block: Block | undefined;
    if (ifNoneMatch) {
      // Fresh (304) exactly when Koa would find it so: the ETag as sent, no `no-cache` asked for.
      const cacheControl = rawHeader(rawHeaders, 'cache-control');
      if (ifNoneMatch !== page.etag || cacheControl === REPEATED || cacheControl?.includes('no-cache')) return false;
      status = 304;
    } else {
      const acceptEncoding = rawHeader(rawHeaders, 'accept-encoding');
      const encoding = acceptEncoding === REPEATED ? undefined : pages.encodingFor(acceptEncoding ?? '');
      if (!encoding) return false;
      block = blockFor(page, encoding);
    }
    let answerHeaders = block ? block.headers : blocksOf.get(page)?.notModified ?? pageHeaders(page);
    const incomingId = trustProxy ? rawHeader(rawHeaders, 'x-request-id') : undefined;
    const requestId = incomingId === REPEATED ? undefined : trustedRequestId(incomingId, trustProxy);
    if (requestId) answerHeaders = [...answerHeaders, 'X-Request-Id', requestId];
    res.writeHead(status, answerHeaders);
    if (block && method === 'GET') res.end(block.body);
    else res.end();
    log.record(url, method, status, block && method === 'GET' ? block.body.length : 0, performance.now() - started);
    return true;
  };
  return (req, res) => {
    try {
      return answer(req, res);
    } catch (error) {
      // Nothing sent yet (a compression that failed, say): Koa answers, with its error handling.
      if (!res.headersSent) return false;
      res.destroy(error as Error);
      return true;
    }
  };
}

/** A header sent more than once: Node would join the values; Koa reads it then. */
const REPEATED = Symbol('repeated');

/** The value of header `name` (lower case) in Node's raw list of names and values. */
function rawHeader(rawHeaders: string[], name: string): string | undefined | typeof REPEATED {
  let value: string | undefined;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const given = rawHeaders[i]!;
    if (given.length === name.length && (given === name || given.toLowerCase() === name)) {
      if (value !== undefined) return REPEATED;
      value = rawHeaders[i + 1]!;
    }
  }
  return value;
}

const ANSWERED = Promise.resolve();

/** Makes `app.callback()` (the HTTP server's handler, as tests use it too) try `answer` before Koa. */
export function answerFirst(app: Koa, answer: (req: IncomingMessage, res: ServerResponse) => boolean): void {
  const koaCallback = app.callback.bind(app);
  app.callback = () => {
    const handleRequest = koaCallback();
    // The site is served over HTTP/1.1 (`node:http`), which is what `answer` writes.
    return (req, res) => (answer(req as IncomingMessage, res as ServerResponse) ? ANSWERED : handleRequest(req, res));
  };
}
