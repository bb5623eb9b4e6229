import request from 'supertest';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { VALID_FORMS, humanMeta } from '../../tests/helpers/form-fixtures';
import { portfolioPrefillOf } from '../../shared/projects';

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
    expect(res.body).toEqual([
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
    ]);
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
});
