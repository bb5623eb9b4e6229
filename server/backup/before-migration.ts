import path from 'node:path';
import type { Keyring } from '../app-key';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import { migrationStatus } from '../db/migrate';
import type { Logger } from '../logger';
import { backupSigningKeys } from './archive';
import { backupFileName, createBackup } from './backup';
import { secureBackupDir } from './catalog';

/**
 * On the embedded database, backs the site up into `BACKUP_DIR` before migrations run on it, so
 * an upgrade that goes badly can be undone with `npm run restore -- FILE --replace`; returns the
 * file, or null when there is nothing to migrate (or no data yet, or PostgreSQL, whose backups
 * are the server's business). A backup that fails stops the start: migrating without one is
 * what this guards against.
 */
export async function backupBeforeMigrating({ db, config, keyring, logger, now = new Date() }: { db: Db; config: Pick<Config, 'databaseUrl' | 'backupDir'>; keyring: Keyring; logger: Logger; now?: Date }): Promise<string | null> {
  if (config.databaseUrl) return null;
  const { applied, pending } = await migrationStatus(db);
  if (applied.length === 0 || pending.length === 0) return null;
  const openFolder = secureBackupDir(config.backupDir);
  if (openFolder) logger.warn({ dir: config.backupDir }, openFolder);
  const file = path.join(config.backupDir, backupFileName(now, 'before-migration'));
  const started = Date.now();
  await createBackup(db, file, { source: 'embedded', signing: backupSigningKeys(keyring), now });
  logger.info({ file, pending, ms: Date.now() - started }, `backed up to ${file} before migrating; to undo the upgrade: npm run restore -- ${file} --replace`);
  return file;
}
