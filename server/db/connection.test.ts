import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { STATEMENT_TIMEOUT_MS } from './connection';

/**
 * On a PostgreSQL server every statement, admin searches and exports included, is cancelled after
 * `STATEMENT_TIMEOUT_MS` (answered 503), so no query can run away with a connection. PGlite cannot
 * interrupt a statement (WebAssembly has no signals: `statement_timeout` is accepted and ignored),
 * so on the embedded database the bound is the queries' shape: index-served searches and pages.
 */
const onServer = Boolean(process.env.DATABASE_URL);

(onServer ? describe : describe.skip)('a PostgreSQL connection', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb({ migrate: false });
  });
  afterAll(() => testDb.destroy());

  it('limits how long any statement may run', async () => {
    const result = await testDb.db.raw<{ rows: { statement_timeout: string }[] }>('show statement_timeout');
    expect(result.rows[0]!.statement_timeout).toBe(`${STATEMENT_TIMEOUT_MS / 1000}s`);
  });
});
