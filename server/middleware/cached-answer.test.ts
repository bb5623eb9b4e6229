import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { signInAsAdmin } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { createCachedAnswerLog, type CachedAnswerLog } from './cached-answer-log';
import { plainPublicUrl } from './canonical-url';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  url?: string;
  status?: number;
  ms?: number;
  err?: unknown;
  answers?: number;
  pages?: Record<string, { count: number; status: Record<string, number>; head?: number; bytes: number; maxMs: number; latencyMs: Record<string, number> }>;
}

/** The real app, logging into `lines`, its cached answers counted in `log` (flushed by the test). */
async function loggedApp(): Promise<{ t: TestApp; lines: LogLine[]; log: CachedAnswerLog }> {
  const lines: LogLine[] = [];
  const logger = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _encoding, done) => done(void lines.push(JSON.parse(chunk.toString('utf8')))) }));
  const log = createCachedAnswerLog(logger);
  return { t: await createTestApp({}, { logger, cachedAnswerLog: log }), lines, log };
}

const requestLines = (lines: LogLine[], url: string) => lines.filter((line) => line.msg === 'request' && line.url === url);

describe('answers from the render cache', () => {
  it('are the bytes and headers Koa sent, without a request line each, and counted in one summary line', async () => {
    const { t, lines, log } = await loggedApp();
    try {
      const http = request(t.app.callback());
      const first = await http.get('/about').set('Accept-Encoding', 'gzip, deflate').expect(200);
      const again = await http.get('/about').set('Accept-Encoding', 'gzip, deflate').expect(200);
      // Koa gives every answer it makes a request id; the answer from memory is made before Koa.
      expect(first.headers['x-request-id']).toBeDefined();
      expect(again.headers['x-request-id']).toBeUndefined();
      expect(again.text).toBe(first.text);
      const { date: _date, 'x-request-id': _id, ...firstHeaders } = first.headers;
      const { date: _againDate, ...againHeaders } = again.headers;
      expect(againHeaders).toEqual(firstHeaders);

      const head = await http.head('/about').set('Accept-Encoding', 'gzip, deflate').expect(200);
      expect(head.headers['x-request-id']).toBeUndefined();
      // Its length is the gzip body's, high-ratio by now or soon (made once the page is asked for again).
      expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
      const revalidated = await http.get('/about').set('If-None-Match', first.headers.etag!).expect(304);
      expect(revalidated.headers['x-request-id']).toBeUndefined();
      expect(revalidated.headers.etag).toBe(first.headers.etag);
      expect(revalidated.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
      expect(revalidated.headers['content-type']).toBeUndefined();

      expect(requestLines(lines, '/about')).toHaveLength(1);
      expect(lines.filter((line) => line.msg === 'cached answers')).toEqual([]);
      log.flush();
      const [summary] = lines.filter((line) => line.msg === 'cached answers');
      expect(summary?.answers).toBe(3);
      const about = summary!.pages!['/about']!;
      // The bytes are the one GET's body (a HEAD and a 304 send none).
      expect(about).toMatchObject({ count: 3, status: { 200: 2, 304: 1 }, head: 1, bytes: Number(again.headers['content-length']) });
      expect(Object.values(about.latencyMs).reduce((sum, n) => sum + n, 0)).toBe(3);
      expect(about.maxMs).toBeGreaterThanOrEqual(0);
      log.flush();
      expect(lines.filter((line) => line.msg === 'cached answers')).toHaveLength(1);
    } finally {
      await t.destroy();
    }
  });

  it('count a campaign link under its page, and leave everything else to Koa', async () => {
    const { t, lines, log } = await loggedApp();
    try {
      const http = request(t.app.callback());
      await http.get('/portfolio').expect(200);
      const campaign = await http.get('/portfolio?utm_source=news').expect(200);
      expect(campaign.headers['x-request-id']).toBeUndefined();
      // Another spelling is still redirected, public JSON still logged line by line (an API call).
      await http.get('/Portfolio').expect(301);
      await http.get('/api/portfolio').expect(200);
      const apiAgain = await http.get('/api/portfolio').expect(200);
      expect(apiAgain.headers['x-request-id']).toBeDefined();
      expect(requestLines(lines, '/api/portfolio')).toHaveLength(2);
      // An Accept-Encoding never seen before is negotiated by Koa once.
      const unseen = await http.get('/portfolio').set('Accept-Encoding', 'identity').expect(200);
      expect(unseen.headers['x-request-id']).toBeDefined();
      expect(unseen.headers['content-encoding']).toBeUndefined();
      const seen = await http.get('/portfolio').set('Accept-Encoding', 'identity').expect(200);
      expect(seen.headers['x-request-id']).toBeUndefined();
      expect(seen.headers['content-encoding']).toBeUndefined();
      expect(seen.text).toBe(unseen.text);
      // A shutting-down instance answers through Koa, which asks clients to reconnect elsewhere.
      t.lifecycle.shuttingDown = true;
      const closing = await http.get('/portfolio').expect(200);
      expect(closing.headers.connection).toBe('close');
      log.flush();
      const [summary] = lines.filter((line) => line.msg === 'cached answers');
      expect(summary?.pages?.['/portfolio']).toMatchObject({ count: 2, status: { 200: 2 } });
      expect(requestLines(lines, '/portfolio?utm_source=news')).toEqual([]);
    } finally {
      await t.destroy();
    }
  });

  it('leave a miss, an error, an admin page and an API call logged in full as before', async () => {
    const { t, lines } = await loggedApp();
    try {
      const http = request(t.app.callback());
      await http.get('/contact').expect(200);
      await http.get('/no-such-page').expect(404);
      const admin = await signInAsAdmin(t);
      await http.get('/admin/dashboard').set(admin.headers).expect(200);
      await http.get('/api/leads').set(admin.headers).expect(200);
      // A public page whose render fails on the database (a fresh one, dropped after the test): a
      // missing table is answered as a database not ready (503), and logged as an error.
      await t.db.raw('DROP TABLE portfolio_items CASCADE');
      await http.get('/portfolio').expect(503);
      const full = (url: string, status: number) => [expect.objectContaining({ level: 30, method: 'GET', url, status, reqId: expect.any(String), ms: expect.any(Number) })];
      expect(requestLines(lines, '/contact')).toEqual(full('/contact', 200));
      expect(requestLines(lines, '/no-such-page')).toEqual(full('/no-such-page', 404));
      expect(requestLines(lines, '/admin/dashboard')).toEqual(full('/admin/dashboard', 200));
      expect(requestLines(lines, '/api/leads')).toEqual(full('/api/leads', 200));
      const [failed] = requestLines(lines, '/portfolio');
      expect(failed).toEqual(full('/portfolio', 503)[0]);
      // The failure itself, with its error, under the same request id.
      expect(lines.filter((line) => line.level >= 50)).toEqual([expect.objectContaining({ reqId: failed!.reqId, err: expect.objectContaining({ code: '42P01' }) })]);
    } finally {
      await t.destroy();
    }
  });
});

/** One answer exactly as sent: status, headers and the body's bytes (compressed as they were). */
function rawGet(baseUrl: string, url: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(baseUrl + url, { agent: false, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** The real app behind a real HTTP server (the answers are compared byte for byte). */
async function listening(t: TestApp): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server = http.createServer(t.app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('a campaign link (a query the page does not read)', () => {
  it.each([
    ['/?utm_source=newsletter-1', '/?utm_source=newsletter-2'],
    ['/?x=first', '/?x=second'],
    ['/portfolio?fbclid=IwAR0first', '/portfolio?fbclid=IwAR0second'],
  ])('is answered from memory with the bytes and headers Koa sent: %s, then %s', async (first, again) => {
    const t = await createTestApp();
    const server = await listening(t);
    try {
      // The first one renders the page through Koa (it has a request id), the next is answered before Koa.
      const fromKoa = await rawGet(server.baseUrl, first);
      const fromMemory = await rawGet(server.baseUrl, again);
      expect(fromKoa.status).toBe(200);
      expect(fromKoa.headers['x-request-id']).toBeDefined();
      expect(fromMemory.headers['x-request-id']).toBeUndefined();
      // The same bytes (the quick brotli of the first answer: the high-ratio one starts with the second).
      expect(fromMemory.headers['content-encoding']).toBe('br');
      expect(fromMemory.body.equals(fromKoa.body)).toBe(true);
      const { date: _date, 'x-request-id': _id, ...koaHeaders } = fromKoa.headers;
      const { date: _againDate, ...memoryHeaders } = fromMemory.headers;
      expect(memoryHeaders).toEqual(koaHeaders);
      // A revalidation of it is a 304 from memory, as for the plain address.
      const revalidated = await request(t.app.callback()).get(again.replace(/=.*/, '=third')).set('If-None-Match', fromKoa.headers.etag!).expect(304);
      expect(revalidated.headers['x-request-id']).toBeUndefined();
    } finally {
      await server.close();
      await t.destroy();
    }
  });

  it('still goes to Koa when the page reads a parameter of it, escaped or not', async () => {
    const t = await createTestApp();
    try {
      const call = request(t.app.callback());
      await call.get('/portfolio').expect(200);
      const campaign = await call.get('/portfolio?utm_source=ad').expect(200);
      expect(campaign.headers['x-request-id']).toBeUndefined();
      // The filter of /portfolio: a category no item carries sends the visitor to the whole list.
      for (const url of ['/portfolio?category=Made-up', '/portfolio?utm_source=ad&category=Made-up', '/portfolio?%63ategory=Made-up']) {
        const filtered = await call.get(url).expect(302);
        expect([url, filtered.headers.location]).toEqual([url, '/portfolio']);
        expect(filtered.headers['x-request-id']).toBeDefined();
      }
    } finally {
      await t.destroy();
    }
  });
});

describe('the plain public address a cached answer is looked up by', () => {
  it('is the URL canonicalUrl passes on, or undefined where it has more to decide', () => {
    expect(plainPublicUrl('/about')).toBe('/about');
    expect(plainPublicUrl('/')).toBe('/');
    expect(plainPublicUrl('/about?utm_source=news')).toBe('/about');
    expect(plainPublicUrl('/portfolio?utm_source=news&category=Web%20apps&category=x')).toBe('/portfolio?category=Web+apps');
    expect(plainPublicUrl('/about?')).toBe('/about?');
    // A query naming none of the page's parameters keeps nothing; an escaped name is still one.
    expect(plainPublicUrl('/portfolio?fbclid=IwAR0x&utm_campaign=spring')).toBe('/portfolio');
    expect(plainPublicUrl('/portfolio?%63ategory=Web%20apps')).toBe('/portfolio?category=Web+apps');
    expect(plainPublicUrl('/portfolio?utm_content=category')).toBe('/portfolio');
    for (const other of ['/About', '/about/', '//about', '/a/../about', '/%61bout', '/api/portfolio', '/admin', '/ADMIN/x', 'http://agency.test/about', '/about#top', '*']) {
      expect(plainPublicUrl(other)).toBeUndefined();
    }
  });
});
