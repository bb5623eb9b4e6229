import type { Knex } from 'knex';
import { migrations } from '../../migrations';
import type { MigrationContext } from '../../migrations/context';
import type { Db } from './connection';

/**
 * Migrations are listed in code rather than read from a folder, so the production bundle carries
 * them and the same list runs on PGlite and on PostgreSQL.
 */
export function migrationConfig(context: MigrationContext = {}): Knex.MigratorConfig {
  const migrationSource: Knex.MigrationSource<string> = {
    getMigrations: async () => Object.keys(migrations).sort(),
    getMigrationName: (name) => name,
    getMigration: async (name) => {
      const migration = migrations[name]!;
      return { up: (knex: Knex) => migration.up(knex, context), down: (knex: Knex) => migration.down(knex, context) };
    },
  };
  return { migrationSource, tableName: 'knex_migrations' };
}

/**
 * Applies the pending migrations. `context.keyring` (the application key) is needed by those that
 * encrypt stored secrets, when there are any to encrypt.
 */
export async function migrateLatest(db: Db, context: MigrationContext = {}): Promise<string[]> {
  const [, applied] = (await db.migrate.latest(migrationConfig(context))) as [number, string[]];
  return applied;
}

/** Rolls every migration back (used by the migration test and `npm run migrate -- down`). */
export async function migrateRollbackAll(db: Db, context: MigrationContext = {}): Promise<string[]> {
  const [, reverted] = (await db.migrate.rollback(migrationConfig(context), true)) as [number, string[]];
  return reverted;
}

/** The names of the migrations this database has run and of those it has still to run. */
export async function migrationStatus(db: Db): Promise<{ applied: string[]; pending: string[] }> {
  const [completed, pending] = (await db.migrate.list(migrationConfig())) as [{ name: string }[], string[]];
  return { applied: completed.map((migration) => migration.name), pending };
}
