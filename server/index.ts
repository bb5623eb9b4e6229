import http from 'node:http';
import { createApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { createDb } from './db/connection';
import { migrateLatest } from './db/migrate';
import { createLifecycle } from './lifecycle';
import { createLogger } from './logger';
import { DEFAULT_ASSETS_DIR } from './render/manifest';
import { createContentVersion } from './services/content-version';
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

/** Starts the site: configuration, database and migrations, then the HTTP server. */
async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
  const applied = await migrateLatest(db);
  if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');

  const lifecycle = createLifecycle();
  const contentVersion = createContentVersion(db, logger);
  contentVersion.start();
  const app = createApp({ config, db, logger, lifecycle, contentVersion, assetsDir: DEFAULT_ASSETS_DIR });
  const server = http.createServer(app.callback());
  // Slow or stalled clients are cut off instead of holding sockets (slowloris).
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;
  installGracefulShutdown({ server, db, lifecycle, logger, onStop: () => contentVersion.stop() });

  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info({ port, database: config.databaseUrl ? 'postgresql' : `embedded (${config.dataDir})` }, `listening on http://localhost:${port}`);
  });
}

main().catch((error: unknown) => {
  console.error('Start-up failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
