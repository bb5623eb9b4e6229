/**
 * Addresses never break (issue 41): a service's or industry's address changed
 * (`POST /api/content/{key}/move`) or the page retired (`POST /api/content/{key}/retire`), each
 * published at once with an automatic 301 from every address the page had, audited and undone
 * from History; a retired page brought back.
 */
import request from 'supertest';
import { DEFAULT_DOCUMENTS } from '../../shared/content/defaults';
import type { ServiceContent } from '../../shared/content/documents';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

const seo = DEFAULT_DOCUMENTS['services/seo'] as ServiceContent;
const video: ServiceContent = { ...seo, title: 'Video Production', navLabel: 'Video', summary: 'Films that tell your story.', listing: { ...seo.listing, order: 95, showInMenus: true, enquiryName: 'Video Production', quoteName: 'Video Production' }, seo: { ...seo.seo, title: 'Video Production' } };

describe('page addresses: move and retire', () => {
  let t: TestApp;
  let ann: AdminTestSession;
  const api = () => request(t.app.callback());
  const create = (key: string, data: unknown) => api().put(`/api/content/${key}/draft`).set(ann.headers).send({ data, baseVersion: 0 });
  const publish = (key: string, version: number) => api().post(`/api/content/${key}/publish`).set(ann.headers).send({ version });
  const move = (key: string, to: unknown) => api().post(`/api/content/${key}/move`).set(ann.headers).send({ to });
  const retire = (key: string, redirectTo: unknown) => api().post(`/api/content/${key}/retire`).set(ann.headers).send({ redirectTo });
  const undoOf = async (key: string) => {
    const plan = (await api().get(`/api/content/${key}/undo`).set(ann.headers).expect(200)).body as { undoes: { version: number }; event?: unknown };
    const done = await api().post(`/api/content/${key}/undo`).set(ann.headers).send({ version: plan.undoes.version });
    return { plan, done };
  };
  const menuOf = (html: string) => html.slice(html.indexOf('<header'), html.indexOf('</header>'));
  const footerOf = (html: string) => html.slice(html.indexOf('<footer'), html.indexOf('</footer>'));
  const redirectsList = async () => ((await api().get('/api/redirects').set(ann.headers).expect(200)).body as { redirects: { from: string; to: string; automatic: boolean }[] }).redirects;
  const lands = async (from: string) => {
    const answer = await api().get(from);
    return [answer.status, answer.headers.location as string | undefined];
  };

  beforeAll(async () => {
    t = await createTestApp();
    ann = await signInAsAdmin(t, { username: 'ann' });
    await create('services/video-production', video).expect(201);
    await publish('services/video-production', 1).expect(200);
  });
  afterAll(() => t.destroy());

  it('moves a service: its page, history, draft and preview links follow the new key, and the old address answers 301', async () => {
    const draft = await api().put('/api/content/services/video-production/draft').set(ann.headers).send({ data: { ...video, summary: 'A draft in progress.' }, baseVersion: 1 }).expect(200);
    await api().post('/api/content/services/video-production/preview-links').set(ann.headers).send({}).expect(201);
    const at = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
    await api().post('/api/content/services/video-production/publish').set(ann.headers).send({ version: draft.body.version, at }).expect(202);

    // Rendered and kept by the render cache before the move: the move must not leave it answering.
    await api().get('/services/video-production').expect(200);
    await api().get('/services/video-production').expect(200);
    const moved = await move('services/video-production', 'video');
    expect([moved.status, moved.body]).toEqual([200, { key: 'services/video', path: '/services/video', version: (draft.body.version as number) + 1, retired: null }]);

    expect((await api().get('/services/video').expect(200)).text).toContain('Video Production');
    expect(await lands('/services/video-production')).toEqual([301, '/services/video']);
    const home = (await api().get('/').expect(200)).text;
    expect(menuOf(home)).toContain('href="/services/video"');
    expect(menuOf(home)).not.toContain('href="/services/video-production"');
    const sitemap = (await api().get('/sitemap.xml').expect(200)).text;
    expect(sitemap).toContain('/services/video</loc>');
    expect(sitemap).not.toContain('/services/video-production<');

    // The document is under its new key, with its draft, history and preview links; none is left under the old one.
    const item = (await api().get('/api/content/services/video').set(ann.headers).expect(200)).body;
    expect(item).toMatchObject({ key: 'services/video', draft: { version: draft.body.version, data: { summary: 'A draft in progress.' } }, retired: null });
    const history = (await api().get('/api/content/services/video/revisions').set(ann.headers).expect(200)).body as { items: unknown[] };
    expect(history.items).toHaveLength(2);
    expect((await api().get('/api/content/services/video/preview-links').set(ann.headers).expect(200)).body).toHaveLength(1);
    await api().get('/api/content/services/video-production').set(ann.headers).expect(404);
    // Its pending scheduled publish follows, pinned to the same draft.
    expect(item.scheduled).toMatchObject({ version: draft.body.version });
    const schedules = (await api().get('/api/content/schedules').set(ann.headers).expect(200)).body as { items: { items: { key: string; version: number }[] }[] };
    expect(schedules.items.map((schedule) => schedule.items.map((one) => [one.key, one.version]))).toEqual([[['services/video', draft.body.version]]]);
    await api().delete(`/api/content/schedules/${(schedules.items[0] as unknown as { id: string }).id}`).set(ann.headers).expect(204);

    expect(await redirectsList()).toEqual([expect.objectContaining({ from: '/services/video-production', to: '/services/video', automatic: true })]);
    const audit = await t.db('audit_log').where({ action: 'content.move' }).select('target_id', 'summary');
    expect(audit).toEqual([{ target_id: 'services/video', summary: 'moved services/video-production to services/video; /services/video-production → /services/video' }]);
  });

  it('keeps every earlier address leading to the newest one, in one step (no chains)', async () => {
    await move('services/video', 'services/films').expect(200);
    expect(await lands('/services/video-production')).toEqual([301, '/services/films']);
    expect(await lands('/services/video')).toEqual([301, '/services/films']);
    const list = await redirectsList();
    expect(list.map(({ from, to }) => [from, to]).sort()).toEqual([
      ['/services/video', '/services/films'],
      ['/services/video-production', '/services/films'],
    ]);
  });

  it('undoes a move from History: it moves back, and the redirect follows', async () => {
    const { plan, done } = await undoOf('services/films');
    expect(plan.event).toEqual({ type: 'move', to: '/services/video' });
    expect([done.status, done.body.key]).toEqual([200, 'services/video']);
    await api().get('/services/video').expect(200);
    expect(await lands('/services/films')).toEqual([301, '/services/video']);
    expect(await lands('/services/video-production')).toEqual([301, '/services/video']);
    expect((await redirectsList()).map((redirect) => redirect.from).sort()).toEqual(['/services/films', '/services/video-production']);
  });

  it('refuses a key that exists (409), a bad or reserved slug beside the field (400), and the site\'s own documents (404)', async () => {
    const taken = await move('services/video', 'services/seo');
    expect([taken.status, taken.body.error]).toEqual([409, expect.stringMatching(/exists already/)]);
    for (const [to, reason] of [
      ['Video', /lower-case/],
      ['contact', /keeps for itself/],
      ['industries/video', /services\/\{address\}/],
      ['video', /its address already/],
      ['', /Give the new address/],
    ] as const) {
      const answer = await move('services/video', to);
      expect([to, answer.status, answer.body.fields]).toEqual([to, 400, { to: expect.stringMatching(reason) }]);
    }
    const home = await move('home', 'welcome');
    expect([home.status, home.body.error]).toEqual([404, expect.stringMatching(/address is fixed/)]);
    expect((await retire('about', '/services')).status).toBe(404);
    await move('services/not-there', 'elsewhere').expect(404);
    await api().post('/api/content/services/video/move').set(ann.headers).send({ to: 'x-y', extra: 1 }).expect(400);
  });

  it('only renames a service never published (it had no address to keep)', async () => {
    await create('services/draft-only', { ...video, title: 'Draft Only' }).expect(201);
    const moved = await move('services/draft-only', 'still-a-draft');
    expect([moved.status, moved.body.version]).toEqual([200, 1]);
    expect((await redirectsList()).some((redirect) => redirect.from === '/services/draft-only')).toBe(false);
    await api().get('/api/content/services/still-a-draft').set(ann.headers).expect(200);
  });

  it('refuses a retirement whose destination is not a live page nor an https address, beside the field', async () => {
    for (const [redirectTo, reason] of [
      ['', /Choose where/],
      ['/services/not-a-page', /No page of the site is at \/services\/not-a-page/],
      ['/services/video', /another page/],
      ['http://example.com/', /https/],
      ['javascript:alert(1)', /https/],
    ] as const) {
      const answer = await retire('services/video', redirectTo);
      expect([redirectTo, answer.status, answer.body.fields]).toEqual([redirectTo, 400, { redirectTo: expect.stringMatching(reason) }]);
    }
    await api().get('/services/video').expect(200);
  });

  it('retires a service: off the site, its menus and sitemap, every address it had sent where staff chose; kept to bring back', async () => {
    await api().get('/services/video').expect(200);
    const retired = await retire('services/video', '/services');
    expect([retired.status, retired.body.retired]).toEqual([200, { at: expect.any(String), redirectTo: '/services' }]);
    expect(await lands('/services/video')).toEqual([301, '/services']);
    expect(await lands('/services/films')).toEqual([301, '/services']);
    expect(await lands('/services/video-production')).toEqual([301, '/services']);
    const home = (await api().get('/').expect(200)).text;
    expect(menuOf(home)).not.toContain('/services/video');
    expect(footerOf(home)).not.toContain('/services/video');
    expect((await api().get('/services').expect(200)).text).not.toContain('/services/video"');
    expect((await api().get('/sitemap.xml').expect(200)).text).not.toContain('/services/video<');

    const item = (await api().get('/api/content/services/video').set(ann.headers).expect(200)).body;
    expect(item.retired).toEqual({ at: expect.any(String), redirectTo: '/services' });
    const list = (await api().get('/api/content').set(ann.headers).expect(200)).body as { key: string; status: string }[];
    expect(list.find((row) => row.key === 'services/video')?.status).toBe('retired');
    expect((await retire('services/video', '/services')).status).toBe(409);
    expect((await move('services/video', 'other')).status).toBe(409);
    expect(await t.db('audit_log').where({ action: 'content.retire' }).count({ n: '*' }).first()).toEqual({ n: expect.anything() });
  });

  it('brings a retired page back at its address, its earlier addresses leading to it again', async () => {
    const back = await api().post('/api/content/services/video/bring-back').set(ann.headers).send({});
    expect([back.status, back.body.retired]).toEqual([200, null]);
    await api().get('/services/video').expect(200);
    expect(await lands('/services/films')).toEqual([301, '/services/video']);
    expect(await lands('/services/video-production')).toEqual([301, '/services/video']);
    expect((await redirectsList()).some((redirect) => redirect.from === '/services/video')).toBe(false);
    expect(menuOf((await api().get('/').expect(200)).text)).toContain('href="/services/video"');
    expect((await api().post('/api/content/services/video/bring-back').set(ann.headers).send({})).status).toBe(409);
  });

  it('undoes a retirement from History (brought back), and the bringing back (retired again)', async () => {
    await retire('services/video', 'https://example.com/video').expect(200);
    expect(await lands('/services/video')).toEqual([301, 'https://example.com/video']);
    const { plan, done } = await undoOf('services/video');
    expect([plan.event, done.status]).toEqual([{ type: 'retire' }, 200]);
    await api().get('/services/video').expect(200);

    // The site-wide undo takes back the last publish, which was that bringing back.
    const undone = await api().post('/api/content/undo').set(ann.headers).send({});
    expect([undone.status, undone.body]).toEqual([200, { items: [{ key: 'services/video', version: expect.any(Number) }] }]);
    expect(await lands('/services/video')).toEqual([301, 'https://example.com/video']);
  });

  it('keeps the built-in services movable too, and editors may move pages', async () => {
    const ed = await signInAsAdmin(t, { username: 'eddie', role: 'editor' });
    const moved = await api().post('/api/content/services/seo/move').set(ed.headers).send({ to: 'search-engine-optimisation' });
    expect(moved.status).toBe(200);
    expect(await lands('/services/seo')).toEqual([301, '/services/search-engine-optimisation']);
    await api().get('/services/search-engine-optimisation').expect(200);
    await api().post('/api/content/services/search-engine-optimisation/move').send({ to: 'seo' }).expect(401);
  });
});
