import request from 'supertest';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { VALID_FORMS, humanMeta } from '../../tests/helpers/form-fixtures';
import { messages } from '../messages';

const formMessages = messages.forms;

/** The spec's admin inbox calls, as a signed-in admin makes them. */
describe('admin inbox API', () => {
  let t: TestApp;
  let admin: AdminTestSession;
  const ids: string[] = [];
  const call = () => request(t.app.callback());
  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '1000' });
    admin = await signInAsAdmin(t);
    for (let i = 1; i <= 25; i++) {
      const res = await call().post('/api/forms/contact').send({ ...VALID_FORMS.contact, subject: `Question ${i}`, ...humanMeta() }).expect(201);
      ids.push(res.body._id);
    }
  });
  afterAll(() => t.destroy());

  it('lists a type newest first as a JSON array, 20 a page by default, the total in X-Total-Count', async () => {
    const first = await call().get('/api/forms/contact').set(admin.headers).expect(200);
    expect(Array.isArray(first.body)).toBe(true);
    expect(first.headers['x-total-count']).toBe('25');
    expect(first.body).toHaveLength(20);
    expect(first.body[0]).toEqual({
      _id: ids[24],
      name: 'Katherine Johnson',
      phone: '555 010 2050',
      email: 'katherine@example.com',
      subject: 'Question 25',
      message: 'Can we talk about a new site?',
      submittedAt: expect.stringMatching(/Z$/),
      status: 'new',
    });
    const second = await call().get('/api/forms/contact?page=2').set(admin.headers).expect(200);
    expect(second.body.map((record: { subject: string }) => record.subject)).toEqual(['Question 5', 'Question 4', 'Question 3', 'Question 2', 'Question 1']);
    const small = await call().get('/api/forms/contact?page=3&limit=4').set(admin.headers).expect(200);
    expect(small.body.map((record: { subject: string }) => record.subject)).toEqual(['Question 17', 'Question 16', 'Question 15', 'Question 14']);
    const capped = await call().get('/api/forms/contact?limit=500').set(admin.headers).expect(200);
    expect(capped.body).toHaveLength(25);
    await call().get('/api/forms/contact?page=0').set(admin.headers).expect(400);
    await call().get('/api/forms/contact?limit=ten').set(admin.headers).expect(400);
    const empty = await call().get('/api/forms/quote').set(admin.headers).expect(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers['x-total-count']).toBe('0');
    await call().get('/api/forms/newsletter').set(admin.headers).expect(404);
  });

  it('changes a status and answers the updated record; unknown status 400, unknown id 404', async () => {
    const res = await call().patch(`/api/forms/contact/${ids[0]}/status`).set(admin.headers).send({ status: 'responded' }).expect(200);
    expect(res.body).toMatchObject({ _id: ids[0], status: 'responded', subject: 'Question 1' });
    const bad = await call().patch(`/api/forms/contact/${ids[0]}/status`).set(admin.headers).send({ status: 'quoted' }).expect(400);
    expect(bad.body).toEqual({ error: formMessages.unknownStatus('contact') });
    await call().patch('/api/forms/contact/00000000-0000-4000-8000-000000000000/status').set(admin.headers).send({ status: 'read' }).expect(404);
    await call().patch(`/api/forms/quote/${ids[0]}/status`).set(admin.headers).send({ status: 'quoted' }).expect(404);
  });

  it('deletes a submission (204), then 404', async () => {
    await call().delete(`/api/forms/contact/${ids[1]}`).set(admin.headers).expect(204);
    await call().delete(`/api/forms/contact/${ids[1]}`).set(admin.headers).expect(404);
    const list = await call().get('/api/forms/contact?limit=100').set(admin.headers).expect(200);
    expect(list.headers['x-total-count']).toBe('24');
  });

  it('finds a lead in the spam folder as the lead calls do: changes its status and deletes it, while the list keeps to the inbox', async () => {
    const spam = (await call().post('/api/forms/contact').send({ ...VALID_FORMS.contact, subject: 'Cheap pills', website: 'https://spam.example', ...humanMeta() }).expect(201)).body._id as string;
    const listed = async () => (await call().get('/api/forms/contact?limit=100').set(admin.headers).expect(200)).body.map((record: { _id: string }) => record._id);
    expect(await listed()).not.toContain(spam);
    const changed = await call().patch(`/api/forms/contact/${spam}/status`).set(admin.headers).send({ status: 'read' }).expect(200);
    expect(changed.body).toMatchObject({ _id: spam, status: 'read', subject: 'Cheap pills' });
    // The same lead as the inbox's own calls see it: still spam, with the status just set.
    const detail = await call().get(`/api/leads/contact/${spam}`).set(admin.headers).expect(200);
    expect(detail.body).toMatchObject({ status: 'read', spamAt: expect.any(String) });
    expect(await listed()).not.toContain(spam);
    await call().delete(`/api/forms/contact/${spam}`).set(admin.headers).expect(204);
    await call().get(`/api/leads/contact/${spam}`).set(admin.headers).expect(404);
    const gone = await call().delete(`/api/forms/contact/${spam}`).set(admin.headers).expect(404);
    expect(gone.body).toEqual({ error: formMessages.submissionNotFound });
  });

  it('refuses state changes without the CSRF token', async () => {
    await call().patch(`/api/forms/contact/${ids[2]}/status`).set({ Cookie: admin.cookie, Origin: admin.headers.Origin }).send({ status: 'read' }).expect(403);
    await call().delete(`/api/forms/contact/${ids[2]}`).set({ Cookie: admin.cookie, Origin: admin.headers.Origin }).expect(403);
  });
});
