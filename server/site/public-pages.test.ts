/**
 * The table of public pages against the app built from it: every row's addresses answer with the
 * row's page, the app's public routes are the table's, and the sitemap, analytics, the canonical
 * query strings and the previews read the same rows.
 */
import request from 'supertest';
import { routeTableOf } from '../middleware/access';
import { audienceOf } from '../path-audience';
import { loadManifest } from '../render/manifest';
import { createPageRenderer } from '../render/render-page';
import { createPortfolioService, type PortfolioService } from '../services/portfolio';
import { CONTENT_DOCUMENTS } from '../../shared/content/documents';
import type { PortfolioItemJson } from '../../shared/portfolio/item';
import { submission } from '../../tests/helpers/portfolio-fixtures';
import { createTestApp, TEST_ASSETS_DIR, type TestApp } from '../../tests/helpers/test-app';
import { isSitePage, LISTED_ADDRESSES, PAGE_ADDRESSES, PAGES_BY_ROUTE, pageQueryString, pageViewAt } from './page-lookup';
import { documentsShownOn, MOVED_PAGES, portfolioItemIdOf, PUBLIC_PAGES } from './public-pages';

/** Public GET routes that answer no page: the sitemap and robots.txt, health checks, stored images, preview links. */
const NOT_PAGES = ['/sitemap.xml', '/robots.txt', '/healthz', '/readyz', '/media/content/:id', '/media/:file', '/preview/:token'];

describe('the table of public pages', () => {
  let t: TestApp;
  let portfolio: PortfolioService;
  let item: PortfolioItemJson;
  const get = (path: string) => request(t.app.callback()).get(path).set('Accept', 'text/html').redirects(0);
  const sources = () => ({ content: t.siteContent.current(), portfolio, absolute: (path: string) => `${t.config.publicUrl}${path}` });

  beforeAll(async () => {
    t = await createTestApp();
    portfolio = createPortfolioService({ db: t.db, contentVersion: t.contentVersion });
    item = await portfolio.create(submission({ title: 'Tabled' }));
  });
  afterAll(() => t.destroy());

  it('answers every address of every row, and a portfolio item’s, with 200 and exactly the page its row shows', async () => {
    const renderPage = createPageRenderer(t.config, loadManifest(TEST_ASSETS_DIR), t.siteContent.current);
    expect(PAGE_ADDRESSES.size).toBeGreaterThan(40);
    for (const path of [...PAGE_ADDRESSES, `/portfolio/${item._id}`]) {
      const res = await get(path);
      const view = await pageViewAt(path, sources());
      expect([path, res.status, res.headers['content-type'], view !== undefined]).toEqual([path, 200, 'text/html; charset=utf-8', true]);
      expect({ path, same: res.text === renderPage({ path, ...view! }) }).toEqual({ path, same: true });
    }
  });

  it('shows no page where a row has none: an unknown slug or item, a made-up address, an address moved', async () => {
    for (const path of ['/services/nope', '/thank-you/newsletter', '/portfolio/00000000-0000-4000-8000-000000000000', '/made-up', MOVED_PAGES[0]!.from]) {
      expect([path, await pageViewAt(path, sources())]).toEqual([path, undefined]);
    }
    await get('/services/nope').expect(404);
    await get('/portfolio/00000000-0000-4000-8000-000000000000').expect(404);
  });

  it('are the app’s public routes: every GET route anyone may call on the site is a row’s, an address moved, or answers no page', () => {
    const siteRoutes = routeTableOf(t.app).filter((route) => route.method === 'GET' && route.access?.who === 'anyone' && audienceOf(route.path) === 'site');
    const tableRoutes = [...PAGES_BY_ROUTE.keys(), ...MOVED_PAGES.map((moved) => moved.from), ...NOT_PAGES];
    expect(siteRoutes.map((route) => route.path).sort()).toEqual(tableRoutes.sort());
  });

  it('moves each address a page once had to the page, permanently', async () => {
    for (const { from, to } of MOVED_PAGES) {
      await get(from).expect(301).expect('Location', to);
      expect(PAGE_ADDRESSES.has(to)).toBe(true);
    }
  });

  it('lists the sitemap rows in the sitemap, in the table’s order and dated by their documents, then each portfolio item', async () => {
    const sitemap = (await get('/sitemap.xml').expect(200)).text;
    const entries = Array.from(sitemap.matchAll(/<url><loc>https:\/\/agency\.test([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g), ([, path, lastmod]) => ({ path, lastmod }));
    expect(entries.map((entry) => entry.path)).toEqual([...LISTED_ADDRESSES, `/portfolio/${item._id}`]);
    expect(LISTED_ADDRESSES).toEqual(expect.arrayContaining(['/', '/about', '/services/seo', '/industries/it', '/portfolio', '/portfolio/web-development', '/contact', '/privacy']));
    // Pages staff reach from a link or a form are no entries of their own.
    for (const path of ['/quote', '/regions', '/thank-you/quote']) expect(LISTED_ADDRESSES).not.toContain(path);
    const privacy = entries.find((entry) => entry.path === '/privacy')!;
    expect(privacy.lastmod).toBe(t.siteContent.lastPublishedOf(documentsShownOn('/privacy'))!.toISOString());
    expect(entries.at(-1)!.lastmod).toBe(item.updatedAt);
  });

  it('counts in analytics every page of the table, a portfolio item’s by its shape, and nothing else', async () => {
    const isPage = async (path: string) => {
      const res = await get(path);
      return res.status === 200 && String(res.headers['content-type']).startsWith('text/html');
    };
    for (const path of PAGE_ADDRESSES) expect([path, isSitePage(path)]).toEqual([path, true]);
    const fixedRoutes = routeTableOf(t.app).filter((route) => route.method === 'GET' && route.access?.who === 'anyone' && audienceOf(route.path) === 'site' && !route.path.includes(':'));
    for (const route of fixedRoutes) expect([route.path, isSitePage(route.path)]).toEqual([route.path, await isPage(route.path)]);
    expect(portfolioItemIdOf('/portfolio/0b7e2f4c-3a1d-4c5e-9f00-1234567890ab')).toBe('0b7e2f4c-3a1d-4c5e-9f00-1234567890ab');
    expect(isSitePage('/portfolio/0b7e2f4c-3a1d-4c5e-9f00-1234567890ab')).toBe(true);
    expect(isSitePage('/portfolio/not-an-item')).toBe(false);
    expect(isSitePage('/portfolio/0B7E2F4C-3A1D-4C5E-9F00-1234567890AB')).toBe(false);
    expect(isSitePage('/made-up')).toBe(false);
  });

  it('keeps only the query parameters a row reads, at its addresses, first value each', () => {
    expect(pageQueryString('/portfolio', 'utm_source=x&category=Web+Development&category=Other&page=2')).toBe('category=Web+Development');
    expect(pageQueryString('/portfolio', 'utm_source=x')).toBe('');
    expect(pageQueryString('/about', 'category=Web+Development')).toBe('');
    expect(pageQueryString('/portfolio/web-development', 'category=Web+Development')).toBe('');
    // Parameters are read at addresses known without data, which is where they are looked up.
    for (const page of PUBLIC_PAGES.filter((row) => row.query.length > 0)) expect([page.route, page.addresses.length > 0, page.addressShape]).toEqual([page.route, true, undefined]);
  });

  it('knows the documents each page shows, and every page a document names is a page of the table', () => {
    expect(documentsShownOn('/about')).toEqual(expect.arrayContaining(['about', 'stats', 'business', 'services/seo']));
    expect(documentsShownOn('/about')).not.toContain('home');
    expect(documentsShownOn('/regions')).not.toContain('about');
    for (const document of CONTENT_DOCUMENTS) {
      for (const path of document.paths.filter((each) => each !== '*')) expect([document.key, path, PAGE_ADDRESSES.has(path)]).toEqual([document.key, path, true]);
    }
  });
});
