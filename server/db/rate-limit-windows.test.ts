import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { countHit, deleteEndedWindows, hitsInWindow } from './rate-limit-windows';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rate-limit windows', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  beforeEach(() => testDb.db('form_rate_limits').delete());
  afterAll(() => testDb.destroy());

  it('counts hits in a window and keeps its end', async () => {
    expect(await countHit(testDb.db, 'k', 3600)).toEqual({ hits: 1, secondsLeft: expect.any(Number) });
    const second = await countHit(testDb.db, 'k', 3600);
    expect(second.hits).toBe(2);
    expect(second.secondsLeft).toBeGreaterThan(0);
    expect(second.secondsLeft).toBeLessThanOrEqual(3600);
    const [row] = await testDb.db('form_rate_limits').select('window_start', 'window_end');
    expect(new Date(row.window_end).getTime() - new Date(row.window_start).getTime()).toBe(3600_000);
    expect(await hitsInWindow(testDb.db, 'k', 3600)).toEqual({ hits: 2, windowEnd: new Date(row.window_end) });
    expect((await hitsInWindow(testDb.db, 'other', 3600)).hits).toBe(0);
  });

  it('deletes each counter only once its own window has ended, whatever the others', async () => {
    for (const [key, seconds] of [
      ['one-second', 1],
      ['minute', 60],
      ['hour', 3600],
      ['day', 86_400],
    ] as const) {
      await countHit(testDb.db, key, seconds);
    }
    await sleep(1100);
    expect(await deleteEndedWindows(testDb.db)).toBe(1);
    expect((await testDb.db('form_rate_limits').orderBy('ip').pluck('ip')).sort()).toEqual(['day', 'hour', 'minute']);
    expect((await countHit(testDb.db, 'day', 86_400)).hits).toBe(2);
  });

  it('deletes in bounded batches until every ended window is gone', async () => {
    for (let i = 0; i < 25; i += 1) await countHit(testDb.db, `ended-${i}`, 1);
    await countHit(testDb.db, 'running', 3600);
    await sleep(1100);
    expect(await deleteEndedWindows(testDb.db, 10)).toBe(25);
    expect(await testDb.db('form_rate_limits').pluck('ip')).toEqual(['running']);
  });
});
