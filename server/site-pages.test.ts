import request from 'supertest';
import { routeTableOf } from './middleware/access';
import { audienceOf } from './path-audience';
import { FIXED_SITE_PAGES, isSitePage, portfolioItemIdOf } from './site-pages';
import { createTestApp, type TestApp } from '../tests/helpers/test-app';

describe('the pages analytics counts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.destroy());

  const isPage = async (path: string) => {
    const res = await request(t.app.callback()).get(path);
    return res.status === 200 && String(res.headers['content-type']).startsWith('text/html');
  };

  it('are every public page the routes answer without a parameter, and nothing else', async () => {
    const fixedRoutes = routeTableOf(t.app).filter((route) => route.method === 'GET' && route.access?.who === 'anyone' && audienceOf(route.path) === 'site' && !route.path.includes(':'));
    for (const route of fixedRoutes) expect([route.path, isSitePage(route.path)]).toEqual([route.path, await isPage(route.path)]);
  });

  it('each answer with a page', async () => {
    for (const path of FIXED_SITE_PAGES) expect([path, await isPage(path)]).toEqual([path, true]);
  });

  it('include a portfolio item’s page by its shape, and no other path under /portfolio', () => {
    expect(portfolioItemIdOf('/portfolio/0b7e2f4c-3a1d-4c5e-9f00-1234567890ab')).toBe('0b7e2f4c-3a1d-4c5e-9f00-1234567890ab');
    expect(isSitePage('/portfolio/0b7e2f4c-3a1d-4c5e-9f00-1234567890ab')).toBe(true);
    expect(isSitePage('/portfolio/not-an-item')).toBe(false);
    expect(isSitePage('/portfolio/0B7E2F4C-3A1D-4C5E-9F00-1234567890AB')).toBe(false);
    expect(isSitePage('/made-up')).toBe(false);
  });
});
