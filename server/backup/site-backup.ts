import { childEntry, runChildJob } from '../child-job';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SigningKeys } from '../app-key';
import type { Db } from '../db/connection';
import type { BackupKind } from '../../shared/backups';
import type { BackupManifest } from './archive';
import { backupFileName } from './backup';
import { markFailed, markVerified } from './catalog';

/** What the backup child is asked to do (server/backup-child.ts). */
export type BackupChildJob =
  | { job: 'write'; source: { databaseUrl: string } | { dataDir: string; databaseUrl?: undefined }; file: string; createdAt: string; signing: SigningKeys }
  | { job: 'verify'; file: string; scratchDir: string; clusterTemplate?: string; signing: SigningKeys };

export type BackupChildMessage = { progress: string } | { ok: true; manifest: BackupManifest } | { ok: false; message: string };

export interface SiteBackupOptions {
  db: Db;
  kind: Extract<BackupKind, 'nightly' | 'manual'>;
  /** Sign the manifest, and check it in the scratch restore (see `backupSigningKeys`): derived keys, which open no secret. */
  signing: SigningKeys;
  /** PostgreSQL's address, or the embedded database's folder (copied, see `snapshotEmbedded`). */
  databaseUrl?: string;
  dataDir: string;
  backupDir: string;
  now: Date;
  /** Told what the backup is doing, for "Back up now"'s progress. */
  onProgress?: (text: string) => void;
  /** Tests: a ready empty cluster to copy for the scratch database instead of creating one. */
  clusterTemplate?: string;
  /** Tests: runs between writing and verifying (to damage the file). */
  afterWrite?: (file: string) => void;
}

export interface SiteBackupResult {
  file: string;
  manifest: BackupManifest;
  bytes: number;
  /** How long the site's embedded database was held (copying its folder); 0 on PostgreSQL. */
  heldMs: number;
  ms: number;
}

/**
 * Backs the running site up into `backupDir` and proves the file restores: the dump is written by
 * a child process, then another child restores it into a scratch embedded database in a temporary
 * folder (removed afterwards) and the manifests must agree. Only then is the file marked verified
 * (`<file>.verified`); a failure at any step is marked `<file>.failed` with its reason, and thrown.
 *
 * On the embedded database the child cannot open the site's data folder (one process owns it), and
 * a dump through the site's one connection would hold that connection for the whole backup. So the
 * folder is copied instead, checkpointed and with the connection held only for the copy (see
 * `snapshotEmbedded`), and the child dumps the copy.
 */
export async function makeSiteBackup(options: SiteBackupOptions): Promise<SiteBackupResult> {
  const { db, databaseUrl, backupDir, now, signing, onProgress = () => undefined } = options;
  const started = Date.now();
  fs.mkdirSync(backupDir, { recursive: true, mode: 0o700 });
  const file = path.join(backupDir, backupFileName(now, options.kind));
  const snapshotDir = databaseUrl ? null : path.join(backupDir, `.snapshot-${randomBytes(4).toString('hex')}`);
  let heldMs = 0;
  try {
    if (snapshotDir) {
      onProgress('Copying the database');
      heldMs = await snapshotEmbedded(db, options.dataDir, snapshotDir);
    }
    const source = databaseUrl ? { databaseUrl } : { dataDir: snapshotDir! };
    const written = await runBackupChild({ job: 'write', source, file, createdAt: now.toISOString(), signing }, onProgress);
    if (snapshotDir) fs.rmSync(snapshotDir, { recursive: true, force: true });
    options.afterWrite?.(file);
    onProgress('Verifying: restoring into a scratch database');
    const scratchDir = path.join(backupDir, `.verify-${randomBytes(4).toString('hex')}`);
    const restored = await runBackupChild({ job: 'verify', file, scratchDir, clusterTemplate: options.clusterTemplate, signing }, onProgress).finally(() => fs.rmSync(scratchDir, { recursive: true, force: true }));
    const difference = manifestDifference(written, restored);
    if (difference) throw new Error(`the restored copy does not match the backup: ${difference}`);
    const bytes = fs.statSync(file).size;
    const ms = Date.now() - started;
    markVerified(file, { verifiedAt: new Date().toISOString(), rows: written.tables.reduce((sum, table) => sum + table.rows, 0), tables: written.tables.length, images: written.images.length, bytes, ms, heldMs });
    return { file, manifest: written, bytes, heldMs, ms };
  } catch (error) {
    markFailed(file, { at: new Date().toISOString(), error: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    if (snapshotDir) fs.rmSync(snapshotDir, { recursive: true, force: true });
  }
}

/**
 * Copies the embedded database's folder to `target` as a consistent image: with the site's one
 * connection held (queries wait, cached pages do not), a checkpoint writes every changed page to
 * the folder's files, and nothing can change them while they are copied; the copy opens like a
 * database after a clean crash. Asynchronous file copies, so the site's event loop keeps running.
 * Returns how long the connection was held.
 */
export async function snapshotEmbedded(db: Db, dataDir: string, target: string): Promise<number> {
  const client = db.client as { acquireConnection(): Promise<{ query(sql: string): Promise<unknown> }>; releaseConnection(connection: unknown): Promise<unknown> };
  const connection = await client.acquireConnection();
  const held = Date.now();
  try {
    await connection.query('checkpoint');
    // The lock file names the site's process; the copy is opened by another.
    await fs.promises.cp(dataDir, target, { recursive: true, filter: (source) => path.basename(source) !== 'postmaster.pid' });
  } finally {
    await client.releaseConnection(connection);
  }
  return Date.now() - held;
}

/** What differs between the manifest written and the one the scratch restore read back (null: nothing). */
export function manifestDifference(written: BackupManifest, restored: BackupManifest): string | null {
  if (written.schemaVersion !== restored.schemaVersion) return `schema ${restored.schemaVersion}, expected ${written.schemaVersion}`;
  const tables = new Map(restored.tables.map((table) => [table.name, table]));
  for (const table of written.tables) {
    const other = tables.get(table.name);
    if (!other) return `table ${table.name} is missing`;
    if (other.rows !== table.rows || other.sha256 !== table.sha256) return `table ${table.name} differs`;
  }
  if (restored.tables.length !== written.tables.length) return 'it holds other tables';
  if (JSON.stringify(restored.images) !== JSON.stringify(written.images)) return 'the image files differ';
  return null;
}

/** A stuck child must not hold the schedule for ever. */
const CHILD_TIMEOUT_MS = 6 * 3600_000;

function runBackupChild(job: BackupChildJob, onProgress: (text: string) => void): Promise<BackupManifest> {
  return runChildJob<BackupChildMessage, BackupManifest>(childEntry('backup-child.js', 'backup-child.ts'), job, {
    what: 'The backup process',
    timeoutMs: CHILD_TIMEOUT_MS,
    // A backup can take minutes longer; the visitors' pages cannot.
    background: true,
    read: (message) => {
      if ('progress' in message) return void onProgress(message.progress);
      return message.ok ? { result: message.manifest } : { error: new Error(message.message) };
    },
  });
}
