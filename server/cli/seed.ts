/** `npm run seed`: adds the sample portfolio projects (with generated images) that are missing. */
import { loadConfig } from '../config';
import { createDb } from '../db/connection';
import { migrateLatest } from '../db/migrate';
import { createContentVersion } from '../services/content-version';
import { seedSamplePortfolio } from '../services/portfolio-seed';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateLatest(db);
    const added = await seedSamplePortfolio({ db, contentVersion: createContentVersion(db) });
    console.log(added > 0 ? `Added ${added} sample portfolio projects.` : 'The sample portfolio projects are already there.');
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('Seeding failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
