import { Writable } from 'node:stream';
import pino from 'pino';
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { createAdminAuth } from '.';

describe('throttled sign-ins in the audit trail and the log', () => {
  let testDb: TestDb;
  let auth: ReturnType<typeof createAdminAuth>;
  let current = new Date('2026-11-23T08:00:00Z').getTime();
  const logLines: string[] = [];
  const attempt = (password: string, ip = '192.0.2.7') => auth.login({ username: 'flooded', password, remember: false, ip });
  const throttledRows = () => testDb.db('audit_log').where({ action: 'auth.throttled' }).orderBy('id');
  const throttledLogLines = () => logLines.filter((line) => line.includes('admin login throttled'));
  beforeAll(async () => {
    testDb = await createTestDb();
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _encoding, done) => done(void logLines.push(chunk.toString())) }));
    auth = createAdminAuth({ db: testDb.db, logger, failureDelayMs: 0, now: () => new Date(current) });
    await auth.createAdmin('flooded', 'the right long password');
  });
  afterAll(() => testDb.destroy());

  it('counts repeats from one username and address in one audit row and one warn line per throttle window', async () => {
    for (let i = 0; i < 5; i += 1) expect((await attempt(`wrong ${i}`)).outcome).toBe('invalid');
    expect(await throttledRows()).toHaveLength(0);
    const N = 120;
    for (let i = 0; i < N - 20; i += 1) {
      current += 10;
      expect((await attempt(i % 2 ? 'the right long password' : `guess ${i}`)).outcome).toBe('throttled');
    }
    // A parallel burst joins the same row rather than racing to open new ones.
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(`burst ${i}`)));
    expect(burst.every((result) => result.outcome === 'throttled')).toBe(true);

    const rows = await throttledRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_name: 'flooded', ip: '192.0.2.7', summary: 'rule account-and-address', repeats: N });
    expect(new Date(rows[0].last_at).getTime()).toBe(current);
    expect(new Date(rows[0].at).getTime()).toBeLessThan(current);
    expect(throttledLogLines()).toHaveLength(1);
    // The count is the one change the trail allows, and only upwards.
    await expect(testDb.db('audit_log').where({ id: rows[0].id }).update({ summary: 'rewritten' })).rejects.toThrow(/append-only/);
    await expect(testDb.db('audit_log').where({ id: rows[0].id }).update({ repeats: 1 })).rejects.toThrow(/append-only/);
    const other = await testDb.db('audit_log').where({ action: 'auth.sign-in-failed' }).first('id');
    await expect(testDb.db('audit_log').where({ id: other.id }).update({ repeats: 2 })).rejects.toThrow(/append-only/);

    // Another address is another row; so is the next window.
    for (let i = 0; i < 5; i += 1) await attempt(`wrong ${i}`, '192.0.2.8');
    for (let i = 0; i < 3; i += 1) expect((await attempt('the right long password', '192.0.2.8')).outcome).toBe('throttled');
    current += 15 * 60_000;
    for (let i = 0; i < 5; i += 1) await attempt(`later ${i}`);
    for (let i = 0; i < 4; i += 1) expect((await attempt('the right long password')).outcome).toBe('throttled');
    expect((await throttledRows()).map((row) => [row.ip, row.repeats])).toEqual([
      ['192.0.2.7', N],
      ['192.0.2.8', 3],
      ['192.0.2.7', 4],
    ]);
    expect(throttledLogLines()).toHaveLength(3);
  });
});
