import request from 'supertest';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { VALID_FORMS, humanMeta } from '../../tests/helpers/form-fixtures';
import type { FormType } from '../../shared/form-types';
import type { TaskPage } from '../../shared/reply-queue';

/** The reply queue API on a test clock. */
describe('tasks API', () => {
  let t: TestApp;
  let admin: AdminTestSession;
  let clock = new Date('2026-11-24T08:00:00.000Z');
  const call = () => request(t.app.callback());

  async function submitAt(at: string, type: FormType, name: string): Promise<string> {
    clock = new Date(at);
    const fields = type === 'free-offer' ? {} : { name };
    const res = await call().post(`/api/forms/${type}`).send({ ...VALID_FORMS[type], ...fields, ...humanMeta() }).expect(201);
    return res.body._id as string;
  }
  const page = async (query = ''): Promise<TaskPage> => (await call().get(`/api/tasks${query}`).set(admin.headers).expect(200)).body;

  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '1000' }, { now: () => clock });
    admin = await signInAsAdmin(t);
    ids.late = await submitAt('2026-11-22T09:00:00.000Z', 'contact', 'Late Lara');
    ids.soon = await submitAt('2026-11-23T20:00:00.000Z', 'quote', 'Soon Sam');
    ids.later = await submitAt('2026-11-24T10:00:00.000Z', 'enquiry', 'Later Lee');
    ids.spam = (await call().post('/api/forms/contact').send({ ...VALID_FORMS.contact, website: 'https://spam.example', fillMs: 9000 }).expect(201)).body._id;
    clock = new Date('2026-11-24T12:00:00.000Z');
  });
  afterAll(() => t.destroy());

  it('lists open leads soonest due first, overdue ones leading, with the server time', async () => {
    const first = await page();
    expect(first.items.map((item) => item.name)).toEqual(['Late Lara', 'Soon Sam', 'Later Lee']);
    expect(first.items.map((item) => item.dueAt)).toEqual(['2026-11-23T09:00:00.000Z', '2026-11-24T20:00:00.000Z', '2026-11-25T10:00:00.000Z']);
    expect(first.now).toBe('2026-11-24T12:00:00.000Z');
    expect(first.nextCursor).toBeNull();
    expect((await call().get('/api/tasks/counts').set(admin.headers).expect(200)).body).toEqual({ open: 3, overdue: 1 });
  });

  it('pages by cursor', async () => {
    const first = await page('?limit=2');
    expect(first.items).toHaveLength(2);
    const second = await page(`?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((item) => item.name)).toEqual(['Later Lee']);
    expect(second.nextCursor).toBeNull();
  });

  it('drops a lead once it is answered; reading it keeps it open', async () => {
    await call().post(`/api/leads/quote/${ids.soon}/read`).set(admin.headers).expect(200);
    expect((await page()).items).toHaveLength(3);
    await call().patch(`/api/leads/quote/${ids.soon}/status`).set(admin.headers).send({ status: 'quoted' }).expect(200);
    expect((await page()).items.map((item) => item.name)).toEqual(['Late Lara', 'Later Lee']);
    clock = new Date('2026-11-25T11:00:00.000Z');
    expect((await call().get('/api/tasks/counts').set(admin.headers).expect(200)).body).toEqual({ open: 2, overdue: 2 });
  });

  it('answers bad parameters with 400 naming the field, and callers without a session with 401', async () => {
    expect((await call().get('/api/tasks?limit=0').set(admin.headers).expect(400)).body.error).toMatch(/^limit: /);
    expect((await call().get('/api/tasks?cursor=nope').set(admin.headers).expect(400)).body.error).toMatch(/^cursor: /);
    expect((await call().get('/api/tasks?sort=due').set(admin.headers).expect(400)).body.error).toMatch(/^sort: /);
    await call().get('/api/tasks').expect(401);
    await call().get('/api/tasks/counts').expect(401);
  });
});
