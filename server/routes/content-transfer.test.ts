import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { CONTENT_DOCUMENTS, CONTENT_SCHEMA_VERSION } from '../../shared/content/documents';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { picture } from '../../tests/helpers/portfolio-fixtures';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import type { ContentFile, ImportChange } from '../content/transfer';

type Rows = { key: string; version: number; published_version: number; published_data: unknown; draft_version: number | null; draft_data: unknown; draft_saved_by: string | null }[];

describe('content export and import', () => {
  let t: TestApp;
  let owner: AdminTestSession;
  let editor: AdminTestSession;
  const api = () => request(t.app.callback());
  const exportFile = async () => (await api().get('/api/content/export').set('Cookie', owner.cookie).expect(200)).body as ContentFile;
  const importFile = (file: unknown, dryRun: boolean) => api().post(`/api/content/import${dryRun ? '?dryRun=1' : ''}`).set(owner.headers).send(file as object);
  const rows = async () => (await t.db('content_documents').orderBy('key').select('key', 'version', 'published_version', 'published_data', 'draft_version', 'draft_data', 'draft_saved_by')) as Rows;
  const changed = (changes: ImportChange[]) => changes.filter((change) => change.status !== 'unchanged');

  let server: http.Server;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signInAsAdmin(t);
    editor = await signInAsAdmin(t, { username: 'transfer-editor', role: 'editor' });
    server = http.createServer(t.app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await t.destroy();
  });

  /**
   * Posts a dry run to a listening server, writing `chunks` (with backpressure) until they run out
   * or the answer comes, whichever is first: a refusal comes while the body is still being sent.
   */
  const streamImport = (chunks: Iterable<Buffer>, headers: Record<string, string | number> = {}) =>
    new Promise<{ status: number; body: { error?: string }; sent: number }>((resolve, reject) => {
      let answered = false;
      let sent = 0;
      const { port } = server.address() as AddressInfo;
      // A connection of its own, closed once answered: one left waiting for the rest of a body is
      // never reused. Kept alive as browsers keep theirs: on `Connection: close`, Node closes the
      // socket as soon as the answer is out, and a write still on its way can then fail (EPIPE)
      // before the answer is read.
      const req = http.request({ host: '127.0.0.1', port, agent: false, method: 'POST', path: '/api/content/import?dryRun=1', headers: { ...owner.headers, 'Content-Type': 'application/json', Connection: 'keep-alive', ...headers } }, (res) => {
        answered = true;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode!, body: JSON.parse(text) as { error?: string }, sent });
        });
        res.on('error', reject);
      });
      req.on('error', (error) => {
        if (!answered) setTimeout(() => (answered ? undefined : reject(error)), 1000);
      });
      const iterator = chunks[Symbol.iterator]();
      const pump = () => {
        while (!answered) {
          const next = iterator.next();
          if (next.done) return void req.end();
          sent += next.value.length;
          if (!req.write(next.value)) return void req.once('drain', pump);
        }
      };
      pump();
    });

  function* inPieces(text: string, size = 64 * 1024) {
    for (let at = 0; at < text.length; at += size) yield Buffer.from(text.slice(at, at + size));
  }

  it('exports every document by key as one file, which imported again changes nothing', async () => {
    const response = await api().get('/api/content/export').set('Cookie', owner.cookie).expect(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="content-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const file = response.body as ContentFile;
    expect(file).toMatchObject({ format: 'brightpath-content', schemaVersion: CONTENT_SCHEMA_VERSION, images: {} });
    expect(Object.keys(file.documents)).toEqual(CONTENT_DOCUMENTS.map((definition) => definition.key));
    expect(file.documents.business).toMatchObject({ phone: '+1 (555) 010-2030' });

    const dryRun = await importFile(file, true).expect(200);
    expect(dryRun.body.problems).toEqual([]);
    expect(dryRun.body.changes).toHaveLength(CONTENT_DOCUMENTS.length);
    expect(changed(dryRun.body.changes)).toEqual([]);

    const before = await rows();
    expect((await importFile(file, false).expect(200)).body.problems).toEqual([]);
    expect(await rows()).toEqual(before);
    expect(await t.db('audit_log').whereIn('action', ['content.export', 'content.import']).orderBy('id').pluck('action')).toEqual(['content.export', 'content.import']);
  });

  it('lists the changed fields of an edited file in a dry run, and writes nothing', async () => {
    const file = await exportFile();
    const business = file.documents.business as { phone: string; location: { city: string }; socials: unknown[] };
    business.phone = '+1 (555) 777-8888';
    business.location.city = 'Oakland';
    business.socials.pop();
    (file.documents.home as { seo: { title: string } }).seo.title = 'A new home title';
    file.documents['no-such-document'] = { anything: true };
    const before = await rows();

    const { body } = await importFile(file, true).expect(200);
    expect(body.problems).toEqual([]);
    expect(changed(body.changes)).toEqual([
      { key: 'business', status: 'changed', fields: ['phone', 'location.city', 'socials'] },
      { key: 'home', status: 'changed', fields: ['seo.title'] },
      { key: 'no-such-document', status: 'unknown', fields: [] },
    ]);
    expect(await rows()).toEqual(before);
  });

  it('imports changed documents as drafts, a new version each, never publishing them', async () => {
    const file = await exportFile();
    (file.documents.business as { phone: string }).phone = '+1 (555) 777-8888';
    (file.documents['services/seo'] as { summary: string }).summary = 'An imported summary.';
    const before = new Map((await rows()).map((row) => [row.key, row]));

    const { body } = await importFile(file, false).expect(200);
    expect(changed(body.changes).map((change: ImportChange) => change.key)).toEqual(['business', 'services/seo']);

    const after = new Map((await rows()).map((row) => [row.key, row]));
    for (const key of ['business', 'services/seo']) {
      const [was, is] = [before.get(key)!, after.get(key)!];
      expect(is).toMatchObject({ version: was.version + 1, draft_version: was.version + 1, published_version: was.published_version, published_data: was.published_data, draft_saved_by: 'test-admin' });
    }
    expect(after.get('business')!.draft_data).toMatchObject({ phone: '+1 (555) 777-8888' });
    expect(after.get('home')).toEqual(before.get('home'));
    // The public site still shows the published number.
    const home = await api().get('/').expect(200);
    expect(home.text).toContain('+1 (555) 010-2030');
    expect(home.text).not.toContain('777-8888');
    // Compared with the draft now: the same file again changes nothing.
    expect(changed((await importFile(file, true).expect(200)).body.changes)).toEqual([]);
    const audit = await t.db('audit_log').where({ action: 'content.import' }).orderBy('id', 'desc').first('summary', 'actor_name');
    expect(audit).toEqual({ summary: 'Drafts of business, services/seo', actor_name: 'test-admin' });
  });

  it('refuses a file with an invalid document whole, naming the document and field, and writes nothing', async () => {
    const file = await exportFile();
    (file.documents.home as { seo: { title: string } }).seo.title = 'Would be fine';
    const business = file.documents.business as { phone: string; socials: { href: string }[] };
    business.phone = '';
    business.socials[0]!.href = 'javascript:alert(1)';
    const before = await rows();

    const dryRun = await importFile(file, true).expect(200);
    expect(dryRun.body.problems).toEqual([
      expect.objectContaining({ key: 'business', field: 'phone' }),
      expect.objectContaining({ key: 'business', field: 'socials.0.href' }),
    ]);

    const refused = await importFile(file, false).expect(400);
    expect(refused.body.error).toContain('nothing was imported');
    expect(refused.body.error).toContain('business, phone');
    expect(refused.body.error).toContain('business, socials.0.href');
    expect(refused.body.fields).toMatchObject({ 'business.phone': expect.any(String), 'business.socials.0.href': expect.any(String) });
    expect(await rows()).toEqual(before);
  });

  it('refuses what is not a content file of this site', async () => {
    for (const body of [{}, { format: 'other', schemaVersion: 1, documents: {} }, { format: 'brightpath-content', schemaVersion: 1, documents: [] }]) {
      expect((await importFile(body, true).expect(400)).body.error).toMatch(/not a content file/);
    }
    expect((await importFile({ format: 'brightpath-content', schemaVersion: 99, documents: {} }, true).expect(400)).body.error).toMatch(/newer version/);
    await api().post('/api/content/import').set(owner.headers).set('Content-Type', 'text/plain').send('hello').expect(415);
    await api().post('/api/content/import').set(owner.headers).set('Content-Type', 'application/json').send('{"format":').expect(400);
    // Owners only, refused before a large body is read.
    await api().get('/api/content/export').set('Cookie', editor.cookie).expect(403);
    await api().post('/api/content/import?dryRun=1').set(editor.headers).send({}).expect(403);
    await api().post('/api/content/import?dryRun=1').set('Content-Type', 'application/json').send(JSON.stringify({ padding: 'x'.repeat(300_000) })).expect(401);
  });

  it('carries the uploaded images the documents show, restores one this site lacks, and takes a file larger than other requests may be', async () => {
    const uploaded = await api().post('/api/content/images').set(owner.headers).attach('file', await picture('png', 1200, 800), 'map.png').expect(201);
    const src = uploaded.body.src as string;
    const { published_data: business } = (await t.db('content_documents').where({ key: 'business' }).first('published_data')) as { published_data: { mapImage: object } };
    await t.db('content_documents').where({ key: 'business' }).update({ published_data: JSON.stringify({ ...business, mapImage: { src, alt: 'Map', decorative: false } }) });

    const file = await exportFile();
    expect(Object.keys(file.images)).toEqual([src]);
    const carried = file.images[src]!;
    expect(carried.files.length).toBeGreaterThan(1);
    for (const each of carried.files) expect(createHash('sha256').update(Buffer.from(each.data, 'base64')).digest('hex')).toBe(each.sha256);

    // Padded past the usual 100 KB limit of a request body.
    const padded = { ...file, padding: 'x'.repeat(150_000) };
    expect((await importFile(padded, true).expect(200)).body.problems).toEqual([]);

    // A site without the image (another site, or this one after it was deleted) gets it back at the same address.
    const id = src.split('/').pop()!;
    await t.db('portfolio_image_files').where({ content_image_id: id }).delete();
    await t.db('content_images').where({ id }).delete();
    expect((await importFile(file, true).expect(200)).body.problems).toEqual([]);
    await importFile(file, false).expect(200);
    expect(await t.db('content_images').where({ id }).first('id')).toEqual({ id });
    expect(Number((await t.db('portfolio_image_files').where({ content_image_id: id }).count<{ count: string }[]>('* as count'))[0]!.count)).toBe(carried.files.length);

    // An image neither stored here nor carried, or carried with bytes that are not its own, is a problem, named.
    const missing = '/media/content/00000000-0000-4000-8000-000000000000';
    (file.documents.home as { banner: { image: { src: string } } }).banner.image.src = missing;
    expect((await importFile(file, true).expect(200)).body.problems).toEqual([expect.objectContaining({ image: missing })]);
    const tampered = { ...file, images: { ...file.images, [missing]: { ...carried, files: carried.files.map((each) => ({ ...each, data: Buffer.from('not the image').toString('base64') })) } } };
    expect((await importFile(tampered, true).expect(200)).body.problems).toEqual([expect.objectContaining({ image: missing })]);
    await importFile(tampered, false).expect(400);
    await t.db('content_documents').where({ key: 'business' }).update({ published_data: JSON.stringify(business) });
  }, 60_000);

  describe('images carried in the file', () => {
    const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    const carrying = async (src: string, files: { bytes: Buffer; format: 'jpeg' | 'webp' | 'avif'; width: number; height: number }[]) => {
      const file = await exportFile();
      (file.documents.business as { mapImage: unknown }).mapImage = { src, alt: 'Map', decorative: false };
      (file.documents.business as { phone: string }).phone = '+1 (555) 321-0000';
      file.images[src] = {
        name: 'map.jpg',
        width: files[0]!.width,
        height: files[0]!.height,
        files: files.map(({ bytes, format, width, height }) => ({ variant: 'content', format, width, height, sha256: sha256(bytes), data: bytes.toString('base64') })),
      };
      return file;
    };
    const businessDraft = async () => ((await t.db('content_documents').where({ key: 'business' }).first('draft_data')) as { draft_data: { phone?: string } | null }).draft_data?.phone;

    it('refuses bytes that are not the image they are declared as, naming the image, and stores nothing of the file', async () => {
      const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
      const src = '/media/content/11111111-1111-4111-8111-111111111111';
      const file = await carrying(src, [{ bytes: html, format: 'jpeg', width: 2_000_000_000, height: 1 }]);
      const phone = await businessDraft();

      const dryRun = await importFile(file, true).expect(200);
      expect(dryRun.body.problems).toEqual([{ image: src, message: `${src} (map.jpg), file ${sha256(html)}.jpg must be a JPEG, PNG, WebP, AVIF or GIF image.` }]);
      const refused = await importFile(file, false).expect(400);
      expect(refused.body.error).toContain(`${src} (map.jpg), file ${sha256(html)}.jpg must be a JPEG, PNG, WebP, AVIF or GIF image.`);
      await api().get(`/media/${sha256(html)}.jpg`).expect(404);
      expect(await t.db('content_images').where({ id: src.split('/').pop() }).first('id')).toBeUndefined();
      // All or nothing: the document that named it was not saved either.
      expect(await businessDraft()).toBe(phone);

      // A real image of another format, or of another size than declared, is refused by name too.
      const png = await picture('png', 64, 48);
      const jpeg = await picture('jpeg', 64, 48);
      const wrong = await carrying(src, [
        { bytes: png, format: 'jpeg', width: 64, height: 48 },
        { bytes: jpeg, format: 'jpeg', width: 2_000_000_000, height: 48 },
      ]);
      expect((await importFile(wrong, true).expect(200)).body.problems).toEqual([
        { image: src, message: `${src} (map.jpg), file ${sha256(png)}.jpg is a PNG image, though declared as a JPEG image.` },
        { image: src, message: `${src} (map.jpg), file ${sha256(jpeg)}.jpg is 64×48 pixels, though declared as 2000000000×48.` },
      ]);
      const large = await picture('jpeg', 1700, 10);
      expect((await importFile(await carrying(src, [{ bytes: large, format: 'jpeg', width: 1700, height: 10 }]), true).expect(200)).body.problems).toEqual([
        { image: src, message: `${src} (map.jpg), file ${sha256(large)}.jpg is 1700×10 pixels: no rendition of an upload is larger than 1600×1600.` },
      ]);
      await importFile(wrong, false).expect(400);
      await api().get(`/media/${sha256(png)}.jpg`).expect(404);
      await api().get(`/media/${sha256(jpeg)}.jpg`).expect(404);
    }, 60_000);

    it('stores and serves a real JPEG the file carries', async () => {
      const jpeg = await picture('jpeg', 320, 200, '#aa3300');
      const src = '/media/content/22222222-2222-4222-8222-222222222222';
      const file = await carrying(src, [{ bytes: jpeg, format: 'jpeg', width: 320, height: 200 }]);
      file.images[src]!.width = 9999;
      expect((await importFile(file, true).expect(200)).body.problems).toEqual([]);
      await importFile(file, false).expect(200);
      const served = await api().get(`/media/${sha256(jpeg)}.jpg`).expect(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(Buffer.compare(served.body as Buffer, jpeg)).toBe(0);
      // Its size is the image's own, not what the file said.
      expect(await t.db('content_images').where({ id: src.split('/').pop() }).first('width', 'height')).toEqual({ width: 320, height: 200 });
      expect(await businessDraft()).toBe('+1 (555) 321-0000');
    }, 60_000);
  });

  it('refuses a file of 700,000 keys (8 MB) by the key limit, and the site still answers', async () => {
    const keys = Array.from({ length: 700_000 }, (_, n) => `"k${n}":0`).join(',');
    const body = `{"format":"brightpath-content","schemaVersion":1,"documents":{${keys}}}`;
    expect(body.length).toBeGreaterThan(8_000_000);
    const refused = await streamImport(inPieces(body));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('The content file holds more than 100,000 keys and list items, the most an import takes.');
    // Refused on the way: the rest of the file was not read.
    expect(refused.sent).toBeLessThan(body.length);
    // Lists count as much as keys.
    const items = `{"format":"brightpath-content","schemaVersion":1,"documents":{"a":[${'{},'.repeat(150_000)}{}]}}`;
    expect((await streamImport(inPieces(items))).body.error).toMatch(/more than 100,000 keys and list items/);
    await api().get('/').expect(200);
    await api().get('/healthz').expect(200);
    expect((await importFile(await exportFile(), true).expect(200)).body.problems).toEqual([]);
  }, 60_000);

  it('refuses a file nested deeper than 32 levels, naming the limit', async () => {
    const deep = `{"format":"brightpath-content","schemaVersion":1,"documents":{"home":${'['.repeat(40)}${']'.repeat(40)}}}`;
    const refused = await api().post('/api/content/import?dryRun=1').set(owner.headers).set('Content-Type', 'application/json').send(deep).expect(400);
    expect(refused.body).toEqual({ error: 'The content file is nested deeper than 32 levels, the most an import takes.' });
    // 32 levels are read (and the file is then checked as usual).
    const fine = `{"format":"brightpath-content","schemaVersion":1,"documents":{"home":${'['.repeat(29)}${']'.repeat(29)}}}`;
    expect((await api().post('/api/content/import?dryRun=1').set(owner.headers).set('Content-Type', 'application/json').send(fine).expect(200)).body.problems).toEqual([
      expect.objectContaining({ key: 'home' }),
    ]);
  });

  it('refuses a file over 40 MB as soon as it passes the limit, and one declared larger before it is sent', async () => {
    // An image's data past the limit, sent without a declared length.
    const head = Buffer.from(`{"format":"brightpath-content","schemaVersion":1,"documents":{},"images":{"/media/content/x":{"name":"x","width":1,"height":1,"files":[{"variant":"content","format":"jpeg","width":1,"height":1,"sha256":"${'0'.repeat(64)}","data":"`);
    const piece = Buffer.alloc(1024 * 1024, 'A');
    const limit = 40 * 1024 * 1024;
    function* body() {
      yield head;
      for (let n = 0; n < 80; n += 1) yield piece;
    }
    const refused = await streamImport(body());
    expect(refused.status).toBe(413);
    expect(refused.body.error).toBe('The content file is larger than 40 MB, the most an import takes.');
    expect(refused.sent).toBeLessThan(80 * piece.length);
    expect(refused.sent).toBeGreaterThan(limit);

    const declared = await streamImport([], { 'Content-Length': limit + 1 });
    expect([declared.status, declared.sent]).toEqual([413, 0]);
    expect(declared.body.error).toMatch(/larger than 40 MB/);

    // Besides images' data, a file takes 4 MB.
    const padded = await streamImport(inPieces(JSON.stringify({ format: 'brightpath-content', schemaVersion: 1, documents: {}, padding: 'x'.repeat(5 * 1024 * 1024) })));
    expect(padded.status).toBe(413);
    expect(padded.body.error).toBe("The content file holds more than 4 MB besides its images' data, the most an import takes.");
    await api().get('/').expect(200);
  }, 60_000);

  it('lands a document this site does not store yet as a draft over the shipped content', async () => {
    const file = await exportFile();
    (file.documents.toolkit as { heading: string }).heading = 'Imported toolkit';
    await t.db('content_documents').where({ key: 'toolkit' }).delete();
    const { body } = await importFile(file, true).expect(200);
    expect(body.changes.find((change: ImportChange) => change.key === 'toolkit')).toEqual({ key: 'toolkit', status: 'new', fields: expect.arrayContaining(['heading', 'seo']) });
    await importFile(file, false).expect(200);
    const row = (await rows()).find((each) => each.key === 'toolkit')!;
    expect(row).toMatchObject({ version: 2, published_version: 1, draft_version: 2, draft_data: expect.objectContaining({ heading: 'Imported toolkit' }) });
    expect(row.published_data).toMatchObject({ heading: expect.not.stringContaining('Imported') });
    expect(await t.db('content_revisions').where({ key: 'toolkit' }).pluck('version')).toEqual([1]);
  });
});
