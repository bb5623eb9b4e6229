import request from 'supertest';
import { messages } from '../messages';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { VALID_FORMS, humanMeta } from '../../tests/helpers/form-fixtures';
import { createAuditTrail } from '../services/audit';
import { createPersonalData } from '../leads/personal-data';
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
    expect(erased).toEqual([{ summary: '2 leads, 1 note, 2 staff e-mails', target_id: null }]);
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

  it('previews a retention for owners only, and answers a bad form or day count with 400 naming it', async () => {
    const preview = (query: Record<string, string | number>) => call().get('/api/settings/retention-preview').query(query);
    for (const [query, field] of [
      [{ type: 'spam', days: 30 }, 'type'],
      [{ days: 30 }, 'type'],
      [{ type: 'contact' }, 'days'],
      [{ type: 'contact', days: 'soon' }, 'days'],
      [{ type: 'contact', days: 0 }, 'days'],
      [{ type: 'contact', days: 3651 }, 'days'],
      [{ type: 'contact', days: 1.5 }, 'days'],
    ] as const) {
      expect((await preview(query).set(admin.headers).expect(400)).body.error).toMatch(new RegExp(`^${field}: `));
    }
    expect((await preview({ type: 'contact', days: 30, extra: 1 }).set(admin.headers).expect(400)).body.error).toMatch(/^extra: /);
    await preview({ type: 'contact', days: 30 }).expect(401);
    const editor = await signInAsAdmin(t, { username: 'retention-editor', role: 'editor' });
    await preview({ type: 'contact', days: 30 }).set(editor.headers).expect(403);
  });

  it('purges each form past its retention in batches, keeping forms set to keep', async () => {
    clock = new Date('2026-01-10T12:00:00.000Z');
    await submit('contact', 'old.contact@example.com');
    await submit('enquiry', 'old.enquiry@example.com');
    clock = new Date('2026-11-24T12:00:00.000Z');
    // Settings' preview counts, with the purge's own query, what saving a retention will delete.
    const preview = async (type: string, days: number) => (await call().get('/api/settings/retention-preview').query({ type, days }).set(admin.headers).expect(200)).body;
    expect(await preview('contact', 30)).toEqual({ type: 'contact', days: 30, before: '2026-10-25T12:00:00.000Z', leads: 1 });
    expect((await preview('contact', 365)).leads).toBe(0);
    expect((await preview('enquiry', 30)).leads).toBe(1);
    const personalData = createPersonalData({ db: t.db, audit: createAuditTrail({ db: t.db }), now: () => clock });
    const purged = await personalData.purgeExpired({ contact: 30, enquiry: null, quote: 30, 'free-offer': 30, spam: 30 });
    expect(purged).toBe(1);
    expect((await preview('contact', 30)).leads).toBe(0);
    const left = await t.db('leads').select('email').orderBy('email');
    expect(left.map((row) => row.email)).toEqual(['old.enquiry@example.com', 'someone.else@example.com']);
    // The purged lead's staff e-mail went with it.
    expect(Number((await t.db('form_notifications').whereNotIn('submission_id', t.db('leads').select('id')).count({ count: '*' }).first())!.count)).toBe(0);
    expect(await t.db('audit_log').where({ action: 'leads.purge' }).select('actor_name', 'summary')).toEqual([{ actor_name: 'system', summary: '1 Contact lead older than 30 days' }]);
  });

  it('purges once per agency day, from 03:00 there, in batches, however many instances check', async () => {
    const settings = { timeZone: 'Europe/Berlin', retentionDays: { contact: 30, enquiry: null, quote: 30, 'free-offer': 30, spam: 30 } };
    const audit = createAuditTrail({ db: t.db });
    // Two instances on the shared database, each with its own clock reader; batches of two leads.
    const instance = () => createPersonalData({ db: t.db, audit, now: () => clock, purgeBatch: 2 });
    const [one, two] = [instance(), instance()];
    const oldContacts = async (count: number) => {
      clock = new Date('2026-06-01T12:00:00.000Z');
      for (let index = 0; index < count; index += 1) await submit('contact', `old.${index}@example.com`);
    };
    const purges = () => t.db('audit_log').where({ action: 'leads.purge' }).orderBy('id').pluck('summary');
    const contactsLeft = async () => Number((await t.db('leads').where({ type: 'contact' }).whereLike('email', 'old.%').count({ count: '*' }).first())!.count);
    const alreadyPurged = (await purges()).length;

    await oldContacts(5);
    clock = new Date('2026-11-25T01:59:00.000Z'); // 02:59 in Berlin
    expect(await Promise.all([one.dailyPurge(settings), two.dailyPurge(settings)])).toEqual(['not-yet', 'not-yet']);
    expect(await contactsLeft()).toBe(5);

    clock = new Date('2026-11-25T02:01:00.000Z'); // 03:01 in Berlin
    expect((await Promise.all([one.dailyPurge(settings), two.dailyPurge(settings)])).sort()).toEqual(['done-already', 'purged']);
    expect(await contactsLeft()).toBe(0);
    expect((await purges()).slice(alreadyPurged)).toEqual(['5 Contact leads older than 30 days']);
    expect(await t.db('audit_log').where({ action: 'leads.purge' }).orderBy('id', 'desc').first('actor_name')).toEqual({ actor_name: 'system' });

    // Later that day nobody purges again, even with more to purge; the next day one does.
    await oldContacts(1);
    clock = new Date('2026-11-25T22:30:00.000Z'); // 23:30 in Berlin
    expect(await Promise.all([one.dailyPurge(settings), two.dailyPurge(settings)])).toEqual(['done-already', 'done-already']);
    expect(await contactsLeft()).toBe(1);
    clock = new Date('2026-11-25T23:30:00.000Z'); // 00:30 on the 26th in Berlin
    expect(await one.dailyPurge(settings)).toBe('not-yet');
    clock = new Date('2026-11-26T02:30:00.000Z');
    expect((await Promise.all([two.dailyPurge(settings), one.dailyPurge(settings)])).sort()).toEqual(['done-already', 'purged']);
    expect(await contactsLeft()).toBe(0);
    expect((await purges()).slice(alreadyPurged)).toEqual(['5 Contact leads older than 30 days', '1 Contact lead older than 30 days']);
    const runs = await t.db('daily_runs').orderBy('day').select('job', 'finished_at');
    expect(runs.map((run) => [run.job, run.finished_at !== null])).toEqual([
      ['retention-purge', true],
      ['retention-purge', true],
    ]);
  });
});
