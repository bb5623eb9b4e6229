import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import Koa, { type Middleware } from 'koa';
import request from 'supertest';
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { createContentVersion, type ContentVersion } from '../services/content-version';
import { allowCaching, forbidCaching, pageCache, PUBLIC_PAGE_CACHE_CONTROL } from './page-cache';

/** The bytes as sent, still compressed (HTTP clients would decode them). */
async function rawGet(app: Koa, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    return await new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: '/', headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
  } finally {
    server.close();
  }
}

/** An app with the cache's two halves (and `between` them, if given) in front of `route`. */
function cachedApp(contentVersion: ContentVersion, route: Middleware, between?: Middleware, now?: () => number): Koa {
  const app = new Koa();
  const pages = pageCache(contentVersion, { now });
  app.use(pages.answerFromMemory);
  if (between) app.use(between);
  app.use(pages.keepRenders);
  app.use(route);
  return app;
}

describe('page cache', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.destroy());

  /** A site whose page says how many times it was rendered. */
  function site(contentVersion = createContentVersion(t.db), now?: () => number) {
    let renders = 0;
    const app = cachedApp(
      contentVersion,
      (ctx) => {
        renders++;
        ctx.type = 'html';
        if (ctx.path === '/private') forbidCaching(ctx);
        // A route that writes the header itself has not declared its page public.
        else if (ctx.path === '/by-hand') ctx.set('Cache-Control', PUBLIC_PAGE_CACHE_CONTROL);
        else allowCaching(ctx, 'page');
        ctx.body = `<!doctype html><p>render ${renders} of ${ctx.url}</p>`;
      },
      undefined,
      now,
    );
    return { app, contentVersion, renders: () => renders };
  }

  it('renders a public page once and answers later requests from memory', async () => {
    const { app, renders } = site();
    const first = await request(app.callback()).get('/about').expect(200);
    const second = await request(app.callback()).get('/about').expect(200);
    expect(second.text).toBe(first.text);
    expect(renders()).toBe(1);
    expect(second.headers['cache-control']).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    await request(app.callback()).get('/about?x=1').expect(200);
    expect(renders()).toBe(2); // another URL, another page
  });

  it('answers with brotli or gzip as the client accepts, and 304 for a known ETag', async () => {
    const { app } = site();
    const plain = await request(app.callback()).get('/').set('Accept-Encoding', 'identity').expect(200);
    const br = await rawGet(app, { 'Accept-Encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(plain.text);
    const gzip = await request(app.callback()).get('/').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(plain.text); // supertest inflates gzip
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    const etag = plain.headers.etag!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await request(app.callback()).get('/').set('If-None-Match', etag).expect(304);
    expect(again.text).toBeFalsy();
  });

  it('keeps only the pages their route declared public, whatever their headers say', async () => {
    const { app, renders } = site();
    await request(app.callback()).get('/private').expect(200);
    await request(app.callback()).get('/private').expect(200);
    expect(renders()).toBe(2);
    await request(app.callback()).get('/by-hand').expect(200);
    await request(app.callback()).get('/by-hand').expect(200);
    expect(renders()).toBe(4);
  });

  it('keeps a page for the rest of the year only, since the footer shows the year', async () => {
    let clock = Date.UTC(2026, 11, 31, 23, 59);
    const { app, renders } = site(undefined, () => clock);
    await request(app.callback()).get('/about').expect(200);
    await request(app.callback()).get('/about').expect(200);
    expect(renders()).toBe(1);
    clock = Date.UTC(2027, 0, 1, 0, 0);
    expect((await request(app.callback()).get('/about').expect(200)).text).toContain('render 2');
    await request(app.callback()).get('/about').expect(200);
    expect(renders()).toBe(2);
  });

  it('re-renders after a content change, on this instance at once and on another after it polls', async () => {
    const one = site();
    const two = site(createContentVersion(t.db));
    await request(one.app.callback()).get('/portfolio');
    await request(two.app.callback()).get('/portfolio');
    await one.contentVersion.bump(t.db);
    const fresh = await request(one.app.callback()).get('/portfolio');
    expect(fresh.text).toContain('render 2');
    const stale = await request(two.app.callback()).get('/portfolio');
    expect(stale.text).toContain('render 1');
    await two.contentVersion.refresh(); // what its poller does every 500 ms
    const updated = await request(two.app.callback()).get('/portfolio');
    expect(updated.text).toContain('render 2');
  });

  it('answers a hit before the middleware between its halves runs, and a miss through it', async () => {
    const contentVersion = createContentVersion(t.db);
    await contentVersion.refresh();
    let passedThrough = 0;
    const app = cachedApp(
      contentVersion,
      (ctx) => {
        ctx.type = 'html';
        allowCaching(ctx, 'page');
        ctx.body = '<!doctype html><p>page</p>';
      },
      (_ctx, next) => {
        passedThrough++; // stands for compression, sessions, body parsing and routing
        return next();
      },
    );
    await request(app.callback()).get('/about').expect(200);
    await request(app.callback()).get('/about').expect(200);
    await request(app.callback()).head('/about').expect(200);
    expect(passedThrough).toBe(1);
    await request(app.callback()).post('/about').expect(200);
    expect(passedThrough).toBe(2); // only reads are answered from memory
  });

  it('keeps public JSON too, with its type, until the content changes', async () => {
    const contentVersion = createContentVersion(t.db);
    await contentVersion.refresh();
    let reads = 0;
    const app = cachedApp(contentVersion, (ctx) => {
      reads++;
      allowCaching(ctx, 'data');
      ctx.body = [{ _id: 'a', reads }];
    });
    const first = await request(app.callback()).get('/api/portfolio').expect(200);
    const second = await request(app.callback()).get('/api/portfolio').expect(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(reads).toBe(1);
    await contentVersion.bump(t.db);
    expect((await request(app.callback()).get('/api/portfolio').expect(200)).body).toEqual([{ _id: 'a', reads: 2 }]);
  });

  it('compresses a first answer quickly for its one client, and a page asked for again at a high ratio', async () => {
    const contentVersion = createContentVersion(t.db);
    await contentVersion.refresh();
    const pages = pageCache(contentVersion);
    const app = new Koa();
    app.use(pages.answerFromMemory);
    app.use(pages.keepRenders);
    const html = `<!doctype html>${Array.from({ length: 800 }, (_, i) => `<p class="c${i % 7}">Item ${i}: ${((i * 7919) % 104729).toString(36)}</p>`).join('')}`;
    app.use((ctx) => {
      ctx.type = 'html';
      allowCaching(ctx, 'page');
      ctx.body = html;
    });
    const brotli = (quality: number) => zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } });
    const quick = brotli(5);
    const highRatio = brotli(10);
    expect(highRatio.length).toBeLessThan(quick.length);

    expect((await rawGet(app, { 'Accept-Encoding': 'br' })).body).toEqual(quick);
    await pages.compressed();
    // Nothing more is made for a page asked for once.
    expect((await rawGet(app, { 'Accept-Encoding': 'br' })).body).toEqual(quick);
    await pages.compressed();
    expect((await rawGet(app, { 'Accept-Encoding': 'br' })).body).toEqual(highRatio);
    expect((await rawGet(app, { 'Accept-Encoding': 'gzip' })).body).toEqual(zlib.gzipSync(html, { level: 9 }));
  });

  it('renders once for concurrent misses of one page, as right after a content change', async () => {
    const contentVersion = createContentVersion(t.db);
    await contentVersion.refresh();
    const pages = pageCache(contentVersion);
    const app = new Koa();
    const concurrent = 20;
    let arrived = 0;
    let renders = 0;
    let openGate = () => undefined as void;
    let gate = Promise.resolve();
    // Holds the render until every request is in: then each of them is either waiting for that
    // render or, had it started its own, waiting here too.
    app.use(async (_ctx, next) => {
      arrived += 1;
      const going = next();
      if (arrived === concurrent) openGate();
      await going;
    });
    app.use(pages.answerFromMemory);
    app.use(pages.keepRenders);
    app.use(async (ctx) => {
      renders += 1;
      const render = renders;
      await gate;
      ctx.type = 'html';
      allowCaching(ctx, 'page');
      ctx.body = `<!doctype html><p>render ${render}</p>`;
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      await request(server).get('/portfolio').expect(200);
      await contentVersion.bump(t.db);
      [arrived, renders] = [0, 0];
      gate = new Promise((resolve) => (openGate = resolve));
      const answers = await Promise.all(Array.from({ length: concurrent }, () => request(server).get('/portfolio').expect(200)));
      expect(renders).toBe(1);
      expect(new Set(answers.map((answer) => answer.text))).toEqual(new Set(['<!doctype html><p>render 1</p>']));
    } finally {
      server.close();
    }
  });

  it('empties the cache when a change commits, not while its transaction is open, and not at all when it rolls back', async () => {
    const { app, contentVersion, renders } = site();
    await contentVersion.refresh();
    await request(app.callback()).get('/news').expect(200);
    await t.db
      .transaction(async (trx) => {
        await contentVersion.bump(trx);
        // Rendered inside the open transaction: the old content, kept as it was.
        await request(app.callback()).get('/news').expect(200);
        expect(renders()).toBe(1);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await request(app.callback()).get('/news').expect(200);
    expect(renders()).toBe(1);
    await t.db.transaction(async (trx) => {
      await contentVersion.bump(trx);
      await request(app.callback()).get('/news').expect(200);
      expect(renders()).toBe(1);
    });
    await request(app.callback()).get('/news').expect(200);
    expect(renders()).toBe(2);
  });
});
