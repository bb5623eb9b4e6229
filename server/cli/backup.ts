/**
 * `npm run backup [-- FILE]`: writes a backup of the whole site (every table but the sessions and
 * the analytics salts, the portfolio's image files included) to FILE, by default a new file in
 * `BACKUP_DIR`, its manifest signed with the application key. On the embedded database, run it
 * while the site is stopped: PGlite's data folder is one process's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadKeyring } from '../app-key';
import { loadConfig } from '../config';
import { createDb } from '../db/connection';
import { backupSigningKeys } from '../backup/archive';
import { backupFileName, createBackup } from '../backup/backup';
import { secureBackupDir } from '../backup/catalog';
import { formatBytes } from '../../shared/file-size';

async function main(): Promise<void> {
  const config = loadConfig();
  const started = Date.now();
  const file = path.resolve(process.argv[2] ?? path.join(config.backupDir, backupFileName(new Date(), 'manual')));
  // BACKUP_DIR is the site's to close to other users; a folder named on the command line is yours.
  if (path.dirname(file) === config.backupDir) {
    const openFolder = secureBackupDir(config.backupDir);
    if (openFolder) console.warn(`Warning: ${openFolder}`);
  }
  const { keyring } = loadKeyring(config);
  const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, longStatements: true });
  try {
    const manifest = await createBackup(db, file, { source: config.databaseUrl ? 'postgresql' : 'embedded', signing: backupSigningKeys(keyring) });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`Backed up ${rows} rows of ${manifest.tables.length} tables and ${manifest.images.length} image files to ${file} (${formatBytes(fs.statSync(file).size)}, ${seconds} s), signed with application key ${keyring.currentKeyId}.`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('Backup failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
