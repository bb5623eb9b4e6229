import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { ConnectionOptions } from 'node:tls';
import type Koa from 'koa';
import { createApp, type AppDeps } from '../../server/app';
import { createKeyring, parseAppKeys, type Keyring } from '../../server/app-key';
import { createAppParts, type AppParts } from '../../server/app-parts';
import { loadConfig, type Config } from '../../server/config';
import type { ResolveAddresses } from '../../server/services/mail-destination';
import { createLogger } from '../../server/logger';
import { clusterTemplate, createTestDb, type TestDb } from './test-db';

export const TEST_ASSETS_DIR = path.resolve(__dirname, '../../dist/test-public');

/**
 * The app's parts are the server's (`createAppParts`), with these for tests: `mailer` and
 * `mailboxConnection` trust the loopback servers' authority given as `mailTls`; `analytics` is not
 * started (tests write the views they made with `analytics.flush()`); `backups` are never
 * scheduled, and their scratch restores copy the ready cluster instead of creating one;
 * `backgroundTasks` holds what requests queued without waiting ("Forgot password?"):
 * `await backgroundTasks.idle()`.
 */
export interface TestApp extends TestDb, AppParts {
  app: Koa;
  config: Config;
  /** The application key of this app: `APP_KEY` when the test gives one, else a key of its own. */
  keyring: Keyring;
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
  const parts = createAppParts({ config, db: testDb.db, keyring, logger, mailTls, resolveMailServer, clusterTemplate: clusterTemplate() });
  await parts.siteContent.load();
  const app = createApp({ ...parts, config, db: testDb.db, logger, keyring, assetsDir: TEST_ASSETS_DIR, adminAuthOptions, now, cachedAnswerLog });
  return { ...testDb, ...parts, app, config, keyring };
}
