import { randomUUID } from 'node:crypto';
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { periodBounds } from './dashboard';
import { newLeadCounts } from './dashboard-queries';
import { deleteLeads, storeLead, updateLeads } from './queries';

/**
 * `lead_arrival_counts` is kept by triggers on `leads`: whatever changes the leads, its counts
 * must equal a count of the leads themselves (inbox only, per form and quarter hour).
 */
describe('lead arrival counts', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb.destroy());

  async function kept(): Promise<string[]> {
    const rows = await testDb.db('lead_arrival_counts').where('leads', '<>', 0).orderBy(['quarter_hour', 'type']);
    return rows.map((row: { quarter_hour: Date; type: string; leads: number }) => `${new Date(row.quarter_hour).toISOString()} ${row.type} ${row.leads}`);
  }

  async function counted(): Promise<string[]> {
    const result = await testDb.db.raw<{ rows: { quarter_hour: Date; type: string; leads: string | number }[] }>(
      `select date_bin('15 minutes', submitted_at, timestamptz '2000-01-01 00:00:00+00') as quarter_hour, type, count(*) as leads
         from leads where spam_at is null group by 1, 2 order by 1, 2`,
    );
    return result.rows.map((row) => `${new Date(row.quarter_hour).toISOString()} ${row.type} ${Number(row.leads)}`);
  }

  const store = (at: string, spamReason?: string) =>
    storeLead(testDb.db, 'free-offer', { id: randomUUID(), data: { email: 'someone@example.com', message: 'Hello' }, clientToken: null, submittedAt: new Date(at), spamReason }, null).then(({ id }) => id);

  it('follow inserts, moves in and out of spam, changes and deletes', async () => {
    const first = await store('2026-11-24T09:07:00.000Z');
    const second = await store('2026-11-24T09:14:59.999Z');
    const third = await store('2026-11-24T09:15:00.000Z');
    const spam = await store('2026-11-24T09:20:00.000Z', 'honeypot filled');
    expect(await kept()).toEqual(['2026-11-24T09:00:00.000Z free-offer 2', '2026-11-24T09:15:00.000Z free-offer 1']);
    expect(await kept()).toEqual(await counted());

    // Many rows in one statement, as the seed and bulk actions write them.
    await testDb.db.raw(`insert into leads (id, type, name, phone, email, subject, message, submitted_at)
                         select gen_random_uuid(), 'contact', 'N', '1', 'x@example.com', 's', 'm', timestamptz '2026-11-20T00:00:00Z' + make_interval(mins => i * 7)
                           from generate_series(1, 50) as i`);
    expect(await kept()).toEqual(await counted());

    await updateLeads(testDb.db, [spam], { spam_at: null, spam_reason: null });
    await updateLeads(testDb.db, [first, second], { spam_at: new Date(), spam_reason: 'marked by staff' });
    await updateLeads(testDb.db, [third], { read_at: new Date(), status: 'read' });
    await updateLeads(testDb.db, [third], { submitted_at: new Date('2026-11-23T23:59:00.000Z') });
    expect(await kept()).toEqual(await counted());

    await deleteLeads(testDb.db, [third, spam, first]);
    await testDb.db('leads').where('type', 'contact').andWhere('submitted_at', '<', new Date('2026-11-20T03:00:00.000Z')).delete();
    expect(await kept()).toEqual(await counted());
  });

  it('give exact counts for a zone whose midnight falls on a half hour', async () => {
    await testDb.db('leads').delete();
    // Midnight of 25 November in Kolkata (UTC+05:30) is 18:30 UTC on the 24th.
    await store('2026-11-24T18:29:59.999Z');
    await store('2026-11-24T18:30:00.000Z');
    await store('2026-11-24T18:44:00.000Z');
    const counts = await newLeadCounts(testDb.db, periodBounds(new Date('2026-11-25T06:00:00.000Z'), 'Asia/Kolkata'));
    expect(counts.find((row) => row.type === 'free-offer')).toEqual({ type: 'free-offer', counts: { today: { current: 2, previous: 1 }, last7: { current: 3, previous: 0 }, last30: { current: 3, previous: 0 } } });
  });
});
