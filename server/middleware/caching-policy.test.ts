import request from 'supertest';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { VALID_FORMS, humanMeta } from '../../tests/helpers/form-fixtures';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { PUBLIC_DATA_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL } from './page-cache';

/** Who may keep an answer, decided in one place: no cache keeps an API or back-office answer unless its route says it is public. */
describe('caching of answers', () => {
  let t: TestApp;
  let admin: AdminTestSession;
  const call = () => request(t.app.callback());
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAsAdmin(t);
  });
  afterAll(() => t.destroy());

  const cacheControl = (response: request.Response) => response.headers['cache-control'];

  it('keeps no admin call, back-office page or visitor call to the API', async () => {
    expect(cacheControl(await call().get('/api/leads').set(admin.headers).expect(200))).toBe('no-store');
    expect(cacheControl(await call().get('/api/tasks/counts').set(admin.headers).expect(200))).toBe('no-store');
    expect(cacheControl(await call().get('/api/settings').set(admin.headers).expect(200))).toBe('no-store');
    expect(cacheControl(await call().get('/admin/dashboard').expect(200))).toBe('no-store');
    expect(cacheControl(await call().post('/api/forms/contact').send({ ...VALID_FORMS.contact, ...humanMeta() }).expect(201))).toBe('no-store');
    expect(cacheControl(await call().get('/api/analytics/view.gif?p=/').expect(200))).toBe('no-store');
    expect(cacheControl(await call().get('/api/auth/session').expect(401))).toBe('no-store');
    expect(cacheControl(await call().get('/healthz').expect(200))).toBe('no-store');
  });

  it('lets a route declare its answer public: the portfolio list and the public pages', async () => {
    expect(cacheControl(await call().get('/api/portfolio').expect(200))).toBe(PUBLIC_DATA_CACHE_CONTROL);
    expect(cacheControl(await call().get('/').expect(200))).toBe(PUBLIC_PAGE_CACHE_CONTROL);
  });
});
