import knexFactory, { type Knex } from 'knex';

export interface FreshDatabase {
  url: string;
  drop: () => Promise<void>;
}

export const LOCAL_POSTGRES = 'postgres://postgres@localhost:5432/postgres';

/**
 * A new, empty database on a PostgreSQL server (default: the local one), for a script's server
 * to run on as production does. Undefined when the server cannot be reached.
 */
export async function freshDatabase(serverUrl = LOCAL_POSTGRES, prefix = 'script'): Promise<FreshDatabase | undefined> {
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  try {
    await onServer(serverUrl, (admin) => admin.raw('create database ??', [name]));
  } catch {
    return undefined;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, (admin) => admin.raw('drop database if exists ?? with (force)', [name])).then(
      () => undefined,
      () => undefined,
    ),
  };
}

/**
 * One statement on its own short-lived connection: an idle connection kept for the whole script
 * would be cut (and logged) when a check restarts PostgreSQL.
 */
async function onServer<T>(serverUrl: string, statement: (admin: Knex) => Promise<T>): Promise<T> {
  const admin = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  try {
    return await statement(admin);
  } finally {
    await admin.destroy();
  }
}
