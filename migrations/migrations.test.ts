import { migrateLatest, migrateRollbackAll } from '../server/db/migrate';
import { createTestDb, type TestDb } from '../tests/helpers/test-db';
import { migrations } from '.';
import * as loginDevices from './20261124100000_login_devices';

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
