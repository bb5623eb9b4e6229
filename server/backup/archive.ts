import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { secretPurpose, type Keyring, type SigningKeys } from '../app-key';
import { formatBytes } from '../../shared/file-size';

/**
 * A backup file is a gzipped tar (`tar tzf` lists it): `tables/<table>/<n>.jsonl` entries of
 * rows, one JSON object per line, a table's entries in order, then `manifest.json`, then
 * `manifest.sig`. The manifest comes after the rows because it holds the checksums of everything
 * before it; a file cut short therefore has none, and gzip's own CRC covers every byte of the tar,
 * padding included. Checksums only find damage, so the manifest's bytes are signed with the
 * application key (HMAC, `mac1:<key id>:<HMAC>`, see app-key.ts): a file changed on purpose, its
 * checksums made again, no longer matches its signature. Format 1 (before signatures) had none.
 *
 * Every entry is at most {@link MAX_ENTRY_BYTES}: the writer starts a new entry before one would
 * grow past a few MB, and the reader refuses a larger one from its header, before reading it.
 */
export const BACKUP_FORMAT = 'agency-site-backup';
export const BACKUP_FORMAT_VERSION = 2;
export const MANIFEST_ENTRY = 'manifest.json';
export const SIGNATURE_ENTRY = 'manifest.sig';

/**
 * The largest entry a backup may hold: far above the few MB the writer groups rows into, and above
 * any one row (an image file of at most 10 MB is 20 MB of hex), yet small enough to read whole.
 */
export const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

/** The keys a backup's manifest is signed and checked with: derived from the application key for this purpose alone. */
export function backupSigningKeys(keyring: Keyring): SigningKeys {
  return keyring.signingKeys(secretPurpose.backupManifest);
}

export interface TableManifest {
  name: string;
  rows: number;
  /** SHA-256 (hex) of the table's lines, each followed by "\n", in primary-key order. */
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** The last migration the backed-up database had run. */
  schemaVersion: string;
  appVersion: string;
  createdAt: string;
  source: 'embedded' | 'postgresql';
  /** In load order (a table after those its foreign keys point at). */
  tables: TableManifest[];
  sequences: { name: string; value: string | null }[];
  /** Every stored portfolio image file: its row id, size and SHA-256 of its bytes. */
  images: { id: string; bytes: number; sha256: string }[];
}

/** A file that is not a whole, unchanged backup; the message says what is wrong with it. */
export class BackupFileError extends Error {}

export function tableEntryName(table: string, index: number): string {
  return `tables/${table}/${String(index).padStart(6, '0')}.jsonl`;
}

const TABLE_ENTRY = /^tables\/([a-z0-9_]+)\/(\d{6})\.jsonl$/;

/** Reads a table entry's name back into its table and index; null for any other name. */
export function parseTableEntryName(name: string): { table: string; index: number } | null {
  const match = TABLE_ENTRY.exec(name);
  return match ? { table: match[1]!, index: Number(match[2]) } : null;
}

export interface ArchiveWriter {
  add(name: string, data: Buffer): Promise<void>;
}

/**
 * Writes `file` through `fill`, under a temporary name in the same folder renamed into place only
 * once the whole file is on disk: a crash or a failure leaves a `.partial` file, never one that
 * looks like a finished backup. Removes the temporary file on failure. The file holds password
 * hashes and every lead's personal data: it is created readable by its owner only (0600), and a
 * folder made for it is 0700.
 */
export async function writeArchive(file: string, fill: (archive: ArchiveWriter) => Promise<void>): Promise<void> {
  const dir = path.dirname(path.resolve(file));
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temporary = temporaryName(file);
  const pack = tar.pack();
  const output = fs.createWriteStream(temporary, { flags: 'wx', mode: 0o600 });
  const closed = new Promise<void>((resolve) => output.once('close', () => resolve()));
  const written = pipeline(pack, createGzip(), output);
  // Seen by `await written` below; without a handler here an early failure would be unhandled.
  written.catch(() => undefined);
  try {
    await fill({
      add: (name, data) =>
        new Promise<void>((resolve, reject) => {
          pack.entry({ name, size: data.length, mtime: new Date(0) }, data, (error) => (error ? reject(error) : resolve()));
        }),
    });
    pack.finalize();
    await written;
    await syncFile(temporary);
    fs.renameSync(temporary, file);
    await syncFile(dir);
  } catch (error) {
    pack.destroy();
    await written.catch(() => undefined);
    // The file is opened asynchronously: removed before it is, it would appear again afterwards.
    await closed;
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/** `.<name>.<random>.partial` beside `file`: hidden, and never mistaken for a backup. */
export function temporaryName(file: string): string {
  return path.join(path.dirname(path.resolve(file)), `.${path.basename(file)}.${randomBytes(4).toString('hex')}.partial`);
}

async function syncFile(target: string): Promise<void> {
  const handle = await fs.promises.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The entries of a backup file in order, each read whole: an entry larger than `maxEntryBytes` is
 * refused, by name, from the size its header gives, before any of it is read. Damage anywhere (a
 * cut-short file, a changed byte, something that is not a gzipped tar) throws a `BackupFileError`.
 */
export async function* readArchive(file: string, { maxEntryBytes = MAX_ENTRY_BYTES }: { maxEntryBytes?: number } = {}): AsyncGenerator<{ name: string; data: Buffer }> {
  if (!fs.existsSync(file)) throw new BackupFileError(`${file}: no such file`);
  const extract = tar.extract();
  const input = fs.createReadStream(file);
  const gunzip = createGunzip();
  const fail = (error: Error) => extract.destroy(error);
  input.on('error', fail);
  gunzip.on('error', fail);
  input.pipe(gunzip).pipe(extract as unknown as NodeJS.WritableStream);
  try {
    for await (const entry of extract) {
      if (entry.header.size > maxEntryBytes) {
        throw new BackupFileError(`${file} has an entry (${entry.header.name}) of ${formatBytes(entry.header.size)}, more than a backup's entry may be (${formatBytes(maxEntryBytes)}): it is not a backup made by this site, and was not read`);
      }
      const parts: Buffer[] = [];
      for await (const part of entry) parts.push(part as Buffer);
      yield { name: entry.header.name, data: Buffer.concat(parts) };
    }
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    throw new BackupFileError(`${file} is damaged or incomplete (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    input.destroy();
  }
}
