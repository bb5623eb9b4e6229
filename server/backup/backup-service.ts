import path from 'node:path';
import type { Keyring } from '../app-key';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import { claimDailyRun, markDailyRunFinished } from '../db/daily-runs';
import { createDailyCheck, dayOnceTimeHasCome } from '../daily-check';
import type { Logger } from '../logger';
import type { BackupOutcome, BackupProgress, BackupSchedule, BackupsJson, BackupStatus, BackupStorage } from '../../shared/backups';
import { APP_KEY_FILE } from '../app-key';
import { backupSigningKeys } from './archive';
import { backupsToRemove, backupWarning, listBackups, markUploaded, markUploadFailed, removeBackup, removeLeftovers, secureBackupDir } from './catalog';
import { createS3Uploader, type BackupUploader } from './s3-upload';
import { makeSiteBackup, type SiteBackupOptions, type SiteBackupResult } from './site-backup';

export type NightlyOutcome = 'off' | 'not-yet' | 'done-already' | 'busy' | 'verified' | 'failed';

export interface BackupServiceDeps {
  db: Db;
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'backupDir' | 'backupSchedule' | 'backupS3' | 'appKey'>;
  /** The application key, whose backup signing keys sign each backup's manifest. */
  keyring: Keyring;
  /** The agency's zone (Settings), which the nightly time and the rotation's days are in. */
  timeZone: () => string;
  logger?: Logger;
  now?: () => Date;
  /** Makes and verifies one backup (tests put a fast stand-in or a damaging hook here). */
  makeBackup?: (options: SiteBackupOptions) => Promise<SiteBackupResult>;
  /** Copies each verified backup off the machine; by default to `config.backupS3` when set. */
  upload?: BackupUploader;
  /** Tests: passed on to `makeSiteBackup`. */
  clusterTemplate?: string;
  afterWrite?: (file: string) => void;
}

const NIGHTLY_JOB = 'nightly-backup';

/** Refused: a backup is already running on this instance. */
export class BackupBusy extends Error {}

/**
 * The site's own backups: the nightly one (claimed once per agency day across instances in
 * `daily_runs`, like the retention purge and the morning digest), "Back up now", the rotation after
 * each, and what Settings > Backups and the owners' warning read. One backup at a time per
 * instance. A backup that fails or does not verify is logged as an error, marked beside its file
 * (which keeps it from counting as good) and warned of; the nightly one is not retried that day
 * (a failing backup retried every minute would load the site all night), "Back up now" is there.
 */
export function createBackupService({ db, config, keyring, timeZone, logger, now = () => new Date(), makeBackup = makeSiteBackup, clusterTemplate, afterWrite, upload = config.backupS3 ? createS3Uploader(config.backupS3) : undefined }: BackupServiceDeps) {
  const { mode, time, keepDaily, keepWeekly, keepManual } = config.backupSchedule;
  const nightly = mode === 'always' || (mode === 'embedded' && !config.databaseUrl);
  const schedule: BackupSchedule = { nightly, time, keepDaily, keepWeekly, keepManual };
  // Where the key is, as loadKeyring finds it: APP_KEY first, else the embedded data folder's file.
  const storage: BackupStorage = {
    folder: config.backupDir,
    bucket: config.backupS3 ? `s3://${config.backupS3.bucket}/${config.backupS3.prefix}` : null,
    key: config.appKey ? { source: 'environment' } : { source: 'file', file: path.join(config.dataDir, APP_KEY_FILE) },
    database: config.databaseUrl ? { kind: 'postgres' } : { kind: 'embedded', dataDir: config.dataDir },
  };
  let progress: BackupProgress | null = null;
  let last: BackupOutcome | null = null;
  let running: Promise<SiteBackupResult | null> | undefined;

  function rotate(): void {
    const removed = backupsToRemove(listBackups(config.backupDir), { keepDaily, keepWeekly, keepManual, timeZone: timeZone() });
    for (const entry of removed) removeBackup(config.backupDir, entry.name);
    const leftovers = removeLeftovers(config.backupDir, now());
    if (removed.length + leftovers.length > 0) logger?.info({ removed: removed.map((entry) => entry.name), leftovers }, 'old backups removed');
  }

  /** Runs one backup now; its promise settles with the result, or null when it failed (logged). */
  function start(trigger: BackupProgress['trigger']): Promise<SiteBackupResult | null> {
    if (running) throw new BackupBusy('A backup is already running.');
    const startedAt = now();
    progress = { startedAt: startedAt.toISOString(), trigger, step: 'Starting' };
    running = Promise.resolve()
      .then(() => {
        const openFolder = secureBackupDir(config.backupDir);
        if (openFolder) logger?.warn({ dir: config.backupDir }, openFolder);
        return makeBackup({
          db,
          kind: trigger,
          signing: backupSigningKeys(keyring),
          databaseUrl: config.databaseUrl,
          dataDir: config.dataDir,
          backupDir: config.backupDir,
          now: startedAt,
          clusterTemplate,
          afterWrite,
          onProgress: (step) => {
            if (progress) progress = { ...progress, step };
          },
        });
      })
      .then(async (result) => {
        logger?.info({ file: result.file, bytes: result.bytes, ms: result.ms, heldMs: result.heldMs, trigger }, 'backup made and verified');
        const uploadError = upload ? await uploadVerified(upload, result) : null;
        last = { finishedAt: now().toISOString(), ok: true, name: path.basename(result.file), error: uploadError };
        rotate();
        return result;
      })
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        last = { finishedAt: now().toISOString(), ok: false, name: '', error: message };
        logger?.error({ err: error, trigger }, 'backup failed or could not be verified');
        return null;
      })
      .finally(() => {
        progress = null;
        running = undefined;
      });
    return running;
  }

  /**
   * Uploads a verified backup; a failure is logged as an error, said in the outcome and noted in
   * the backup's mark (the owners' banner warns of it), but the backup stays good here (it is
   * verified, on this disk): the next one is uploaded as usual.
   */
  async function uploadVerified(uploader: BackupUploader, result: SiteBackupResult): Promise<string | null> {
    if (progress) progress = { ...progress, step: 'Uploading to S3' };
    try {
      const rows = result.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      const uploaded = await uploader(result.file, { 'created-at': result.manifest.createdAt, 'schema-version': result.manifest.schemaVersion, rows: String(rows), verified: 'true' });
      markUploaded(result.file, uploaded.location);
      logger?.info({ file: result.file, location: uploaded.location, ms: uploaded.ms }, 'backup uploaded');
      return null;
    } catch (error) {
      logger?.error({ err: error, file: result.file }, 'backup verified but its upload to S3 failed');
      const reason = error instanceof Error ? error.message : String(error);
      markUploadFailed(result.file, reason);
      return `The backup was made and verified, but its upload to S3 failed: ${reason}`;
    }
  }

  async function nightlyRun(): Promise<NightlyOutcome> {
    if (!nightly) return 'off';
    const at = now();
    const day = dayOnceTimeHasCome(at, timeZone(), time);
    if (!day) return 'not-yet';
    // Someone's "Back up now" is running: the next tick claims the night once it is over.
    if (running) return 'busy';
    if (!(await claimDailyRun(db, NIGHTLY_JOB, day, at))) return 'done-already';
    const result = await start('nightly');
    await markDailyRunFinished(db, NIGHTLY_JOB, day, now());
    return result ? 'verified' : 'failed';
  }

  /** Makes tonight's backup if it is time and no instance has; one check at a time. */
  const nightlyChecks = createDailyCheck(nightlyRun, { logger, failure: 'nightly backup check failed; will try again' });

  function status(): BackupStatus {
    return { running: progress, last };
  }

  return {
    schedule,
    tick: nightlyChecks.tick,
    /** "Back up now": starts a backup and answers at once (poll `status`); BackupBusy when one runs. */
    backUpNow(): BackupStatus {
      void start('manual');
      return status();
    },
    /** The backup running now, if any (for tests and shutdown). */
    running: () => running,
    status,
    list(): BackupsJson {
      const backups = listBackups(config.backupDir);
      return { ...status(), backups, warning: backupWarning(backups, { now: now(), scheduled: nightly, running: progress !== null }), schedule, storage };
    },
    fileOf(name: string): string {
      return path.join(config.backupDir, name);
    },
    /** Checks every `intervalMs` (a minute by default) until `stop()`. */
    start(intervalMs = 60_000) {
      if (nightly) nightlyChecks.start(intervalMs);
    },
    /** Stops the checks without waiting: a backup in progress is left to its child process, which ends with the site. */
    stop() {
      void nightlyChecks.stop();
    },
  };
}

export type BackupService = ReturnType<typeof createBackupService>;
