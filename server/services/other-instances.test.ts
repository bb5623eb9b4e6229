/**
 * An instance follows what other instances change on PostgreSQL, and polls nothing on the embedded
 * database, where it is the only one (a poll there is CPU beside every request).
 */
import { loadConfig } from '../config';
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { createAuditTrail } from './audit';
import { createContentVersion } from './content-version';
import { followOtherInstances } from './other-instances';
import { createSettingsService } from './settings';

const SYSTEM = { id: null, name: 'system' } as const;
/** The test database is a PostgreSQL one (DATABASE_URL), as in CI's second run. */
const onPostgres = Boolean(process.env.DATABASE_URL);

describe('following other instances', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb.destroy());

  const instance = () => {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: testDb.databaseUrl ?? '' });
    return { contentVersion: createContentVersion(testDb.db), settings: createSettingsService({ db: testDb.db, config, audit: createAuditTrail({ db: testDb.db }) }) };
  };

  it(onPostgres ? 'on PostgreSQL, hears a settings change and a content bump made elsewhere' : 'embedded, reads what is stored once and then polls nothing', async () => {
    const here = instance();
    const elsewhere = instance();
    const mode = await followOtherInstances({ databaseUrl: testDb.databaseUrl, ...here, pollMs: 100 });
    try {
      const versionBefore = here.contentVersion.current;
      expect(versionBefore).not.toBeNull();
      await elsewhere.settings.update({ replyPromiseHours: 7 }, SYSTEM);
      await elsewhere.contentVersion.bump(testDb.db);
      await new Promise((resolve) => setTimeout(resolve, 600));
      if (onPostgres) {
        expect(mode).toBe('polling');
        expect(here.settings.current().replyPromiseHours).toBe(7);
        expect(here.contentVersion.current).not.toBe(versionBefore);
      } else {
        // Nothing else can open the embedded database while the site runs: no timer reads it again.
        expect(mode).toBe('alone');
        expect(here.settings.current().replyPromiseHours).not.toBe(7);
        expect(here.contentVersion.current).toBe(versionBefore);
      }
    } finally {
      here.contentVersion.stop();
      here.settings.stop();
    }
  });
});
