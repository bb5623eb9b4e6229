/**
 * Pages staff make (issue 41): `pages/{slug}` added with `PUT …/draft {"baseVersion": 0}`, served
 * at `/{slug}` once published (with its FAQPage data), in the sitemap, previewed and checked as
 * every document, and never at an address the site or a redirect already answers.
 */
import request from 'supertest';
import { SLUG_KINDS } from '../../shared/content/documents';
import type { PageContent } from '../../shared/content/page-sections';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

const careers: PageContent = {
  title: 'Careers',
  sections: [
    { kind: 'banner', heading: 'Work with us', lead: 'We hire designers and developers who like clear work.', image: null },
    { kind: 'text', heading: 'How we work', body: 'Small teams, **clear** briefs.' },
    { kind: 'faq', heading: 'Questions', items: [{ question: 'Do you hire remotely?', answer: 'Yes, within two hours of our time zone.' }] },
  ],
  seo: { title: 'Careers at {name}', description: 'Open roles and how we hire.', image: null },
};

describe('pages staff make', () => {
  let t: TestApp;
  let ann: AdminTestSession;
  const api = () => request(t.app.callback());
  const create = (key: string, data: unknown) => api().put(`/api/content/${key}/draft`).set(ann.headers).send({ data, baseVersion: 0 });
  const publish = (key: string, version: number) => api().post(`/api/content/${key}/publish`).set(ann.headers).send({ version });

  beforeAll(async () => {
    t = await createTestApp();
    ann = await signInAsAdmin(t, { username: 'ann' });
  });
  afterAll(() => t.destroy());

  it('starts a page with a banner and a text section that pass its schema', () => {
    const start = SLUG_KINDS.pages.starting('Pricing');
    expect(start.sections.map((section) => section.kind)).toEqual(['banner', 'text']);
    expect(SLUG_KINDS.pages.schema.safeParse(start).success).toBe(true);
    expect(SLUG_KINDS.services.schema.safeParse(SLUG_KINDS.services.starting('Video Production')).success).toBe(true);
    expect(SLUG_KINDS.industries.schema.safeParse(SLUG_KINDS.industries.starting('Sports Clubs')).success).toBe(true);
  });

  it('adds a page as a draft (201), in the Pages group, that answers 404 until it is published', async () => {
    const created = await create('pages/careers', careers);
    expect([created.status, created.body.version]).toEqual([201, 1]);
    const item = (await api().get('/api/content/pages/careers').set(ann.headers).expect(200)).body;
    expect(item).toMatchObject({ key: 'pages/careers', title: 'Careers', group: 'Pages', paths: ['/careers'], published: { version: 0, data: null } });
    const list = (await api().get('/api/content').set(ann.headers).expect(200)).body as { key: string; group: string; status: string; title: string }[];
    expect(list.find((row) => row.key === 'pages/careers')).toMatchObject({ group: 'Pages', status: 'draft', title: 'Careers' });
    await api().get('/careers').expect(404);
    expect((await api().get('/sitemap.xml').expect(200)).text).not.toContain('/careers');
    // Staff see the draft on its page before anyone else does.
    const preview = await api().get('/admin/preview/pages/careers').set(ann.headers);
    expect([preview.status, preview.text.includes('Do you hire remotely?')]).toEqual([200, true]);
    const checks = (await api().get('/api/content/pages/careers/checks').set(ann.headers).expect(200)).body;
    expect(checks.problems).toEqual([]);
  });

  it('serves a published page at /{slug} with its questions and FAQPage data, and lists it in the sitemap', async () => {
    await publish('pages/careers', 1).expect(200);
    const page = await api().get('/careers').expect(200);
    expect(page.text).toContain('<h1');
    expect(page.text).toContain('Work with us');
    expect(page.text).toContain('<summary>Do you hire remotely?</summary>');
    const jsonLd = [...page.text.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(([, body]) => JSON.parse(body!) as { '@type': string; mainEntity?: unknown });
    expect(jsonLd.find((data) => data['@type'] === 'FAQPage')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: 'Do you hire remotely?', acceptedAnswer: { '@type': 'Answer', text: '<p>Yes, within two hours of our time zone.</p>' } }],
    });
    // Placeholders are filled as on every page.
    expect(page.text).not.toContain('{name}');
    expect((await api().get('/sitemap.xml').expect(200)).text).toContain(`${t.config.publicUrl}/careers</loc>`);
    // Other spellings are sent to its one address; an unknown address is still not found.
    await api().get('/Careers').redirects(0).expect(301).expect('Location', '/careers');
    await api().get('/no-such-page').expect(404);
  });

  it('lets another document link to a published page, and refuses a link to one that does not exist', async () => {
    const privacy = (await api().get('/api/content/privacy').set(ann.headers).expect(200)).body;
    const data = structuredClone(privacy.published.data) as { sections: { body: string }[] };
    data.sections[0]!.body = 'See [careers](/careers) and [nothing](/nothing-here).';
    const saved = await api().put('/api/content/privacy/draft').set(ann.headers).send({ data, baseVersion: privacy.published.version }).expect(200);
    const checks = (await api().get('/api/content/privacy/checks').set(ann.headers).query({ version: String(saved.body.version) }).expect(200)).body as { problems: { message: string }[] };
    expect(checks.problems.map((problem) => problem.message)).toEqual([expect.stringContaining('/nothing-here')]);
    await api().delete('/api/content/privacy/draft').set(ann.headers).expect(200);
  });

  it("checks the links inside a page's sections as every link: a button to no page blocks its publish, named by its field", async () => {
    const withButton = { ...careers, sections: [...careers.sections, { kind: 'cta', heading: 'Apply', body: 'Tell us about [your work](/no-portfolio-here).', button: { label: 'Apply now', href: '/apply' } }] };
    const { published } = (await api().get('/api/content/pages/careers').set(ann.headers).expect(200)).body as { published: { version: number } };
    const saved = await api().put('/api/content/pages/careers/draft').set(ann.headers).send({ data: withButton, baseVersion: published.version }).expect(200);
    const refused = await publish('pages/careers', saved.body.version as number).expect(422);
    expect(refused.body.problems).toEqual([
      expect.objectContaining({ field: 'sections.3.body', message: expect.stringContaining('/no-portfolio-here') }),
      expect.objectContaining({ field: 'sections.3.button.href', message: expect.stringContaining('/apply') }),
    ]);
    await api().delete('/api/content/pages/careers/draft').set(ann.headers).expect(200);
  });

  it('refuses a page that exists (409) and keeps an unpublished one off the site', async () => {
    expect((await create('pages/careers', careers)).status).toBe(409);
    await create('pages/pricing', { ...careers, title: 'Pricing' }).expect(201);
    await api().get('/pricing').expect(404);
    await api().get('/api/content/pages/not-yet').set(ann.headers).expect(404);
  });

  it('refuses the addresses the site keeps for itself and those a redirect answers, saying why', async () => {
    for (const slug of ['services', 'about', 'admin', 'api', 'media', 'preview', 'assets', 'portfolio', 'thank-you', 'healthz']) {
      const answer = await create(`pages/${slug}`, careers);
      expect([slug, answer.status, answer.body.error]).toEqual([slug, 404, expect.stringMatching(/keeps for itself/)]);
    }
    for (const slug of ['Careers', 'new--page', 'x']) expect([slug, (await create(`pages/${slug}`, careers)).status]).toEqual([slug, 404]);
    await api().post('/api/redirects').set(ann.headers).send({ from: '/jobs', to: '/careers' }).expect(201);
    const taken = await create('pages/jobs', careers);
    expect([taken.status, taken.body.error]).toEqual([409, expect.stringContaining('/jobs is an old address that redirects to /careers')]);
    // The same holds for a service's address.
    await api().post('/api/redirects').set(ann.headers).send({ from: '/services/old-video', to: '/services' }).expect(201);
    expect((await create('services/old-video', SLUG_KINDS.services.starting('Old Video'))).status).toBe(409);
    // A redirect's address is still answered by the redirect.
    await api().get('/jobs').redirects(0).expect(301).expect('Location', '/careers');
  });

  it('refuses a redirect from a live page', async () => {
    const refused = await api().post('/api/redirects').set(ann.headers).send({ from: '/careers', to: '/about' });
    expect(refused.status).toBe(400);
  });
});

describe('content files carry the documents staff added', () => {
  let from: TestApp;
  let to: TestApp;
  let fromOwner: AdminTestSession;
  let toOwner: AdminTestSession;

  beforeAll(async () => {
    from = await createTestApp();
    to = await createTestApp();
    fromOwner = await signInAsAdmin(from, { username: 'from-owner' });
    toOwner = await signInAsAdmin(to, { username: 'to-owner' });
  });
  afterAll(async () => {
    await from.destroy();
    await to.destroy();
  });

  it('exports the published ones after the documents that ship, and imports them into another site as drafts to publish', async () => {
    const on = (t: TestApp, session: AdminTestSession) => ({
      create: (key: string, data: unknown) => request(t.app.callback()).put(`/api/content/${key}/draft`).set(session.headers).send({ data, baseVersion: 0 }),
      publish: (key: string, version: number) => request(t.app.callback()).post(`/api/content/${key}/publish`).set(session.headers).send({ version }),
      importFile: (file: unknown, dryRun: boolean) => request(t.app.callback()).post(`/api/content/import${dryRun ? '?dryRun=1' : ''}`).set(session.headers).send(file as object),
    });
    const source = on(from, fromOwner);
    await source.create('pages/careers', careers).expect(201);
    await source.publish('pages/careers', 1).expect(200);
    await source.create('services/video-production', SLUG_KINDS.services.starting('Video Production')).expect(201);
    await source.publish('services/video-production', 1).expect(200);
    await source.create('pages/never-published', { ...careers, title: 'Not yet' }).expect(201);

    const file = (await request(from.app.callback()).get('/api/content/export').set(fromOwner.headers).expect(200)).body as { documents: Record<string, unknown> };
    const keys = Object.keys(file.documents);
    expect(keys.slice(-2)).toEqual(['pages/careers', 'services/video-production']);
    expect(keys).not.toContain('pages/never-published');

    const target = on(to, toOwner);
    const plan = (await target.importFile(file, true).expect(200)).body as { changes: { key: string; status: string }[]; problems: unknown[] };
    expect(plan.problems).toEqual([]);
    expect(plan.changes.filter((change) => change.status !== 'unchanged').map((change) => [change.key, change.status])).toEqual([
      ['pages/careers', 'new'],
      ['services/video-production', 'new'],
    ]);
    await target.importFile(file, false).expect(200);
    const item = (await request(to.app.callback()).get('/api/content/pages/careers').set(toOwner.headers).expect(200)).body;
    expect(item).toMatchObject({ published: { version: 0, data: null }, draft: { version: 1, data: careers } });
    await request(to.app.callback()).get('/careers').expect(404);
    await target.publish('pages/careers', 1).expect(200);
    expect((await request(to.app.callback()).get('/careers').expect(200)).text).toContain('Do you hire remotely?');
    // Imported again, the same file changes nothing.
    const again = (await target.importFile(file, true).expect(200)).body as { changes: { status: string }[] };
    expect(again.changes.filter((change) => change.status !== 'unchanged')).toEqual([]);
  });

  it('refuses a file naming a document at an address that cannot be, by its key', async () => {
    const target = (file: unknown) => request(to.app.callback()).post('/api/content/import?dryRun=1').set(toOwner.headers).send(file as object);
    await request(to.app.callback()).post('/api/redirects').set(toOwner.headers).send({ from: '/jobs', to: '/about' }).expect(201);
    const base = { format: 'brightpath-content', schemaVersion: 3 };
    const plan = (await target({ ...base, documents: { 'pages/admin': careers, 'services/Bad Slug': SLUG_KINDS.services.starting('Bad'), 'pages/jobs': careers } }).expect(200)).body as { problems: { key: string; message: string }[] };
    expect(plan.problems).toEqual([
      { key: 'pages/admin', message: expect.stringMatching(/^pages\/admin: .*keeps for itself/) },
      { key: 'services/Bad Slug', message: expect.stringMatching(/^services\/Bad Slug: .*lower-case/) },
      { key: 'pages/jobs', message: expect.stringContaining('redirects to /about') },
    ]);
    const refused = await request(to.app.callback()).post('/api/content/import').set(toOwner.headers).send({ ...base, documents: { 'pages/admin': careers } });
    expect([refused.status, refused.body.error, Object.keys(refused.body.fields as object)]).toEqual([400, expect.stringContaining('pages/admin'), ['pages/admin']]);
  });
});
