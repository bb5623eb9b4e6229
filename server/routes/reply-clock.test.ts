import request from 'supertest';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { VALID_FORMS, humanMeta } from '../../tests/helpers/form-fixtures';
import type { FormType } from '../../shared/form-types';
import type { LeadDetail } from '../../shared/leads';

/** The reply clock as the API shows it, on a test clock. */
describe('reply clock', () => {
  let t: TestApp;
  let admin: AdminTestSession;
  // Tuesday 24 November 2026, 16:00 in London.
  let clock = new Date('2026-11-24T16:00:00.000Z');
  const call = () => request(t.app.callback());

  async function submit(type: FormType, meta: Record<string, unknown> = humanMeta()): Promise<string> {
    const res = await call().post(`/api/forms/${type}`).send({ ...VALID_FORMS[type], ...meta }).expect(201);
    return res.body._id as string;
  }
  const detail = async (type: FormType, id: string): Promise<LeadDetail> => (await call().get(`/api/leads/${type}/${id}`).set(admin.headers).expect(200)).body;

  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '1000' }, { now: () => clock });
    admin = await signInAsAdmin(t);
  });
  afterAll(() => t.destroy());

  it('makes a new lead due the promised hours after it arrived, around the clock or in working hours', async () => {
    const id = await submit('contact');
    expect((await detail('contact', id)).dueAt).toBe('2026-11-25T16:00:00.000Z');

    await call().patch('/api/settings').set(admin.headers).send({ replyPromiseHours: 8, workingHoursOnly: true, timeZone: 'Europe/London' }).expect(200);
    // 2 working hours on Tuesday, 6 from Wednesday 9:00.
    const later = await submit('contact');
    expect((await detail('contact', later)).dueAt).toBe('2026-11-25T15:00:00.000Z');
    await call().patch('/api/settings').set(admin.headers).send({ replyPromiseHours: null, workingHoursOnly: null, timeZone: null }).expect(200);
  });

  it('never runs a clock for spam; a lead taken out of spam is due from then', async () => {
    const id = await submit('enquiry', { website: 'https://spam.example', fillMs: 9000 });
    expect((await detail('enquiry', id)).dueAt).toBeNull();
    clock = new Date('2026-11-24T17:00:00.000Z');
    await call().post(`/api/leads/enquiry/${id}/not-spam`).set(admin.headers).expect(200);
    expect((await detail('enquiry', id)).dueAt).toBe('2026-11-25T17:00:00.000Z');
    await call().post(`/api/leads/enquiry/${id}/spam`).set(admin.headers).expect(200);
    expect((await detail('enquiry', id)).dueAt).toBeNull();
  });

  it('records the first response once, when a lead first leaves new/read (single, bulk and per-form API)', async () => {
    const quote = await submit('quote');
    await call().post(`/api/leads/quote/${quote}/read`).set(admin.headers).expect(200);
    expect((await detail('quote', quote)).respondedAt).toBeNull();
    clock = new Date('2026-11-24T18:00:00.000Z');
    await call().patch(`/api/leads/quote/${quote}/status`).set(admin.headers).send({ status: 'quoted' }).expect(200);
    expect((await detail('quote', quote)).respondedAt).toBe('2026-11-24T18:00:00.000Z');
    clock = new Date('2026-11-25T09:00:00.000Z');
    await call().patch(`/api/leads/quote/${quote}/status`).set(admin.headers).send({ status: 'accepted' }).expect(200);
    await call().patch(`/api/leads/quote/${quote}/status`).set(admin.headers).send({ status: 'new' }).expect(200);
    expect((await detail('quote', quote)).respondedAt).toBe('2026-11-24T18:00:00.000Z');

    const [a, b] = [await submit('contact'), await submit('free-offer')];
    await call().post('/api/leads/bulk').set(admin.headers).send({ action: 'status', ids: [a, b], status: 'responded' }).expect(200);
    expect((await detail('contact', a)).respondedAt).toBe('2026-11-25T09:00:00.000Z');
    expect((await detail('free-offer', b)).respondedAt).toBe('2026-11-25T09:00:00.000Z');

    const c = await submit('enquiry');
    clock = new Date('2026-11-25T10:00:00.000Z');
    await call().patch(`/api/forms/enquiry/${c}/status`).set(admin.headers).send({ status: 'responded' }).expect(200);
    expect((await detail('enquiry', c)).respondedAt).toBe('2026-11-25T10:00:00.000Z');
  });
});
