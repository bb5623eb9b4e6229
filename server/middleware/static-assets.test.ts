import request from 'supertest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

describe('hashed static assets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.destroy());

  it('answers the asset folder itself and paths naming no file with 404, never 500', async () => {
    for (const path of ['/assets/', '/assets', '/assets//', '/assets/.', '/assets/%00', '/assets/..%2f..%2fpackage.json']) {
      for (const accept of ['text/html', 'application/json']) {
        const response = await request(t.app.callback()).get(path).set('Accept', accept);
        expect([path, response.status]).toEqual([path, 404]);
      }
    }
    expect((await request(t.app.callback()).head('/assets/')).status).toBe(404);
  });

  it('still serves a built file, immutable', async () => {
    const home = await request(t.app.callback()).get('/');
    const asset = /"(\/assets\/[^"]+\.css)"/.exec(home.text)![1]!;
    const response = await request(t.app.callback()).get(asset);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });
});
