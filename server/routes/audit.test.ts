import request from 'supertest';
import { createAuditTrail } from '../services/audit';
import { auditActionLabel } from '../../shared/audit';
import { picture } from '../../tests/helpers/portfolio-fixtures';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

describe('audit trail API', () => {
  let t: TestApp;
  let owner: AdminTestSession;
  const api = () => request(t.app.callback());
  beforeAll(async () => {
    t = await createTestApp({}, { adminAuthOptions: { failureDelayMs: 0 } });
    owner = await signInAsAdmin(t, { username: 'auditor' });
  });
  afterAll(() => t.destroy());

  it('records portfolio create, update and delete with actor, target and title', async () => {
    const editor = await signInAsAdmin(t, { username: 'an-editor', role: 'editor' });
    const created = await api()
      .post('/api/portfolio')
      .set(editor.headers)
      .field('title', 'Harbour Website')
      .field('client', 'Harbour Ltd')
      .field('description', 'A new website for a harbour.')
      .field('categories', 'web')
      .field('displayCategories', 'Web Development')
      .attach('image', await picture('jpeg', 900, 600), 'main.jpg')
      .expect(201);
    const id = created.body._id as string;
    await api().put(`/api/portfolio/${id}`).set(editor.headers).field('title', 'Harbour Website 2').field('client', 'Harbour Ltd').field('description', 'A new website.').field('categories', 'web').field('displayCategories', 'Web Development').expect(200);
    await api().delete(`/api/portfolio/${id}`).set(editor.headers).expect(204);
    const { body } = await api().get('/api/audit?actor=an-editor').set(owner.headers).expect(200);
    expect(body.items.map((item: { action: string; target: unknown; summary: string }) => [item.action, item.target, item.summary])).toEqual([
      ['portfolio.delete', { type: 'portfolio', id }, 'Harbour Website 2'],
      ['portfolio.update', { type: 'portfolio', id }, 'Harbour Website 2'],
      ['portfolio.create', { type: 'portfolio', id }, 'Harbour Website'],
      ['auth.sign-in', null, 'password'],
    ]);
  });

  it('records sign-in failures and sign-out', async () => {
    await api().post('/api/auth/login').set('Origin', 'https://agency.test').send({ username: 'auditor', password: 'wrong password!!' }).expect(401);
    const other = await signInAsAdmin(t, { username: 'leaver' });
    await api().post('/api/auth/logout').set(other.headers).expect(204);
    const failed = await api().get('/api/audit?action=auth.sign-in-failed').set(owner.headers).expect(200);
    expect(failed.body.items).toEqual([expect.objectContaining({ actor: { id: expect.any(Number), name: 'auditor' }, summary: 'wrong username or password' })]);
    const out = await api().get('/api/audit?action=auth.sign-out&actor=LEAVER').set(owner.headers).expect(200);
    expect(out.body.items).toHaveLength(1);
  });

  it('filters by day and pages with a cursor, newest first', async () => {
    const trail = createAuditTrail({ db: t.db, now: () => new Date('2026-01-02T10:00:00Z') });
    for (let i = 0; i < 5; i++) await trail.record({ id: null, name: 'system' }, { action: 'settings.update', summary: `change ${i}` });
    const first = await api().get('/api/audit?from=2026-01-02&to=2026-01-02&limit=2').set(owner.headers).expect(200);
    expect(first.body.items.map((item: { summary: string }) => item.summary)).toEqual(['change 4', 'change 3']);
    const second = await api().get(`/api/audit?from=2026-01-02&to=2026-01-02&limit=2&cursor=${first.body.nextCursor}`).set(owner.headers).expect(200);
    expect(second.body.items.map((item: { summary: string }) => item.summary)).toEqual(['change 2', 'change 1']);
    const last = await api().get(`/api/audit?from=2026-01-02&to=2026-01-02&limit=2&cursor=${second.body.nextCursor}`).set(owner.headers).expect(200);
    expect(last.body).toEqual({ items: [expect.objectContaining({ summary: 'change 0' })], nextCursor: null });
    await api().get('/api/audit?to=2026-01-01').set(owner.headers).expect(200).expect((response) => expect(response.body.items).toEqual([]));
  });

  it('answers bad filters with 400 naming the field, and offers no way to change a row', async () => {
    const bad = await api().get('/api/audit?action=nope&from=yesterday&cursor=%%%&colour=red').set(owner.headers).expect(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['action', 'colour', 'from']);
    await api().get('/api/audit?cursor=not-a-cursor').set(owner.headers).expect(400);
    for (const [query, field] of [['actor=%00', 'actor'], ['from=2026-02-30', 'from'], ['to=2026-04-31', 'to'], ['to=2026-02-30T08:00:00Z', 'to'], ['from=2026-11-25T25:00:00Z', 'from']]) {
      const response = await api().get(`/api/audit?${query}`).set(owner.headers).expect(400);
      expect(response.body.error).toMatch(new RegExp(`^${field}: `));
    }
    await api().get('/api/audit?from=2028-02-29&to=2028-02-29T23:00:00%2B02:00').set(owner.headers).expect(200);
    for (const method of ['post', 'patch', 'delete'] as const) await api()[method]('/api/audit').set(owner.headers).expect(404);
  });

  it('shows throttled sign-ins as one entry with their count and last time', async () => {
    const attempt = () => api().post('/api/auth/login').set('Origin', 'https://agency.test').send({ username: 'hammered', password: 'wrong password!!' });
    for (let i = 0; i < 5; i += 1) await attempt().expect(401);
    for (let i = 0; i < 12; i += 1) await attempt().expect(429);
    const { body } = await api().get('/api/audit?action=auth.throttled&actor=hammered').set(owner.headers).expect(200);
    expect(body.items).toEqual([expect.objectContaining({ action: 'auth.throttled', summary: 'rule account-and-address', repeats: 12, lastAt: expect.any(String) })]);
    expect(Date.parse(body.items[0].lastAt)).toBeGreaterThanOrEqual(Date.parse(body.items[0].at));
    expect(auditActionLabel(body.items[0])).toBe('Sign-in throttled (×12)');
    expect(auditActionLabel({ action: 'auth.throttled', repeats: 1 })).toBe('Sign-in throttled');
  });
});
