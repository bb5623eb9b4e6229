/**
 * `npm run seed`: adds the sample portfolio projects (with generated images) that are missing.
 * `npm run seed -- --analytics [days] [pages]`: fills synthetic daily page-view counts instead
 * (730 days of 200 pages by default), for measuring the Analytics view.
 */
import { loadConfig } from '../config';
import { createDb } from '../db/connection';
import { migrateLatest } from '../db/migrate';
import { createContentVersion } from '../services/content-version';
import { seedSamplePortfolio } from '../services/portfolio-seed';
import { seedAnalytics } from '../seed/analytics-seed';
import { localDate } from '../../shared/local-date';
import { business } from '../../views/content/business';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateLatest(db);
    const analyticsFlag = process.argv.indexOf('--analytics');
    if (analyticsFlag >= 0) {
      const [days = 730, pages = 200] = process.argv.slice(analyticsFlag + 1, analyticsFlag + 3).map(Number);
      const today = localDate(new Date(), business.timeZone);
      const started = Date.now();
      const filled = await seedAnalytics(db, { today, days, pages });
      console.log(`Filled ${filled.pageDays} page-days and ${filled.sourceDays} source-days (${days} days, ${pages} pages) in ${Date.now() - started} ms.`);
      return;
    }
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
