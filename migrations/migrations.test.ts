import { migrateLatest, migrateRollbackAll } from '../server/db/migrate';
import { createTestDb, type TestDb } from '../tests/helpers/test-db';
import { migrations } from '.';
import * as loginDevices from './20261124100000_login_devices';
import * as leads from './20261125100000_leads';
import * as inboundMail from './20261206100000_inbound_mail';
import * as replyClock from './20261127160000_reply_clock';
import * as dailyRuns from './20261128200000_daily_runs';
import * as openDueArrivals from './20261128110000_open_due_arrivals';
import * as rateLimitWindowEnds from './20261205200000_rate_limit_window_ends';
import * as onePhoneOpeningHours from './20261206300000_one_phone_opening_hours';
import { DEFAULT_DOCUMENTS } from '../shared/content/defaults';
import * as onePendingSchedule from './20261206400000_one_pending_schedule';
import * as contentListing from './20261207100000_content_listing_new_documents';
import * as siteMenus from './20261208100000_site_menus';
import * as serviceFormNames from './20261208200000_service_form_names';
import { formServiceOptions } from '../shared/forms';
import { assembleSiteContent } from '../shared/content/site-content';

async function userTables(testDb: TestDb): Promise<string[]> {
  const result = await testDb.db.raw<{ rows: { table_name: string }[] }>(
    "select table_name from information_schema.tables where table_schema = 'public' and table_name not like 'knex_%' order by table_name",
  );
  return result.rows.map((row) => row.table_name);
}

describe('migrations', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb({ migrate: false });
  });
  afterAll(() => testDb.destroy());

  it('run up, all the way down, and up again', async () => {
    const all = Object.keys(migrations).sort();
    expect(await migrateLatest(testDb.db)).toEqual(all);
    const tables = await userTables(testDb);
    expect(tables).toContain('app_settings');

    expect((await migrateRollbackAll(testDb.db)).sort()).toEqual(all);
    expect(await userTables(testDb)).toEqual([]);

    expect(await migrateLatest(testDb.db)).toEqual(all);
    expect(await userTables(testDb)).toEqual(tables);
  });

  it('are named by timestamp and what they do', () => {
    for (const name of Object.keys(migrations)) expect(name).toMatch(/^\d{14}_[a-z0-9_]+$/);
  });
});

describe('20261124100000_login_devices', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb.destroy());

  it('keeps the failures already recorded, as password failures of browsers without a device cookie', async () => {
    await loginDevices.down(testDb.db);
    await testDb.db('login_failures').insert({ username_key: 'admin', ip: '192.0.2.1', failed_at: new Date('2026-11-24T08:00:00Z') });
    await loginDevices.up(testDb.db);
    expect(await testDb.db('login_failures').select('username_key', 'ip', 'kind', 'device_id')).toEqual([
      { username_key: 'admin', ip: '192.0.2.1', kind: 'password', device_id: null },
    ]);
  });
});

describe('20261125100000_leads', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb.destroy());

  it('moves the rows of the four form tables into leads (handled ones read), and back', async () => {
    // Incoming mail is filed on leads: it goes first, as a rollback would take it.
    await inboundMail.down(testDb.db);
    await leads.down(testDb.db);
    const at = new Date('2026-11-20T10:00:00Z');
    await testDb.db('contact_submissions').insert({ id: '00000000-0000-4000-8000-000000000001', name: 'Ada', phone: '1', email: 'ada@example.com', subject: 'Hi', message: 'Hello', submitted_at: at, status: 'new', client_token: 'token-0001' });
    await testDb.db('quote_requests').insert({ id: '00000000-0000-4000-8000-000000000002', name: 'Grace', phone: '2', email: 'grace@example.com', service: 'Other', budget: 5000, timeline: 'ASAP', project_details: 'An app', submitted_at: at, status: 'quoted' });
    await testDb.db('free_offer_requests').insert({ id: '00000000-0000-4000-8000-000000000003', email: 'alan@example.com', submitted_at: at });
    await leads.up(testDb.db);
    const rows = await testDb.db('leads').select('id', 'type', 'name', 'budget', 'project_details', 'status', 'read_at', 'client_token').orderBy('id');
    expect(rows).toEqual([
      { id: '00000000-0000-4000-8000-000000000001', type: 'contact', name: 'Ada', budget: null, project_details: null, status: 'new', read_at: null, client_token: 'token-0001' },
      { id: '00000000-0000-4000-8000-000000000002', type: 'quote', name: 'Grace', budget: 5000, project_details: 'An app', status: 'quoted', read_at: at, client_token: null },
      { id: '00000000-0000-4000-8000-000000000003', type: 'free-offer', name: null, budget: null, project_details: null, status: 'new', read_at: null, client_token: null },
    ]);
    await leads.down(testDb.db);
    expect(await testDb.db('quote_requests').select('id', 'status', 'budget')).toEqual([{ id: '00000000-0000-4000-8000-000000000002', status: 'quoted', budget: 5000 }]);
    await leads.up(testDb.db);
  });
});

describe('20261127160000_reply_clock', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb.destroy());

  it('gives stored leads their due time and answered ones their first-response time', async () => {
    // Back to just before it: the later migration that replaced one of its indexes first.
    await openDueArrivals.down(testDb.db);
    await replyClock.down(testDb.db);
    const at = new Date('2026-11-20T10:00:00Z');
    const changed = new Date('2026-11-20T15:00:00Z');
    const lead = (id: string, extra: Record<string, unknown>) => ({ id, type: 'free-offer', email: 'a@example.com', submitted_at: at, ...extra });
    await testDb.db('leads').insert([
      lead('00000000-0000-4000-8000-000000000001', { status: 'new' }),
      lead('00000000-0000-4000-8000-000000000002', { status: 'responded', read_at: at }),
      lead('00000000-0000-4000-8000-000000000003', { status: 'responded' }),
      lead('00000000-0000-4000-8000-000000000004', { status: 'new', spam_at: at, spam_reason: 'honeypot filled' }),
    ]);
    await testDb.db('audit_log').insert({ at: changed, actor_name: 'admin', action: 'lead.status', target_type: 'lead', target_id: '00000000-0000-4000-8000-000000000003' });
    await testDb.db('app_settings').insert({ key: 'back_office_settings', value: JSON.stringify({ replyPromiseHours: 8 }), updated_at: at });
    await replyClock.up(testDb.db);
    await openDueArrivals.up(testDb.db);
    const rows = await testDb.db('leads').select('id', 'due_at', 'responded_at').orderBy('id');
    const due = new Date('2026-11-20T18:00:00Z');
    expect(rows).toEqual([
      { id: '00000000-0000-4000-8000-000000000001', due_at: due, responded_at: null },
      { id: '00000000-0000-4000-8000-000000000002', due_at: due, responded_at: at },
      { id: '00000000-0000-4000-8000-000000000003', due_at: due, responded_at: changed },
      { id: '00000000-0000-4000-8000-000000000004', due_at: null, responded_at: null },
    ]);
  });
});

describe('20261128200000_daily_runs', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb.destroy());

  it("moves the digest's days into daily_runs, each done (sent or with nothing to say), and back", async () => {
    await dailyRuns.down(testDb.db);
    const claimed = new Date('2026-11-24T07:00:00Z');
    await testDb.db('digest_runs').insert([
      { day: '2026-11-23', claimed_at: claimed, sent_at: null },
      { day: '2026-11-24', claimed_at: claimed, sent_at: new Date('2026-11-24T07:00:05Z'), recipients: 2 },
    ]);
    await dailyRuns.up(testDb.db);
    const rows = await testDb.db('daily_runs').orderBy('day').select('job', 'finished_at');
    expect(rows.map((row) => [row.job, new Date(row.finished_at).toISOString()])).toEqual([
      ['morning-digest', '2026-11-24T07:00:00.000Z'],
      ['morning-digest', '2026-11-24T07:00:05.000Z'],
    ]);
    await dailyRuns.down(testDb.db);
    expect(await testDb.db('digest_runs').orderBy('day').pluck('recipients')).toEqual([0, 0]);
    await dailyRuns.up(testDb.db);
  });
});

describe('20261205200000_rate_limit_window_ends', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb.destroy());

  it('gives the counters already there the longest window any counter uses, so none ends early', async () => {
    await rateLimitWindowEnds.down(testDb.db);
    await testDb.db('form_rate_limits').insert([
      { ip: 'confirmation:address:victim@victim.example', window_start: new Date('2026-12-05T00:00:00Z'), hits: 3 },
      { ip: 'preview:192.0.2.1', window_start: new Date('2026-12-05T09:41:00Z'), hits: 61 },
    ]);
    await rateLimitWindowEnds.up(testDb.db);
    const rows = await testDb.db('form_rate_limits').orderBy('ip').select('ip', 'window_end', 'hits');
    expect(rows.map((row) => [row.ip, new Date(row.window_end).toISOString(), row.hits])).toEqual([
      ['confirmation:address:victim@victim.example', '2026-12-06T00:00:00.000Z', 3],
      ['preview:192.0.2.1', '2026-12-06T09:41:00.000Z', 61],
    ]);
  });
});

describe('20261206300000_one_phone_opening_hours', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb.destroy());

  const business = async () => {
    const row = (await testDb.db('content_documents').where({ key: 'business' }).first('published_data', 'draft_data', 'schema_version')) as { published_data: unknown; draft_data: unknown; schema_version: number };
    const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
    return { published: json(row.published_data), draft: row.draft_data === null ? null : json(row.draft_data), schemaVersion: row.schema_version };
  };

  it('turns the three phone fields of every stored version into one, and gives the hours the site showed', async () => {
    await serviceFormNames.down(testDb.db);
    await contentListing.down(testDb.db);
    await onePhoneOpeningHours.down(testDb.db);
    const old = await business();
    expect(old.schemaVersion).toBe(1);
    expect(old.published).toMatchObject({ phone: '+1 (555) 010-2030', phoneHref: 'tel:+15550102030', chatHref: 'https://wa.me/15550102030' });
    expect(old.published).not.toHaveProperty('openingHours');
    // Staff changed the shown number in a draft and left the link: the bug this ends.
    await testDb.db('content_documents').where({ key: 'business' }).update({ draft_version: 2, draft_data: JSON.stringify({ ...old.published, phone: '+1 (555) 010-7777' }) });

    await onePhoneOpeningHours.up(testDb.db);
    const upgraded = await business();
    expect(upgraded.schemaVersion).toBe(2);
    expect(upgraded.published).toEqual(DEFAULT_DOCUMENTS.business);
    expect(upgraded.draft).toEqual({ ...(DEFAULT_DOCUMENTS.business as object), phone: '+1 (555) 010-7777' });
    const revision = (await testDb.db('content_revisions').where({ key: 'business', version: 1 }).first('data', 'schema_version')) as { data: unknown; schema_version: number };
    expect(revision.schema_version).toBe(2);
    expect(typeof revision.data === 'string' ? JSON.parse(revision.data) : revision.data).toEqual(DEFAULT_DOCUMENTS.business);
    expect(Number((await testDb.db('content_documents').where('schema_version', '<', 2).count<{ count: string }[]>('* as count'))[0]!.count)).toBe(0);
  });
});

describe('20261206400000_one_pending_schedule', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb.destroy());

  it('keeps each page in the plan made last, takes it out of older ones (cancelled when left empty), and refuses a second pending plan', async () => {
    await onePendingSchedule.down(testDb.db);
    const plan = async (items: string[], createdAt: string, state = 'pending') =>
      ((await testDb.db('content_schedules').insert({ items: JSON.stringify(items.map((key) => ({ key, version: 2, data: {} }))), run_at: new Date('2099-01-01T09:00:00Z'), time_zone: 'UTC', state, created_at: new Date(createdAt) }).returning('id')) as { id: string }[])[0]!.id;
    const older = await plan(['home'], '2026-12-01T09:00:00Z');
    const both = await plan(['about', 'home'], '2026-12-01T10:00:00Z');
    const latest = await plan(['about'], '2026-12-01T11:00:00Z');
    const done = await plan(['home'], '2026-12-01T12:00:00Z', 'done');
    await onePendingSchedule.up(testDb.db);

    const rows = await testDb.db('content_schedules').whereIn('id', [older, both, latest, done]).select('id', 'state', 'items');
    const of = (id: string) => rows.find((row) => row.id === id)!;
    const keys = (id: string) => (typeof of(id).items === 'string' ? JSON.parse(of(id).items) : of(id).items).map((item: { key: string }) => item.key);
    expect([of(older).state, of(both).state, of(latest).state, of(done).state]).toEqual(['cancelled', 'pending', 'pending', 'done']);
    expect([keys(both), keys(latest)]).toEqual([['home'], ['about']]);
    expect(await testDb.db('content_schedule_pending').orderBy('key').select('key', 'schedule_id')).toEqual([
      { key: 'about', schedule_id: latest },
      { key: 'home', schedule_id: both },
    ]);
    await expect(testDb.db('content_schedule_pending').insert({ key: 'home', schedule_id: latest })).rejects.toMatchObject({ code: '23505' });
    await testDb.db('content_schedules').whereIn('id', [older, both, latest, done]).delete();
  });
});

describe('20261207100000_content_listing_new_documents', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb.destroy());

  const stored = async (key: string) => {
    const row = (await testDb.db('content_documents').where({ key }).first('published_data', 'schema_version')) as { published_data: unknown; schema_version: number };
    return { data: typeof row.published_data === 'string' ? JSON.parse(row.published_data) : row.published_data, schemaVersion: row.schema_version };
  };

  it('gives every stored service and industry its place in the lists as the site listed them, and lets a document wait unpublished', async () => {
    await testDb.db('content_documents').insert({ key: 'services/video', version: 1, schema_version: 4, published_version: 0, published_data: null, draft_version: 1, draft_data: JSON.stringify({}) });
    await serviceFormNames.down(testDb.db);
    await contentListing.down(testDb.db);
    expect(await testDb.db('content_documents').where({ key: 'services/video' }).first('key')).toBeUndefined();
    const old = await stored('services/seo');
    expect(old.schemaVersion).toBe(2);
    expect(old.data).not.toHaveProperty('listing');
    await expect(testDb.db('content_documents').insert({ key: 'services/video', version: 1, schema_version: 2, published_version: 0, published_data: null })).rejects.toMatchObject({ code: '23502' });

    await contentListing.up(testDb.db);
    for (const key of ['services/web-development', 'services/seo', 'industries/jewellery', 'home']) expect([key, await stored(key)]).toEqual([key, { data: DEFAULT_DOCUMENTS[key], schemaVersion: 3 }]);
    // The upgrade runs to the current shape (later steps add only what a document lacks).
    expect((await stored('services/seo')).data.listing).toMatchObject({ order: 90, showInMenus: true });
    await expect(testDb.db('content_documents').insert({ key: 'services/video', version: 1, schema_version: 3, published_version: 1, published_data: null })).rejects.toMatchObject({ code: '23514' });
  });
});

describe('20261208200000_service_form_names', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb.destroy());

  const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as { title: string; listing: Record<string, unknown> };
  const stored = async (key: string) => {
    const row = (await testDb.db('content_documents').where({ key }).first('published_data', 'draft_data', 'schema_version')) as { published_data: unknown; draft_data: unknown; schema_version: number };
    return { data: json(row.published_data), draft: row.draft_data === null ? null : json(row.draft_data), schemaVersion: row.schema_version };
  };

  it("gives the services that ship the forms' former words and order, one staff added its own name, and takes them back off", async () => {
    await serviceFormNames.down(testDb.db);
    const seo = await stored('services/seo');
    expect(seo.schemaVersion).toBe(3);
    expect(seo.data.listing).toEqual({ order: 90, showInMenus: true });
    // A service staff added (and a revision of it) before the forms followed the services.
    const video = { ...seo.data, title: 'Video Production', listing: { order: 95, showInMenus: true } };
    await testDb.db('content_documents').insert({ key: 'services/video', version: 1, schema_version: 3, published_version: 1, published_data: JSON.stringify(video), draft_version: 2, draft_data: JSON.stringify({ ...video, title: 'Video' }) });
    await testDb.db('content_revisions').insert({ key: 'services/video', version: 1, schema_version: 3, data: JSON.stringify(video) });

    await serviceFormNames.up(testDb.db);
    for (const key of ['services/web-development', 'services/graphic-designing', 'services/seo', 'industries/jewellery', 'home']) {
      expect([key, (await stored(key)).data, (await stored(key)).schemaVersion]).toEqual([key, DEFAULT_DOCUMENTS[key], 4]);
    }
    const added = await stored('services/video');
    expect(added.data.listing).toEqual({ order: 95, showInMenus: true, enquiryName: 'Video Production', enquiryPlace: 95, quoteName: 'Video Production', quotePlace: 95 });
    expect(added.draft?.listing).toMatchObject({ enquiryName: 'Video', quoteName: 'Video' });
    const revision = (await testDb.db('content_revisions').where({ key: 'services/video', version: 1 }).first('data', 'schema_version')) as { data: unknown; schema_version: number };
    expect([json(revision.data).listing.enquiryName, revision.schema_version]).toEqual(['Video Production', 4]);

    // The shipped services offer exactly the words and order the fixed lists had (SPEC §9), the added one after them.
    const documents = Object.fromEntries(((await testDb.db('content_documents').whereNotNull('published_data').select('key', 'published_data')) as { key: string; published_data: unknown }[]).map((row) => [row.key, json(row.published_data)]));
    const options = formServiceOptions(assembleSiteContent(documents, { replyPromise: 'within 24 hours' }).services);
    expect(options).toEqual({
      enquiry: ['Web Development', 'Graphic Design', 'Mobile Development', 'UI/UX Design', 'Digital Marketing', 'Video Production'],
      quote: ['Web Development', 'Mobile App', 'UI/UX Design', 'Branding', 'Digital Marketing', 'Video Production', 'Other'],
    });
    await testDb.db('content_documents').where({ key: 'services/video' }).delete();
  });
});

describe('20261208100000_site_menus', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb.destroy());

  const menus = () => testDb.db('content_documents').whereIn('key', ['menus/main', 'menus/footer']).orderBy('key').select<{ key: string; published_version: number; published_data: unknown }[]>('key', 'published_version', 'published_data');
  const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

  it('publishes the menus as the header and footer were written, with their first revision, and takes them away again', async () => {
    await siteMenus.down(testDb.db);
    expect(await menus()).toEqual([]);
    expect(Number((await testDb.db('content_revisions').where('key', 'like', 'menus/%').count({ n: '*' }).first())?.n)).toBe(0);

    await siteMenus.up(testDb.db);
    const rows = await menus();
    expect(rows.map((row) => ({ key: row.key, version: row.published_version, data: json(row.published_data) }))).toEqual([
      { key: 'menus/footer', version: 1, data: DEFAULT_DOCUMENTS['menus/footer'] },
      { key: 'menus/main', version: 1, data: DEFAULT_DOCUMENTS['menus/main'] },
    ]);
    expect(await testDb.db('content_revisions').where('key', 'like', 'menus/%').orderBy('key').select('key', 'version')).toEqual([
      { key: 'menus/footer', version: 1 },
      { key: 'menus/main', version: 1 },
    ]);
    // Run where they exist already (a fresh install's content tables store every document): kept as they are.
    await testDb.db('content_documents').where({ key: 'menus/main' }).update({ published_data: JSON.stringify({ items: [{ kind: 'link', label: 'Home', href: '/', children: [] }] }) });
    await siteMenus.up(testDb.db);
    expect(json((await menus())[1]!.published_data)).toEqual({ items: [{ kind: 'link', label: 'Home', href: '/', children: [] }] });
  });
});
