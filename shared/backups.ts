/** The backups' API (`GET /api/backups`), shared by the server and Settings > Backups. */

/**
 * How a backup came to be, which decides how long it is kept: `nightly` ones are rotated (days,
 * then weeks), `manual` ones ("Back up now", `npm run backup`) apart from them (the last few),
 * `before-migration` ones (taken by `npm start` before it upgrades the database) never.
 */
export type BackupKind = 'nightly' | 'manual' | 'before-migration';

/** One backup file in BACKUP_DIR. */
export interface BackupEntry {
  /** The file's name (`backup-20261203-013000.tar.gz`); its download names it. */
  name: string;
  /** When it was started (from its name). */
  createdAt: string;
  /** Its size; null when it failed before a file was written. */
  bytes: number | null;
  /** `verified`: a scratch restore matched its manifest. `failed`: it did not, or it could not be made. */
  state: 'verified' | 'unverified' | 'failed';
  error: string | null;
  /** Rows it holds (known once verified). */
  rows: number | null;
  kind: BackupKind;
  /** Where it was uploaded (`s3://…`, BACKUP_S3_URL); null when it was not. */
  uploadedTo: string | null;
  /** Why a verified backup could not be copied to S3 (BACKUP_S3_URL); null when it was, or none is set. */
  uploadError: string | null;
}

/** What the owners are warned of (null when all is well): the time is the backup's. */
export interface BackupWarning {
  kind: 'failed' | 'unverified' | 'stale' | 'upload-failed';
  at: string;
  message: string;
}

/** A backup running on this instance ("Back up now", or the nightly one). */
export interface BackupProgress {
  startedAt: string;
  trigger: 'nightly' | 'manual';
  /** What it is doing now, in words. */
  step: string;
}

/** The last backup this instance ran, once finished. */
export interface BackupOutcome {
  finishedAt: string;
  ok: boolean;
  name: string;
  /** Why it failed; with `ok`, why a verified backup could not be uploaded (BACKUP_S3_URL). */
  error: string | null;
}

export interface BackupStatus {
  running: BackupProgress | null;
  last: BackupOutcome | null;
}

export interface BackupSchedule {
  /** Whether nightly backups run on this site (BACKUP_SCHEDULE and the database in use). */
  nightly: boolean;
  /** Their time of day in the agency's zone ("02:30"). */
  time: string;
  keepDaily: number;
  keepWeekly: number;
  /** Backups made by hand kept, apart from the nightly ones. */
  keepManual: number;
}

export interface BackupsJson extends BackupStatus {
  backups: BackupEntry[];
  warning: BackupWarning | null;
  schedule: BackupSchedule;
}
