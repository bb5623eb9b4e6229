import request from 'supertest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { VALID_FORMS, humanMeta } from '../../tests/helpers/form-fixtures';
import { FORM_DEFINITIONS } from '../../shared/forms';
import { FORM_TYPES } from '../../shared/form-types';
import { VIEW_PIXEL_PATH } from '../../shared/analytics-pixel';
import { PAGE_ADDRESSES } from '../site/page-lookup';

describe('privacy', () => {
  let t: TestApp;
  const call = () => request(t.app.callback());
  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.destroy());

  it('has a notice at /privacy, linked from every page’s footer and listed in the sitemap', async () => {
    const page = await call().get('/privacy').expect(200);
    expect(page.text).toContain('<h1');
    expect(page.text).toMatch(/sets no cookies/);
    expect(page.text).toMatch(/deleted when the day ends/);
    const home = await call().get('/').expect(200);
    expect(home.text).toContain('<a href="/privacy">Privacy</a>');
    const sitemap = await call().get('/sitemap.xml').expect(200);
    expect(sitemap.text).toContain('https://agency.test/privacy</loc>');
  });

  it('sets no cookie for a visitor: pages, the view pixel, the forms (JSON and without JavaScript), the thank-you pages', async () => {
    const answers: request.Response[] = [];
    for (const path of [...PAGE_ADDRESSES, '/sitemap.xml', '/robots.txt', '/no-such-page']) answers.push(await call().get(path));
    answers.push(await call().get(VIEW_PIXEL_PATH).query({ p: '/about' }).set('User-Agent', 'Mozilla/5.0 Chrome/126.0'));
    for (const type of FORM_TYPES) {
      answers.push(await call().get(FORM_DEFINITIONS[type].pagePath));
      answers.push(await call().post(`/api/forms/${type}`).send({ ...VALID_FORMS[type], ...humanMeta() }).expect(201));
      answers.push(await call().post(FORM_DEFINITIONS[type].pagePath).type('form').send({ ...VALID_FORMS[type], ...humanMeta(), fillMs: '8000' }));
      answers.push(await call().get(`/thank-you/${type}`));
    }
    expect(answers.filter((res) => res.status >= 500)).toEqual([]);
    expect(answers.map((res) => res.headers['set-cookie']).filter(Boolean)).toEqual([]);
  });

  it('marks every public page for counting, and error pages not', async () => {
    const about = await call().get('/about').expect(200);
    expect(about.text).toContain(`<noscript data-view-pixel="${VIEW_PIXEL_PATH}"><img class="page-view-pixel" src="${VIEW_PIXEL_PATH}"`);
    const missing = await call().get('/no-such-page').expect(404);
    expect(missing.text).not.toContain('page-view');
  });
});
