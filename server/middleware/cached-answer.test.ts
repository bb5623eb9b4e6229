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

describe('the plain public address a cached answer is looked up by', () => {
  it('is the URL canonicalUrl passes on, or undefined where it has more to decide', () => {
    expect(plainPublicUrl('/about')).toBe('/about');
    expect(plainPublicUrl('/')).toBe('/');
    expect(plainPublicUrl('/about?utm_source=news')).toBe('/about');
    expect(plainPublicUrl('/portfolio?utm_source=news&category=Web%20apps&category=x')).toBe('/portfolio?category=Web+apps');
    expect(plainPublicUrl('/about?')).toBe('/about?');
    for (const other of ['/About', '/about/', '//about', '/a/../about', '/%61bout', '/api/portfolio', '/admin', '/ADMIN/x', 'http://agency.test/about', '/about#top', '*']) {
      expect(plainPublicUrl(other)).toBeUndefined();
    }
  });
});
