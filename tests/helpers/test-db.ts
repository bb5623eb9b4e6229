import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import { createDb, type Db } from '../../server/db/connection';
import { migrateLatest } from '../../server/db/migrate';

export interface TestDb {
  db: Db;
  /** Closes the connection and removes the database. */
  destroy: () => Promise<void>;
}

/**
 * A fresh database for one test file: an in-memory PGlite by default, or a new database on the
 * PostgreSQL server of `DATABASE_URL`. Migrations are applied unless `migrate` is false.
 */
export async function createTestDb({ migrate = true }: { migrate?: boolean } = {}): Promise<TestDb> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const db = createDb({});
    if (migrate) await migrateLatest(db);
    return { db, destroy: () => db.destroy() };
  }
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  await admin.raw('create database ??', [name]);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createDb({ databaseUrl: url.toString() });
  if (migrate) await migrateLatest(db);
  return {
    db,
    destroy: async () => {
      await db.destroy();
      await admin.raw('drop database if exists ?? with (force)', [name]);
      await admin.destroy();
    },
  };
}
