import fs from 'node:fs';
import path from 'node:path';
import { addDays, localDate } from '../../shared/local-date';
import type { BackupEntry, BackupKind, BackupWarning } from '../../shared/backups';

/**
 * What BACKUP_DIR holds, read from the folder itself: `backup-<UTC stamp>[-manual|-before-migration].tar.gz`
 * files (see `backupFileName`), each with a `.verified` file beside it once a scratch restore proved it, or a `.failed`
 * one saying why it is not good (also left for a backup that failed before its file was written).
 * The marks live with the files, so copying the folder elsewhere keeps them, and a restore of the
 * database does not forget which backups exist.
 */
const BACKUP_NAME = /^backup-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})(?:-(manual|before-migration))?\.tar\.gz$/;
const VERIFIED = '.verified';
const FAILED = '.failed';

/** Backups hold password hashes, every lead's personal data and sealed secrets: their files and marks are their owner's alone. */
const PRIVATE_FILE = 0o600;
const PRIVATE_FOLDER = 0o700;

/**
 * Makes `dir` (BACKUP_DIR) a folder only its owner can open: created 0700; found open to the group
 * or others, set to 0700, and the backups in it to 0600, when this process owns it. When it is
 * open and someone else's, returns a warning for the caller to log (null otherwise): the files
 * themselves are still written 0600.
 */
export function secureBackupDir(dir: string): string | null {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER });
  // Windows has no such modes: its folders take their access from the parent's ACL.
  if (process.platform === 'win32') return null;
  const folder = fs.statSync(dir);
  if ((folder.mode & 0o077) === 0) return null;
  const mode = (folder.mode & 0o777).toString(8);
  if (folder.uid !== process.getuid!()) return `The backup folder ${dir} is open to other users (mode ${mode}) and belongs to another user, so the site cannot close it: run chmod 700 ${dir} as its owner.`;
  fs.chmodSync(dir, PRIVATE_FOLDER);
  for (const name of fs.readdirSync(dir)) {
    if (!isBackupName(name.replace(/\.(verified|failed)$/, ''))) continue;
    const file = path.join(dir, name);
    const stat = fs.statSync(file);
    if ((stat.mode & 0o077) !== 0 && stat.uid === folder.uid) fs.chmodSync(file, PRIVATE_FILE);
  }
  return null;
}

/** Writes a mark beside a backup (created 0600, like the backup). */
function writeMark(file: string, mark: object): void {
  fs.writeFileSync(file, JSON.stringify(mark), { mode: PRIVATE_FILE });
}

export interface VerifiedMark {
  verifiedAt: string;
  rows: number;
  tables: number;
  images: number;
  bytes: number;
  ms: number;
  heldMs: number;
  /** Where the backup was uploaded (`s3://…`), once it was. */
  uploadedTo?: string;
  /** Why its upload failed (the backup itself is good). */
  uploadError?: string;
}

export function markVerified(file: string, mark: VerifiedMark): void {
  fs.rmSync(file + FAILED, { force: true });
  writeMark(file + VERIFIED, mark);
}

/** Notes in a verified backup's mark where it was uploaded. */
export function markUploaded(file: string, location: string): void {
  const mark = readJson<VerifiedMark>(file + VERIFIED);
  if (mark) writeMark(file + VERIFIED, { ...mark, uploadedTo: location });
}

/** Notes in a verified backup's mark that its upload failed, and why: the owners' banner says so until a later one is uploaded. */
export function markUploadFailed(file: string, error: string): void {
  const mark = readJson<VerifiedMark>(file + VERIFIED);
  if (mark) writeMark(file + VERIFIED, { ...mark, uploadError: error });
}

export function markFailed(file: string, mark: { at: string; error: string }): void {
  fs.rmSync(file + VERIFIED, { force: true });
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_FOLDER });
  writeMark(file + FAILED, mark);
}

/** Whether `name` is a backup file's name (never a path: downloads take a name from the URL). */
export function isBackupName(name: string): boolean {
  return BACKUP_NAME.test(name);
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** The backups in `dir`, newest first (none when the folder does not exist yet). */
export function listBackups(dir: string): BackupEntry[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const present = new Set(names);
  const candidates = new Set<string>();
  for (const name of names) {
    const base = name.endsWith(FAILED) ? name.slice(0, -FAILED.length) : name;
    if (isBackupName(base)) candidates.add(base);
  }
  const entries: BackupEntry[] = [];
  for (const name of candidates) {
    const [, y, mo, d, h, mi, s, kind] = BACKUP_NAME.exec(name)!;
    const file = path.join(dir, name);
    const exists = present.has(name);
    const failed = present.has(name + FAILED) ? readJson<{ at: string; error: string }>(file + FAILED) : null;
    const verified = exists && present.has(name + VERIFIED) ? readJson<VerifiedMark>(file + VERIFIED) : null;
    entries.push({
      name,
      createdAt: new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`).toISOString(),
      bytes: exists ? fs.statSync(file).size : null,
      state: verified ? 'verified' : failed ? 'failed' : 'unverified',
      error: failed?.error ?? null,
      rows: verified?.rows ?? null,
      kind: (kind as BackupKind | undefined) ?? 'nightly',
      uploadedTo: verified?.uploadedTo ?? null,
      uploadError: verified?.uploadError ?? null,
    });
  }
  return entries.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.name.localeCompare(b.name));
}

export interface Retention {
  keepDaily: number;
  keepWeekly: number;
  keepManual: number;
  timeZone: string;
}

/** Monday of the agency's week holding `day`: weeks are told apart by it. */
function weekOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * The nightly backups the days-then-weeks rule keeps. Among verified ones, newest first: the newest
 * of each of the last `keepDaily` days that have one, then, older than those, the newest of each of
 * the next `keepWeekly` weeks (Monday to Sunday in the agency's zone).
 */
function nightlyKept(good: readonly BackupEntry[], { keepDaily, keepWeekly, timeZone }: Retention): string[] {
  const kept: string[] = [];
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const entry of good) {
    const day = localDate(new Date(entry.createdAt), timeZone);
    if (days.size < keepDaily) {
      if (!days.has(day)) {
        days.add(day);
        kept.push(entry.name);
      }
      continue;
    }
    const week = weekOf(day);
    // A week a kept daily backup already stands for needs no weekly one as well.
    const coveredByDaily = [...days].some((kept) => weekOf(kept) === week);
    if (weeks.size < keepWeekly && !weeks.has(week) && !coveredByDaily) {
      weeks.add(week);
      kept.push(entry.name);
    }
  }
  return kept;
}

/**
 * The backups rotation removes, once at least one backup is verified:
 * - nightly ones beyond the days-then-weeks rule ({@link nightlyKept});
 * - made by hand, all but the newest `keepManual` that did not fail (a backup someone chose to
 *   make is no night's: a second one the same day keeps the first; one from `npm run backup`,
 *   never verified by the site, counts among them);
 * - any other backup that is not verified, once a newer verified one exists, so the last good
 *   backup is never given up for a newer bad one.
 * The newest backup that reached S3 stays whatever these say, until a newer one reaches it: a
 * later backup whose upload failed is no copy off the machine. Backups taken before a migration
 * are left alone: an owner removes them.
 */
export function backupsToRemove(entries: readonly BackupEntry[], retention: Retention): BackupEntry[] {
  const rotated = entries.filter((entry) => entry.kind !== 'before-migration').sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const good = rotated.filter((entry) => entry.state === 'verified');
  if (good.length === 0) return [];
  const kept = new Set([
    ...nightlyKept(good.filter((entry) => entry.kind === 'nightly'), retention),
    ...rotated.filter((entry) => entry.kind === 'manual' && entry.state !== 'failed').slice(0, retention.keepManual).map((entry) => entry.name),
  ]);
  const newestUploaded = rotated.find((entry) => entry.uploadedTo !== null);
  if (newestUploaded) kept.add(newestUploaded.name);
  const newestGood = good[0]!.createdAt;
  return rotated.filter((entry) => !kept.has(entry.name) && (entry.state === 'verified' || entry.createdAt < newestGood));
}

/** Removes a backup's file and its marks. */
export function removeBackup(dir: string, name: string): void {
  for (const suffix of ['', VERIFIED, FAILED]) fs.rmSync(path.join(dir, name + suffix), { force: true });
}

/**
 * Leftovers of a backup that never finished (the site stopped or crashed mid-way): the database
 * copy, the scratch database, the file under its temporary name. Only those older than `olderThanMs`,
 * so another instance's backup in progress in a shared folder is left alone.
 */
export function removeLeftovers(dir: string, now: Date, olderThanMs = 24 * 3600_000): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!/^\.(snapshot-|verify-|backup-.*\.partial$)/.test(name)) continue;
    const target = path.join(dir, name);
    if (now.getTime() - fs.statSync(target).mtimeMs < olderThanMs) continue;
    fs.rmSync(target, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * What the owners are warned of: the newest backup failed or could not be verified, or (when
 * nightly backups are on) the newest verified one is more than two days old. Null when all is well.
 */
export function backupWarning(entries: readonly BackupEntry[], { now, scheduled, running }: { now: Date; scheduled: boolean; running: boolean }): BackupWarning | null {
  const rotated = entries.filter((entry) => entry.kind !== 'before-migration');
  const newest = rotated[0];
  if (!newest) return null;
  if (newest.state === 'failed') return { kind: 'failed', at: newest.createdAt, message: `The last backup failed: ${newest.error ?? 'no reason was recorded'}.` };
  // A backup running right now is not verified yet, and that is no fault.
  if (newest.state === 'unverified' && !running) return { kind: 'unverified', at: newest.createdAt, message: 'The last backup was never verified (did the site stop while it ran?).' };
  // Good on this disk, but not off the machine, which is what the copy to S3 is for.
  if (newest.uploadError) return { kind: 'upload-failed', at: newest.createdAt, message: `The last backup was verified here, but its upload to S3 failed: ${newest.uploadError}` };
  const good = rotated.find((entry) => entry.state === 'verified');
  if (scheduled && good && now.getTime() - Date.parse(good.createdAt) > 2 * 24 * 3600_000) {
    return { kind: 'stale', at: good.createdAt, message: 'No backup has been verified for over two days.' };
  }
  return null;
}
