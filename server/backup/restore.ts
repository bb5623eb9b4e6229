import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { migrations } from '../../migrations';
import { migrateLatest } from '../db/migrate';
import type { MigrationContext } from '../../migrations/context';
import { checkSignature, type SigningKeys } from '../app-key';
import { sealedSecretsOfRow, TABLES_WITH_SECRETS, type SealedSecret } from '../services/secrets';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupFileError, MANIFEST_ENTRY, parseTableEntryName, readArchive, SIGNATURE_ENTRY, type BackupManifest } from './archive';
import { IMAGE_FILES, imageChecksum } from './backup';
import { EXCLUDED_TABLES, listTables, tableLines, tablesWithRows, useCanonicalText } from './tables';

/** knex's own creation of its migration tables (and lock row), so a restored database matches a migrated one. */
const { ensureTable } = require('knex/lib/migrations/migrate/table-creator') as { ensureTable: (table: string, schema: string | undefined, trx: Knex) => Promise<unknown> };

/** A restore that was not started because of the target, the backup's version, its signature or the key; nothing was changed. */
export class RestoreRefused extends Error {}

/** Refused: the backup was made under an application key the restore does not run with. */
export class BackupKeyMissing extends RestoreRefused {}

/** The flag that restores a backup whose signature cannot be checked. */
export const UNSIGNED_FLAG = '--unsigned';

function linesOf(data: Buffer): string[] {
  const lines = data.toString('utf8').split('\n');
  lines.pop(); // every line ends with "\n"
  return lines;
}

/** A row of a backup's table entry, read back; a line that is not JSON is damage. */
function parseRow(file: string, table: string, line: string): Record<string, unknown> {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    // gzip's CRC is checked at the end of the file: a changed byte may reach here first.
    throw new BackupFileError(`${file} is damaged: a row of table ${table} is not readable`);
  }
}

export interface VerifyOptions {
  /** The application key's backup signing keys (`backupSigningKeys`): the manifest's signature must be theirs. */
  signing: SigningKeys;
  /**
   * Restore a backup whose signature cannot be checked: one without any (made before backups were
   * signed), or one signed with a key that is lost. Never one whose signature is wrong.
   */
  unsigned?: boolean;
}

/**
 * Reads the whole file and checks it against its manifest (every table's row count and checksum,
 * every image's checksum), the manifest against its signature, and the sealed secrets against the
 * keys, without touching any database; returns the manifest, or throws a `BackupFileError` saying
 * what is wrong with the file, or a `RestoreRefused` saying why it is not restored here and what to do.
 */
export async function verifyBackupFile(file: string, { signing, unsigned = false }: VerifyOptions): Promise<BackupManifest> {
  const seen = new Map<string, { rows: number; hash: ReturnType<typeof createHash>; entries: number }>();
  const images = new Map<string, { bytes: number; sha256: string }>();
  const secrets: SealedSecret[] = [];
  let manifestBytes: Buffer | undefined;
  let signature: string | undefined;
  for await (const { name, data } of readArchive(file)) {
    if (manifestBytes && (name !== SIGNATURE_ENTRY || signature !== undefined)) {
      throw new BackupFileError(`${file} has an entry (${name}) after its manifest: it is not a backup made by this site`);
    }
    if (name === SIGNATURE_ENTRY) {
      signature = data.toString('utf8');
      continue;
    }
    if (name === MANIFEST_ENTRY) {
      manifestBytes = data;
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
        const { id, ...checksum } = imageChecksum(parseRow(file, entry.table, line));
        images.set(id, checksum);
      }
    }
    if (TABLES_WITH_SECRETS.has(entry.table)) {
      for (const line of lines) secrets.push(...sealedSecretsOfRow(entry.table, parseRow(file, entry.table, line)));
    }
  }
  if (!manifestBytes) throw new BackupFileError(`${file} is incomplete: it ends before its manifest (was the backup cut short?)`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8')) as BackupManifest;
  } catch {
    throw new BackupFileError(`${file}: its manifest is not readable JSON`);
  }
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
  checkProvenance(file, manifest, { manifestBytes, signature, secrets, signing, unsigned });
  return manifest;
}

/**
 * Whether the backup is the site's own, unchanged, and restorable with these keys: its manifest's
 * signature (which covers every checksum, so every row) and the keys of its sealed secrets.
 */
function checkProvenance(
  file: string,
  manifest: BackupManifest,
  { manifestBytes, signature, secrets, signing, unsigned }: { manifestBytes: Buffer; signature: string | undefined; secrets: SealedSecret[]; signing: SigningKeys; unsigned: boolean },
): void {
  const checked = signature === undefined ? null : checkSignature(signing, manifestBytes, signature);
  if (checked?.result === 'invalid') {
    throw new BackupFileError(`${file} was changed after it was made: its manifest does not match its signature. It is not restored.`);
  }
  const missingKeys = new Set(secrets.map((secret) => secret.keyId).filter((keyId) => !Object.hasOwn(signing.keys, keyId)));
  const signedWithOtherKey = checked?.result === 'unknown-key' ? checked.keyId : null;
  if (missingKeys.size > 0 || (signedWithOtherKey && !unsigned)) {
    throw new BackupKeyMissing(keyMissingMessage(file, { signedWith: signedWithOtherKey, secrets: secrets.filter((secret) => missingKeys.has(secret.keyId)), held: Object.keys(signing.keys) }));
  }
  if (signature === undefined && !unsigned) {
    const made = `made ${manifest.createdAt} by version ${manifest.appVersion}`;
    throw new RestoreRefused(
      manifest.formatVersion < BACKUP_FORMAT_VERSION
        ? `${file} is not signed: backups made before the site signed them (format ${manifest.formatVersion}; this one says it was ${made}) carry no signature, so nothing shows it is unchanged since. If you know it is such a backup and where it has been since, run again with ${UNSIGNED_FLAG}. Nothing was changed.`
        : `${file} has no signature although the site signs every backup it makes: it was changed after it was made (it says it was ${made}). Only if you know where it has been, run again with ${UNSIGNED_FLAG}. Nothing was changed.`,
    );
  }
}

/** What to do about a backup made under another application key, said before anything is written. */
function keyMissingMessage(file: string, { signedWith, secrets, held }: { signedWith: string | null; secrets: SealedSecret[]; held: string[] }): string {
  const keyIds = [...new Set([...(signedWith ? [signedWith] : []), ...secrets.map((secret) => secret.keyId)])];
  const twoFactor = secrets.filter((secret) => secret.what === 'two-factor-secret').length;
  const sealed = [
    ...(secrets.some((secret) => secret.what === 'smtp-password') ? ['the SMTP password saved in Settings'] : []),
    ...(secrets.some((secret) => secret.what === 'imap-password') ? ['the mailbox password saved in Settings'] : []),
    ...(twoFactor > 0 ? [twoFactor === 1 ? 'an account\'s two-factor secret' : `${twoFactor} accounts' two-factor secrets`] : []),
  ];
  const consequences = [
    ...(signedWith ? ['its signature cannot be checked'] : []),
    ...(sealed.length > 0 ? [`${sealed.join(' and ')} in it could not be opened by the restored site, which would refuse to start`] : []),
  ];
  return (
    `${file} was made by a site whose application key is ${keyIds.join(', ')}, which the key this restore runs with (${held.join(', ')}) does not hold: ${consequences.join(', and ')}. Nothing was changed. ` +
    'Run the restore with the backed-up site\'s key, and start the restored site with it: set APP_KEY to that site\'s APP_KEY or, if it ran on the embedded database without one, to the contents of the app-key file in its data folder (DATA_DIR/app-key, ./data/app-key by default). ' +
    'To move to a new key afterwards, put it first (APP_KEY="<new>,<old>") and run npm run admin -- rotate-key.' +
    (signedWith && sealed.length === 0 ? ` If that key is lost, and you know where this file has been, run again with ${UNSIGNED_FLAG} to restore it without checking its signature.` : '')
  );
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Migrations newer than the backup, run after it was loaded. */
  migrated: string[];
}

/**
 * Restores `file` into `db`: verifies the file (its checksums, its signature, the keys of its
 * secrets), then in one transaction empties the target (`replace`), builds the schema of the
 * backup's version with the site's own migrations, loads every table, and compares every table's
 * count and checksum with the manifest; only then does it commit and run the migrations the backup
 * predates. Any failure leaves the target as it was. Tables a backup leaves out (`EXCLUDED_TABLES`)
 * are not loaded from an older backup that has them: the day's analytics salt, above all, is made
 * afresh by the restored site.
 */
export async function restoreBackup(db: Knex, file: string, { replace = false, keyring, ...verify }: { replace?: boolean } & VerifyOptions & MigrationContext): Promise<RestoreResult> {
  const manifest = await verifyBackupFile(file, verify);
  const known = Object.keys(migrations).sort();
  if (!known.includes(manifest.schemaVersion)) {
    throw new RestoreRefused(`${file} was made by a newer version of the site (its last migration, ${manifest.schemaVersion}, is unknown here): update the site, then restore`);
  }
  const occupied = await tablesWithRows(db);
  if (occupied.length > 0 && !replace) {
    const listed = occupied.map((table) => `${table.name}: ${table.rows}`).join(', ');
    throw new RestoreRefused(`The target database already holds data (${listed}). Restoring replaces all of it: run again with --replace to do so.`);
  }
  const loaded = manifest.tables.filter((table) => !EXCLUDED_TABLES.has(table.name));
  await db.transaction(async (trx) => {
    await useCanonicalText(trx);
    await dropEverything(trx);
    await ensureTable('knex_migrations', undefined, trx);
    for (const name of known.filter((candidate) => candidate <= manifest.schemaVersion)) await migrations[name]!.up(trx, { keyring });
    // Rows go in exactly as they were: no trigger may add to them (the arrival counts) or refuse them.
    for (const table of loaded) await trx.raw('alter table ?? disable trigger user', [table.name]);
    // Some migrations store first rows (the site's starting content): the backup's rows replace
    // them. The schema was built just now, so `cascade` reaches only tables that are still empty.
    if (loaded.length > 0) await trx.raw(`truncate ${loaded.map(() => '??').join(', ')} cascade`, loaded.map((table) => table.name));
    const indexes = await dropSecondaryIndexes(trx, loaded.map((table) => table.name));
    for await (const { name, data } of readArchive(file)) {
      const entry = parseTableEntryName(name);
      if (!entry || EXCLUDED_TABLES.has(entry.table)) continue;
      const rows = `[${linesOf(data).join(',')}]`;
      await trx.raw('insert into ?? select * from json_populate_recordset(null::??, ?::json)', [entry.table, entry.table, rows]);
    }
    for (const definition of indexes) await trx.raw(definition);
    for (const table of loaded) await trx.raw('alter table ?? enable trigger user', [table.name]);
    for (const sequence of manifest.sequences) {
      if (sequence.value !== null) await trx.raw('select setval(?::regclass, ?::bigint, true)', [sequence.name, sequence.value]);
    }
    await checkAgainstManifest(trx, loaded);
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
async function checkAgainstManifest(trx: Knex.Transaction, loaded: BackupManifest['tables']): Promise<void> {
  const tables = new Map((await listTables(trx)).map((table) => [table.name, table]));
  for (const expected of loaded) {
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
