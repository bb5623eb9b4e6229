import request from 'supertest';
import { createTestApp, type TestApp } from '../tests/helpers/test-app';

describe('the Koa app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.destroy());

  describe('server rendering', () => {
    it('answers / with a complete HTML document', async () => {
      const res = await request(t.app.callback()).get('/').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toMatch(/^<!doctype html><html lang="en">/);
      expect(res.text).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
      expect(res.text).toMatch(/<title>[^<]+<\/title>/);
      expect(res.text).toMatch(/<meta name="description" content="[^"]{20,}"\/>/);
      expect(res.text).toContain('<link rel="canonical" href="https://agency.test/"/>');
      expect(res.text).toContain('<meta property="og:url" content="https://agency.test/"/>');
      expect(res.text).toMatch(/<meta property="og:image" content="https:\/\/agency\.test\/assets\//);
      expect(res.text).toContain('<h1>');
      expect(res.text).toMatch(/<\/html>$/);
    });

    it('loads the boot script and only the islands the page renders', async () => {
      const res = await request(t.app.callback()).get('/').expect(200);
      expect(res.text).toMatch(/<script type="module" src="\/assets\/boot-[\w-]+\.js"><\/script>/);
      expect(res.text).toMatch(/data-island="MobileMenu" data-hydrate="interaction" data-src="\/assets\/islands\/MobileMenu-[\w-]+\.js"/);
      // No inline script at all: the CSP forbids it, and JSON-LD is data.
      const inlineScripts = res.text.match(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>/g);
      expect(inlineScripts).toBeNull();
    });

    it('renders a real 404 page with status 404', async () => {
      const res = await request(t.app.callback()).get('/no-such-page').set('Accept', 'text/html').expect(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('Page not found');
      expect(res.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('answers unknown API paths with a JSON error', async () => {
      const res = await request(t.app.callback()).get('/api/no-such-thing').expect(404);
      expect(res.body).toEqual({ error: 'Not found' });
    });
  });

  describe('compression', () => {
    it('answers plain bytes when Accept-Encoding allows nothing usable or cannot be parsed', async () => {
      for (const acceptEncoding of ['br;q=abc, gzip;q=-1', 'identity;q=0', 'x-unknown']) {
        for (const path of ['/about', '/api/no-such-call']) {
          const res = await request(t.app.callback()).get(path).set('Accept-Encoding', acceptEncoding);
          expect(res.status).toBeLessThan(500);
          expect(res.headers['content-encoding']).toBeUndefined();
        }
      }
    });
  });

  describe('security headers', () => {
    it('sends a strict CSP and the other headers on every answer', async () => {
      for (const path of ['/', '/no-such-page', '/healthz']) {
        const res = await request(t.app.callback()).get(path);
        const csp = res.headers['content-security-policy'];
        expect(csp).toContain("script-src 'self'");
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("base-uri 'none'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['x-powered-by']).toBeUndefined();
        expect(res.headers['strict-transport-security']).toBeUndefined();
        // Answers Koa makes carry a request id; the home page may come from the render cache,
        // answered before Koa and counted rather than logged one by one (middleware/cached-answer.ts).
        if (path !== '/') expect(res.headers['x-request-id']).toMatch(/^[\w-]{36}$/);
      }
    });

    it('adds HSTS in production', async () => {
      const prod = await createTestApp({ NODE_ENV: 'production' });
      try {
        const res = await request(prod.app.callback()).get('/healthz');
        expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      } finally {
        await prod.destroy();
      }
    });
  });

  describe('assets', () => {
    it('serves hashed files as immutable and compressed', async () => {
      const home = await request(t.app.callback()).get('/');
      const css = home.text.match(/href="(\/assets\/site-[\w-]+\.css)"/)![1]!;
      const res = await request(t.app.callback()).get(css).set('Accept-Encoding', 'gzip').expect(200);
      expect(res.headers['content-type']).toMatch(/text\/css/);
      expect(res.headers['cache-control']).toBe('max-age=31536000,immutable');
      expect(res.headers['content-encoding']).toBe('gzip');
    });

    it('answers a missing asset with 404 and no path tricks', async () => {
      await request(t.app.callback()).get('/assets/nope-123.js').expect(404);
      await request(t.app.callback()).get('/assets/..%2f..%2fpackage.json').expect(404);
    });
  });

  describe('body parsing', () => {
    it('refuses a JSON body over 100 KB with 413 and a JSON error', async () => {
      const res = await request(t.app.callback())
        .post('/api/forms/contact')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ message: 'x'.repeat(110 * 1024) }))
        .expect(413);
      expect(res.body).toEqual({ error: 'The request body is too large.' });
    });

    it('refuses an urlencoded body over 100 KB with 413', async () => {
      await request(t.app.callback()).post('/contact').type('form').send(`message=${'x'.repeat(110 * 1024)}`).expect(413);
    });

    it('answers malformed JSON with 400 and a JSON error, never a stack trace', async () => {
      const res = await request(t.app.callback()).post('/api/forms/contact').set('Content-Type', 'application/json').send('{"name": ').expect(400);
      expect(res.body).toEqual({ error: 'The request body is not valid JSON.' });
      expect(res.text).not.toMatch(/at \w+ \(/);
    });
  });

  describe('health', () => {
    it('/healthz says the process is up', async () => {
      await request(t.app.callback()).get('/healthz').expect(200, { status: 'ok' });
    });

    it('/readyz says the database answers', async () => {
      await request(t.app.callback()).get('/readyz').expect(200, { status: 'ready' });
    });

    it('/readyz answers 503 while shutting down', async () => {
      t.lifecycle.shuttingDown = true;
      try {
        const res = await request(t.app.callback()).get('/readyz').expect(503);
        expect(res.headers.connection).toBe('close');
      } finally {
        t.lifecycle.shuttingDown = false;
      }
    });
  });
});

describe('the Koa app without its database', () => {
  it('answers /readyz with 503 and a clear message', async () => {
    const t = await createTestApp();
    await t.db.destroy();
    const res = await request(t.app.callback()).get('/readyz').expect(503);
    expect(res.body).toEqual({ error: 'The service is temporarily unavailable. Please try again in a moment.' });
    expect(res.headers['retry-after']).toBe('5');
    await t.destroy().catch(() => undefined);
  });
});
