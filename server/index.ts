// First: it must see the first `process.nextTick` entry (see the module).
import './next-tick-shape';
import http from 'node:http';
import { keepFirstRequestShapes } from './http-shapes';
import { createContentEditing } from './content';
import { createApp, replyPromiseIn } from './app';
import { createAppParts } from './app-parts';
import {
  createInboundMail,
  createMorningDigest,
  createPersonalData,
  digestSender,
  purgeSpamFolder,
} from './leads';
import { loadKeyring, type Keyring, type KeySource } from './app-key';
import { ConfigError, loadConfig, type Config } from './config';
import { createDb } from './db/connection';
import { deleteEndedWindows, RATE_LIMIT_SWEEP_MS } from './db/rate-limit-windows';
import { migrateLatest } from './db/migrate';
import { backupBeforeMigrating } from './backup/before-migration';
import { createLogger } from './logger';
import { createCachedAnswerLog } from './middleware/cached-answer-log';
import { DEFAULT_ASSETS_DIR, loadManifest } from './render/manifest';
import { createPageRenderer } from './render/render-page';
import { createAdminAuth } from './auth';
import { messages } from './messages';
import { setPasswordUrl } from './links';
import { createAuditTrail } from './services/audit';
import { seedSamplePortfolioInBackground } from './services/portfolio-seed';
import { followOtherInstances } from './services/other-instances';
import { createNotificationWorker } from './services/notification-worker';
import { readAgencyMailbox } from './services/mailbox-reader';
import { installGracefulShutdown } from './shutdown';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function readKeyring(config: Config): { keyring: Keyring; source: KeySource } {
  try {
    return loadKeyring(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** Starts the site: configuration, the application key, database and migrations, then the HTTP server. */
async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  const { keyring, source: keySource } = readKeyring(config);
  logger.info({ keyId: keyring.currentKeyId, source: keySource }, 'application key loaded');
  const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
  await backupBeforeMigrating({ db, config, keyring, logger });
  const applied = await migrateLatest(db, { keyring });
  if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
  const firstAdminSetup = await createAdminAuth({ db, logger }).ensureFirstAdmin({ configured: config.admin });

  const parts = createAppParts({ config, db, keyring, logger });
  const { lifecycle, contentVersion, checkMailServer, settings, mailer, analytics, backups, siteContent, backgroundTasks } = parts;
  // Polled (and content heard through NOTIFY) on PostgreSQL; embedded, this is the only instance.
  // The mailer follows the set-up saved in Settings on every instance through that poller.
  await followOtherInstances({ databaseUrl: config.databaseUrl, contentVersion, settings });
  const notifications = createNotificationWorker({ db, logger, mailer, recipients: () => settings.current().notificationRecipients });
  notifications.start();
  const digest = createMorningDigest({
    db,
    logger,
    settings: () => settings.current(),
    publicUrl: config.publicUrl,
    send: digestSender(mailer),
    // While mail is off the day's digest waits; the dashboard shows the same figures.
    mailOn: () => mailer.source() !== 'off',
  });
  digest.start();
  const personalData = createPersonalData({ db, audit: createAuditTrail({ db }), logger });
  const spamPurge = setInterval(() => {
    purgeSpamFolder(db, { now: new Date(), retentionDays: settings.current().retentionDays.spam }).catch((error: unknown) => logger.warn({ err: error }, 'spam purge failed'));
    // Each form's retention, in small batches, once per agency day (claimed in the database, so one
    // instance runs it); checked hourly, so a restart or a failed run never skips a day.
    personalData.dailyPurge(settings.current()).catch((error: unknown) => logger.warn({ err: error }, 'retention purge failed; the next check tries again'));
  }, 3600_000);
  // Rate-limit counters go once their own window has ended (see `deleteEndedWindows` for the bound).
  const rateLimitSweep = setInterval(() => {
    deleteEndedWindows(db).catch((error: unknown) => logger.warn({ err: error }, 'rate-limit clean-up failed; the next one tries again'));
  }, RATE_LIMIT_SWEEP_MS);
  analytics.start();
  // The nightly backup (BACKUP_SCHEDULE, BACKUP_TIME), claimed by one instance a day; checked each minute.
  backups.start();
  const cachedAnswerLog = createCachedAnswerLog(logger);
  await siteContent.load();
  // Scheduled publishes due while the site was down run now, then every 15 seconds.
  const contentEditing = createContentEditing({
    db,
    audit: createAuditTrail({ db }),
    contentVersion,
    siteContent,
    renderPage: createPageRenderer(config, loadManifest(DEFAULT_ASSETS_DIR), siteContent.current),
    timeZone: () => settings.current().timeZone,
    logger,
  });
  contentEditing.scheduler.start();
  // Clients' answers: each new message of the agency's mailbox (Settings > Mail) filed on its lead,
  // read by one instance at a time; the reader follows the mailbox set in Settings.
  const inboundMail = createInboundMail({ db, audit: createAuditTrail({ db }), replyPromise: replyPromiseIn(settings, siteContent), publicUrl: config.publicUrl, onQueued: notifications.nudge });
  const mailboxReader = readAgencyMailbox({ db, settings, keyring, checkMailServer, logger, file: inboundMail.file });
  const app = createApp({ ...parts, config, db, logger, keyring, contentEditing, inboundMail, assetsDir: DEFAULT_ASSETS_DIR, onFormQueued: notifications.nudge, cachedAnswerLog });
  // Slow or stalled clients are cut off instead of holding sockets (slowloris); Node checks these
  // limits every `connectionsCheckingInterval` (30 s by default, far too coarse for them).
  const server = http.createServer({ headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 1_000 }, app.callback());
  server.keepAliveTimeout = 5_000;
  keepFirstRequestShapes(server);
  let sampleSeed: { stop(): Promise<void> } | undefined;
  installGracefulShutdown({
    server,
    db,
    lifecycle,
    logger,
    drainMs: config.shutdownDrainMs,
    onStop: async () => {
      await sampleSeed?.stop();
      // The last second's answers from the render cache, counted but not yet written.
      cachedAnswerLog.flush();
      clearInterval(spamPurge);
      clearInterval(rateLimitSweep);
      backups.stop();
      await contentEditing.scheduler.stop();
      contentVersion.stop();
      settings.stop();
      await notifications.stop();
      await mailboxReader.stop();
      await digest.stop();
      // Work requests started and did not wait for ("Forgot password?" e-mails) finish before the mailer closes.
      await backgroundTasks.idle();
      mailer.close();
      // The views counted since the last batch are written before the database closes.
      await analytics.stop();
    },
  });

  server.listen(config.port, config.host, () => {
    // A first start's sample portfolio is drawn once the site answers (see seedSamplePortfolioInBackground).
    if (config.seedSamplePortfolio) sampleSeed = seedSamplePortfolioInBackground({ db, contentVersion, logger });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info({ port, database: config.databaseUrl ? 'postgresql' : `embedded (${config.dataDir})` }, `listening on http://localhost:${port}`);
    if (firstAdminSetup) {
      // Printed once it can be opened, on the listening port when PORT=0 picked one and no PUBLIC_URL says otherwise.
      const origin = config.port === 0 && config.publicUrl === 'http://localhost:0' ? `http://localhost:${port}` : config.publicUrl;
      // Plain text on stdout for the person starting the site, never a log record (see ensureFirstAdmin).
      process.stdout.write(`\n*** ${messages.admin.firstAdminSetup(setPasswordUrl(origin, firstAdminSetup.token))} ***\n\n`);
    }
  });
}

main().catch((error: unknown) => {
  console.error('Start-up failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
