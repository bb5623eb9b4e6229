import request from 'supertest';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { VALID_FORMS, humanMeta } from '../../tests/helpers/form-fixtures';
import { notificationsFor } from '../outbox/queries';
import type { FormType } from '../../shared/form-types';
import type { LeadDetail, LeadListItem } from '../../shared/leads';

/** The lead inbox API as a signed-in admin calls it. */
describe('lead inbox API', () => {
  let t: TestApp;
  let admin: AdminTestSession;
  const call = () => request(t.app.callback());
  let minute = 0;

  /** Submits a lead through the visitor API and gives it the next minute of 2026-01-01 as its time. */
  async function submit(type: FormType, fields: Record<string, unknown> = {}, meta: Record<string, unknown> = humanMeta()): Promise<string> {
    const res = await call().post(`/api/forms/${type}`).send({ ...VALID_FORMS[type], ...fields, ...meta }).expect(201);
    minute += 1;
    await t.db('leads').where({ id: res.body._id }).update({ submitted_at: new Date(Date.UTC(2026, 0, 1, 0, minute)), due_at: new Date(Date.UTC(2026, 0, 2, 0, minute)) });
    return res.body._id as string;
  }
  const list = async (query: string): Promise<{ items: LeadListItem[]; nextCursor: string | null }> => (await call().get(`/api/leads${query}`).set(admin.headers).expect(200)).body;
  const names = (items: LeadListItem[]) => items.map((item) => item.name);

  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '1000' });
    admin = await signInAsAdmin(t);
    ids.ada = await submit('enquiry', { name: 'Ada Lovelace', email: 'ada@example.com', message: 'We need a new brand identity.' });
    ids.grace = await submit('quote', { name: 'Grace Hopper', email: 'grace@example.com', projectDetails: 'A booking app for the harbour ferries.' });
    ids.katherine = await submit('contact', { name: 'Katherine Johnson', subject: 'Orbital mechanics', message: 'Trajectory maths for a launch page, 100% of it.' });
    ids.alan = await submit('free-offer', { email: 'alan@example.com', message: '=HYPERLINK("http://evil.example","click")' });
    ids.dorothy = await submit('contact', { name: 'Dorothy Vaughan', email: 'dorothy@example.com', subject: 'FORTRAN, "quoted"', message: 'Line one\nline two' });
  });
  afterAll(() => t.destroy());

  it('lists every form newest first with the list fields, and filters by type, status, date and unread', async () => {
    const all = await list('');
    expect(names(all.items)).toEqual(['Dorothy Vaughan', null, 'Katherine Johnson', 'Grace Hopper', 'Ada Lovelace']);
    expect(all.nextCursor).toBeNull();
    expect(all.items[2]).toEqual({
      _id: ids.katherine,
      type: 'contact',
      submittedAt: '2026-01-01T00:03:00.000Z',
      status: 'new',
      readAt: null,
      respondedAt: null,
      dueAt: '2026-01-02T00:03:00.000Z',
      name: 'Katherine Johnson',
      email: 'katherine@example.com',
      subject: 'Orbital mechanics',
      // The subject and the start of the message (the spec's lists show the message text).
      summary: 'Orbital mechanics — Trajectory maths for a launch page, 100% of it.',
      spamReason: null,
    });
    expect(names((await list('?type=contact')).items)).toEqual(['Dorothy Vaughan', 'Katherine Johnson']);
    await call().patch(`/api/forms/quote/${ids.grace}/status`).set(admin.headers).send({ status: 'quoted' }).expect(200);
    expect(names((await list('?type=quote&status=quoted')).items)).toEqual(['Grace Hopper']);
    expect(names((await list('?status=quoted')).items)).toEqual(['Grace Hopper']);
    expect(names((await list('?unread=true')).items)).toEqual(['Dorothy Vaughan', null, 'Katherine Johnson', 'Ada Lovelace']);
    // Empty parameters, as the dashboard's URLs write them, filter nothing.
    expect((await list('?type=&status=&q=')).items).toHaveLength(5);
    expect((await list('?from=2026-01-02')).items).toEqual([]);
    expect((await list('?from=2026-01-01&to=2026-01-01')).items).toHaveLength(5);
    expect((await list('?to=2025-12-31')).items).toEqual([]);
  });

  it('searches name, e-mail, phone, company, subject and message text, case-insensitively; an address exactly', async () => {
    expect(names((await list('?q=ORBITAL')).items)).toEqual(['Katherine Johnson']);
    expect(names((await list('?q=harbour ferries')).items)).toEqual(['Grace Hopper']);
    expect(names((await list('?q=analytical')).items)).toEqual(['Ada Lovelace']);
    expect(names((await list('?q=100%25')).items)).toEqual(['Katherine Johnson']);
    expect(names((await list('?q=ada@example.com')).items)).toEqual(['Ada Lovelace']);
    expect(names((await list('?q=a@example.com')).items)).toEqual([]);
    expect((await list('?q=100%25')).items).toHaveLength(1);
    expect((await list('?q=00%25')).items).toHaveLength(1);
    expect((await list('?q=nobody-writes-this')).items).toEqual([]);
  });

  it('pages by cursor without repeating or skipping leads while new ones arrive', async () => {
    const first = await list('?limit=2');
    expect(names(first.items)).toEqual(['Dorothy Vaughan', null]);
    // A lead arriving now is newer than every page, so the next pages are unchanged.
    const late = await call().post('/api/forms/contact').send({ ...VALID_FORMS.contact, name: 'Late Arrival', ...humanMeta() }).expect(201);
    const second = await list(`?limit=2&cursor=${first.nextCursor}`);
    expect(names(second.items)).toEqual(['Katherine Johnson', 'Grace Hopper']);
    const third = await list(`?limit=2&cursor=${second.nextCursor}`);
    expect(names(third.items)).toEqual(['Ada Lovelace']);
    expect(third.nextCursor).toBeNull();
    expect(names((await list('?limit=1')).items)).toEqual(['Late Arrival']);
    await call().delete(`/api/leads/contact/${late.body._id}`).set(admin.headers).expect(204);
  });

  it('answers bad parameters with 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['?type=newsletter', 'type'],
      ['?status=archived', 'status'],
      ['?from=yesterday', 'from'],
      ['?to=2026-13-45', 'to'],
      ['?from=2026-02-01&to=2026-01-01', 'to'],
      ['?folder=trash', 'folder'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?cursor=not-a-cursor!', 'cursor'],
      ['?unread=maybe', 'unread'],
      ['?type=contact&type=quote', 'type'],
      ['?sort=name', 'sort'],
      [`?q=${'x'.repeat(201)}`, 'q'],
      ['?q=%25', 'q'],
      ['?q=_', 'q'],
      ["?q='", 'q'],
      ['?q=ab', 'q'],
      ['?q=%20%20a%20', 'q'],
      ['?from=2026-02-30', 'from'],
      ['?to=2026-04-31', 'to'],
    ];
    for (const [query, field] of cases) {
      const res = await call().get(`/api/leads${query}`).set(admin.headers);
      expect([query, res.status, Object.keys(res.body.fields ?? {})]).toEqual([query, 400, [field]]);
      expect(res.body.error).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('refuses callers without a session (401) and changes without the CSRF token (403)', async () => {
    await call().get('/api/leads').expect(401);
    await call().get(`/api/leads/contact/${ids.katherine}`).expect(401);
    await call().get('/api/leads.csv').expect(401);
    await call().get('/api/leads/unread-count').expect(401);
    await call().post('/api/leads/bulk').send({ action: 'read', ids: [ids.ada] }).expect(401);
    const noToken = { Cookie: admin.cookie, Origin: admin.headers.Origin };
    await call().post(`/api/leads/contact/${ids.katherine}/read`).set(noToken).expect(403);
    await call().post(`/api/leads/contact/${ids.katherine}/notes`).set(noToken).send({ body: 'x' }).expect(403);
    await call().post('/api/leads/bulk').set(noToken).send({ action: 'delete', ids: [ids.ada] }).expect(403);
    await call().post('/api/leads/bulk').set({ ...admin.headers, Origin: 'https://evil.example' }).send({ action: 'delete', ids: [ids.ada] }).expect(403);
  });

  it('marks a lead read and unread, counts unread leads, and keeps each change in its history', async () => {
    const before = (await call().get('/api/leads/unread-count').set(admin.headers).expect(200)).body.count;
    const read: LeadDetail = (await call().post(`/api/leads/contact/${ids.katherine}/read`).set(admin.headers).expect(200)).body;
    expect(read).toMatchObject({ status: 'read', readAt: expect.stringMatching(/Z$/) });
    expect((await call().get('/api/leads/unread-count').set(admin.headers)).body.count).toBe(before - 1);
    const unread: LeadDetail = (await call().post(`/api/leads/contact/${ids.katherine}/unread`).set(admin.headers).expect(200)).body;
    expect(unread).toMatchObject({ status: 'new', readAt: null });
    expect(unread.history.map((entry) => [entry.action, entry.actor])).toEqual([
      ['created', 'Katherine Johnson'],
      ['lead.read', admin.username],
      ['lead.unread', admin.username],
    ]);
    // The form goes by its one admin name (the sidebar's), not the public form's title.
    expect(unread.history[0]!.label).toBe('Received (Contact)');
    await call().get(`/api/leads/quote/${ids.katherine}`).set(admin.headers).expect(404);
    await call().get('/api/leads/contact/not-a-uuid').set(admin.headers).expect(404);
    await call().get('/api/leads/newsletter/00000000-0000-4000-8000-000000000000').set(admin.headers).expect(404);
  });

  it('shows every field of a lead, and keeps notes as text with their author and time', async () => {
    const res = await call().post(`/api/leads/quote/${ids.grace}/notes`).set(admin.headers).send({ body: '  <b>Call</b> her on Monday  ' }).expect(201);
    const detail: LeadDetail = res.body;
    expect(detail.fields).toEqual({ name: 'Grace Hopper', email: 'grace@example.com', phone: '(555) 010-2040', company: 'Compilers Inc', service: 'Mobile App', budget: 7500, timeline: '3-6 months', projectDetails: 'A booking app for the harbour ferries.' });
    expect(detail.notes).toEqual([{ id: expect.any(String), author: admin.username, body: '<b>Call</b> her on Monday', createdAt: expect.stringMatching(/Z$/) }]);
    expect(detail.history.map((entry) => entry.action)).toEqual(['created', 'lead.status', 'lead.note']);
    expect(detail.history[1]).toMatchObject({ label: 'Lead status changed', summary: 'new → quoted' });
    for (const body of [{ body: '' }, { body: '   ' }, { body: 42 }, { body: 'x'.repeat(5001) }, { text: 'hi' }, {}]) {
      const bad = await call().post(`/api/leads/quote/${ids.grace}/notes`).set(admin.headers).send(body).expect(400);
      expect(Object.keys(bad.body.fields)).toContain(Object.keys(body)[0] ?? 'body');
    }
  });

  it("reads a lead's page in one prepared statement after the session, its e-mail by the lead's type and id (the outbox's index)", async () => {
    await call().get(`/api/leads/quote/${ids.grace}`).set(admin.headers).expect(200);
    const statements: { sql: string; options?: { name?: string } }[] = [];
    const keep = (query: { sql: string; options?: { name?: string } }) => statements.push(query);
    t.db.on('query', keep);
    const detail: LeadDetail = (await call().get(`/api/leads/quote/${ids.grace}`).set(admin.headers).expect(200)).body;
    t.db.off('query', keep);
    expect(detail.notification).not.toBeNull();
    expect(detail.history.length).toBeGreaterThan(1);
    expect(detail.notes.length).toBeGreaterThan(0);
    // The session (which reads the account, the reply composer's writer, with it), then the lead
    // with its notes, history, e-mail and filed messages in one statement: not one read per part.
    expect(statements).toHaveLength(2);
    expect(statements[0]!.sql).toMatch(/from "admin_sessions"/);
    expect(statements[1]!.sql).toMatch(/from leads l where l\.type = \$2 and l\.id = \$3$/);
    expect(statements[1]!.options).toEqual({ name: 'lead-page' });
    // Its e-mail by the lead's type and id, the leading columns of form_notifications_submission_index
    // (a read by id alone walks the whole outbox).
    expect(statements[1]!.sql).toMatch(/from form_notifications m where m\.form_type = l\.type and m\.submission_id = l\.id/);
  });

  it("still reads a lead's page once a migration adds a column to a table its prepared statement reads", async () => {
    const before: LeadDetail = (await call().get(`/api/leads/quote/${ids.grace}`).set(admin.headers).expect(200)).body;
    await t.db.schema.alterTable('leads', (table) => table.text('added_later'));
    try {
      const after: LeadDetail = (await call().get(`/api/leads/quote/${ids.grace}`).set(admin.headers).expect(200)).body;
      expect(after).toEqual(before);
    } finally {
      await t.db.schema.alterTable('leads', (table) => table.dropColumn('added_later'));
    }
    await call().get(`/api/leads/quote/${ids.grace}`).set(admin.headers).expect(200);
  });

  it('takes spam to its folder with the reason, never mailed; "not spam" moves it to the inbox and queues its e-mail', async () => {
    const spamId = await submit('enquiry', { name: 'Bot McBotface' }, { website: 'https://spam.example', fillMs: 9000 });
    expect(names((await list('')).items)).not.toContain('Bot McBotface');
    const spam = await list('?folder=spam');
    expect(spam.items.map((item) => [item.name, item.spamReason])).toEqual([['Bot McBotface', 'honeypot filled']]);
    expect(await notificationsFor(t.db, 'enquiry', spamId)).toEqual([]);
    // The per-form API shows the inbox only.
    const perForm = await call().get('/api/forms/enquiry').set(admin.headers).expect(200);
    expect(perForm.body.map((record: { name: string }) => record.name)).toEqual(['Ada Lovelace']);

    const moved: LeadDetail = (await call().post(`/api/leads/enquiry/${spamId}/not-spam`).set(admin.headers).expect(200)).body;
    expect(moved).toMatchObject({ spamReason: null, spamAt: null });
    expect(moved.history.map((entry) => entry.action)).toEqual(['created', 'lead.not-spam']);
    expect((await list('?folder=spam')).items).toEqual([]);
    expect(names((await list('?type=enquiry')).items)).toEqual(['Bot McBotface', 'Ada Lovelace']);
    const queued = await notificationsFor(t.db, 'enquiry', spamId);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.subject).toBe('New enquiry from Bot McBotface');

    await call().post(`/api/leads/enquiry/${spamId}/spam`).set(admin.headers).expect(200);
    expect((await list('?folder=spam')).items.map((item) => item.spamReason)).toEqual([`marked by ${admin.username}`]);
    await call().delete(`/api/leads/enquiry/${spamId}`).set(admin.headers).expect(204);
    await call().delete(`/api/leads/enquiry/${spamId}`).set(admin.headers).expect(404);
  });

  it('applies bulk actions to the selected leads', async () => {
    const selected = [ids.ada!, ids.katherine!, ids.dorothy!];
    const bulk = (body: object) => call().post('/api/leads/bulk').set(admin.headers).send(body);
    expect((await bulk({ action: 'read', ids: selected }).expect(200)).body).toEqual({ changed: 3 });
    expect((await bulk({ action: 'read', ids: selected }).expect(200)).body).toEqual({ changed: 0 });
    expect((await bulk({ action: 'status', ids: selected, status: 'responded' }).expect(200)).body).toEqual({ changed: 3 });
    expect(names((await list('?status=responded')).items)).toEqual(['Dorothy Vaughan', 'Katherine Johnson', 'Ada Lovelace']);
    // A status the quote form does not have, for a selection with a quote in it.
    const misfit = await bulk({ action: 'status', ids: [ids.ada, ids.grace], status: 'responded' }).expect(400);
    expect(Object.keys(misfit.body.fields)).toEqual(['status']);
    await bulk({ action: 'status', ids: selected }).expect(400);
    expect(Object.keys((await bulk({ action: 'archive', ids: selected }).expect(400)).body.fields)).toEqual(['action']);
    expect(Object.keys((await bulk({ action: 'read', ids: [] }).expect(400)).body.fields)).toEqual(['ids']);
    expect(Object.keys((await bulk({ action: 'read', ids: 'all' }).expect(400)).body.fields)).toEqual(['ids']);
    expect((await bulk({ action: 'unread', ids: [...selected, 'not-a-uuid', '00000000-0000-4000-8000-000000000000'] }).expect(200)).body).toEqual({ changed: 3 });
    expect((await bulk({ action: 'spam', ids: [ids.dorothy] }).expect(200)).body).toEqual({ changed: 1 });
    expect((await bulk({ action: 'not-spam', ids: [ids.dorothy] }).expect(200)).body).toEqual({ changed: 1 });
    expect((await bulk({ action: 'delete', ids: [ids.dorothy] }).expect(200)).body).toEqual({ changed: 1 });
    await call().get(`/api/leads/contact/${ids.dorothy}`).set(admin.headers).expect(404);
  });

  it('exports exactly the filtered leads as CSV: BOM, RFC 4180 quoting, formulas neutralised', async () => {
    const res = await call().get('/api/leads.csv?type=free-offer').set(admin.headers).buffer(true).parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
    }).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d\d-\d\d\.csv"$/);
    const text = res.body as string;
    expect(text.startsWith('\uFEFFid,type,submitted_at,status,')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(lines[1]).toContain(`${ids.alan},free-offer,2026-01-01T00:04:00.000Z,new,,,,alan@example.com,`);
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")",`);

    const all = await call().get('/api/leads.csv').set(admin.headers).buffer(true).parse((response, done) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => done(null, body));
    }).expect(200);
    expect((all.body as string).match(/\r\n/g)).toHaveLength(1 + 4);
    await call().get('/api/leads.csv?folder=bin').set(admin.headers).expect(400);
  });
});
