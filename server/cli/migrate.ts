import { loadKeyring } from '../app-key';
import { loadConfig } from '../config';
import { createDb } from '../db/connection';
import { migrateLatest, migrateRollbackAll } from '../db/migrate';

/** `npm run migrate` applies every pending migration; `npm run migrate -- down` reverts them all. */
async function run(): Promise<void> {
  const config = loadConfig();
  // Some migrations encrypt (or, going down, decrypt) stored secrets with the application key.
  const { keyring } = loadKeyring(config);
  const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const direction = process.argv[2] ?? 'up';
    if (direction !== 'up' && direction !== 'down') throw new Error('Usage: npm run migrate [-- up|down]');
    const names = direction === 'up' ? await migrateLatest(db, { keyring }) : await migrateRollbackAll(db, { keyring });
    console.log(names.length ? `${direction === 'up' ? 'Applied' : 'Reverted'}: ${names.join(', ')}` : 'Nothing to do.');
  } finally {
    await db.destroy();
  }
}

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
