/**
 * `npm run restore -- FILE [--replace] [--unsigned]`: restores a backup into the database the
 * configuration names (`DATA_DIR`, or `DATABASE_URL`: the move from the embedded database to
 * PostgreSQL). Before changing anything it refuses a file that is damaged or cut short, changed
 * since it was made (its signature), unsigned (unless told `--unsigned`), or made under an
 * application key this one does not hold, and a target that holds data unless told `--replace`.
 * Run it while the site is stopped.
 */
import path from 'node:path';
import { APP_KEY_FILE, loadKeyring, type KeySource } from '../app-key';
import { loadConfig } from '../config';
import { createDb } from '../db/connection';
import { backupSigningKeys } from '../backup/archive';
import { BackupKeyMissing, restoreBackup, UNSIGNED_FLAG } from '../backup/restore';

const FLAGS = ['--replace', UNSIGNED_FLAG];

/** Where the key this restore runs with came from, said after a refusal for the key. */
function keySourceNote(source: KeySource, dataDir: string): string {
  const file = path.join(dataDir, APP_KEY_FILE);
  if (source === 'environment') return 'This restore ran with the key in APP_KEY.';
  if (source === 'data folder') return `This restore ran with the key in ${file}: set APP_KEY, or put the backed-up site's app-key file in its place.`;
  return `${file} was made just now for this new data folder: put the backed-up site's app-key file in its place (or set APP_KEY), then run again.`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const replace = args.includes('--replace');
  const unsigned = args.includes(UNSIGNED_FLAG);
  const files = args.filter((arg) => !FLAGS.includes(arg));
  if (files.length !== 1 || files[0]!.startsWith('--')) {
    console.error(`Usage: npm run restore -- FILE [--replace] [${UNSIGNED_FLAG}]`);
    process.exit(2);
  }
  const file = path.resolve(files[0]!);
  const config = loadConfig();
  const started = Date.now();
  // The key the restored site will run with: the backup's signature and sealed secrets are checked
  // against it, and a backup older than the encryption of stored secrets has them in clear, which
  // the migration run after loading seals with it.
  const { keyring, source } = loadKeyring(config);
  const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, longStatements: true });
  try {
    const { manifest, migrated } = await restoreBackup(db, file, { replace, unsigned, keyring, signing: backupSigningKeys(keyring) });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`Restored ${file} (made ${manifest.createdAt} by version ${manifest.appVersion}): ${rows} rows of ${manifest.tables.length} tables and ${manifest.images.length} image files, each table checked against the backup's checksums (${seconds} s).`);
    if (migrated.length > 0) console.log(`The backup predates this version; then applied: ${migrated.join(', ')}.`);
  } catch (error) {
    if (error instanceof BackupKeyMissing) error.message += ` ${keySourceNote(source, config.dataDir)}`;
    throw error;
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('Restore failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
