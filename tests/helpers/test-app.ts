import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { ConnectionOptions } from 'node:tls';
import type Koa from 'koa';
import { createApp, type AppDeps } from '../../server/app';
import { createKeyring, parseAppKeys, type Keyring } from '../../server/app-key';
import { loadConfig, staffMailFrom, type Config } from '../../server/config';
import { createMailer, type Mailer } from '../../server/services/mail-transport';
import { createMailServerCheck, type ResolveAddresses } from '../../server/services/mail-destination';
import { createMailboxConnection, type MailboxConnection } from '../../server/services/mailbox-connection';
import { createLifecycle, type Lifecycle } from '../../server/lifecycle';
import { createLogger } from '../../server/logger';
import { createAnalytics, type Analytics } from '../../server/services/analytics';
import { createAuditTrail } from '../../server/services/audit';
import { createContentVersion, type ContentVersion } from '../../server/services/content-version';
import { createSettingsService, type SettingsService } from '../../server/services/settings';
import { createSiteContentStore, type SiteContentStore } from '../../server/content/store';
import { createBackupService, type BackupService } from '../../server/backup/backup-service';
import { createBackgroundTasks, type BackgroundTasks } from '../../server/services/background-tasks';
import { clusterTemplate, createTestDb, type TestDb } from './test-db';

export const TEST_ASSETS_DIR = path.resolve(__dirname, '../../dist/test-public');

export interface TestApp extends TestDb {
  app: Koa;
  config: Config;
  lifecycle: Lifecycle;
  contentVersion: ContentVersion;
  /** The published content pages render with (loaded from the test's database). */
  siteContent: SiteContentStore;
  settings: SettingsService;
  /** The application key of this app: `APP_KEY` when the test gives one, else a key of its own. */
  keyring: Keyring;
  /** What the app sends mail through (as the outbox worker of the same instance would). */
  mailer: Mailer;
  /** The way to the agency's mailbox, with `mailTls` (what a mailbox reader of this instance uses). */
  mailboxConnection: MailboxConnection;
  /** Not started: tests write the views they made with `analytics.flush()`. */
  analytics: Analytics;
  /** Never scheduled; its scratch restores copy the ready cluster instead of creating one. */
  backups: BackupService;
  /** What requests queued without waiting ("Forgot password?"): `await backgroundTasks.idle()`. */
  backgroundTasks: BackgroundTasks;
}

/**
 * The real application on a fresh database (or on `testDb`, one a test made), for
 * `request(app.callback())`. `adminAuthOptions` injects a clock for session timeouts and a
 * shorter failed-login delay; `now` the clock of the reply promise; `logger` reads what the app
 * logs (silent by default); `cachedAnswerLog` counts the answers from the render cache (flushed
 * by the test); `mailTls` adds TLS options to the mail transport and the mailbox connection (the
 * loopback SMTP and IMAP servers' certificate authority). Tests' mail servers listen on loopback, so `SMTP_ALLOW_PRIVATE` is on
 * unless the test sets it to `false`; `resolveMailServer` answers the addresses of the host names
 * typed in Settings instead of DNS.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  {
    adminAuthOptions,
    now,
    logger = createLogger('silent'),
    cachedAnswerLog,
    testDb: givenDb,
    mailTls,
    resolveMailServer,
  }: Pick<AppDeps, 'adminAuthOptions' | 'now' | 'cachedAnswerLog'> & { logger?: AppDeps['logger']; testDb?: TestDb; mailTls?: ConnectionOptions; resolveMailServer?: ResolveAddresses } = {},
): Promise<TestApp> {
  const testDb = givenDb ?? (await createTestDb());
  // The database's own folder or address, which the site's backups read.
  const where = testDb.dataDir ? { DATA_DIR: testDb.dataDir } : testDb.databaseUrl ? { DATABASE_URL: testDb.databaseUrl } : {};
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'https://agency.test', SMTP_ALLOW_PRIVATE: 'true', ...where, ...env });
  const keyring = createKeyring(parseAppKeys(config.appKey ?? randomBytes(32).toString('base64')));
  const lifecycle = createLifecycle();
  const contentVersion = createContentVersion(testDb.db);
  const checkMailServer = createMailServerCheck({ allowPrivate: config.smtpAllowPrivate, resolve: resolveMailServer });
  const settings = createSettingsService({ db: testDb.db, config, audit: createAuditTrail({ db: testDb.db }), keyring, checkMailServer });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, envFrom: staffMailFrom(config), saved: settings.smtp, keyring, checkMailServer, tls: mailTls });
  const mailboxConnection = createMailboxConnection({ keyring, saved: settings.imap, checkMailServer, tls: mailTls });
  const analytics = createAnalytics({ db: testDb.db, timeZone: () => settings.current().timeZone });
  const backups = createBackupService({ db: testDb.db, config, keyring, timeZone: () => settings.current().timeZone, logger, clusterTemplate: clusterTemplate() });
  const siteContent = createSiteContentStore({ db: testDb.db, contentVersion, settings });
  await siteContent.load();
  const backgroundTasks = createBackgroundTasks(logger);
  const app = createApp({ config, db: testDb.db, logger, lifecycle, contentVersion, siteContent, settings, keyring, mailer, mailboxConnection, analytics, backups, backgroundTasks, assetsDir: TEST_ASSETS_DIR, adminAuthOptions, now, cachedAnswerLog });
  return { ...testDb, app, config, lifecycle, contentVersion, siteContent, settings, keyring, mailer, mailboxConnection, analytics, backups, backgroundTasks };
}
