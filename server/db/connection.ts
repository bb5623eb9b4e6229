import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import type { Logger } from '../logger';
import { openEmbeddedDatabase } from './embedded';

export type Db = Knex;

export interface DbOptions {
  /** A PostgreSQL server; without it the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Folder of the embedded database (created with its cluster when missing). */
  dataDir?: string;
  logger?: Logger;
  /**
   * Commands that build or read a whole database (backup, restore): no per-statement limit, on the
   * server nor in the driver. One index build over a million rows takes minutes, and a limit set
   * with `set local` in the transaction would still meet the driver's own read timeout.
   */
  longStatements?: boolean;
}

/** Longest a request may wait for a pooled connection, and longest one statement may run. */
export const ACQUIRE_TIMEOUT_MS = 5000;
export const STATEMENT_TIMEOUT_MS = 10_000;

/**
 * Opens Knex on PostgreSQL (`databaseUrl`) or on the embedded PGlite in `dataDir`. Both speak the
 * same SQL, so the migrations and queries are shared.
 */
export function createDb({ databaseUrl, dataDir, logger, longStatements = false }: DbOptions): Db {
  if (databaseUrl) return createServerDb(databaseUrl, logger, longStatements);
  if (!dataDir) throw new Error('The embedded database needs a data folder');
  return knexFactory({
    client: ClientPgLite as unknown as typeof Knex.Client,
    dialect: 'postgres',
    // knex-pglite takes a ready-made instance, opened with our settings (server/db/embedded.ts).
    connection: { pglite: openEmbeddedDatabase(dataDir) },
  } as Knex.Config);
}

function createServerDb(connectionString: string, logger: Logger | undefined, longStatements: boolean): Db {
  return knexFactory({
    client: 'pg',
    connection: {
      connectionString,
      connectionTimeoutMillis: ACQUIRE_TIMEOUT_MS,
      ...(longStatements ? {} : { statement_timeout: STATEMENT_TIMEOUT_MS, query_timeout: STATEMENT_TIMEOUT_MS + 1000 }),
      application_name: 'agency-site',
    },
    acquireConnectionTimeout: ACQUIRE_TIMEOUT_MS,
    pool: {
      min: 0,
      max: 10,
      idleTimeoutMillis: 30_000,
      // A connection the server dropped (restart, failover) emits 'error' while idle; without a
      // listener Node would treat it as unhandled and crash the process.
      afterCreate(connection: { on: (event: string, listener: (error: Error) => void) => void }, done: (error: Error | null, connection: unknown) => void) {
        connection.on('error', (error) => logger?.warn({ err: error }, 'database connection lost'));
        done(null, connection);
      },
    },
  });
}

/** True when the database answers within `timeoutMs`. */
export async function isDbReachable(db: Db, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.raw('select 1'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('database check timed out')), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
