/**
 * `npm run restore -- FILE [--replace]`: restores a backup into the database the configuration
 * names (`DATA_DIR`, or `DATABASE_URL`: the move from the embedded database to PostgreSQL). It
 * refuses a target that holds data unless told `--replace`, and a file that is damaged or cut
 * short before changing anything. Run it while the site is stopped.
 */
import path from 'node:path';
import { loadKeyring } from '../app-key';
import { loadConfig } from '../config';
import { createDb } from '../db/connection';
import { restoreBackup } from '../backup/restore';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const replace = args.includes('--replace');
  const files = args.filter((arg) => arg !== '--replace');
  if (files.length !== 1 || files[0]!.startsWith('--')) {
    console.error('Usage: npm run restore -- FILE [--replace]');
    process.exit(2);
  }
  const file = path.resolve(files[0]!);
  const config = loadConfig();
  const started = Date.now();
  const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, longStatements: true });
  try {
    // A backup older than the encryption of stored secrets has them in clear: the migration that
    // seals them after loading needs the key the restored site will run with.
    const { keyring } = loadKeyring(config);
    const { manifest, migrated } = await restoreBackup(db, file, { replace, keyring });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`Restored ${file} (made ${manifest.createdAt} by version ${manifest.appVersion}): ${rows} rows of ${manifest.tables.length} tables and ${manifest.images.length} image files, each table checked against the backup's checksums (${seconds} s).`);
    if (migrated.length > 0) console.log(`The backup predates this version; then applied: ${migrated.join(', ')}.`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('Restore failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
