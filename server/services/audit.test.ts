import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { ValidationError } from '../errors';
import { createAuditTrail, SYSTEM_ACTOR } from './audit';

const ALICE = { id: 1, name: 'alice' };
const BOB = { id: 2, name: 'Bob' };

describe('audit trail', () => {
  let t: TestDb;
  let clock: Date;
  let audit: ReturnType<typeof createAuditTrail>;
  const tick = (minutes: number) => (clock = new Date(clock.getTime() + minutes * 60_000));

  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.destroy());
  beforeEach(async () => {
    await t.db.raw(`alter table audit_log disable trigger user`);
    await t.db('audit_log').delete();
    await t.db.raw(`alter table audit_log enable trigger user`);
    clock = new Date('2026-11-20T09:00:00Z');
    audit = createAuditTrail({ db: t.db, now: () => clock });
  });

  it('lists newest first with filters by actor (any case), action and date, paged by cursor', async () => {
    await audit.record(ALICE, { action: 'auth.sign-in', ip: '192.0.2.1' });
    tick(1);
    await audit.record(BOB, { action: 'settings.update', target: { type: 'settings', id: 'back-office' }, summary: 'replyPromiseHours 24 → 48' });
    tick(1);
    await audit.record(ALICE, { action: 'lead.status', target: { type: 'lead', id: 'abc' }, summary: 'new → responded' });
    tick(1);
    await audit.record(SYSTEM_ACTOR, { action: 'lead.delete', target: { type: 'lead', id: 'old' }, summary: 'retention' });

    const all = await audit.list({ limit: 10 });
    expect(all.items.map((item) => item.action)).toEqual(['lead.delete', 'lead.status', 'settings.update', 'auth.sign-in']);
    expect(all.nextCursor).toBeNull();
    expect(all.items[2]).toMatchObject({ actor: { id: 2, name: 'Bob' }, target: { type: 'settings', id: 'back-office' }, summary: 'replyPromiseHours 24 → 48', at: '2026-11-20T09:01:00.000Z' });
    expect(all.items[0]!.actor).toEqual({ id: null, name: 'system' });

    expect((await audit.list({ actor: 'ALICE', limit: 10 })).items.map((item) => item.action)).toEqual(['lead.status', 'auth.sign-in']);
    expect((await audit.list({ action: 'settings.update', limit: 10 })).items).toHaveLength(1);
    const window = await audit.list({ from: new Date('2026-11-20T09:01:00Z'), to: new Date('2026-11-20T09:03:00Z'), limit: 10 });
    expect(window.items.map((item) => item.action)).toEqual(['lead.status', 'settings.update']);

    const first = await audit.list({ limit: 3 });
    expect(first.items).toHaveLength(3);
    // A row recorded after the first page does not shift the second.
    tick(1);
    await audit.record(BOB, { action: 'auth.sign-out' });
    const second = await audit.list({ limit: 3, cursor: first.nextCursor! });
    expect(second.items.map((item) => item.action)).toEqual(['auth.sign-in']);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a cursor it did not make', async () => {
    for (const cursor of ['not-a-cursor', Buffer.from('["x","1"]').toString('base64url')]) {
      const refused = await audit.list({ limit: 5, cursor }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ValidationError);
      expect((refused as ValidationError).fields).toHaveProperty('cursor');
    }
  });

  it('is append-only: no update, no truncate, no delete of a row younger than a year', async () => {
    await audit.record(ALICE, { action: 'auth.sign-in' });
    await expect(t.db('audit_log').update({ summary: 'rewritten' })).rejects.toThrow(/append-only/);
    await expect(t.db('audit_log').delete()).rejects.toThrow(/append-only/);
    await expect(t.db.raw('truncate audit_log')).rejects.toThrow(/append-only/);
    expect((await audit.list({ limit: 5 })).items).toHaveLength(1);
  });

  it('purges only rows past the one-year retention, in batches', async () => {
    const now = new Date();
    clock = new Date(now.getTime() - 400 * 24 * 3600_000);
    for (let index = 0; index < 5; index += 1) await audit.record(ALICE, { action: 'auth.sign-in' });
    clock = new Date(now.getTime() - 300 * 24 * 3600_000);
    await audit.record(BOB, { action: 'auth.sign-in' });
    clock = now;
    expect(await audit.purgeExpired(2)).toBe(5);
    expect((await audit.list({ limit: 10 })).items.map((item) => item.actor.name)).toEqual(['Bob']);
  });
});
