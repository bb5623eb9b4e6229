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

/**
 * Where the backups are and what a restore needs besides the file. The application key is named by
 * where it lives, never given: a backup and its key together open every sealed secret.
 */
export interface BackupStorage {
  /** BACKUP_DIR on the server, as an absolute path. */
  folder: string;
  /** BACKUP_S3_URL (`s3://bucket/prefix/`) each verified backup is copied to; null when none is set. */
  bucket: string | null;
  /** `environment`: APP_KEY; `file`: the key file in the data folder, at `keyFile`. */
  key: { source: 'environment' } | { source: 'file'; file: string };
  /** The database a restore goes into: `postgres` (DATABASE_URL) or the embedded one in `dataDir`. */
  database: { kind: 'postgres' } | { kind: 'embedded'; dataDir: string };
}

export interface BackupsJson extends BackupStatus {
  backups: BackupEntry[];
  warning: BackupWarning | null;
  schedule: BackupSchedule;
  storage: BackupStorage;
}

/** `POST /api/backups/{name}/download`: a link to the file that works once, within a minute. */
export interface BackupDownloadJson {
  url: string;
}

/** Where the backup `name` is on the server. */
export function backupPath(storage: Pick<BackupStorage, 'folder'>, name: string): string {
  return `${storage.folder.replace(/\/+$/, '')}/${name}`;
}

/**
 * The command that restores `name` on this site (`npm run restore`, server/cli/restore.ts), run in
 * the site's folder with the site stopped: `--replace` because the site's database holds data.
 */
export function restoreCommand(storage: Pick<BackupStorage, 'folder'>, name: string): string {
  const file = backupPath(storage, name);
  // Quoted for a POSIX shell should the folder hold a space or a quote.
  const quoted = /^[\w@%+=:,./-]+$/.test(file) ? file : `'${file.replace(/'/g, `'\\''`)}'`;
  return `npm run restore -- ${quoted} --replace`;
}
