import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { seedLeads } from './lead-samples';

describe('synthetic leads', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb.destroy());

  it('spreads leads over two years and the four forms, some handled, some spam, all valid rows', async () => {
    const now = new Date('2026-11-24T12:00:00Z');
    await seedLeads(testDb.db, 2000, now);
    const byType = await testDb.db.raw<{ rows: { type: string; count: string | number }[] }>('select type, count(*) from leads group by type order by type');

    expect(byType.rows.map((row) => [row.type, Number(row.count)])).toEqual([
      ['contact', 500],
      ['enquiry', 500],
      ['free-offer', 500],
      ['quote', 500],
    ]);
    const figures = await testDb.db('leads').first(
      testDb.db.raw('min(submitted_at) as oldest'),
      testDb.db.raw('max(submitted_at) as newest'),
      testDb.db.raw('count(*) filter (where spam_at is not null)::int as spam'),
      testDb.db.raw("count(*) filter (where status <> 'new')::int as handled"),
      testDb.db.raw('count(distinct status)::int as statuses'),
      testDb.db.raw('count(*) filter (where spam_at is null and due_at is null)::int as without_clock'),
      testDb.db.raw("count(*) filter (where (responded_at is not null) <> (status not in ('new', 'read') and spam_at is null))::int as misanswered"),
    );
    // Every lead outside spam has its reply clock; exactly the answered ones their first reply.
    expect(figures.without_clock).toBe(0);
    expect(figures.misanswered).toBe(0);
    expect(new Date(figures.oldest).getTime()).toBeGreaterThanOrEqual(now.getTime() - 731 * 24 * 3600_000);
    expect(new Date(figures.oldest).getTime()).toBeLessThan(now.getTime() - 700 * 24 * 3600_000);
    expect(new Date(figures.newest).getTime()).toBeLessThan(now.getTime());
    expect(figures.spam).toBeGreaterThan(20);
    expect(figures.handled).toBeGreaterThan(1500);
    expect(figures.statuses).toBe(6);
  });
});
