import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { EXCLUDED_TABLES, listTables, tableLines, useCanonicalText } from '../../server/backup/tables';

/** One table's rows in a form two databases can be compared by: its count and a SHA-256 of its rows. */
export interface TableDigest {
  rows: number;
  sha256: string;
}

/**
 * Every table of the schema but those a backup leaves out on purpose (the sessions, knex's lock),
 * found in the catalogue rather than from a list, so a table added later (content revisions…) is
 * compared too without anyone remembering to add it here.
 */
export async function schemaTables(db: Knex): Promise<string[]> {
  const { rows } = (await db.raw(`select tablename from pg_tables where schemaname = current_schema() order by 1`)) as { rows: { tablename: string }[] };
  return rows.map((row) => row.tablename).filter((name) => !EXCLUDED_TABLES.has(name));
}

/** Each table's row count and the SHA-256 of its rows as JSON text in primary-key order (as both databases write them). */
export async function tableDigests(db: Knex): Promise<Record<string, TableDigest>> {
  return db.transaction(
    async (trx) => {
      await useCanonicalText(trx);
      const digests: Record<string, TableDigest> = {};
      for (const table of await listTables(trx)) {
        const hash = createHash('sha256');
        let rows = 0;
        for await (const lines of tableLines(trx, table)) {
          for (const line of lines) hash.update(`${line}\n`);
          rows += lines.length;
        }
        digests[table.name] = { rows, sha256: hash.digest('hex') };
      }
      return digests;
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}

/** The tables whose rows differ between two digests (missing on one side counts), with their counts. */
export function differingTables(expected: Record<string, TableDigest>, actual: Record<string, TableDigest>): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...names]
    .sort()
    .filter((name) => expected[name]?.sha256 !== actual[name]?.sha256 || expected[name]?.rows !== actual[name]?.rows)
    .map((name) => `${name} (${expected[name]?.rows ?? 'missing'} rows, ${actual[name]?.rows ?? 'missing'} after)`);
}

/** SHA-256 of every stored image file's bytes, by row id, read as bytes (not through the backup's JSON). */
export async function imageHashes(db: Knex): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  const ids = (await db('portfolio_image_files').select('id').orderBy('id')) as { id: string | number }[];
  for (const { id } of ids) {
    const row = (await db('portfolio_image_files').where({ id }).first('data')) as { data: Uint8Array };
    // PGlite answers a bytea as a Uint8Array, pg as a Buffer.
    hashes.set(String(id), createHash('sha256').update(Buffer.from(row.data)).digest('hex'));
  }
  return hashes;
}
