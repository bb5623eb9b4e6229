import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { createDb, type Db } from '../../server/db/connection';
import { createCluster } from '../../server/db/embedded';
import { migrateLatest } from '../../server/db/migrate';

export interface TestDb {
  db: Db;
  /** The embedded database's folder (none on PostgreSQL). */
  dataDir?: string;
  /** The PostgreSQL database's address (none when embedded). */
  databaseUrl?: string;
  /** Closes the connection and removes the database. */
  destroy: () => Promise<void>;
}

/**
 * A fresh database for one test file: an embedded PGlite in a temporary folder by default, or a
 * new database on the PostgreSQL server of `DATABASE_URL`. Migrations are applied unless
 * `migrate` is false. `serverUrl` picks the database instead (empty: embedded), for tests that
 * need both kinds at once.
 */
export async function createTestDb({ migrate = true, serverUrl = process.env.DATABASE_URL }: { migrate?: boolean; serverUrl?: string } = {}): Promise<TestDb> {
  if (!serverUrl) {
    // A copy of a ready cluster, so no test runs initdb (seconds of CPU and hundreds of MB each).
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-test-db-'));
    fs.cpSync(clusterTemplate(), dataDir, { recursive: true });
    const db = createDb({ dataDir });
    if (migrate) await migrateLatest(db);
    return {
      db,
      dataDir,
      destroy: async () => {
        await db.destroy();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
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
    databaseUrl: url.toString(),
    destroy: async () => {
      await db.destroy();
      await admin.raw('drop database if exists ?? with (force)', [name]);
      await admin.destroy();
    },
  };
}

/**
 * A freshly created, cleanly shut down PGlite cluster, made once per installed PGlite version and
 * kept in `node_modules/.cache` (so `npm ci` starts it afresh). jest's global setup makes it
 * before any test starts (initdb takes longer than a hook may); should two processes race to make
 * it, each builds its own and the first rename wins.
 */
export function clusterTemplate(): string {
  const pgliteRoot = path.resolve(path.dirname(require.resolve('@electric-sql/pglite')), '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(pgliteRoot, 'package.json'), 'utf8')) as { version: string };
  const template = path.resolve(__dirname, '../../node_modules/.cache/agency-site', `pglite-${version}-cluster`);
  if (fs.existsSync(path.join(template, 'PG_VERSION'))) return template;
  fs.mkdirSync(path.dirname(template), { recursive: true });
  const building = fs.mkdtempSync(`${template}-building-`);
  createCluster(building);
  try {
    fs.renameSync(building, template);
  } catch {
    fs.rmSync(building, { recursive: true, force: true }); // another worker's template is in place
  }
  return template;
}
