import request from 'supertest';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { VALID_FORMS, humanMeta } from '../../tests/helpers/form-fixtures';
import type { DashboardFigures } from '../../shared/dashboard';
import type { FormType } from '../../shared/form-types';

/** The dashboard home's live figures on a test clock, in the agency's time zone. */
describe('dashboard API', () => {
  let t: TestApp;
  let admin: AdminTestSession;
  let clock = new Date('2026-11-01T12:00:00.000Z');
  const call = () => request(t.app.callback());

  async function submitAt(at: string, type: FormType, name?: string): Promise<string> {
    clock = new Date(at);
    const res = await call().post(`/api/forms/${type}`).send({ ...VALID_FORMS[type], ...(name ? { name } : {}), ...humanMeta() }).expect(201);
    return res.body._id as string;
  }
  const figures = async (): Promise<DashboardFigures> => (await call().get('/api/dashboard').set(admin.headers).expect(200)).body;

  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '1000' }, { now: () => clock });
    admin = await signInAsAdmin(t);
    await call().patch('/api/settings').set(admin.headers).send({ timeZone: 'America/New_York' }).expect(200);
  });
  afterAll(() => t.destroy());

  it('shows zeros and no response times with no leads', async () => {
    const empty = await figures();
    expect(empty.newLeads.contact.today).toEqual({ current: 0, previous: 0 });
    expect(empty.responses).toEqual({ answered: 0, medianMinutes: null, p90Minutes: null, withinPromise: null });
    expect(empty.newestLeads).toEqual([]);
  });

  it('counts new leads per form and period against the period before, by the local calendar', async () => {
    // Tuesday 24 November 2026 in New York (EST, UTC−5).
    await submitAt('2026-11-24T06:00:00.000Z', 'contact', 'Yesterday Local'); // 01:00 on the 24th: today
    await submitAt('2026-11-24T04:00:00.000Z', 'contact', 'Late Monday'); // 23:00 on the 23rd: yesterday
    await submitAt('2026-11-20T15:00:00.000Z', 'contact', 'Friday');
    await submitAt('2026-11-14T15:00:00.000Z', 'enquiry', 'Previous Week');
    await submitAt('2026-10-10T15:00:00.000Z', 'quote', 'Previous Month');
    await call().post('/api/forms/contact').send({ ...VALID_FORMS.contact, website: 'https://spam.example', fillMs: 9000 }).expect(201);
    clock = new Date('2026-11-24T20:00:00.000Z');
    const { newLeads, newestLeads } = await figures();
    expect(newLeads.contact).toEqual({ today: { current: 1, previous: 1 }, last7: { current: 3, previous: 0 }, last30: { current: 3, previous: 0 } });
    expect(newLeads.enquiry).toEqual({ today: { current: 0, previous: 0 }, last7: { current: 0, previous: 1 }, last30: { current: 1, previous: 0 } });
    expect(newLeads.quote.last30).toEqual({ current: 0, previous: 1 });
    expect(newestLeads.map((lead) => lead.name)).toEqual(['Yesterday Local', 'Late Monday', 'Friday', 'Previous Week', 'Previous Month']);
  });

  it('reports open and overdue leads and the time to first response', async () => {
    const before = await figures();
    // Friday's, the previous week's and the previous month's leads are past their 24 hours.
    expect(before).toMatchObject({ open: 5, overdue: 3 });
    const ids = (await call().get('/api/leads').set(admin.headers).expect(200)).body.items as { _id: string; name: string; type: FormType }[];
    const byName = (name: string) => ids.find((lead) => lead.name === name)!;
    // Answered 2 hours after it arrived (in time), and Friday's lead 4 days late.
    clock = new Date('2026-11-24T08:00:00.000Z');
    await call().patch(`/api/leads/contact/${byName('Yesterday Local')._id}/status`).set(admin.headers).send({ status: 'responded' }).expect(200);
    clock = new Date('2026-11-24T15:00:00.000Z');
    await call().patch(`/api/leads/contact/${byName('Friday')._id}/status`).set(admin.headers).send({ status: 'responded' }).expect(200);
    clock = new Date('2026-11-24T20:00:00.000Z');
    const after = await figures();
    expect(after).toMatchObject({ open: 3, overdue: 2 });
    expect(after.responses.answered).toBe(2);
    expect(after.responses.medianMinutes).toBeCloseTo((120 + 4 * 1440) / 2);
    expect(after.responses.p90Minutes).toBeCloseTo(120 + 0.9 * (4 * 1440 - 120));
    // Of the last 30 days' leads whose fate is known (2 answered, "Previous Week" overdue), one was
    // answered in time; "Late Monday" may still be.
    expect(after.responses.withinPromise).toBeCloseTo(1 / 3);
  });

  it('lists the newest portfolio items and needs a session', async () => {
    const item = { description: 'd', what_we_delivered: '[]', categories: '["web"]', display_categories: '["Web"]' };
    await t.db('portfolio_items').insert([
      { ...item, title: 'Older site', client: 'A', created_at: new Date('2026-10-01T00:00:00Z') },
      { ...item, title: 'Newer app', client: 'B', created_at: new Date('2026-11-01T00:00:00Z') },
    ]);
    expect((await figures()).newestPortfolio.map((entry) => entry.title)).toEqual(['Newer app', 'Older site']);
    await call().get('/api/dashboard').expect(401);
  });
});
