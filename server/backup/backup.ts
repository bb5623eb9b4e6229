import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { version as appVersion } from '../../package.json';
import { sign, type SigningKeys } from '../app-key';
import type { BackupKind } from '../../shared/backups';
import { formatBytes } from '../../shared/file-size';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, MANIFEST_ENTRY, MAX_ENTRY_BYTES, SIGNATURE_ENTRY, tableEntryName, writeArchive, type BackupManifest, type TableManifest } from './archive';
import { listTables, sequenceValues, tableLines, useCanonicalText } from './tables';

/** Rows are grouped into entries of at most this many bytes (uncompressed), or one row where a row is larger. */
const ENTRY_BYTES = 4 * 1024 * 1024;

/** The table and column holding the portfolio's image files, whose bytes the manifest lists one by one. */
export const IMAGE_FILES = { table: 'portfolio_image_files', column: 'data' } as const;

/** SHA-256 and size of an image file's bytes, as `row_to_json` writes a bytea (`\x` and hex). */
export function imageChecksum(row: Record<string, unknown>): { id: string; bytes: number; sha256: string } {
  const bytes = Buffer.from(String(row[IMAGE_FILES.column]).slice(2), 'hex');
  return { id: String(row.id), bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * Writes a backup of the whole database to `file` (see archive.ts for the format) from one
 * consistent snapshot, its manifest signed with `signing` (see `backupSigningKeys`), and returns
 * the manifest. The file appears only once complete.
 */
export async function createBackup(
  db: Knex,
  file: string,
  {
    source,
    signing,
    now = new Date(),
    onTable,
  }: { source: BackupManifest['source']; signing: SigningKeys; now?: Date; /** Told as each table starts (for a progress bar). */ onTable?: (table: string, index: number, count: number) => void },
): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  await writeArchive(file, async (archive) => {
    // One read-only snapshot: rows written while the backup runs are either all in it or not at all.
    await db.transaction(
      async (trx) => {
        await useCanonicalText(trx);
        const [last] = (await trx('knex_migrations').max({ name: 'name' })) as [{ name: string | null }];
        if (!last?.name) throw new Error('The database has no migrations applied: nothing to back up');
        const tables: TableManifest[] = [];
        const images: BackupManifest['images'] = [];
        const listed = await listTables(trx);
        for (const [index, table] of listed.entries()) {
          onTable?.(table.name, index, listed.length);
          const hash = createHash('sha256');
          let rows = 0;
          let entries = 0;
          let pending: string[] = [];
          let pendingBytes = 0;
          const flush = async () => {
            if (pending.length === 0) return;
            await archive.add(tableEntryName(table.name, entries++), Buffer.from(pending.join('')));
            pending = [];
            pendingBytes = 0;
          };
          for await (const lines of tableLines(trx, table)) {
            for (const line of lines) {
              const text = `${line}\n`;
              const bytes = Buffer.byteLength(text);
              // A restore refuses a larger entry: better to fail here than to write a backup that cannot be restored.
              if (bytes > MAX_ENTRY_BYTES) throw new Error(`A row of table ${table.name} is ${formatBytes(bytes)}, more than a backup's entry may hold (${formatBytes(MAX_ENTRY_BYTES)})`);
              if (pendingBytes + bytes > ENTRY_BYTES) await flush();
              hash.update(text);
              pending.push(text);
              pendingBytes += bytes;
              rows += 1;
              if (table.name === IMAGE_FILES.table) images.push(imageChecksum(JSON.parse(line) as Record<string, unknown>));
            }
          }
          await flush();
          tables.push({ name: table.name, rows, sha256: hash.digest('hex') });
        }
        manifest = {
          format: BACKUP_FORMAT,
          formatVersion: BACKUP_FORMAT_VERSION,
          schemaVersion: last.name,
          appVersion,
          createdAt: now.toISOString(),
          source,
          tables,
          sequences: await sequenceValues(trx),
          images,
        };
      },
      { isolationLevel: 'repeatable read', readOnly: true },
    );
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    await archive.add(MANIFEST_ENTRY, manifestBytes);
    await archive.add(SIGNATURE_ENTRY, Buffer.from(`${sign(signing, manifestBytes)}\n`));
  });
  return manifest!;
}

/**
 * `backup-20261129-031500.tar.gz` (nightly), `…-manual.tar.gz` ("Back up now", `npm run backup`),
 * `…-before-migration.tar.gz`: sorts by time, in UTC so that it never repeats across a clock change;
 * the kind decides how long it is kept (catalog.ts).
 */
export function backupFileName(now: Date, kind: BackupKind): string {
  const stamp = now.toISOString().replace(/\.\d{3}Z$/, '').replace(/[-:]/g, '').replace('T', '-');
  return `backup-${stamp}${kind === 'nightly' ? '' : `-${kind}`}.tar.gz`;
}
