/**
 * On PostgreSQL every instance hears a content change through NOTIFY on a connection of its own,
 * and keeps hearing after that connection is cut (the poll covers the gap). Embedded there is one
 * process, so nothing to hear: these run with DATABASE_URL only.
 */
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { createContentVersion } from './content-version';

const onServer = process.env.DATABASE_URL ? describe : describe.skip;

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

onServer('content version over NOTIFY', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb.destroy());

  it('hears another instance’s bump when it commits, and again after its connection was cut', async () => {
    const writer = createContentVersion(testDb.db);
    const reader = createContentVersion(testDb.db);
    const seen: string[] = [];
    reader.onChange((version) => seen.push(version));
    const listeners = async () =>
      Number(
        (
          // Counted once its LISTEN has run (the backend's last statement), not when it connects:
          // a bump between the two would be read by the catch-up refresh, not heard.
          await testDb.db.raw<{ rows: { count: string }[] }>(
            "select count(*) from pg_stat_activity where application_name = 'agency-site-content-listener' and datname = current_database() and query ilike 'listen %'",
          )
        ).rows[0]!.count,
      );
    reader.listen(testDb.databaseUrl!);
    try {
      await until(async () => (await listeners()) === 1 && seen.length === 1);

      // Nothing is heard of a bump that is rolled back.
      await testDb.db.transaction(async (trx) => {
        await writer.bump(trx);
        await trx.rollback();
      }).catch(() => undefined);
      await testDb.db.transaction((trx) => writer.bump(trx));
      await until(() => seen.length === 2, 3000);
      expect(seen).toEqual(['0', '1']);

      await testDb.db.raw("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'agency-site-content-listener' and datname = current_database()");
      await until(async () => (await listeners()) === 1, 5000);
      await testDb.db.transaction((trx) => writer.bump(trx));
      await until(() => seen.length === 3, 3000);
      expect(seen).toEqual(['0', '1', '2']);
    } finally {
      reader.stop();
    }
    await until(async () => (await listeners()) === 0);
  });
});
