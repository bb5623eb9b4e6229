/**
 * Scheduled publishing: times in the agency's zone stored in UTC across daylight-saving changes,
 * the pinned version published once however many instances look, a later draft left alone,
 * failures and overdue runs shown, and the API around it.
 */
import request from 'supertest';
import type { BusinessContent, StatsContent } from '../../shared/content/documents';
import { DEFAULT_DOCUMENTS } from '../../shared/content/defaults';
import { loadManifest } from '../render/manifest';
import { createPageRenderer } from '../render/render-page';
import { createAuditTrail } from '../services/audit';
import { createContentVersion } from '../services/content-version';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, TEST_ASSETS_DIR, type TestApp } from '../../tests/helpers/test-app';
import { createContentEditing, type ContentEditing } from '.';
import { instantOf } from './schedules';

const stats = DEFAULT_DOCUMENTS.stats as StatsContent;
const statsWith = (value: string): StatsContent => ({ items: [{ ...stats.items[0]!, value }, ...stats.items.slice(1)] });
const ANN = { id: null, name: 'ann', role: 'owner' } as const;

describe('the agency’s wall-clock times across daylight-saving changes (Europe/London)', () => {
  it.each([
    ['2027-03-27T23:30', '2027-03-27T23:30:00.000Z', 'the night before, still GMT'],
    ['2027-03-28T00:30', '2027-03-28T00:30:00.000Z', 'before the clocks go forward'],
    ['2027-03-28T01:30', '2027-03-28T01:30:00.000Z', 'a time the clocks skip: as long after the change (02:30 BST)'],
    ['2027-03-28T03:00', '2027-03-28T02:00:00.000Z', 'after the change, BST'],
    ['2027-10-31T00:30', '2027-10-30T23:30:00.000Z', 'before the clocks go back, BST'],
    ['2027-10-31T01:30', '2027-10-31T01:30:00.000Z', 'a time that happens twice: the later one (GMT)'],
    ['2027-10-31T01:30:00+01:00', '2027-10-31T00:30:00.000Z', 'the earlier one, given with its offset'],
    ['2027-10-31T02:30', '2027-10-31T02:30:00.000Z', 'after the change, GMT'],
  ])('%s is %s (%s)', (at, utc) => {
    expect(instantOf(at, 'Europe/London')?.toISOString()).toBe(utc);
  });

  it('refuses what is not a time', () => {
    for (const at of ['tomorrow', '2027-02-30T10:00', '2027-03-28T24:00', '2027-03-28 10:00', '']) expect(instantOf(at, 'Europe/London')).toBeUndefined();
  });
});

describe('scheduled publishing', () => {
  let t: TestApp;
  let clock: Date;
  let workerA: ContentEditing;
  let workerB: ContentEditing;
  let owner: AdminTestSession;
  const api = () => request(t.app.callback());

  /** Another instance's content editing, on the same database, with the test's clock. */
  const instance = () =>
    createContentEditing({
      db: t.db,
      audit: createAuditTrail({ db: t.db }),
      contentVersion: t.contentVersion,
      siteContent: t.siteContent,
      renderPage: createPageRenderer(t.config, loadManifest(TEST_ASSETS_DIR), t.siteContent.current),
      timeZone: () => 'Europe/London',
      now: () => clock,
    });
  const latest = async (key: string) => {
    const row = (await t.db('content_documents').where({ key }).first('draft_version', 'published_version')) as { draft_version: number | null; published_version: number };
    return row.draft_version ?? row.published_version;
  };

  beforeAll(async () => {
    t = await createTestApp();
    workerA = instance();
    workerB = instance();
    owner = await signInAsAdmin(t, { username: 'owner' });
  });
  afterAll(() => t.destroy());

  it('publishes the pinned version once at 01:30 on the night the clocks go forward, with two instances looking', async () => {
    clock = new Date('2027-03-27T12:00:00Z');
    const { version } = await workerA.content.saveDraft('stats', { data: statsWith('42'), baseVersion: await latest('stats') }, ANN);
    const schedule = await workerA.scheduler.schedule([{ key: 'stats', version }], '2027-03-28T01:30', ANN);
    expect(schedule).toMatchObject({ runAt: '2027-03-28T01:30:00.000Z', timeZone: 'Europe/London', state: 'pending', items: [{ key: 'stats', version }] });
    expect(schedule.runAtLocal).toMatch(/28 Mar 2027.*02:30.*BST/);

    // A later draft is not part of it, and the editor is told so.
    const later = await workerA.content.saveDraft('stats', { data: statsWith('43'), baseVersion: version }, ANN);
    expect(await workerA.scheduler.scheduledFor('stats', later.version)).toEqual({ id: schedule.id, runAt: schedule.runAt, version, draftChangedSince: true });

    clock = new Date('2027-03-28T01:29:59Z');
    expect(await workerA.scheduler.runDue()).toBe(0);
    clock = new Date('2027-03-28T01:30:00Z');
    const revisionsBefore = await t.db('content_revisions').where({ key: 'stats' }).count<{ count: string }[]>('* as count');
    const ran = await Promise.all([workerA.scheduler.runDue(), workerB.scheduler.runDue()]);
    expect(ran[0] + ran[1]).toBe(1);
    const revisionsAfter = await t.db('content_revisions').where({ key: 'stats' }).count<{ count: string }[]>('* as count');
    expect(Number(revisionsAfter[0]!.count)).toBe(Number(revisionsBefore[0]!.count) + 1);

    const row = await t.db('content_documents').where({ key: 'stats' }).first('published_version', 'published_data', 'draft_version', 'published_by');
    expect(row).toMatchObject({ published_version: version, published_data: statsWith('42'), draft_version: later.version, published_by: 'ann (scheduled)' });
    expect((await api().get('/about').expect(200)).text).toContain('42');
    expect(await t.db('content_schedules').where({ id: schedule.id }).first('state', 'error')).toEqual({ state: 'done', error: null });

    // Run twice (a crash between publishing and marking it done): nothing more happens.
    await t.db('content_schedules').where({ id: schedule.id }).update({ state: 'pending' });
    expect(await workerB.scheduler.runDue()).toBe(1);
    const revisionsAgain = await t.db('content_revisions').where({ key: 'stats' }).count<{ count: string }[]>('* as count');
    expect(revisionsAgain).toEqual(revisionsAfter);
    expect((await t.db('content_schedules').where({ id: schedule.id }).first('state')).state).toBe('done');
    expect(await t.db('audit_log').where({ action: 'content.publish', target_id: 'stats' }).count<{ count: string }[]>('* as count')).toEqual([{ count: expect.anything() }]);
    expect(Number((await t.db('audit_log').where({ action: 'content.publish', target_id: 'stats' }).count<{ count: string }[]>('* as count'))[0]!.count)).toBe(1);
  });

  it('keeps a publish due at 01:30 on the night the clocks go back overdue until an instance runs it, then catches up', async () => {
    clock = new Date('2027-10-30T12:00:00Z');
    const { version } = await workerA.content.saveDraft('technologies', { data: DEFAULT_DOCUMENTS.technologies, baseVersion: await latest('technologies') }, ANN);
    const schedule = await workerA.scheduler.schedule([{ key: 'technologies', version }], '2027-10-31T01:30', ANN);
    expect(schedule.runAt).toBe('2027-10-31T01:30:00.000Z');
    expect(schedule.runAtLocal).toMatch(/31 Oct 2027.*01:30.*GMT/);

    clock = new Date('2027-10-31T06:00:00Z'); // every instance was down
    expect((await workerA.scheduler.list()).items.find((item) => item.id === schedule.id)?.state).toBe('overdue');
    expect(await workerA.scheduler.runDue()).toBe(1);
    expect((await workerA.scheduler.list()).items.find((item) => item.id === schedule.id)).toBeUndefined();
  });

  it('marks a publish the checks refuse as failed, with the reason, and lists it', async () => {
    clock = new Date('2027-11-01T12:00:00Z');
    const version = (await latest('stats')) + 1;
    const bad = { items: [{ key: 'toolkit', version, data: { ...(DEFAULT_DOCUMENTS.toolkit as object), body: 'See [this](/nowhere).' } }] };
    const [row] = await t.db('content_schedules').insert({ items: JSON.stringify(bad.items), run_at: new Date('2027-11-01T11:00:00Z'), time_zone: 'Europe/London', created_by: 'ann' }).returning<{ id: string }[]>('id');
    expect(await workerA.scheduler.runDue()).toBe(1);
    const listed = (await workerA.scheduler.list()).items.find((item) => item.id === row!.id);
    expect(listed).toMatchObject({ state: 'failed', error: expect.stringContaining('/nowhere') });
  });

  it('refuses an editor’s plan to change the agency details, and runs one planned before that was refused as failed; an owner’s runs', async () => {
    await signInAsAdmin(t, { username: 'eve', role: 'editor' });
    const EVE = { id: null, name: 'eve', role: 'editor' } as const;
    const OWNER = { id: null, name: 'owner', role: 'owner' } as const;
    const live = async () => ((await t.db('content_documents').where({ key: 'business' }).first('published_data')) as { published_data: BusinessContent }).published_data;
    const before = await live();
    clock = new Date('2027-12-01T12:00:00Z');

    const changed = await workerA.content.saveDraft('business', { data: { ...before, email: 'attacker@evil.example' }, baseVersion: await latest('business') }, EVE);
    await expect(workerA.scheduler.schedule([{ key: 'business', version: changed.version }], '2027-12-02T09:00', EVE)).rejects.toMatchObject({ kind: 'forbidden', message: expect.stringMatching(/^Not scheduled: It would change the E-mail address of the agency details\./) });
    expect(await t.db('content_schedules').whereRaw('items @> ?::jsonb', [JSON.stringify([{ key: 'business' }])]).select('id')).toEqual([]);

    // A plan the editor made before plans were checked: it runs with the editor's rights, and fails.
    const pinned = [{ key: 'business', version: changed.version, data: { ...before, email: 'attacker@evil.example' } }];
    const [legacy] = await t.db('content_schedules').insert({ items: JSON.stringify(pinned), run_at: new Date('2027-12-02T09:00:00Z'), time_zone: 'Europe/London', created_by: 'eve' }).returning<{ id: string }[]>('id');
    clock = new Date('2027-12-02T09:00:00Z');
    expect(await workerA.scheduler.runDue()).toBe(1);
    expect(await live()).toEqual(before);
    expect(await t.db('content_schedules').where({ id: legacy!.id }).first('state', 'error')).toEqual({ state: 'failed', error: 'Not published: It would change the E-mail address of the agency details. An owner publishes the agency details, and this publish was scheduled by an editor.' });
    expect(await t.db('audit_log').where({ action: 'content.schedule-failed', target_id: legacy!.id }).first('summary')).toEqual({ summary: expect.stringContaining('scheduled by an editor') });

    // The same plan by an owner is accepted and runs.
    const ownersPlan = await workerA.scheduler.schedule([{ key: 'business', version: changed.version }], '2027-12-03T09:00', OWNER);
    clock = new Date('2027-12-03T09:00:00Z');
    expect(await workerA.scheduler.runDue()).toBe(1);
    expect(await t.db('content_schedules').where({ id: ownersPlan.id }).first('state')).toEqual({ state: 'done' });
    expect(await live()).toEqual({ ...before, email: 'attacker@evil.example' });
    await workerA.publisher.publish([{ key: 'business', data: before, over: changed.version }], OWNER, 'undo');
  });

  it('schedules, shows and cancels through the API; refuses a time in the past or a version that is not the draft', async () => {
    const { version } = (await api().put('/api/content/process/draft').set(owner.headers).send({ data: DEFAULT_DOCUMENTS.process, baseVersion: await latest('process') }).expect(200)).body;
    const at = new Date(Date.now() + 24 * 3600_000).toISOString();
    const scheduled = await api().post('/api/content/process/publish').set(owner.headers).send({ version, at }).expect(202);
    expect(scheduled.body.schedule).toMatchObject({ runAt: at, items: [{ key: 'process', version }] });
    const item = (await api().get('/api/content/process').set(owner.headers).expect(200)).body;
    expect(item.scheduled).toEqual({ id: scheduled.body.schedule.id, runAt: at, version, draftChangedSince: false });
    const listed = (await api().get('/api/content/schedules').set(owner.headers).expect(200)).body;
    expect(listed.items.map((entry: { id: string }) => entry.id)).toContain(scheduled.body.schedule.id);

    await api().post('/api/content/process/publish').set(owner.headers).send({ version, at: '2020-01-01T10:00:00Z' }).expect(400);
    await api().post('/api/content/process/publish').set(owner.headers).send({ version, at: 'soon' }).expect(400);
    await api().post('/api/content/process/publish').set(owner.headers).send({ version: version - 1, at }).expect(409);
    // Scheduling it again moves it: the first plan is gone.
    const again = await api().post('/api/content/publish').set(owner.headers).send({ items: [{ key: 'process', version }], at }).expect(202);
    await api().delete(`/api/content/schedules/${scheduled.body.schedule.id}`).set(owner.headers).expect(404);

    await api().delete(`/api/content/schedules/${again.body.schedule.id}`).set(owner.headers).expect(204);
    await api().delete(`/api/content/schedules/${again.body.schedule.id}`).set(owner.headers).expect(404);
    await api().delete('/api/content/schedules/not-a-uuid').set(owner.headers).expect(404);
    expect((await api().get('/api/content/schedules').set(owner.headers).expect(200)).body.items.map((entry: { id: string }) => entry.id)).not.toContain(again.body.schedule.id);
  });

  describe('one pending publish per page', () => {
    const pendingOf = async (key: string) =>
      t.db('content_schedule_pending').join('content_schedules', 'content_schedules.id', 'content_schedule_pending.schedule_id').where('content_schedule_pending.key', key).select<{ id: string; run_at: Date | string }[]>('content_schedules.id', 'content_schedules.run_at');
    const draftOf = async (key: string, data: unknown) => (await api().put(`/api/content/${key}/draft`).set(owner.headers).send({ data, baseVersion: await latest(key) }).expect(200)).body.version as number;
    const at = (hour: string) => `2099-12-01T${hour}`;

    it('moves the plan when the page is scheduled again: 09:00 then 10:00 leaves one pending, at 10:00; cancelling it leaves none', async () => {
      const version = await draftOf('process', DEFAULT_DOCUMENTS.process);
      const first = (await api().post('/api/content/process/publish').set(owner.headers).send({ version, at: at('09:00') }).expect(202)).body.schedule;
      const second = (await api().post('/api/content/process/publish').set(owner.headers).send({ version, at: at('10:00') }).expect(202)).body.schedule;
      expect(await pendingOf('process')).toEqual([{ id: second.id, run_at: expect.anything() }]);
      expect(await t.db('content_schedules').where({ id: first.id }).first('state')).toEqual({ state: 'cancelled' });
      const planned = (await api().get('/api/content/schedules').set(owner.headers).expect(200)).body.items.filter((item: { items: { key: string }[] }) => item.items.some((entry) => entry.key === 'process'));
      expect(planned).toEqual([expect.objectContaining({ id: second.id, runAt: instantOf(at('10:00'), t.settings.current().timeZone)!.toISOString(), runAtLocal: expect.stringMatching(/^1 Dec 2099, 10:00 /), createdBy: 'owner', items: [{ key: 'process', version, title: 'How we work' }] })]);
      expect((await api().get('/api/content/process').set(owner.headers).expect(200)).body.scheduled).toMatchObject({ id: second.id });
      // The audit trail says where it moved from.
      expect((await t.db('audit_log').where({ action: 'content.schedule', target_id: second.id }).first('summary')).summary).toMatch(/moved from 1 Dec 2099, 09:00/);

      await api().delete(`/api/content/schedules/${second.id}`).set(owner.headers).expect(204);
      expect(await pendingOf('process')).toEqual([]);
      expect((await api().get('/api/content/process').set(owner.headers).expect(200)).body.scheduled).toBeNull();
      expect((await api().get('/api/content/schedules').set(owner.headers).expect(200)).body.items.filter((item: { items: { key: string }[] }) => item.items.some((entry) => entry.key === 'process'))).toEqual([]);
    });

    it('takes a page moved out of a plan of several out of that plan only: the others keep their time', async () => {
      const process = await draftOf('process', DEFAULT_DOCUMENTS.process);
      const statsVersion = await draftOf('stats', statsWith('77'));
      const both = (await api().post('/api/content/publish').set(owner.headers).send({ items: [{ key: 'process', version: process }, { key: 'stats', version: statsVersion }], at: at('09:00') }).expect(202)).body.schedule;
      const moved = (await api().post('/api/content/stats/publish').set(owner.headers).send({ version: statsVersion, at: at('11:00') }).expect(202)).body.schedule;
      expect((await pendingOf('process')).map((row) => row.id)).toEqual([both.id]);
      expect((await pendingOf('stats')).map((row) => row.id)).toEqual([moved.id]);
      const row = (await t.db('content_schedules').where({ id: both.id }).first('state', 'items')) as { state: string; items: unknown };
      expect(row.state).toBe('pending');
      expect((typeof row.items === 'string' ? JSON.parse(row.items) : row.items).map((item: { key: string }) => item.key)).toEqual(['process']);
      // The Website list says when each goes live.
      const list = (await api().get('/api/content').set(owner.headers).expect(200)).body as { key: string; scheduledAt: string | null }[];
      expect(list.find((item) => item.key === 'stats')?.scheduledAt).toBe(moved.runAt);
      expect(list.find((item) => item.key === 'process')?.scheduledAt).toBe(both.runAt);
      expect(list.find((item) => item.key === 'home')?.scheduledAt).toBeNull();
      await api().delete(`/api/content/schedules/${both.id}`).set(owner.headers).expect(204);
      await api().delete(`/api/content/schedules/${moved.id}`).set(owner.headers).expect(204);
    });

    it('keeps one pending plan when two are made at once, and the database refuses a second', async () => {
      const version = await draftOf('process', DEFAULT_DOCUMENTS.process);
      const answers = await Promise.all(['09:00', '10:00', '11:00'].map((hour) => api().post('/api/content/process/publish').set(owner.headers).send({ version, at: at(hour) })));
      expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202]);
      const pending = await t.db('content_schedules').where({ state: 'pending' }).whereRaw('items @> ?::jsonb', [JSON.stringify([{ key: 'process' }])]).select('id');
      expect(pending).toHaveLength(1);
      expect(await pendingOf('process')).toEqual([{ id: pending[0].id, run_at: expect.anything() }]);
      await expect(t.db('content_schedule_pending').insert({ key: 'process', schedule_id: answers[0]!.body.schedule.id })).rejects.toMatchObject({ code: '23505' });
      await api().delete(`/api/content/schedules/${pending[0].id}`).set(owner.headers).expect(204);
    });

    it('refuses a plan naming a page twice', async () => {
      const version = await draftOf('process', DEFAULT_DOCUMENTS.process);
      const answer = await api().post('/api/content/publish').set(owner.headers).send({ items: [{ key: 'process', version }, { key: 'process', version }], at: at('09:00') }).expect(400);
      expect(answer.body.error).toBe('items: Each document can be in a publish once.');
      expect(await pendingOf('process')).toEqual([]);
    });
  });

  it('wakes at the time of a publish instead of waiting for its next look', async () => {
    // The real clock, and a poll far longer than the test: only the wake-up can publish it in time.
    const awake = createContentEditing({ db: t.db, audit: createAuditTrail({ db: t.db }), contentVersion: t.contentVersion, siteContent: t.siteContent, renderPage: createPageRenderer(t.config, loadManifest(TEST_ASSETS_DIR), t.siteContent.current), timeZone: () => 'Europe/London' });
    awake.scheduler.start(3_600_000);
    try {
      const { version } = await awake.content.saveDraft('stats', { data: statsWith('1 s'), baseVersion: await latest('stats') }, ANN);
      const schedule = await awake.scheduler.schedule([{ key: 'stats', version }], new Date(Date.now() + 1500).toISOString(), ANN);
      for (;;) {
        const row = (await t.db('content_schedules').where({ id: schedule.id }).first('state')) as { state: string };
        if (row.state !== 'pending') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await t.db('content_schedules').where({ id: schedule.id }).first('state')).toEqual({ state: 'done' });
      expect(await t.db('content_documents').where({ key: 'stats' }).first('published_version')).toEqual({ published_version: version });
    } finally {
      await awake.scheduler.stop();
    }
  }, 20_000);

  // Two instances need a server: the embedded database lives inside one process.
  (process.env.DATABASE_URL ? it : it.skip)('on PostgreSQL, wakes a second instance at the time of a publish planned on the first, told through NOTIFY', async () => {
    // The planning instance never runs its scheduler (as if it stopped after planning), and the
    // other's poll is far longer than the test: only the announcement can wake it in time.
    const planner = createContentEditing({ db: t.db, audit: createAuditTrail({ db: t.db }), contentVersion: t.contentVersion, siteContent: t.siteContent, renderPage: createPageRenderer(t.config, loadManifest(TEST_ASSETS_DIR), t.siteContent.current), timeZone: () => 'Europe/London' });
    const otherVersion = createContentVersion(t.db);
    otherVersion.listen(t.databaseUrl!);
    const other = createContentEditing({ db: t.db, audit: createAuditTrail({ db: t.db }), contentVersion: otherVersion, siteContent: t.siteContent, renderPage: createPageRenderer(t.config, loadManifest(TEST_ASSETS_DIR), t.siteContent.current), timeZone: () => 'Europe/London' });
    other.scheduler.start(3_600_000);
    try {
      const { version } = await planner.content.saveDraft('stats', { data: statsWith('NOTIFY'), baseVersion: await latest('stats') }, ANN);
      const runAt = new Date(Date.now() + 1500);
      const schedule = await planner.scheduler.schedule([{ key: 'stats', version }], runAt.toISOString(), ANN);
      while (Date.now() < runAt.getTime() + 3000) {
        const row = (await t.db('content_schedules').where({ id: schedule.id }).first('state')) as { state: string };
        if (row.state !== 'pending') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const row = (await t.db('content_schedules').where({ id: schedule.id }).first('state', 'run_at', 'done_at')) as { state: string; run_at: Date; done_at: Date | null };
      expect(row.state).toBe('done');
      const late = new Date(row.done_at!).getTime() - new Date(row.run_at).getTime();
      expect(late).toBeGreaterThanOrEqual(0);
      expect(late).toBeLessThan(1000);
      expect(await t.db('content_documents').where({ key: 'stats' }).first('published_version')).toEqual({ published_version: version });
    } finally {
      await other.scheduler.stop();
      otherVersion.stop();
    }
  }, 20_000);
});
