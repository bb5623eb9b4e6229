import fs from 'node:fs';
import path from 'node:path';
import { addDays, localDate } from '../../shared/local-date';
import type { BackupEntry, BackupWarning } from '../../shared/backups';

/**
 * What BACKUP_DIR holds, read from the folder itself: `backup-<UTC stamp>[-before-migration].tar.gz`
 * files, each with a `.verified` file beside it once a scratch restore proved it, or a `.failed`
 * one saying why it is not good (also left for a backup that failed before its file was written).
 * The marks live with the files, so copying the folder elsewhere keeps them, and a restore of the
 * database does not forget which backups exist.
 */
const BACKUP_NAME = /^backup-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})(-before-migration)?\.tar\.gz$/;
const VERIFIED = '.verified';
const FAILED = '.failed';

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
  fs.writeFileSync(file + VERIFIED, JSON.stringify(mark));
}

/** Notes in a verified backup's mark where it was uploaded. */
export function markUploaded(file: string, location: string): void {
  const mark = readJson<VerifiedMark>(file + VERIFIED);
  if (mark) fs.writeFileSync(file + VERIFIED, JSON.stringify({ ...mark, uploadedTo: location }));
}

/** Notes in a verified backup's mark that its upload failed, and why: the owners' banner says so until a later one is uploaded. */
export function markUploadFailed(file: string, error: string): void {
  const mark = readJson<VerifiedMark>(file + VERIFIED);
  if (mark) fs.writeFileSync(file + VERIFIED, JSON.stringify({ ...mark, uploadError: error }));
}

export function markFailed(file: string, mark: { at: string; error: string }): void {
  fs.rmSync(file + VERIFIED, { force: true });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file + FAILED, JSON.stringify(mark));
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
    const [, y, mo, d, h, mi, s, beforeMigration] = BACKUP_NAME.exec(name)!;
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
      beforeMigration: Boolean(beforeMigration),
      uploadError: verified?.uploadError ?? null,
    });
  }
  return entries.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.name.localeCompare(b.name));
}

export interface Retention {
  keepDaily: number;
  keepWeekly: number;
  timeZone: string;
}

/** Monday of the agency's week holding `day`: weeks are told apart by it. */
function weekOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * The backups rotation removes. Among verified backups, newest first: the newest of each of the
 * last `keepDaily` days that have one is kept, then, older than those, the newest of each of the
 * next `keepWeekly` weeks (Monday to Sunday in the agency's zone). Backups that are not verified
 * go once a newer verified one exists, so the last good backup is never given up for a newer bad
 * one. Backups taken before a migration are left alone: an owner removes them.
 */
export function backupsToRemove(entries: readonly BackupEntry[], { keepDaily, keepWeekly, timeZone }: Retention): BackupEntry[] {
  const rotated = entries.filter((entry) => !entry.beforeMigration).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const good = rotated.filter((entry) => entry.state === 'verified');
  if (good.length === 0) return [];
  const kept = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const entry of good) {
    const day = localDate(new Date(entry.createdAt), timeZone);
    if (days.size < keepDaily) {
      if (!days.has(day)) {
        days.add(day);
        kept.add(entry.name);
      }
      continue;
    }
    const week = weekOf(day);
    // A week a kept daily backup already stands for needs no weekly one as well.
    const coveredByDaily = [...days].some((kept) => weekOf(kept) === week);
    if (weeks.size < keepWeekly && !weeks.has(week) && !coveredByDaily) {
      weeks.add(week);
      kept.add(entry.name);
    }
  }
  const newestGood = good[0]!.createdAt;
  return rotated.filter((entry) => (entry.state === 'verified' ? !kept.has(entry.name) : entry.createdAt < newestGood));
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
  const rotated = entries.filter((entry) => !entry.beforeMigration);
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
