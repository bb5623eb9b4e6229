import type { Knex } from 'knex';

/**
 * Left out of every backup: the sessions (a restored site signs everyone in afresh, and a copied
 * backup opens no one's session), the analytics salts (with the day's salt, the day's visitor and
 * network pseudonyms beside it could be tried against addresses; without it they are just random
 * names: the restored site makes a new salt for the day), and knex's migration lock, which the
 * restore makes anew.
 */
export const EXCLUDED_TABLES: ReadonlySet<string> = new Set(['admin_sessions', 'analytics_salts', 'knex_migrations_lock']);

/** Knex's own bookkeeping: its rows do not make a database "hold the site's data". */
const MIGRATION_TABLES: ReadonlySet<string> = new Set(['knex_migrations', 'knex_migrations_lock']);

export interface TableInfo {
  name: string;
  /** ORDER BY of its primary key, text columns in byte order so both databases sort alike. */
  orderBy: string;
  /** Rows fetched per round trip: few where a row may hold a whole image. */
  fetchSize: number;
}

const ROWS_PER_FETCH = 1000;
const ROWS_PER_FETCH_WITH_BYTES = 16;

/**
 * The backed-up tables of the current schema in load order: every table after the tables its
 * foreign keys point at, ties by name, so a restore can insert them one by one.
 */
export async function listTables(db: Knex): Promise<TableInfo[]> {
  const { rows } = (await db.raw(`
    select c.relname as name,
      (select string_agg(format('%I', a.attname) || case when ty.typcategory = 'S' then ' collate "C"' else '' end, ', ' order by k.ord)
         from pg_index i
         cross join unnest(i.indkey) with ordinality k(attnum, ord)
         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
         join pg_type ty on ty.oid = a.atttypid
        where i.indrelid = c.oid and i.indisprimary) as order_by,
      exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.atttypid = 'bytea'::regtype) as has_bytes,
      coalesce((select array_agg(distinct f.confrelid::regclass::text) from pg_constraint f where f.conrelid = c.oid and f.contype = 'f' and f.confrelid <> c.oid), '{}') as refers_to
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p')
    order by c.relname`)) as { rows: { name: string; order_by: string | null; has_bytes: boolean; refers_to: string[] }[] };
  const tables = rows.filter((row) => !EXCLUDED_TABLES.has(row.name));
  const missingKey = tables.find((row) => !row.order_by);
  // Every table has one today; a row order is what makes the checksums comparable across databases.
  if (missingKey) throw new Error(`Table ${missingKey.name} has no primary key, so its rows have no stable order to back up`);
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  let pending = tables;
  while (pending.length > 0) {
    const ready = pending.filter((row) => row.refers_to.every((other) => placed.has(other) || EXCLUDED_TABLES.has(other) || !tables.some((t) => t.name === other)));
    if (ready.length === 0) throw new Error(`Foreign keys form a cycle among ${pending.map((row) => row.name).join(', ')}`);
    for (const row of ready) {
      ordered.push({ name: row.name, orderBy: row.order_by!, fetchSize: row.has_bytes ? ROWS_PER_FETCH_WITH_BYTES : ROWS_PER_FETCH });
      placed.add(row.name);
    }
    pending = pending.filter((row) => !placed.has(row.name));
  }
  return ordered;
}

/**
 * Sets up `trx` so that rows read as the same text on PGlite and on PostgreSQL whatever the
 * server's settings: timestamps in UTC, bytes in hex, and no per-statement limit (a large table
 * is read in many fetches, but one migration or load may take longer than a request may).
 */
export async function useCanonicalText(trx: Knex.Transaction): Promise<void> {
  await trx.raw(`set local timezone = 'UTC'`);
  await trx.raw(`set local bytea_output = 'hex'`);
  await trx.raw('set local statement_timeout = 0');
}

/**
 * The table's rows as JSON text (PostgreSQL's `row_to_json`, which writes every type so that
 * `json_populate_recordset` reads it back exactly), in primary-key order, a batch at a time
 * through a cursor so that a million rows never sit in memory at once.
 */
export async function* tableLines(trx: Knex.Transaction, table: TableInfo): AsyncGenerator<string[]> {
  const cursor = `backup_${table.name}`;
  await trx.raw(`declare ?? no scroll cursor for select row_to_json(t)::text as line from ?? t order by ${table.orderBy}`, [cursor, table.name]);
  for (;;) {
    const { rows } = (await trx.raw(`fetch ${table.fetchSize} from ??`, [cursor])) as { rows: { line: string }[] };
    if (rows.length === 0) break;
    yield rows.map((row) => row.line);
  }
  await trx.raw('close ??', [cursor]);
}

/** The tables (migration bookkeeping aside) that hold at least one row, with their counts. */
export async function tablesWithRows(db: Knex): Promise<{ name: string; rows: number }[]> {
  const { rows } = (await db.raw(`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and c.relkind in ('r', 'p') order by 1`)) as { rows: { name: string }[] };
  const found: { name: string; rows: number }[] = [];
  for (const { name } of rows) {
    if (MIGRATION_TABLES.has(name)) continue;
    const [{ count }] = (await db(name).count({ count: '*' })) as [{ count: string | number }];
    if (Number(count) > 0) found.push({ name, rows: Number(count) });
  }
  return found;
}

/** The current value of every sequence of the schema (null: never used). */
export async function sequenceValues(trx: Knex.Transaction): Promise<{ name: string; value: string | null }[]> {
  const { rows } = (await trx.raw(`select sequencename as name, last_value::text as value from pg_sequences where schemaname = current_schema() order by 1`)) as { rows: { name: string; value: string | null }[] };
  return rows;
}
