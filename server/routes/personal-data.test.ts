import request from 'supertest';
import { messages } from '../messages';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { VALID_FORMS, humanMeta } from '../../tests/helpers/form-fixtures';
import { createAuditTrail } from '../services/audit';
import { createPersonalData } from '../services/personal-data';
import type { PersonalDataReport } from '../../shared/personal-data';

/** Find by e-mail, export and erase (GDPR articles 15 and 17), and the retention purge. */
describe('personal data', () => {
  let t: TestApp;
  let admin: AdminTestSession;
  let clock = new Date('2026-11-24T12:00:00.000Z');
  const call = () => request(t.app.callback());
  const submit = async (type: 'contact' | 'enquiry', email: string) =>
    (await call().post(`/api/forms/${type}`).send({ ...VALID_FORMS[type], email, ...humanMeta() }).expect(201)).body._id as string;

  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '1000' }, { now: () => clock });
    admin = await signInAsAdmin(t);
  });
  afterAll(() => t.destroy());

  it('finds every lead, note and staff e-mail held for an address, whatever its case', async () => {
    const first = await submit('contact', 'Erin@Example.com');
    clock = new Date('2026-11-24T12:05:00.000Z');
    await submit('enquiry', 'erin@example.com');
    await submit('contact', 'someone.else@example.com');
    await call().post(`/api/leads/contact/${first}/notes`).set(admin.headers).send({ body: 'Called Erin back.' }).expect(201);
    const found: PersonalDataReport = (await call().post('/api/personal-data/find').set(admin.headers).send({ email: 'ERIN@example.com' }).expect(200)).body;
    expect(found.email).toBe('erin@example.com');
    expect(found.leads.map((lead) => lead.type)).toEqual(['contact', 'enquiry']);
    expect(found.leads[0]!.fields.email).toBe('Erin@Example.com');
    expect(found.notes.map((note) => note.body)).toEqual(['Called Erin back.']);
    expect(found.notifications).toHaveLength(2);

    const exported = await call().post('/api/personal-data/export').set(admin.headers).send({ email: 'erin@example.com' }).expect(200);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="personal-data.json"');
    expect(exported.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(exported.text).leads).toHaveLength(2);
    expect(await t.db('audit_log').where({ action: 'personal-data.export' }).select('summary')).toEqual([{ summary: '2 leads' }]);
  });

  it('exports from a plain form post too, its token a form field; no valid token or another site, no export', async () => {
    const form = (fields: Record<string, string>, origin = admin.headers.Origin) => call().post('/api/personal-data/export').set({ Cookie: admin.cookie, Origin: origin }).type('form').send(fields);
    const exported = await form({ email: 'Erin@Example.com', csrf: admin.csrfToken }).expect(200);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="personal-data.json"');
    expect((JSON.parse(exported.text) as PersonalDataReport).leads.map((lead) => lead.type)).toEqual(['contact', 'enquiry']);
    expect((await form({ email: 'erin@example.com' }).expect(403)).body).toEqual({ error: messages.admin.badCsrfToken });
    expect((await form({ email: 'erin@example.com', csrf: 'wrong' }).expect(403)).body).toEqual({ error: messages.admin.badCsrfToken });
    expect((await form({ email: 'erin@example.com', csrf: admin.csrfToken }, 'https://evil.example').expect(403)).body).toEqual({ error: messages.admin.crossSiteRefused });
    expect((await form({ email: 'nope', csrf: admin.csrfToken }).expect(400)).body.error).toMatch(/^email: /);
    expect((await form({ email: 'erin@example.com', csrf: admin.csrfToken, other: 'x' }).expect(400)).body.error).toMatch(/^other: /);
    expect(Number((await t.db('audit_log').where({ action: 'personal-data.export' }).count({ count: '*' }).first())!.count)).toBe(2);
  });

  it('takes the address in no URL: the old GET calls are gone', async () => {
    for (const path of ['/api/personal-data?email=erin@example.com', '/api/personal-data/export?email=erin@example.com', '/api/personal-data/find?email=erin@example.com']) {
      const response = await call().get(path).set(admin.headers);
      expect(response.status).toBe(404);
      expect(response.text).not.toContain('Erin');
    }
  });

  it('erases it all in one transaction, leaving an audit record without the address', async () => {
    expect((await call().post('/api/personal-data/erase').set(admin.headers).send({ email: 'erin@example.com' }).expect(200)).body).toEqual({ leads: 2, notes: 1, notifications: 2 });
    const after: PersonalDataReport = (await call().post('/api/personal-data/find').set(admin.headers).send({ email: 'erin@example.com' }).expect(200)).body;
    expect(after).toEqual({ email: 'erin@example.com', leads: [], notes: [], notifications: [] });
    expect(Number((await t.db('leads').count({ count: '*' }).first())!.count)).toBe(1);
    const erased = await t.db('audit_log').where({ action: 'lead.erase' }).select('summary', 'target_id');
    expect(erased).toEqual([{ summary: '2 leads, 1 notes, 2 staff e-mails', target_id: null }]);
    const everything = JSON.stringify(await t.db('audit_log').select('*'));
    expect(everything.toLowerCase()).not.toContain('erin@example.com');
  });

  it('refuses an editor every call with 403 before it runs: nothing found, exported or erased', async () => {
    const editor = await signInAsAdmin(t, { username: 'an-editor', role: 'editor' });
    await submit('contact', 'kept@example.com');
    const audited = await t.db('audit_log').count({ count: '*' }).first();
    for (const response of [
      await call().post('/api/personal-data/find').set(editor.headers).send({ email: 'kept@example.com' }),
      await call().post('/api/personal-data/export').set(editor.headers).send({ email: 'kept@example.com' }),
      await call().post('/api/personal-data/erase').set(editor.headers).send({ email: 'kept@example.com' }),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: messages.admin.notYourRole });
    }
    expect(Number((await t.db('leads').where({ email: 'kept@example.com' }).count({ count: '*' }).first())!.count)).toBe(1);
    expect(await t.db('audit_log').count({ count: '*' }).first()).toEqual(audited);
    // An owner may; and the later tests start without this lead.
    await call().post('/api/personal-data/erase').set(admin.headers).send({ email: 'kept@example.com' }).expect(200);
  });

  it('answers a bad address with 400 naming the field, and callers without a session with 401', async () => {
    expect((await call().post('/api/personal-data/find').set(admin.headers).send({ email: 'nope' }).expect(400)).body.error).toMatch(/^email: /);
    expect((await call().post('/api/personal-data/export').set(admin.headers).send({ email: ['a@example.com'] }).expect(400)).body.error).toMatch(/^email: /);
    expect((await call().post('/api/personal-data/erase').set(admin.headers).send({}).expect(400)).body.error).toMatch(/^email: /);
    await call().post('/api/personal-data/find').send({ email: 'a@example.com' }).expect(401);
  });

  it('purges each form past its retention in batches, keeping forms set to keep', async () => {
    clock = new Date('2026-01-10T12:00:00.000Z');
    await submit('contact', 'old.contact@example.com');
    await submit('enquiry', 'old.enquiry@example.com');
    clock = new Date('2026-11-24T12:00:00.000Z');
    const personalData = createPersonalData({ db: t.db, audit: createAuditTrail({ db: t.db }), now: () => clock });
    const purged = await personalData.purgeExpired({ contact: 30, enquiry: null, quote: 30, 'free-offer': 30, spam: 30 });
    expect(purged).toBe(1);
    const left = await t.db('leads').select('email').orderBy('email');
    expect(left.map((row) => row.email)).toEqual(['old.enquiry@example.com', 'someone.else@example.com']);
    // The purged lead's staff e-mail went with it.
    expect(Number((await t.db('form_notifications').whereNotIn('submission_id', t.db('leads').select('id')).count({ count: '*' }).first())!.count)).toBe(0);
    expect(await t.db('audit_log').where({ action: 'leads.purge' }).select('actor_name', 'summary')).toEqual([{ actor_name: 'system', summary: '1 Contact lead older than 30 days' }]);
  });
});
