import zlib from 'node:zlib';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { countSubmissions, humanMeta, VALID_FORMS } from '../../tests/helpers/form-fixtures';
import { undecodableBody } from './body-parser';

const ORIGIN = 'https://agency.test';
const json = Buffer.from(JSON.stringify({ ...VALID_FORMS.contact, ...humanMeta() }));

/** Bodies that claim a Content-Encoding they do not have, or lose their end on the way. */
const CORRUPT: [encoding: string, body: Buffer][] = [
  ['gzip', Buffer.from('this was never gzip')],
  ['deflate', Buffer.from('this was never deflate')],
  ['br', Buffer.from('this was never brotli')],
  ['gzip', zlib.gzipSync(json).subarray(0, 12)],
  ['br', zlib.brotliCompressSync(json).subarray(0, 8)],
];

describe('request bodies with a corrupt Content-Encoding', () => {
  let t: TestApp;
  let admin: AdminTestSession;
  beforeAll(async () => {
    t = await createTestApp({}, { adminAuthOptions: { failureDelayMs: 0 } });
    admin = await signInAsAdmin(t);
  });
  afterAll(() => t.destroy());

  // The bytes as they are: superagent would otherwise JSON-encode a Buffer sent as application/json
  // (its typings say a serializer returns a string; Node sends a Buffer just the same).
  const asIs = (bytes: Buffer) => bytes as unknown as string;
  const post = (path: string, type: string, encoding: string, body: Buffer, headers: Record<string, string> = { Origin: ORIGIN }, method: 'post' | 'patch' = 'post') =>
    request(t.app.callback())[method](path)
      .set(headers)
      .set('Content-Type', type)
      .set('Content-Encoding', encoding)
      .serialize(asIs)
      .send(body);

  it.each(CORRUPT)('answers 400 with a JSON error on the form and login calls (%s)', async (encoding, body) => {
    for (const path of ['/api/forms/contact', '/api/forms/enquiry', '/api/auth/login']) {
      const response = await post(path, 'application/json', encoding, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: undecodableBody });
    }
    const signedIn = await post('/api/forms/contact/00000000-0000-4000-8000-000000000000/status', 'application/json', encoding, body, admin.headers, 'patch');
    expect([signedIn.status, signedIn.body]).toEqual([400, { error: undecodableBody }]);
  });

  it.each(CORRUPT)('answers 400 with the error page on the no-JavaScript forms and login (%s)', async (encoding, body) => {
    for (const path of ['/contact', '/quote', '/admin/login']) {
      const response = await post(path, 'application/x-www-form-urlencoded', encoding, body);
      expect(response.status).toBe(400);
      expect(response.type).toBe('text/html');
      expect(response.text).toContain(undecodableBody);
    }
  });

  it('stores nothing, and still reads a body that is really compressed', async () => {
    const before = await countSubmissions(t.db);
    for (const [encoding, body] of CORRUPT) await post('/api/forms/contact', 'application/json', encoding, body);
    expect(await countSubmissions(t.db)).toBe(before);
    const compressed = await post('/api/forms/contact', 'application/json', 'gzip', zlib.gzipSync(json));
    expect(compressed.status).toBe(201);
    expect(await countSubmissions(t.db)).toBe(before + 1);
  });

  it('survives a truncated body that inflates past the limit: 413, and no stray decoder error ends the process', async () => {
    // 120 kB of JSON compresses to about 160 bytes; its first 90 % inflate past the 100 kB limit
    // before the decoder finds the end missing.
    const large = Buffer.from(JSON.stringify({ name: 'x'.repeat(120_000) }));
    for (const [encoding, compress] of [['gzip', zlib.gzipSync], ['deflate', zlib.deflateSync]] as const) {
      const compressed = compress(large);
      const response = await post('/api/forms/contact', 'application/json', encoding, compressed.subarray(0, Math.floor(compressed.length * 0.9)));
      expect(response.status).toBe(413);
    }
    // The decoder's late "unexpected end of file", unheard, would be an uncaught error failing this test.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await request(t.app.callback()).get('/healthz')).status).toBe(200);
  });

  it('a multipart upload with a corrupt encoding is a 400 too', async () => {
    const response = await post('/api/portfolio', 'multipart/form-data; boundary=x', 'gzip', Buffer.from('--x\r\nnot gzip'), { ...admin.headers });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual(expect.any(String));
  });
});
