import { createHash } from 'node:crypto';
import request from 'supertest';
import { createPortfolioService } from '../services/portfolio';
import { CONTENT_DOCUMENTS } from '../../shared/content/documents';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { picture, submission, upload } from '../../tests/helpers/portfolio-fixtures';
import { mediaFileIn } from '../../tests/helpers/route-spellings';
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

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signInAsAdmin(t);
    editor = await signInAsAdmin(t, { username: 'transfer-editor', role: 'editor' });
  });
  afterAll(() => t.destroy());

  it('exports every document by key as one file, which imported again changes nothing', async () => {
    const response = await api().get('/api/content/export').set('Cookie', owner.cookie).expect(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="content-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const file = response.body as ContentFile;
    expect(file).toMatchObject({ format: 'brightpath-content', schemaVersion: 1, images: {} });
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

  it('carries the stored images the documents show, and takes a file larger than other requests may be', async () => {
    const item = await createPortfolioService({ db: t.db, contentVersion: t.contentVersion }).create(submission({}, { mainImage: upload(await picture('png', 1600, 1200)) }));
    const media = `/media/${mediaFileIn(JSON.stringify(item))}`;
    const { published_data: business } = (await t.db('content_documents').where({ key: 'business' }).first('published_data')) as { published_data: { mapImage: object } };
    await t.db('content_documents').where({ key: 'business' }).update({ published_data: JSON.stringify({ ...business, mapImage: { src: media, alt: 'Map', decorative: false } }) });

    const file = await exportFile();
    expect(Object.keys(file.images)).toEqual([media]);
    const bytes = Buffer.from(file.images[media]!, 'base64');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(media.slice('/media/'.length, '/media/'.length + 64));

    // Padded past the usual 100 KB limit of a request body.
    const padded = { ...file, padding: 'x'.repeat(150_000) };
    expect((await importFile(padded, true).expect(200)).body.problems).toEqual([]);

    // An image neither stored here nor matching its bytes is a problem, named.
    const missing = `/media/${'a'.repeat(64)}.webp`;
    (file.documents.home as { banner: { image: { src: string } } }).banner.image.src = missing;
    const tampered = { ...file, images: { ...file.images, [missing]: Buffer.from('not the image').toString('base64') } };
    expect((await importFile(tampered, true).expect(200)).body.problems).toEqual([expect.objectContaining({ image: missing })]);
    await importFile(tampered, false).expect(400);
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
