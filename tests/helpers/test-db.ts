import { createHash, randomBytes } from 'node:crypto';
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
    // A copy of a ready cluster (migrated, when the global set-up made one), so no test runs
    // initdb or the migrations: seconds of CPU and hundreds of MB each on PGlite.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-test-db-'));
    const migrated = migrate && fs.existsSync(path.join(migratedClusterPath(), 'PG_VERSION'));
    fs.cpSync(migrated ? migratedClusterPath() : clusterTemplate(), dataDir, { recursive: true });
    const db = createDb({ dataDir });
    if (migrate) await migrateLatest(db); // nothing left to do on the migrated copy
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
  const template = migrate && (await databaseExists(admin, migratedDatabaseName())) ? migratedDatabaseName() : undefined;
  await (template ? admin.raw('create database ?? template ??', [name, template]) : admin.raw('create database ??', [name]));
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

/** The migrations' names and code: a template made by other migrations is never copied. */
function migrationsFingerprint(): string {
  const folder = path.resolve(__dirname, '../../migrations');
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(folder).sort()) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    hash.update(file).update(fs.readFileSync(path.join(folder, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

/** Where the migrated embedded cluster of these migrations is kept (made by `makeMigratedTemplates`). */
export function migratedClusterPath(): string {
  return `${clusterTemplate()}-migrated-${migrationsFingerprint()}`;
}

function migratedDatabaseName(): string {
  return `agency_test_template_${migrationsFingerprint()}`;
}

async function databaseExists(admin: ReturnType<typeof knexFactory>, name: string): Promise<boolean> {
  const { rows } = await admin.raw<{ rows: unknown[] }>('select 1 from pg_database where datname = ?', [name]);
  return rows.length > 0;
}

/**
 * Migrates a template database once per set of migrations, for every test database to be copied
 * from: a PGlite cluster beside the empty one, or a database on the PostgreSQL server of
 * `serverUrl`. Built under a temporary name and renamed, so a half-made one is never copied and two
 * runs racing each keep a complete one.
 */
export async function makeMigratedTemplate(serverUrl = process.env.DATABASE_URL): Promise<void> {
  if (!serverUrl) {
    const target = migratedClusterPath();
    if (fs.existsSync(path.join(target, 'PG_VERSION'))) return;
    const building = fs.mkdtempSync(`${target}-building-`);
    fs.cpSync(clusterTemplate(), building, { recursive: true });
    const db = createDb({ dataDir: building });
    await migrateLatest(db);
    await db.destroy();
    try {
      fs.renameSync(building, target);
    } catch {
      fs.rmSync(building, { recursive: true, force: true }); // another run's template is in place
    }
    return;
  }
  const admin = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  try {
    if (await databaseExists(admin, migratedDatabaseName())) return;
    const building = `agency_test_template_building_${randomBytes(4).toString('hex')}`;
    await admin.raw('create database ??', [building]);
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    const db = createDb({ databaseUrl: url.toString() });
    await migrateLatest(db);
    await db.destroy();
    try {
      await admin.raw('alter database ?? rename to ??', [building, migratedDatabaseName()]);
    } catch {
      await admin.raw('drop database if exists ?? with (force)', [building]); // another run's is in place
    }
  } finally {
    await admin.destroy();
  }
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
