/**
 * `npm run seed`: adds the sample portfolio projects (with generated images) that are missing.
 * `npm run seed -- --leads N [days]`: adds N synthetic leads instead, as a healthy agency has them
 * (answered within the reply promise, a few recent ones waiting), over the last `days` (about 25
 * a day unless told; the inbox's scale and its bench use a million over two years).
 * `npm run seed -- --analytics [days] [pages]`: fills synthetic daily page-view counts instead
 * (730 days of 200 pages by default), for measuring the Analytics view.
 */
import knexFactory from 'knex';
import { loadConfig } from '../config';
import { createDb } from '../db/connection';
import { migrateLatest } from '../db/migrate';
import { defaultLeadDays, seedLeads } from '../seed/lead-samples';
import { createAuditTrail } from '../services/audit';
import { createSettingsService } from '../services/settings';
import { createContentVersion } from '../services/content-version';
import { seedSamplePortfolio } from '../services/portfolio-seed';
import { seedAnalytics } from '../seed/analytics-seed';
import { localDate } from '../../shared/local-date';
import { DEFAULT_TIME_ZONE } from '../../shared/content/defaults/business';

/** The N and days of `--leads N [days]`, undefined without the flag; anything but positive whole numbers exits. */
function leadsWanted(args: string[]): { count: number; days?: number } | undefined {
  const at = args.indexOf('--leads');
  if (at === -1) return undefined;
  const [value = '', days] = args.slice(at + 1, at + 3);
  const whole = (text: string, max: number) => /^\d{1,8}$/.test(text) && Number(text) >= 1 && Number(text) <= max;
  if (!whole(value, 99_999_999) || (days !== undefined && !whole(days, 3650))) {
    console.error('--leads takes a whole number of leads and, optionally, of days, such as --leads 1000000 730.');
    process.exit(2);
  }
  return { count: Number(value), days: days === undefined ? undefined : Number(days) };
}

async function main(): Promise<void> {
  const leads = leadsWanted(process.argv.slice(2));
  const config = loadConfig();
  // Seeding a million leads runs for longer than a request may: no per-query time limit here.
  const db = config.databaseUrl && leads !== undefined ? knexFactory({ client: 'pg', connection: config.databaseUrl, pool: { min: 0, max: 2 } }) : createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateLatest(db);
    if (leads !== undefined) {
      const started = Date.now();
      // Due times follow the reply promise in force (as plain hours, even with working hours only).
      const settings = createSettingsService({ db, config, audit: createAuditTrail({ db }) });
      await settings.refresh();
      const days = leads.days ?? defaultLeadDays(leads.count);
      await seedLeads(db, leads.count, { days, promiseHours: settings.current().replyPromiseHours });
      console.log(`Added ${leads.count} synthetic leads over ${days} days in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      return;
    }
    const analyticsFlag = process.argv.indexOf('--analytics');
    if (analyticsFlag >= 0) {
      const [days = 730, pages = 200] = process.argv.slice(analyticsFlag + 1, analyticsFlag + 3).map(Number);
      const today = localDate(new Date(), DEFAULT_TIME_ZONE);
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
