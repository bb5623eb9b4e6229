import type { ConnectionOptions } from 'node:tls';
import type { Keyring } from './app-key';
import { staffMailFrom, type Config } from './config';
import type { Db } from './db/connection';
import { createLifecycle, type Lifecycle } from './lifecycle';
import type { Logger } from './logger';
import { createBackupService, type BackupService } from './backup/backup-service';
import { createSiteContentStore, type SiteContentStore } from './content';
import { createAnalytics, type Analytics } from './services/analytics';
import { portfolioItemIdOf } from './site/public-pages';
import { createAuditTrail } from './services/audit';
import { createBackgroundTasks, type BackgroundTasks } from './services/background-tasks';
import { createContentVersion, type ContentVersion } from './services/content-version';
import { createMailServerCheck, type CheckMailServer, type ResolveAddresses } from './services/mail-destination';
import { createMailer, type Mailer } from './services/mail-transport';
import { createMailboxConnection, type MailboxConnection } from './services/mailbox-connection';
import { createSettingsService, type SettingsService } from './services/settings';

/** The long-lived services the app is built from, which the server also starts, follows and stops. */
export interface AppParts {
  lifecycle: Lifecycle;
  contentVersion: ContentVersion;
  /** Where a mail server typed in Settings may be: one policy for its save, the test e-mail and every send. */
  checkMailServer: CheckMailServer;
  settings: SettingsService;
  mailer: Mailer;
  mailboxConnection: MailboxConnection;
  analytics: Analytics;
  backups: BackupService;
  /** The site's published content; `load()` it before the app serves. */
  siteContent: SiteContentStore;
  backgroundTasks: BackgroundTasks;
}

export interface AppPartsOptions {
  config: Config;
  db: Db;
  keyring: Keyring;
  logger: Logger;
  /** Tests: extra TLS options of the mail transport and the mailbox connection (the loopback servers' authority). */
  mailTls?: ConnectionOptions;
  /** Tests: the addresses of the host names typed in Settings, instead of DNS. */
  resolveMailServer?: ResolveAddresses;
  /** Tests: the ready cluster the backups' scratch restores copy instead of creating one. */
  clusterTemplate?: string;
}

/**
 * Makes the app's parts, for the server and the tests alike, so a part added here reaches both.
 * Nothing is started or read yet: the caller loads the content, follows other instances and
 * starts the timers it wants.
 */
export function createAppParts({ config, db, keyring, logger, mailTls, resolveMailServer, clusterTemplate }: AppPartsOptions): AppParts {
  const contentVersion = createContentVersion(db, logger);
  const checkMailServer = createMailServerCheck({ allowPrivate: config.smtpAllowPrivate, resolve: resolveMailServer });
  const settings = createSettingsService({ db, config, audit: createAuditTrail({ db }), keyring, checkMailServer, logger });
  const timeZone = () => settings.current().timeZone;
  return {
    lifecycle: createLifecycle(),
    contentVersion,
    checkMailServer,
    settings,
    // One mailer for everything that sends: SMTP_URL, else the set-up saved in Settings, else off.
    mailer: createMailer({ smtpUrl: config.smtpUrl, envFrom: staffMailFrom(config), saved: settings.smtp, keyring, checkMailServer, tls: mailTls }),
    mailboxConnection: createMailboxConnection({ keyring, saved: settings.imap, checkMailServer, tls: mailTls }),
    analytics: createAnalytics({ db, logger, timeZone, portfolioItemIdOf }),
    backups: createBackupService({ db, config, keyring, timeZone, logger, clusterTemplate }),
    siteContent: createSiteContentStore({ db, contentVersion, settings, logger }),
    backgroundTasks: createBackgroundTasks(logger),
  };
}
