import { createHash } from 'node:crypto';
import { sign, type SigningKeys } from '../../server/app-key';
import { MANIFEST_ENTRY, parseTableEntryName, readArchive, SIGNATURE_ENTRY, writeArchive, type BackupManifest } from '../../server/backup/archive';

export interface BackupEdit {
  /** Changes a row (its JSON line) of a table; the table's count and checksum in the manifest are made again to match, as someone tampering would. */
  row?: (table: string, line: string) => string;
  /** Changes the manifest (after its checksums were made again). */
  manifest?: (manifest: BackupManifest) => BackupManifest;
  /**
   * The signature: `keep` the file's (stale once anything changed), `drop` it (a backup from
   * before signatures), or sign again with these keys.
   */
  signature?: 'keep' | 'drop' | SigningKeys;
}

/** Copies the backup `from` to `to` with `edit` applied: how the tests make altered, unsigned or re-signed backups. */
export async function rewriteBackup(from: string, to: string, { row = (_table, line) => line, manifest: editManifest = (manifest) => manifest, signature = 'keep' }: BackupEdit): Promise<void> {
  const tables = new Map<string, { rows: number; hash: ReturnType<typeof createHash> }>();
  const entries: { name: string; data: Buffer }[] = [];
  let manifest: BackupManifest | undefined;
  let oldSignature: Buffer | undefined;
  for await (const { name, data } of readArchive(from)) {
    const entry = parseTableEntryName(name);
    if (entry) {
      const lines = data.toString('utf8').split('\n').slice(0, -1).map((line) => row(entry.table, line));
      const text = Buffer.from(lines.map((line) => `${line}\n`).join(''));
      const table = tables.get(entry.table) ?? { rows: 0, hash: createHash('sha256') };
      table.rows += lines.length;
      table.hash.update(text);
      tables.set(entry.table, table);
      entries.push({ name, data: text });
    } else if (name === MANIFEST_ENTRY) {
      manifest = JSON.parse(data.toString('utf8')) as BackupManifest;
    } else if (name === SIGNATURE_ENTRY) {
      oldSignature = data;
    }
  }
  const recounted = { ...manifest!, tables: manifest!.tables.map((table) => ({ ...table, rows: tables.get(table.name)?.rows ?? 0, sha256: (tables.get(table.name)?.hash ?? createHash('sha256')).digest('hex') })) };
  const manifestBytes = Buffer.from(JSON.stringify(editManifest(recounted), null, 2));
  await writeArchive(to, async (archive) => {
    for (const entry of entries) await archive.add(entry.name, entry.data);
    await archive.add(MANIFEST_ENTRY, manifestBytes);
    if (signature === 'keep' && oldSignature) await archive.add(SIGNATURE_ENTRY, oldSignature);
    else if (typeof signature === 'object') await archive.add(SIGNATURE_ENTRY, Buffer.from(sign(signature, manifestBytes)));
  });
}
