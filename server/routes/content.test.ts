/**
 * The content API (issue 26) end to end: drafts invisible to visitors, one publish path that every
 * page, the JSON-LD and a second instance show at once, the checks that refuse a publish (each
 * problem named), conflicts that lose nothing, history, restore and undo.
 */
import request from 'supertest';
import { DEFAULT_DOCUMENTS } from '../../shared/content/defaults';
import { CONTENT_SCHEMA_VERSION, type AboutContent, type BusinessContent, type HomeContent, type ServiceContent } from '../../shared/content/documents';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { humanMeta, VALID_FORMS } from '../../tests/helpers/form-fixtures';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

const business = DEFAULT_DOCUMENTS.business as BusinessContent;
const home = DEFAULT_DOCUMENTS.home as HomeContent;
const seoService = DEFAULT_DOCUMENTS['services/seo'] as ServiceContent;
const NEW_PHONE = '+1 (555) 777-4242';

describe('content API', () => {
  let t: TestApp;
  let ann: AdminTestSession;
  let bob: AdminTestSession;
  const api = () => request(t.app.callback());

  /** The version a save must name: the draft's, else the published one's. */
  const latest = async (key: string): Promise<number> => {
    const item = (await api().get(`/api/content/${key}`).set(ann.headers).expect(200)).body as { published: { version: number }; draft: { version: number } | null };
    return item.draft?.version ?? item.published.version;
  };
  const saveDraft = async (key: string, data: unknown, session = ann) => api().put(`/api/content/${key}/draft`).set(session.headers).send({ data, baseVersion: await latest(key) });
  const publish = (key: string, version: number) => api().post(`/api/content/${key}/publish`).set(ann.headers).send({ version });
  const draftAndPublish = async (key: string, data: unknown) => {
    const saved = await saveDraft(key, data);
    expect(saved.status).toBe(200);
    return publish(key, saved.body.version as number);
  };

  /** The response, once its status is as expected (saves are awaited before they can be checked). */
  const statusOf = (response: request.Response, status: number) => {
    expect([response.status, response.body]).toEqual([status, expect.anything()]);
    return response;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ann = await signInAsAdmin(t, { username: 'ann' });
    bob = await signInAsAdmin(t, { username: 'bob', role: 'editor' });
  });
  afterAll(() => t.destroy());

  it('lists every document with its title, group, pages and status', async () => {
    const list = (await api().get('/api/content').set(ann.headers).expect(200)).body as { key: string; title: string; group: string; paths: string[]; status: string; updatedAt: string }[];
    expect(list).toHaveLength(33);
    expect(list[0]).toMatchObject({ key: 'business', title: 'Agency details', group: 'Site-wide', status: 'published' });
    expect(list.find((item) => item.key === 'services/seo')).toMatchObject({ title: seoService.title, group: 'Services', paths: expect.arrayContaining(['/services/seo']) });
    expect(list.find((item) => item.key === 'industries/real-estate')?.title).toBe((DEFAULT_DOCUMENTS['industries/real-estate'] as { label: string }).label);
  });

  it('passes every check with the content the site ships with (every page renders as valid markup)', async () => {
    const started = Date.now();
    for (const key of Object.keys(DEFAULT_DOCUMENTS)) {
      const checks = await api().get(`/api/content/${key}/checks`).set(ann.headers).expect(200);
      expect([key, checks.body.problems]).toEqual([key, []]);
    }
    // Some 60 page renders in all; the figure goes in the report.
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('reads a document by its key written raw or encoded, and answers an unknown key 404 in JSON', async () => {
    const raw = await api().get('/api/content/services/seo').set(ann.headers).expect(200);
    const encoded = await api().get('/api/content/services%2Fseo').set(ann.headers).expect(200);
    expect(encoded.body).toEqual(raw.body);
    expect(raw.body).toMatchObject({ key: 'services/seo', published: { version: 1, data: seoService }, draft: null, editing: [], scheduled: null });
    const unknown = await api().get('/api/content/services/nope').set(ann.headers).expect(404);
    expect(unknown.body.error).toMatch(/no document/);
    await api().put('/api/content/nope/draft').set(ann.headers).send({ data: {}, baseVersion: 1 }).expect(404);
  });

  it('changes the phone number everywhere only when published, here and on a second instance within a second', async () => {
    const second = await createTestApp({}, { testDb: t });
    // On PostgreSQL the second instance does not poll at all: it hears of the publish through NOTIFY.
    // Embedded (where only tests open a second instance on one folder), it polls every 0.5 s.
    if (t.databaseUrl) second.contentVersion.listen(t.databaseUrl);
    else second.contentVersion.start();
    try {
      const visitor = (path: string, app = t) => request(app.app.callback()).get(path).expect(200);
      expect((await visitor('/contact', second)).text).toContain(business.phone);

      const saved = await saveDraft('business', { ...business, phone: NEW_PHONE });
      expect(saved.status).toBe(200);
      for (const path of ['/', '/contact', '/services/seo']) {
        const page = (await visitor(path)).text;
        expect(page).toContain(business.phone);
        expect(page).not.toContain(NEW_PHONE);
      }

      const published = await publish('business', saved.body.version as number).expect(200);
      const at = Date.now();
      expect(published.body).toEqual({ version: saved.body.version });
      let seenAfter: number | undefined;
      while (Date.now() - at < 3000) {
        if ((await visitor('/contact', second)).text.includes(NEW_PHONE)) {
          seenAfter = Date.now() - at;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(seenAfter).toBeLessThan(1000);

      for (const path of ['/', '/contact', '/services/seo']) {
        const page = (await visitor(path)).text;
        expect(page).toContain(NEW_PHONE);
        const jsonLd = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => match[1]).join('');
        expect(jsonLd).toContain(`"telephone":"+15557774242"`);
      }
      await visitor('/sitemap.xml');
      const item = (await api().get('/api/content/business').set(ann.headers).expect(200)).body;
      expect(item).toMatchObject({ published: { version: saved.body.version, publishedBy: 'ann' }, draft: null });
    } finally {
      second.contentVersion.stop();
    }
  });

  describe('two editors at once: a stale save merges field by field', () => {
    const about = DEFAULT_DOCUMENTS.about as AboutContent;
    const withBanner = (banner: Partial<HomeContent['banner']>) => ({ ...home, banner: { ...home.banner, ...banner } });
    const put = (key: string, session: AdminTestSession, data: unknown, baseVersion: number) => api().put(`/api/content/${key}/draft`).set(session.headers).send({ data, baseVersion });
    const storedDraft = async (key: string) => (await api().get(`/api/content/${key}`).set(ann.headers).expect(200)).body.draft as { version: number; data: unknown };
    afterEach(async () => {
      await api().delete('/api/content/home/draft').set(ann.headers).expect(200);
      await api().delete('/api/content/about/draft').set(ann.headers).expect(200);
    });

    it('keeps both when each changed a different field (no 409): the admin’s heading and Maria’s introduction', async () => {
      const base = await latest('home');
      const first = statusOf(await put('home', ann, withBanner({ heading: 'Ann’s heading' }), base), 200);
      expect(first.body.merged).toBeNull();
      const second = statusOf(await put('home', bob, withBanner({ lead: 'Bob’s introduction' }), base), 200);
      expect(second.body.version).toBeGreaterThan(first.body.version);
      expect(second.body.merged).toEqual({ version: first.body.version, savedBy: 'ann', fields: ['banner.heading'] });
      expect(second.body.data).toEqual(withBanner({ heading: 'Ann’s heading', lead: 'Bob’s introduction' }));
      expect(await storedDraft('home')).toEqual({ version: second.body.version, data: withBanner({ heading: 'Ann’s heading', lead: 'Bob’s introduction' }), savedAt: expect.any(String), savedBy: 'bob' });
    });

    it('answers 409 naming only the field both changed, with everything else merged, and saves once it is resolved per field', async () => {
      const base = await latest('home');
      const first = statusOf(await put('home', ann, withBanner({ heading: 'Ann’s heading', eyebrow: 'Ann’s eyebrow' }), base), 200);
      const stale = statusOf(await put('home', bob, withBanner({ heading: 'Bob’s heading', lead: 'Bob’s introduction' }), base), 409);
      expect(stale.body.fields).toEqual(['banner.heading']);
      expect(stale.body.error).toMatch(/ann saved this document first .*banner\.heading/);
      expect(stale.body.current).toMatchObject({ version: first.body.version, savedBy: 'ann' });
      // Theirs where both changed (until Bob chooses), each side's own change everywhere else.
      expect(stale.body.merged).toEqual(withBanner({ heading: 'Ann’s heading', eyebrow: 'Ann’s eyebrow', lead: 'Bob’s introduction' }));
      // Nothing was saved: Ann's draft is intact.
      expect((await storedDraft('home')).version).toBe(first.body.version);
      // Bob keeps his heading: the merge with his choice, over the version he was shown.
      const resolved = statusOf(await put('home', bob, { ...stale.body.merged, banner: { ...stale.body.merged.banner, heading: 'Bob’s heading' } }, stale.body.current.version), 200);
      expect(resolved.body.merged).toBeNull();
      expect((await storedDraft('home')).data).toEqual(withBanner({ heading: 'Bob’s heading', eyebrow: 'Ann’s eyebrow', lead: 'Bob’s introduction' }));
    });

    it('takes a field both changed to the same value without asking', async () => {
      const base = await latest('home');
      statusOf(await put('home', ann, withBanner({ heading: 'Same heading', eyebrow: 'Ann’s eyebrow' }), base), 200);
      const second = statusOf(await put('home', bob, withBanner({ heading: 'Same heading' }), base), 200);
      expect(second.body.data).toEqual(withBanner({ heading: 'Same heading', eyebrow: 'Ann’s eyebrow' }));
    });

    it('merges a list item by item while both keep its length, and names the whole list once either adds or removes items', async () => {
      const values = about.values;
      const edited = (index: number, body: string) => values.map((value, at) => (at === index ? { ...value, body } : value));
      let base = await latest('about');
      statusOf(await put('about', ann, { ...about, values: edited(0, 'Ann’s first value') }, base), 200);
      const inPlace = statusOf(await put('about', bob, { ...about, values: edited(1, 'Bob’s second value') }, base), 200);
      expect((inPlace.body.data as AboutContent).values.map((value) => value.body)).toEqual(values.map((value, at) => (at === 0 ? 'Ann’s first value' : at === 1 ? 'Bob’s second value' : value.body)));

      base = await latest('about');
      statusOf(await put('about', ann, { ...about, values: [...inPlace.body.data.values, { title: 'Ann’s new value', body: 'New.' }] }, base), 200);
      const sameItem = statusOf(await put('about', bob, { ...inPlace.body.data, values: inPlace.body.data.values.map((value: AboutContent['values'][number], at: number) => (at === 2 ? { ...value, title: 'Bob’s title' } : value)) }, base), 409);
      expect(sameItem.body.fields).toEqual(['values']);
    });

    it('never loses either side of two saves racing from the same version', async () => {
      const base = await latest('home');
      const [one, two] = await Promise.all([put('home', ann, withBanner({ heading: 'Ann’s heading' }), base), put('home', bob, withBanner({ lead: 'Bob’s introduction' }), base)]);
      expect([one.status, two.status]).toEqual([200, 200]);
      expect(new Set([one.body.version, two.body.version]).size).toBe(2);
      expect((await storedDraft('home')).data).toEqual(withBanner({ heading: 'Ann’s heading', lead: 'Bob’s introduction' }));
    });

    it('lets exactly one of two racing saves of the same field through, and names the field to the other', async () => {
      const base = await latest('home');
      const answers = await Promise.all([put('home', ann, withBanner({ heading: 'Ann’s heading' }), base), put('home', bob, withBanner({ heading: 'Bob’s heading' }), base)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const refused = answers.find((answer) => answer.status === 409)!;
      const saved = answers.find((answer) => answer.status === 200)!;
      expect(refused.body.fields).toEqual(['banner.heading']);
      expect((await storedDraft('home')).data).toEqual(saved.body.data);
    });

    it('publishes the merge: a stale save then a publish puts both people’s fields live', async () => {
      const base = await latest('home');
      statusOf(await put('home', ann, withBanner({ heading: 'Ann’s live heading' }), base), 200);
      const merged = statusOf(await put('home', bob, withBanner({ lead: 'Bob’s live introduction' }), base), 200);
      statusOf(await publish('home', merged.body.version as number), 200);
      const page = await api().get('/').expect(200);
      expect(page.text).toContain('Ann’s live heading');
      expect(page.text).toContain('Bob’s live introduction');
      await draftAndPublish('home', home);
    });

    it('asks about every differing field when the version the save started from is not known (a future one, or one no longer kept)', async () => {
      const base = await latest('home');
      const first = statusOf(await put('home', ann, withBanner({ heading: 'Ann’s heading' }), base), 200);
      const future = statusOf(await put('home', bob, withBanner({ lead: 'Bob’s introduction' }), first.body.version + 50), 409);
      expect(future.body.fields.sort()).toEqual(['banner.heading', 'banner.lead']);
      await t.db('content_draft_versions').where({ key: 'home' }).delete();
      const second = statusOf(await put('home', ann, withBanner({ heading: 'Ann’s heading', eyebrow: 'Ann’s eyebrow' }), first.body.version), 200);
      const forgotten = statusOf(await put('home', bob, withBanner({ lead: 'Bob’s introduction' }), first.body.version), 409);
      expect(forgotten.body.fields.sort()).toEqual(['banner.eyebrow', 'banner.heading', 'banner.lead']);
      expect(forgotten.body.current.version).toBe(second.body.version);
    });

    it('refuses a bad document or base version (400) before merging anything', async () => {
      const base = await latest('about');
      statusOf(await put('about', ann, { ...about, values: about.values.slice(0, 1) }, base), 200);
      statusOf(await put('about', bob, { ...about, values: [] }, base), 400);
      // 0 asks to add a document: not one of the site's own (404, see content-collections.test.ts).
      statusOf(await api().put('/api/content/about/draft').set(bob.headers).send({ data: about, baseVersion: 0 }), 404);
      for (const baseVersion of [-1, 1.5, '2', null]) statusOf(await api().put('/api/content/about/draft').set(bob.headers).send({ data: about, baseVersion }), 400);
    });
  });

  it('names every bad field of a draft (400), a javascript: link included', async () => {
    const bad = { ...business, phone: '', location: { ...business.location, city: '' }, socials: [{ ...business.socials[0]!, href: 'javascript:alert(1)' }] };
    const response = statusOf(await saveDraft('business', bad), 400);
    expect(response.body.fields).toMatchObject({ phone: expect.any(String), 'location.city': expect.any(String), 'socials.0.href': expect.stringMatching(/https:\/\//) });
    const unknownField = statusOf(await saveDraft('business', { ...business, fax: '1' }), 400);
    expect(unknownField.body.fields).toEqual({ fax: expect.any(String) });
    await api().put('/api/content/business/draft').set(ann.headers).send({ data: business }).expect(400);
  });

  it('answers bad JSON 400, never 500', async () => {
    const response = await api().put('/api/content/home/draft').set({ ...ann.headers, 'Content-Type': 'application/json' }).send('{"data": ').expect(400);
    expect(response.body.error).toEqual(expect.any(String));
    await api().post('/api/content/home/publish').set(ann.headers).send({ version: 'one' }).expect(400);
    await api().post('/api/content/publish').set(ann.headers).send({ items: 'all' }).expect(400);
    await api().get('/api/content/home/revisions?cursor=abc').set(ann.headers).expect(400);
    await api().get('/api/content/home/revisions/abc').set(ann.headers).expect(400);
  });

  it('refuses to publish a link to a page that does not exist, naming it (422), in a link field or inside a text', async () => {
    const banner = { ...home.banner, primaryCta: { ...home.banner.primaryCta, href: '/nowhere' } };
    const refused = await draftAndPublish('home', { ...home, banner });
    expect(refused.status).toBe(422);
    expect(refused.body.problems).toEqual([expect.objectContaining({ key: 'home', field: 'banner.primaryCta.href', message: expect.stringContaining('/nowhere') })]);
    expect(refused.body.error).toContain('/nowhere');

    const inText = { ...home, banner: { ...home.banner, primaryCta: { ...home.banner.primaryCta, href: '/contact#form' } }, replyPromise: { ...home.replyPromise, body: 'See [our page](/no-such-page) or [a script](javascript:alert(1)).' } };
    const second = await draftAndPublish('home', inText);
    expect(second.status).toBe(422);
    expect(second.body.problems).toHaveLength(2);
    expect(second.body.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'replyPromise.body', message: expect.stringContaining('"javascript:') }),
        expect.objectContaining({ field: 'replyPromise.body', message: expect.stringContaining('"/no-such-page"') }),
      ]),
    );
    // The editor sees the same problems before publishing.
    const checks = await api().get('/api/content/home/checks').set(ann.headers).expect(200);
    expect(checks.body.problems).toHaveLength(2);
    await api().delete('/api/content/home/draft').set(ann.headers).expect(200);
    expect((await api().get('/').expect(200)).text).not.toContain('/no-such-page');
  });

  it('refuses an image without alternative text unless it is decorative; long titles only warn', async () => {
    const refused = await draftAndPublish('business', { ...(await current('business')), mapImage: { src: 'images/map.svg', alt: '', decorative: false } });
    expect(refused.status).toBe(422);
    expect(refused.body.problems).toEqual([expect.objectContaining({ field: 'mapImage.alt' })]);

    const longTitle = 'A very long page title for the search engine optimisation service page';
    const draft = { ...seoService, seo: { ...seoService.seo, title: longTitle, image: { src: 'images/map.svg', alt: '', decorative: true } } };
    const saved = statusOf(await saveDraft('services/seo', draft), 200);
    const checks = await api().get(`/api/content/services%2Fseo/checks?version=${saved.body.version}`).set(ann.headers).expect(200);
    expect(checks.body).toEqual({ problems: [], warnings: [expect.objectContaining({ field: 'seo.title', message: expect.stringContaining('60') })] });
    await publish('services/seo', saved.body.version).expect(200);
    expect((await api().get('/services/seo').expect(200)).text).toContain(longTitle);
    await api().delete('/api/content/business/draft').set(ann.headers).expect(200);
  });

  async function current(key: string): Promise<Record<string, unknown>> {
    const item = (await api().get(`/api/content/${key}`).set(ann.headers).expect(200)).body;
    return (item.draft ?? item.published).data;
  }

  it('keeps every published version, newest first, and restores one as a new draft', async () => {
    const stats = (await current('stats')) as { items: { value: string }[] };
    for (const value of ['11', '12', '13']) {
      await draftAndPublish('stats', { items: [{ ...stats.items[0]!, value }, ...stats.items.slice(1)] }).then((response) => expect(response.status).toBe(200));
    }
    const page = (await api().get('/api/content/stats/revisions').set(ann.headers).expect(200)).body;
    expect(page.items.map((item: { version: number }) => item.version)).toEqual([4, 3, 2, 1]);
    expect(page.items[0]).toMatchObject({ publishedBy: 'ann', schemaVersion: CONTENT_SCHEMA_VERSION, publishedAt: expect.any(String) });
    expect(page.nextCursor).toBeNull();
    const older = (await api().get('/api/content/stats/revisions?cursor=3').set(ann.headers).expect(200)).body;
    expect(older.items.map((item: { version: number }) => item.version)).toEqual([2, 1]);

    const v2 = (await api().get('/api/content/stats/revisions/2').set(ann.headers).expect(200)).body;
    expect(v2.data.items[0].value).toBe('11');
    const restored = await api().post('/api/content/stats/revisions/2/restore').set(ann.headers).send({}).expect(200);
    expect(restored.body).toMatchObject({ version: 5, data: v2.data, savedBy: 'ann' });
    expect((await api().get('/api/content/stats').set(ann.headers).expect(200)).body.draft.data).toEqual(v2.data);
    await api().get('/api/content/stats/revisions/99').set(ann.headers).expect(404);
    await api().delete('/api/content/stats/draft').set(ann.headers).expect(200);
  });

  it('numbers published versions as staff count them (1, 2, 3…), though every draft save takes a version', async () => {
    const technologies = (await current('technologies')) as { items: { name: string }[] };
    const renamed = (name: string) => ({ items: [{ ...technologies.items[0]!, name }, ...technologies.items.slice(1)] });
    for (const name of ['First', 'Second']) {
      statusOf(await saveDraft('technologies', renamed(`${name} draft`)), 200);
      statusOf(await draftAndPublish('technologies', renamed(name)), 200);
    }
    const page = (await api().get('/api/content/technologies/revisions').set(ann.headers).expect(200)).body;
    expect(page.items.map((item: { version: number; number: number }) => [item.version, item.number])).toEqual([
      [5, 3],
      [3, 2],
      [1, 1],
    ]);
    expect(page.nextCursor).toBeNull();
    expect((await api().get('/api/content/technologies/revisions?cursor=5').set(ann.headers).expect(200)).body.items.map((item: { number: number }) => item.number)).toEqual([2, 1]);
    expect((await api().get('/api/content/technologies/revisions/3').set(ann.headers).expect(200)).body).toMatchObject({ version: 3, number: 2 });
  });

  it('undoes the last publish of several documents published together, through the publish path', async () => {
    const stats = (await current('stats')) as { items: { value: string }[] };
    const process = await current('process');
    const statsDraft = statusOf(await saveDraft('stats', { items: [{ ...stats.items[0]!, value: '99' }, ...stats.items.slice(1)] }), 200);
    const processDraft = statusOf(await saveDraft('process', process), 200);
    const together = await api()
      .post('/api/content/publish')
      .set(ann.headers)
      .send({ items: [{ key: 'stats', version: statsDraft.body.version }, { key: 'process', version: processDraft.body.version }] })
      .expect(200);
    expect(together.body.items).toHaveLength(2);
    expect((await api().get('/about').expect(200)).text).toContain('99');

    const undone = await api().post('/api/content/undo').set(ann.headers).send({}).expect(200);
    expect(undone.body.items.map((item: { key: string }) => item.key).sort()).toEqual(['process', 'stats']);
    expect(((await current('stats')) as { items: { value: string }[] }).items[0]!.value).toBe('13');
    const audit = await t.db('audit_log').where({ action: 'content.publish', target_id: 'stats' }).orderBy('id', 'desc').first('summary', 'actor_name');
    expect(audit).toEqual({ summary: `published stats v${statsDraft.body.version + 1} (undo)`, actor_name: 'ann' });
  });

  describe('undo in a page’s history', () => {
    const valueOf = async (key: string) => ((await current(key)) as { items: { value: string }[] }).items[0]!.value;

    it('undoes that page’s last publish only, after saying which version, when and by whom; a colleague’s later publish elsewhere stays', async () => {
      const stats = (await current('stats')) as { items: { value: string }[] };
      const home = (await current('home')) as { banner: { heading: string } };
      // About (stats) first, then a colleague publishes Home: the latest publish of the site is Home's.
      const statsDraft = statusOf(await saveDraft('stats', { items: [{ ...stats.items[0]!, value: '55' }, ...stats.items.slice(1)] }), 200);
      const statsVersion = statusOf(await publish('stats', statsDraft.body.version), 200).body.version as number;
      const homeDraft = statusOf(await saveDraft('home', { ...home, banner: { ...home.banner, heading: 'A colleague’s heading' } }, bob), 200);
      statusOf(await api().post('/api/content/home/publish').set(bob.headers).send({ version: homeDraft.body.version }), 200);

      const plan = (await api().get('/api/content/stats/undo').set(ann.headers).expect(200)).body;
      expect(plan).toEqual({
        key: 'stats',
        title: 'Figures',
        undoes: { version: statsVersion, publishedAt: expect.any(String), publishedBy: 'ann' },
        backTo: { version: expect.any(Number), publishedAt: expect.any(String), publishedBy: expect.anything() },
      });
      expect(plan.backTo.version).toBeLessThan(statsVersion);

      const undone = await api().post('/api/content/stats/undo').set(ann.headers).send({ version: statsVersion }).expect(200);
      expect(undone.body).toEqual({ key: 'stats', version: expect.any(Number) });
      expect(await valueOf('stats')).toBe(stats.items[0]!.value);
      expect(((await current('home')) as { banner: { heading: string } }).banner.heading).toBe('A colleague’s heading');
      expect((await api().get('/').expect(200)).text).toContain('A colleague’s heading');

      // The question is asked about the version on the site: once it changed, the same answer is refused.
      const stale = await api().post('/api/content/stats/undo').set(ann.headers).send({ version: statsVersion }).expect(409);
      expect(stale.body.error).toMatch(/^Figures was published again since \(now version \d+, by ann\); look at its history and undo again\.$/);
      await api().post('/api/content/home/undo').set(ann.headers).send({ version: (await api().get('/api/content/home/undo').set(ann.headers).expect(200)).body.undoes.version }).expect(200);
    });

    it('refuses in words a page with nothing to undo, a missing or bad version, and an unknown page', async () => {
      const never = (await t.db('content_revisions').groupBy('key').havingRaw('count(*) = 1').select('key').first()) as { key: string } | undefined;
      expect(never).toBeDefined();
      const title = (await api().get(`/api/content/${never!.key}`).set(ann.headers).expect(200)).body.title as string;
      const nothing = await api().get(`/api/content/${never!.key}/undo`).set(ann.headers).expect(409);
      expect(nothing.body).toEqual({ error: `${title} has nothing to undo: version 1 is the only version ever published.` });
      await api().post(`/api/content/${never!.key}/undo`).set(ann.headers).send({ version: 1 }).expect(409);
      expect((await api().post('/api/content/stats/undo').set(ann.headers).send({}).expect(400)).body.error).toMatch(/Give the version to undo/);
      await api().post('/api/content/stats/undo').set(ann.headers).send({ version: 'latest' }).expect(400);
      await api().post('/api/content/stats/undo').set(ann.headers).send({ version: 1, all: true }).expect(400);
      await api().post('/api/content/no-such-page/undo').set(ann.headers).send({ version: 1 }).expect(404);
    });
  });

  describe('the agency details: drafted by anyone, published by an owner', () => {
    const ATTACKER = { email: 'attacker@evil.example', phone: '+1 (555) 666-0000' };
    const published = async (key: string) => (await api().get(`/api/content/${key}`).set(ann.headers).expect(200)).body.published as { version: number; data: BusinessContent };
    /** The acknowledgement a visitor's contact form gets now: who answers it reach, and its words. */
    const nextAcknowledgement = async () => {
      await api().post('/api/forms/contact').send({ ...VALID_FORMS.contact, ...humanMeta() }).expect(201);
      return (await t.db('form_notifications').where({ kind: 'confirmation' }).orderBy('id', 'desc').first('from_name', 'reply_to', 'body')) as { from_name: string; reply_to: string; body: string };
    };
    const editorPublishes = (key: string) => t.db('audit_log').where({ action: 'content.publish', target_id: key, actor_name: 'bob' }).count<{ count: string }[]>('* as count').then(([row]) => Number(row!.count));

    beforeAll(async () => {
      await api().patch('/api/settings').set(ann.headers).send({ visitorConfirmation: { contact: true, enquiry: false, quote: false, 'free-offer': false } }).expect(200);
    });
    afterEach(async () => {
      await api().delete('/api/content/business/draft').set(ann.headers).expect(200);
    });

    it('refuses an editor publishing, scheduling or bulk-publishing a changed e-mail address and phone (403); the site and the next acknowledgement keep the live ones', async () => {
      const before = await published('business');
      const auditedBefore = await editorPublishes('business');
      const saved = statusOf(await saveDraft('business', { ...before.data, ...ATTACKER }, bob), 200);
      const version = saved.body.version as number;

      const refused = await api().post('/api/content/business/publish').set(bob.headers).send({ version }).expect(403);
      expect(refused.body).toEqual({ error: expect.stringMatching(/^Not published: It would change the E-mail address and Phone number of the agency details\. An owner publishes the agency details/) });
      const bulk = await api().post('/api/content/publish').set(bob.headers).send({ items: [{ key: 'business', version }] }).expect(403);
      expect(bulk.body.error).toMatch(/An owner publishes the agency details/);
      const at = new Date(Date.now() + 24 * 3600_000).toISOString();
      const scheduled = await api().post('/api/content/business/publish').set(bob.headers).send({ version, at }).expect(403);
      expect(scheduled.body.error).toMatch(/^Not scheduled: .*An owner publishes the agency details/);
      await api().post('/api/content/publish').set(bob.headers).send({ items: [{ key: 'business', version }], at }).expect(403);
      expect(await t.db('content_schedules').whereRaw('items @> ?::jsonb', [JSON.stringify([{ key: 'business' }])]).select('id')).toEqual([]);

      // Nothing went live: the document, the pages, the mail all keep the published details.
      expect(await published('business')).toEqual(before);
      expect((await api().get('/api/content/business').set(bob.headers).expect(200)).body.draft).toMatchObject({ version, data: { email: ATTACKER.email } });
      const contact = (await api().get('/contact').expect(200)).text;
      expect(contact).toContain(before.data.phone);
      expect(contact).not.toContain(ATTACKER.email);
      expect(contact).not.toContain(ATTACKER.phone);
      const mail = await nextAcknowledgement();
      expect(mail.reply_to).toBe(before.data.email);
      expect(mail.body).toContain(before.data.phone);
      expect(mail.body).not.toContain(ATTACKER.phone);
      expect(await editorPublishes('business')).toBe(auditedBefore);
    });

    it('lets an owner publish the draft an editor saved (200), and refuses the editor undoing it (403) but not the owner', async () => {
      const before = await published('business');
      const next = { email: 'hello@northlight.example', name: 'Northlight Studio' };
      const saved = statusOf(await saveDraft('business', { ...before.data, ...next }, bob), 200);
      await api().post('/api/content/business/publish').set(ann.headers).send({ version: saved.body.version }).expect(200);
      expect((await published('business')).data).toMatchObject(next);
      const audit = await t.db('audit_log').where({ action: 'content.publish', target_id: 'business' }).orderBy('id', 'desc').first('summary', 'actor_name');
      expect(audit).toEqual({ summary: `published business v${saved.body.version}`, actor_name: 'ann' });
      const mail = await nextAcknowledgement();
      expect([mail.reply_to, mail.from_name]).toEqual([next.email, next.name]);

      // Undoing it would change them back: the owner's to do.
      const undo = await api().post('/api/content/undo').set(bob.headers).send({}).expect(403);
      expect(undo.body.error).toMatch(/^Not undone: It would change the Agency name and E-mail address of the agency details\. An owner publishes the agency details, so ask an owner to undo this publish\.$/);
      expect((await published('business')).data).toMatchObject(next);
      await api().post('/api/content/undo').set(ann.headers).send({}).expect(200);
      expect((await published('business')).data).toEqual(before.data);
      expect((await nextAcknowledgement()).reply_to).toBe(before.data.email);
    });

    it('refuses an editor undoing the agency details’ last publish on its page (403), as an owner may', async () => {
      const before = await published('business');
      const saved = statusOf(await saveDraft('business', { ...before.data, email: 'studio@northlight.example' }, bob), 200);
      const version = statusOf(await api().post('/api/content/business/publish').set(ann.headers).send({ version: saved.body.version }), 200).body.version as number;
      const refused = await api().post('/api/content/business/undo').set(bob.headers).send({ version }).expect(403);
      expect(refused.body.error).toMatch(/^Not undone: It would change the E-mail address of the agency details\. An owner publishes the agency details, so ask an owner to undo this publish\.$/);
      expect((await published('business')).data.email).toBe('studio@northlight.example');
      await api().post('/api/content/business/undo').set(ann.headers).send({ version }).expect(200);
      expect((await published('business')).data).toEqual(before.data);
    });

    it('lets an editor publish the rest of the agency page and every other document (200), and undo that', async () => {
      const before = await published('business');
      const saved = statusOf(await saveDraft('business', { ...before.data, tagline: 'Websites that answer back' }, bob), 200);
      await api().post('/api/content/business/publish').set(bob.headers).send({ version: saved.body.version }).expect(200);
      expect((await published('business')).data).toEqual({ ...before.data, tagline: 'Websites that answer back' });
      // Restoring a version with other details is a draft: only publishing it is refused.
      const restored = await api().post(`/api/content/business/revisions/${before.version}/restore`).set(bob.headers).send({}).expect(200);
      expect(restored.body.data).toEqual(before.data);
      await api().post('/api/content/undo').set(bob.headers).send({}).expect(200);
      expect((await published('business')).data).toEqual(before.data);

      const stats = (await current('stats')) as { items: { value: string }[] };
      const statsDraft = statusOf(await saveDraft('stats', { items: [{ ...stats.items[0]!, value: '77' }, ...stats.items.slice(1)] }, bob), 200);
      await api().post('/api/content/publish').set(bob.headers).send({ items: [{ key: 'stats', version: statsDraft.body.version }] }).expect(200);
      expect((await api().get('/about').expect(200)).text).toContain('77');
      const later = statusOf(await saveDraft('stats', stats, bob), 200);
      const at = new Date(Date.now() + 24 * 3600_000).toISOString();
      const scheduled = await api().post('/api/content/stats/publish').set(bob.headers).send({ version: later.body.version, at }).expect(202);
      await api().delete(`/api/content/schedules/${scheduled.body.schedule.id}`).set(bob.headers).expect(204);
      await api().post('/api/content/stats/publish').set(bob.headers).send({ version: later.body.version }).expect(200);
    });
  });

  it('shows who else is editing a document in the last minute', async () => {
    await api().post('/api/content/about/presence').set(bob.headers).send({}).expect(204);
    await api().post('/api/content/about/presence').set(ann.headers).send({}).expect(204);
    const seenByAnn = (await api().get('/api/content/about').set(ann.headers).expect(200)).body.editing;
    expect(seenByAnn).toEqual([{ username: 'bob', since: expect.any(String) }]);
    await t.db('content_presence').where({ username: 'bob' }).update({ seen_at: new Date(Date.now() - 61_000) });
    expect((await api().get('/api/content/about').set(ann.headers).expect(200)).body.editing).toEqual([]);
  });

  it('answers another spelling of a fixed segment 404, even where a key could stand in its place', async () => {
    for (const path of ['/api/content/Schedules', '/api/content/services/seo/Checks', '/api/content/business/Revisions']) {
      expect([path, (await api().get(path)).status]).toEqual([path, 404]);
      expect([path, (await api().get(path).set(ann.headers)).status]).toEqual([path, 404]);
    }
  });

  it('refuses every call without a session (401) and every change without the CSRF token (403)', async () => {
    const calls: [string, string][] = [
      ['get', '/api/content'],
      ['get', '/api/content/business'],
      ['put', '/api/content/business/draft'],
      ['delete', '/api/content/business/draft'],
      ['post', '/api/content/business/publish'],
      ['post', '/api/content/publish'],
      ['post', '/api/content/undo'],
      ['get', '/api/content/business/undo'],
      ['post', '/api/content/business/undo'],
      ['get', '/api/content/business/revisions'],
      ['post', '/api/content/business/revisions/1/restore'],
      ['get', '/api/content/business/checks'],
      ['post', '/api/content/business/presence'],
      ['get', '/api/content/schedules'],
    ];
    for (const [method, path] of calls) {
      const anonymous = await (api() as unknown as Record<string, (path: string) => request.Test>)[method]!(path).send({});
      expect([path, anonymous.status]).toEqual([path, 401]);
      if (method === 'get') continue;
      const noToken = await (api() as unknown as Record<string, (path: string) => request.Test>)[method]!(path).set({ Cookie: ann.cookie, Origin: ann.headers.Origin }).send({});
      expect([path, noToken.status]).toEqual([path, 403]);
    }
  });

  it('empties the page cache when Settings change what pages say (the reply promise)', async () => {
    expect((await api().get('/contact').expect(200)).text).toContain('within 24 hours');
    const { id } = (await t.db('admin_users').where({ username: 'ann' }).first('id')) as { id: number };
    await t.settings.update({ replyPromiseHours: 8 }, { id, name: 'ann' });
    const page = (await api().get('/contact').expect(200)).text;
    expect(page).toContain('within 8 hours');
    expect(page).not.toContain('within 24 hours');
  });
});
