import request from 'supertest';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { VALID_FORMS, humanMeta } from '../../tests/helpers/form-fixtures';
import type { FormType } from '../../shared/form-types';
import type { DashboardFigures } from '../../shared/dashboard';
import type { LeadDetail } from '../../shared/leads';
import { TASK_COUNT_CAP, type TaskCounts, type TaskPage } from '../../shared/reply-queue';

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
    expect((await call().get('/api/tasks/counts').set(admin.headers).expect(200)).body).toEqual({ open: 3, overdue: 1, today: 1, later: 1 });
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
    expect((await call().get('/api/tasks/counts').set(admin.headers).expect(200)).body).toEqual({ open: 2, overdue: 2, today: 0, later: 0 });
  });

  it('answers bad parameters with 400 naming the field, and callers without a session with 401', async () => {
    expect((await call().get('/api/tasks?limit=0').set(admin.headers).expect(400)).body.error).toMatch(/^limit: /);
    expect((await call().get('/api/tasks?cursor=nope').set(admin.headers).expect(400)).body.error).toMatch(/^cursor: /);
    expect((await call().get('/api/tasks?sort=due').set(admin.headers).expect(400)).body.error).toMatch(/^sort: /);
    await call().get('/api/tasks').expect(401);
    await call().get('/api/tasks/counts').expect(401);
  });
});

/** Tasks' sections (by the agency's day), their order, the form filter, bulk "Mark responded" and one count everywhere. */
describe('tasks API: sections', () => {
  let t: TestApp;
  let admin: AdminTestSession;
  let clock = new Date('2026-11-24T12:00:00.000Z');
  const call = () => request(t.app.callback());
  const ids: Record<string, string> = {};
  const types: Record<string, FormType> = {};

  async function submitAt(at: string, type: FormType, name: string): Promise<void> {
    clock = new Date(at);
    const res = await call().post(`/api/forms/${type}`).send({ ...VALID_FORMS[type], name, ...humanMeta() }).expect(201);
    ids[name] = res.body._id as string;
    types[name] = type;
  }
  const names = async (query: string): Promise<{ names: (string | null)[]; nextCursor: string | null }> => {
    const body: TaskPage = (await call().get(`/api/tasks${query}`).set(admin.headers).expect(200)).body;
    return { names: body.items.map((item) => item.name), nextCursor: body.nextCursor };
  };
  const counts = async (query = ''): Promise<TaskCounts> => (await call().get(`/api/tasks/counts${query}`).set(admin.headers).expect(200)).body;

  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '1000' }, { now: () => clock });
    admin = await signInAsAdmin(t);
    // New York: on Tuesday 24 November 2026 (EST, UTC−5) the agency's day ends at 05:00 UTC on the 25th.
    await call().patch('/api/settings').set(admin.headers).send({ timeZone: 'America/New_York' }).expect(200);
    // Each lead is due 24 hours after it arrives.
    await submitAt('2024-11-20T10:00:00.000Z', 'contact', 'Ancient Ann'); // overdue by two years
    await submitAt('2026-11-17T10:00:00.000Z', 'enquiry', 'Week Will'); // overdue by six days
    await submitAt('2026-11-23T11:00:00.000Z', 'quote', 'Hour Hal'); // overdue by an hour
    await submitAt('2026-11-23T20:00:00.000Z', 'contact', 'Tonight Tia'); // due 15:00 local
    await submitAt('2026-11-24T03:00:00.000Z', 'quote', 'Late Lou'); // due 22:00 local today (tomorrow in UTC)
    await submitAt('2026-11-24T10:00:00.000Z', 'enquiry', 'Later Lee'); // due tomorrow
    await submitAt('2026-11-24T11:00:00.000Z', 'contact', 'Done Dora');
    await call().patch(`/api/leads/contact/${ids['Done Dora']}/status`).set(admin.headers).send({ status: 'responded' }).expect(200);
    clock = new Date('2026-11-24T12:00:00.000Z');
  });
  afterAll(() => t.destroy());

  it('counts each section by the agency\'s day', async () => {
    expect(await counts()).toEqual({ open: 6, overdue: 3, today: 2, later: 1 });
  });

  it('orders the overdue section most recently due first, so the two-year-old lead comes last', async () => {
    expect(await names('?section=overdue')).toEqual({ names: ['Hour Hal', 'Week Will', 'Ancient Ann'], nextCursor: null });
    const first = await names('?section=overdue&limit=2');
    expect(first.names).toEqual(['Hour Hal', 'Week Will']);
    expect(await names(`?section=overdue&limit=2&cursor=${first.nextCursor}`)).toEqual({ names: ['Ancient Ann'], nextCursor: null });
  });

  it('pages due today and later soonest due first; without a section the whole queue as before', async () => {
    expect((await names('?section=today')).names).toEqual(['Tonight Tia', 'Late Lou']);
    const first = await names('?section=today&limit=1');
    expect(await names(`?section=today&limit=1&cursor=${first.nextCursor}`)).toEqual({ names: ['Late Lou'], nextCursor: null });
    expect((await names('?section=later')).names).toEqual(['Later Lee']);
    expect((await names('')).names).toEqual(['Ancient Ann', 'Week Will', 'Hour Hal', 'Tonight Tia', 'Late Lou', 'Later Lee']);
  });

  it('filters sections and counts by form; an empty filter is no filter', async () => {
    expect(await counts('?type=quote')).toEqual({ open: 2, overdue: 1, today: 1, later: 0 });
    expect((await names('?section=today&type=contact')).names).toEqual(['Tonight Tia']);
    expect((await names('?section=overdue&type=enquiry')).names).toEqual(['Week Will']);
    expect((await names('?type=quote')).names).toEqual(['Hour Hal', 'Late Lou']);
    expect(await counts('?type=')).toEqual(await counts());
  });

  it('answers a bad section or form with 400 naming the parameter', async () => {
    expect((await call().get('/api/tasks?section=soon').set(admin.headers).expect(400)).body.error).toMatch(/^section: Use one of overdue, today, later/);
    expect((await call().get('/api/tasks?section=today&type=spam').set(admin.headers).expect(400)).body.error).toMatch(/^type: Use one of contact/);
    expect((await call().get('/api/tasks?type=contact&type=quote').set(admin.headers).expect(400)).body.error).toMatch(/^type: /);
    expect((await call().get('/api/tasks/counts?type=nope').set(admin.headers).expect(400)).body.error).toMatch(/^type: /);
    expect((await call().get('/api/tasks/counts?section=today').set(admin.headers).expect(400)).body.error).toMatch(/^section: /);
  });

  it('marks several leads of different forms responded in one bulk call, recorded in each history as a single change is', async () => {
    const dashboard = async (): Promise<DashboardFigures> => (await call().get('/api/dashboard').set(admin.headers).expect(200)).body;
    const history = async (name: string) => ((await call().get(`/api/leads/${types[name]}/${ids[name]}`).set(admin.headers).expect(200)).body as LeadDetail).history;
    const marked = ['Hour Hal', 'Tonight Tia', 'Done Dora'].map((name) => ids[name]);
    // Done Dora was answered already: left as she is.
    expect((await call().post('/api/leads/bulk').set(admin.headers).send({ action: 'responded', ids: marked }).expect(200)).body).toEqual({ changed: 2 });
    const hal = (await call().get(`/api/leads/quote/${ids['Hour Hal']}`).set(admin.headers).expect(200)).body as LeadDetail;
    expect(hal).toMatchObject({ status: 'quoted', respondedAt: clock.toISOString() });
    // Each has the entry a single status change writes (Done Dora's, made by PATCH), and Dora no second one.
    const [single, ...more] = (await history('Done Dora')).filter((entry) => entry.action === 'lead.status');
    expect(more).toEqual([]);
    const { actor, label } = single!;
    expect((await history('Hour Hal')).at(-1)).toMatchObject({ action: 'lead.status', actor, label, summary: 'new → quoted' });
    expect((await history('Tonight Tia')).at(-1)).toMatchObject({ action: 'lead.status', actor, label, summary: 'new → responded' });

    expect((await names('?section=overdue')).names).toEqual(['Week Will', 'Ancient Ann']);
    expect((await names('?section=today')).names).toEqual(['Late Lou']);
    const after = await counts();
    expect(after).toEqual({ open: 4, overdue: 2, today: 1, later: 1 });
    expect(await dashboard()).toMatchObject({ open: after.open, overdue: after.overdue });
  });

  it('caps every count at the same number the dashboard shows', async () => {
    const backlog = Array.from({ length: TASK_COUNT_CAP + 5 }, (_, index) => ({
      type: 'contact',
      name: `Backlog ${index}`,
      email: `backlog${index}@example.com`,
      phone: '1',
      subject: 'Hello',
      message: 'Hi',
      submitted_at: new Date('2025-01-01T10:00:00.000Z'),
      due_at: new Date(Date.parse('2025-01-02T10:00:00.000Z') + index * 1000),
    }));
    await t.db.batchInsert('leads', backlog, 200);
    const capped = await counts();
    expect(capped).toEqual({ open: TASK_COUNT_CAP, overdue: TASK_COUNT_CAP, today: 1, later: 1 });
    expect((await call().get('/api/dashboard').set(admin.headers).expect(200)).body).toMatchObject({ open: TASK_COUNT_CAP, overdue: TASK_COUNT_CAP });
    // The backlog sits behind the leads that can still be saved.
    expect((await names('?section=overdue&limit=1')).names).toEqual(['Week Will']);
  });
});
