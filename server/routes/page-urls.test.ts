import type { Server } from 'node:http';
import request from 'supertest';
import { createPortfolioService } from '../services/portfolio';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { submission } from '../../tests/helpers/portfolio-fixtures';

const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];

describe('one address per public page', () => {
  let t: TestApp;
  let server: Server;
  /** Database queries run since the last call: none means the answer came from the render cache. */
  let queries = 0;
  const queriesSince = () => {
    const count = queries;
    queries = 0;
    return count;
  };
  const get = (path: string) => request(server).get(path).set('Accept', 'text/html');
  /** Each spelling is moved (301) to the address it maps to. */
  const expectMoved = async (moved: Record<string, string>) => {
    for (const [variant, canonical] of Object.entries(moved)) {
      const res = await get(variant).expect(301);
      expect([variant, res.headers.location]).toEqual([variant, canonical]);
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    await createPortfolioService({ db: t.db, contentVersion: t.contentVersion }).create(submission({ displayCategories: ['Graphic Designing', 'Web Development'] }));
    t.db.on('query', () => queries++);
    server = t.app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    server.close();
    await t.destroy();
  });

  it('moves case and trailing-slash variants to the one spelling (301), with only the parameters the page reads', async () => {
    await expectMoved({
      '/ABOUT/': '/about',
      '/about/': '/about',
      '/Services/Web-Development': '/services/web-development',
      '/industries/Real-Estate//': '/industries/real-estate',
      '/Contact?utm_source=news': '/contact',
      '/PORTFOLIO/?utm_source=news&category=Web%20Development&page=2': '/portfolio?category=Web+Development',
    });
    await request(server).head('/Toolkit/').expect(301).expect('Location', '/toolkit');
    // Unknown paths and files are left to what follows; the back office's pages are moved too.
    await get('/NOPE/').expect(404);
    await get('/ASSETS/app.js').expect(404);
    await get('/ADMIN/Dashboard/Messages?type=quote').expect(301).expect('Location', '/admin/dashboard/messages?type=quote');
    await get('/admin/nope/').expect(404);
    expect(canonicalOf((await get('/about').expect(200)).text)).toBe('https://agency.test/about');
  });

  it('moves percent-encoded, double-slash and dot-segment spellings to the one spelling, rendering and keeping one page', async () => {
    await expectMoved({
      '/services/%77eb-development': '/services/web-development',
      '/%61bout': '/about',
      '/industries/%72eal%2Destate': '/industries/real-estate',
      '//contact': '/contact',
      '/about/./': '/about',
      '/services/x/../../toolkit': '/toolkit',
      '/%2e%2e/about': '/about',
      '/portfolio/%57eb-development?utm_source=x': '/portfolio/web-development',
    });
    // Escapes of characters that are not plain letters, digits or -._~ are part of the address.
    await get('/portfolio/caf%C3%A9').expect(404);
    await get('/portfolio/caf%c3%a9').expect(301).expect('Location', '/portfolio/caf%C3%A9');
    // The variant is never rendered: the page is kept once, under its own address.
    await get('/industries/real-estate').expect(200);
    queriesSince();
    await get('/industries/%72eal-estate').expect(301);
    const page = await get('/industries/real-estate').expect(200);
    expect(queriesSince()).toBe(0);
    expect(canonicalOf(page.text)).toBe('https://agency.test/industries/real-estate');
  });

  it('answers other parameters with the canonical page, from the cache entry of the plain address', async () => {
    const plain = await get('/portfolio').expect(200);
    const filtered = await get('/portfolio?category=Graphic%20Designing').expect(200);
    queriesSince();
    for (const [url, page] of [
      ['/portfolio?utm_source=newsletter-1', plain],
      ['/portfolio?gclid=EAIaIQobChMI&fbclid=IwAR2&utm_medium=cpc', plain],
      ['/portfolio?fbclid=IwAR3&category=Graphic+Designing', filtered],
    ] as const) {
      const res = await get(url).expect(200);
      expect([url, res.text]).toEqual([url, page.text]);
      expect(canonicalOf(res.text)).toBe('https://agency.test/portfolio');
    }
    expect(queriesSince()).toBe(0);
    const home = await get('/?x=8f3a&utm_campaign=spring').expect(200);
    expect(canonicalOf(home.text)).toBe('https://agency.test/');
    expect(home.text).not.toMatch(/8f3a|utm_|spring/);
  });

  it('sends a category no item carries to the whole list instead of keeping a page for it', async () => {
    await get('/portfolio?category=Made-up%20Category').expect(302).expect('Location', '/portfolio');
    await get('/portfolio?category=').expect(302).expect('Location', '/portfolio');
  });

  // The render cache's own test pins this down with a held render; here the real page and database
  // (on PostgreSQL the requests overlap the read; in-process PGlite may answer before they do).
  // A change also makes the content store read its documents again (which empties the cache once
  // more when it lands); the store's queue is drained first so only the page's own reads are counted.
  const changePortfolio = async () => {
    await t.contentVersion.bump(t.db);
    await t.siteContent.load();
    queriesSince();
  };
  it('reads the portfolio once for the requests that arrive together right after it changed', async () => {
    await changePortfolio();
    await get('/portfolio').expect(200);
    const oneRender = queriesSince();
    expect(oneRender).toBeGreaterThan(0);
    await changePortfolio();
    const answers = await Promise.all(Array.from({ length: 20 }, () => get('/portfolio').expect(200)));
    expect(queriesSince()).toBe(oneRender);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
  });

  it('keeps cached pages however many different campaign links arrive', async () => {
    await get('/portfolio').expect(200);
    queriesSince();
    // More unique links than the cache holds entries: as keys of their own, they would evict it.
    for (let click = 0; click < 1001; click += 1) await get(`/about?utm_source=ad-${click}`).expect(200);
    await get('/portfolio').expect(200);
    expect(queriesSince()).toBe(0);
  });
});
