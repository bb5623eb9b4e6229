import request from 'supertest';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { VALID_FORMS, humanMeta } from '../../tests/helpers/form-fixtures';
import { PROJECTS_PAGE_SIZE, PROJECT_STAGES, portfolioPrefillOf, type ProjectJson, type ProjectPage } from '../../shared/projects';

describe('projects from won quotes', () => {
  let t: TestApp;
  let admin: AdminTestSession;
  const call = () => request(t.app.callback());
  const quote = async (fields: Record<string, unknown>) => (await call().post('/api/forms/quote').send({ ...VALID_FORMS.quote, ...fields, ...humanMeta() }).expect(201)).body._id as string;
  let won: string;
  let open: string;

  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '100' });
    admin = await signInAsAdmin(t);
    won = await quote({ company: 'Compilers Inc', service: 'Mobile App', budget: 7500 });
    open = await quote({ company: '', name: 'Ada Open', service: 'Branding' });
    await call().patch(`/api/forms/quote/${won}/status`).set(admin.headers).send({ status: 'accepted' }).expect(200);
  });
  afterAll(() => t.destroy());

  it('lists the accepted quote requests only, with client, service, budget, dates and stage', async () => {
    const res = await call().get('/api/projects').set(admin.headers).expect(200);
    expect(res.body).toEqual({
      items: [
        {
          _id: won,
          name: 'Grace Hopper',
          company: 'Compilers Inc',
          email: 'grace@example.com',
          service: 'Mobile App',
          budget: 7500,
          timeline: '3-6 months',
          projectDetails: 'A booking app for iOS and Android.',
          requestedAt: expect.stringMatching(/Z$/),
          stage: 'accepted',
          stageChangedAt: null,
        },
      ],
      nextCursor: null,
    });
    await call().get(`/api/projects/${open}`).set(admin.headers).expect(404);
  });

  it('moves a project through its stages, audited, and refuses a stage that does not exist', async () => {
    const moved = await call().patch(`/api/projects/${won}`).set(admin.headers).send({ stage: 'in-progress' }).expect(200);
    expect(moved.body).toMatchObject({ stage: 'in-progress', stageChangedAt: expect.stringMatching(/Z$/) });
    await call().patch(`/api/projects/${won}`).set(admin.headers).send({ stage: 'delivered' }).expect(200);
    const bad = await call().patch(`/api/projects/${won}`).set(admin.headers).send({ stage: 'shipped' }).expect(400);
    expect(bad.body.error).toMatch(/^stage: /);
    expect((await call().get(`/api/projects/${won}`).set(admin.headers).expect(200)).body.stage).toBe('delivered');
    const history = await t.db('audit_log').where({ action: 'project.stage', target_id: won }).orderBy('id').pluck('summary');
    expect(history).toEqual(['Accepted → In progress', 'In progress → Delivered']);
  });

  it('is for signed-in staff, with the CSRF token for changes', async () => {
    await call().get('/api/projects').expect(401);
    await call().patch(`/api/projects/${won}`).set({ Cookie: admin.cookie }).send({ stage: 'accepted' }).expect(403);
    await call().patch('/api/projects/not-a-uuid').set(admin.headers).send({ stage: 'accepted' }).expect(404);
  });

  it('prefills a portfolio item: the client, a title from the service and the matching categories', () => {
    expect(portfolioPrefillOf({ name: 'Grace Hopper', company: 'Compilers Inc', service: 'Mobile App' })).toEqual({
      client: 'Compilers Inc',
      title: 'Mobile App for Compilers Inc',
      categoryLabels: ['App Development'],
    });
    expect(portfolioPrefillOf({ name: 'Ada Open', company: null, service: 'Other' })).toEqual({ client: 'Ada Open', title: 'Project for Ada Open', categoryLabels: [] });
  });
  describe('a long list, by page, searched and filtered by stage', () => {
    /** Many projects requested at the same moment: only the id can order them, so a page may end inside them. */
    const SAME_MOMENT = new Date(Date.UTC(2025, 5, 1, 12));
    const STAGES = [null, 'in-progress', 'delivered'] as const;
    const list = async (query: string): Promise<ProjectPage> => (await call().get(`/api/projects${query}`).set(admin.headers).expect(200)).body;
    const ids = (items: ProjectJson[]) => items.map((item) => item._id);
    /** Every project as the list must order it, read from the database. */
    const expected = async (where: (rows: Record<string, unknown>[]) => Record<string, unknown>[] = (rows) => rows) => {
      const rows: Record<string, unknown>[] = await t.db('leads').where({ type: 'quote', status: 'accepted' }).whereNull('spam_at').orderBy([{ column: 'submitted_at', order: 'desc' }, { column: 'id', order: 'desc' }]);
      return where(rows).map((row) => row.id as string);
    };
    /** Follows `nextCursor` to the end; fails on a page larger than asked or a cursor on the last page. */
    const walk = async (query: string, limit: number) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await list(`${query}${query ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.items.length).toBeLessThanOrEqual(limit);
        seen.push(...ids(page.items));
        cursor = page.nextCursor;
        pages += 1;
        expect(pages).toBeLessThan(100);
      } while (cursor);
      return seen;
    };

    beforeAll(async () => {
      const quote = { type: 'quote', phone: '(555) 010-2040', service: 'Web Development', budget: 5000, timeline: 'ASAP', status: 'accepted' };
      const rows = Array.from({ length: 130 }, (_, i) => ({
        ...quote,
        name: `Client ${i}`,
        email: `client${i}@example.com`,
        company: i % 10 === 4 ? `Harbour Ferries ${i}` : `Bakery ${i}`,
        project_details: i % 10 === 4 ? 'Timetables for the FERRY crossings.' : 'An ordering site.',
        // 70 at one moment, the rest a minute apart before it.
        submitted_at: i < 70 ? SAME_MOMENT : new Date(SAME_MOMENT.getTime() - (i - 69) * 60_000),
        project_stage: STAGES[i % 3],
        project_stage_at: STAGES[i % 3] ? SAME_MOMENT : null,
      }));
      await t.db('leads').insert(rows);
      // Not projects: a quote still open, and an accepted quote in the spam folder.
      await t.db('leads').insert([
        { ...quote, status: 'quoted', name: 'Harbour Open', email: 'open@example.com', company: 'Harbour Ferries open', project_details: 'ferry', submitted_at: SAME_MOMENT },
        { ...quote, name: 'Harbour Spam', email: 'spam@example.com', company: 'Harbour Ferries spam', project_details: 'ferry', submitted_at: SAME_MOMENT, spam_at: SAME_MOMENT, spam_reason: 'honeypot filled' },
      ]);
    });

    it('answers a page, not the whole list: 50 by default, at most 100', async () => {
      const all = await expected();
      expect(all).toHaveLength(131);
      const first = await list('');
      expect(ids(first.items)).toEqual(all.slice(0, PROJECTS_PAGE_SIZE.default));
      expect(first.nextCursor).toEqual(expect.any(String));
      expect((await list('?limit=100')).items).toHaveLength(100);
    });

    it('pages by cursor without repeating or skipping projects requested at the same moment', async () => {
      const all = await expected();
      for (const limit of [7, 50, 100]) expect(await walk('', limit)).toEqual(all);
      // A project accepted meanwhile is newer than the pages shown: the next page is unchanged.
      const first = await list('?limit=20');
      const [late] = await t.db('leads').insert({ type: 'quote', phone: '1', service: 'Other', budget: 1000, timeline: 'ASAP', status: 'accepted', name: 'Late', email: 'late@example.com', project_details: 'x', submitted_at: new Date(SAME_MOMENT.getTime() + 1) }).returning('id');
      const second = await list(`?limit=20&cursor=${first.nextCursor}`);
      expect(ids(second.items)).toEqual(all.slice(20, 40));
      await t.db('leads').where({ id: (late as { id: string }).id }).delete();
    });

    it('filters by stage: a project never moved is Accepted', async () => {
      for (const stage of PROJECT_STAGES) {
        const matching = await expected((rows) => rows.filter((row) => (row.project_stage ?? 'accepted') === stage));
        expect(matching.length).toBeGreaterThan(30);
        const walked = await walk(`?stage=${stage}`, 20);
        expect(walked).toEqual(matching);
      }
      const page = await list('?stage=in-progress&limit=5');
      expect(page.items.map((item) => item.stage)).toEqual(Array(5).fill('in-progress'));
      // An empty parameter, as the view's URLs may write it, filters nothing.
      expect((await list('?stage=&q=')).items).toHaveLength(PROJECTS_PAGE_SIZE.default);
    });

    it('searches the client, company, e-mail and details, case-insensitively, with the stage and by page', async () => {
      const ferries = await expected((rows) => rows.filter((row) => String(row.company).startsWith('Harbour Ferries')));
      expect(ferries).toHaveLength(13);
      expect(ids((await list('?q=harbour%20FERRIES')).items)).toEqual(ferries);
      expect(ids((await list('?q=ferry')).items)).toEqual(ferries);
      expect(await walk('?q=ferr', 4)).toEqual(ferries);
      expect(ids((await list('?q=client17@example')).items)).toEqual(await expected((rows) => rows.filter((row) => row.email === 'client17@example.com')));
      const delivered = await expected((rows) => rows.filter((row) => String(row.company).startsWith('Harbour Ferries') && row.project_stage === 'delivered'));
      expect(delivered.length).toBeGreaterThan(0);
      expect(ids((await list('?q=ferries&stage=delivered')).items)).toEqual(delivered);
      // `%` and `_` are searched for, not wildcards.
      expect((await list('?q=%25%25%25')).items).toEqual([]);
      expect((await list('?q=___')).items).toEqual([]);
      expect((await list('?q=nobody-writes-this')).items).toEqual([]);
    });

    it('answers bad parameters with 400 naming the field', async () => {
      const notOurs = Buffer.from(JSON.stringify([SAME_MOMENT.toISOString(), 'not-a-uuid'])).toString('base64url');
      const cases: [string, string][] = [
        ['?cursor=not-a-cursor!', 'cursor'],
        [`?cursor=${notOurs}`, 'cursor'],
        ['?limit=0', 'limit'],
        ['?limit=101', 'limit'],
        ['?limit=ten', 'limit'],
        ['?stage=shipped', 'stage'],
        ['?stage=Accepted', 'stage'],
        ['?stage=accepted&stage=delivered', 'stage'],
        ['?q=ab', 'q'],
        ['?q=%20a%20', 'q'],
        [`?q=${'x'.repeat(201)}`, 'q'],
        ['?q=abc%00', 'q'],
        ['?sort=name', 'sort'],
        ['?offset=50', 'offset'],
      ];
      for (const [query, field] of cases) {
        const res = await call().get(`/api/projects${query}`).set(admin.headers);
        expect([query, res.status, Object.keys(res.body.fields ?? {})]).toEqual([query, 400, [field]]);
        expect(res.body.error).toMatch(new RegExp(`^${field}: `));
      }
      expect((await call().get('/api/projects?q=ab').set(admin.headers)).body.error).toBe('q: Search for at least 3 characters.');
      expect((await call().get('/api/projects?stage=shipped').set(admin.headers)).body.error).toBe('stage: Use one of accepted, in-progress, delivered.');
    });
  });
});
