import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { migrations } from '../../migrations';
import { migrateLatest } from '../db/migrate';
import type { MigrationContext } from '../../migrations/context';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupFileError, MANIFEST_ENTRY, parseTableEntryName, readArchive, type BackupManifest } from './archive';
import { IMAGE_FILES, imageChecksum } from './backup';
import { listTables, tableLines, tablesWithRows, useCanonicalText } from './tables';

/** knex's own creation of its migration tables (and lock row), so a restored database matches a migrated one. */
const { ensureTable } = require('knex/lib/migrations/migrate/table-creator') as { ensureTable: (table: string, schema: string | undefined, trx: Knex) => Promise<unknown> };

/** A restore that was not started because of the target or the backup's version; nothing was changed. */
export class RestoreRefused extends Error {}

function linesOf(data: Buffer): string[] {
  const lines = data.toString('utf8').split('\n');
  lines.pop(); // every line ends with "\n"
  return lines;
}

/**
 * Reads the whole file and checks it against its manifest (every table's row count and checksum,
 * every image's checksum) without touching any database; returns the manifest, or throws a
 * `BackupFileError` saying what is wrong.
 */
export async function verifyBackupFile(file: string): Promise<BackupManifest> {
  const seen = new Map<string, { rows: number; hash: ReturnType<typeof createHash>; entries: number }>();
  const images = new Map<string, { bytes: number; sha256: string }>();
  let manifest: BackupManifest | undefined;
  for await (const { name, data } of readArchive(file)) {
    if (manifest) throw new BackupFileError(`${file} has an entry (${name}) after its manifest: it is not a backup made by this site`);
    if (name === MANIFEST_ENTRY) {
      try {
        manifest = JSON.parse(data.toString('utf8')) as BackupManifest;
      } catch {
        throw new BackupFileError(`${file}: its manifest is not readable JSON`);
      }
      continue;
    }
    const entry = parseTableEntryName(name);
    if (!entry) throw new BackupFileError(`${file} has an unexpected entry (${name}): it is not a backup made by this site`);
    const table = seen.get(entry.table) ?? { rows: 0, hash: createHash('sha256'), entries: 0 };
    if (entry.index !== table.entries) throw new BackupFileError(`${file}: table ${entry.table}'s parts are out of order or missing`);
    seen.set(entry.table, table);
    table.entries += 1;
    table.hash.update(data);
    const lines = linesOf(data);
    table.rows += lines.length;
    if (entry.table === IMAGE_FILES.table) {
      for (const line of lines) {
        // gzip's CRC is checked at the end of the file: a changed byte may reach here first.
        let row: Record<string, unknown>;
        try {
          row = JSON.parse(line) as Record<string, unknown>;
        } catch {
          throw new BackupFileError(`${file} is damaged: a row of table ${entry.table} is not readable`);
        }
        const { id, ...checksum } = imageChecksum(row);
        images.set(id, checksum);
      }
    }
  }
  if (!manifest) throw new BackupFileError(`${file} is incomplete: it ends before its manifest (was the backup cut short?)`);
  if (manifest.format !== BACKUP_FORMAT) throw new BackupFileError(`${file} is not a backup of this site (format "${String(manifest.format)}")`);
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION) throw new BackupFileError(`${file} was written in a newer backup format (${manifest.formatVersion}): update the site to restore it`);
  const listed = new Set(manifest.tables.map((table) => table.name));
  for (const name of seen.keys()) {
    if (!listed.has(name)) throw new BackupFileError(`${file} holds rows of table ${name}, which its manifest does not list`);
  }
  for (const table of manifest.tables) {
    const found = seen.get(table.name);
    const rows = found?.rows ?? 0;
    const sha256 = (found?.hash ?? createHash('sha256')).digest('hex');
    if (rows !== table.rows) throw new BackupFileError(`${file} is damaged: table ${table.name} has ${rows} rows where its manifest says ${table.rows}`);
    if (sha256 !== table.sha256) throw new BackupFileError(`${file} is damaged: the rows of table ${table.name} do not match their checksum`);
  }
  if (images.size !== manifest.images.length) throw new BackupFileError(`${file} is damaged: it holds ${images.size} image files where its manifest lists ${manifest.images.length}`);
  for (const image of manifest.images) {
    const found = images.get(image.id);
    if (!found || found.sha256 !== image.sha256 || found.bytes !== image.bytes) throw new BackupFileError(`${file} is damaged: image file ${image.id} does not match its checksum`);
  }
  return manifest;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Migrations newer than the backup, run after it was loaded. */
  migrated: string[];
}

/**
 * Restores `file` into `db`: verifies the file, then in one transaction empties the target
 * (`replace`), builds the schema of the backup's version with the site's own migrations, loads
 * every table, and compares every table's count and checksum with the manifest; only then does
 * it commit and run the migrations the backup predates. Any failure leaves the target as it was.
 */
export async function restoreBackup(db: Knex, file: string, { replace = false, keyring }: { replace?: boolean } & MigrationContext = {}): Promise<RestoreResult> {
  const manifest = await verifyBackupFile(file);
  const known = Object.keys(migrations).sort();
  if (!known.includes(manifest.schemaVersion)) {
    throw new RestoreRefused(`${file} was made by a newer version of the site (its last migration, ${manifest.schemaVersion}, is unknown here): update the site, then restore`);
  }
  const occupied = await tablesWithRows(db);
  if (occupied.length > 0 && !replace) {
    const listed = occupied.map((table) => `${table.name}: ${table.rows}`).join(', ');
    throw new RestoreRefused(`The target database already holds data (${listed}). Restoring replaces all of it: run again with --replace to do so.`);
  }
  await db.transaction(async (trx) => {
    await useCanonicalText(trx);
    await dropEverything(trx);
    await ensureTable('knex_migrations', undefined, trx);
    for (const name of known.filter((candidate) => candidate <= manifest.schemaVersion)) await migrations[name]!.up(trx, { keyring });
    // Rows go in exactly as they were: no trigger may add to them (the arrival counts) or refuse them.
    for (const table of manifest.tables) await trx.raw('alter table ?? disable trigger user', [table.name]);
    // Some migrations store first rows (the site's starting content): the backup's rows replace
    // them. The schema was built just now, so `cascade` reaches only tables that are still empty.
    if (manifest.tables.length > 0) await trx.raw(`truncate ${manifest.tables.map(() => '??').join(', ')} cascade`, manifest.tables.map((table) => table.name));
    const indexes = await dropSecondaryIndexes(trx, manifest.tables.map((table) => table.name));
    for await (const { name, data } of readArchive(file)) {
      const entry = parseTableEntryName(name);
      if (!entry) continue;
      const rows = `[${linesOf(data).join(',')}]`;
      await trx.raw('insert into ?? select * from json_populate_recordset(null::??, ?::json)', [entry.table, entry.table, rows]);
    }
    for (const definition of indexes) await trx.raw(definition);
    for (const table of manifest.tables) await trx.raw('alter table ?? enable trigger user', [table.name]);
    for (const sequence of manifest.sequences) {
      if (sequence.value !== null) await trx.raw('select setval(?::regclass, ?::bigint, true)', [sequence.name, sequence.value]);
    }
    await checkAgainstManifest(trx, manifest);
  });
  const migrated = await migrateLatest(db, { keyring });
  return { manifest, migrated };
}

/**
 * Drops the indexes of `tables` that no constraint stands behind (primary keys and unique keys stay,
 * they check the rows as they go in) and returns their definitions, to build each once after the
 * load: one build over a million rows costs a fraction of a million updates of the index, above
 * all the leads' trigram index.
 */
async function dropSecondaryIndexes(trx: Knex.Transaction, tables: string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const { rows } = (await trx.raw(
    `select ic.relname as name, pg_get_indexdef(ix.indexrelid) as definition
       from pg_index ix
       join pg_class ic on ic.oid = ix.indexrelid
       join pg_class t on t.oid = ix.indrelid
       join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = current_schema() and t.relname in (${tables.map(() => '?').join(', ')})
        and not exists (select 1 from pg_constraint c where c.conindid = ix.indexrelid)
      order by 1`,
    tables,
  )) as { rows: { name: string; definition: string }[] };
  for (const index of rows) await trx.raw('drop index ??', [index.name]);
  // Built after the load with more working memory than a request's statements get.
  if (rows.length > 0) await trx.raw(`set local maintenance_work_mem = '128MB'`);
  return rows.map((index) => index.definition);
}

/** Reads every restored table back as the backup wrote it and compares count and checksum. */
async function checkAgainstManifest(trx: Knex.Transaction, manifest: BackupManifest): Promise<void> {
  const tables = new Map((await listTables(trx)).map((table) => [table.name, table]));
  for (const expected of manifest.tables) {
    const table = tables.get(expected.name);
    if (!table) throw new Error(`After loading, table ${expected.name} is missing: nothing was restored`);
    const hash = createHash('sha256');
    let rows = 0;
    for await (const lines of tableLines(trx, table)) {
      for (const line of lines) hash.update(`${line}\n`);
      rows += lines.length;
    }
    if (rows !== expected.rows || hash.digest('hex') !== expected.sha256) {
      throw new Error(`After loading, table ${expected.name} does not match the backup (${rows} rows, ${expected.rows} expected): nothing was restored`);
    }
  }
}

/** Drops the site's tables, sequences and functions (not those of extensions) from the current schema. */
async function dropEverything(trx: Knex.Transaction): Promise<void> {
  const { rows: relations } = (await trx.raw(
    `select c.relname as name, c.relkind as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm', 'S')
        and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')`,
  )) as { rows: { name: string; kind: string }[] };
  const kindWord: Record<string, string> = { r: 'table', p: 'table', v: 'view', m: 'materialized view', S: 'sequence' };
  for (const relation of relations) await trx.raw(`drop ${kindWord[relation.kind]} if exists ?? cascade`, [relation.name]);
  const { rows: functions } = (await trx.raw(
    `select p.oid::regprocedure::text as signature from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = current_schema()
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`,
  )) as { rows: { signature: string }[] };
  // A signature (`name(argument types)`) is already quoted as SQL needs it.
  for (const fn of functions) await trx.raw(`drop function if exists ${fn.signature} cascade`);
}
