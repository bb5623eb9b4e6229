import knexFactory from 'knex';

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
  const admin = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  try {
    await admin.raw('create database ??', [name]);
  } catch {
    await admin.destroy();
    return undefined;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.raw('drop database if exists ?? with (force)', [name]).catch(() => undefined);
      await admin.destroy();
    },
  };
}
