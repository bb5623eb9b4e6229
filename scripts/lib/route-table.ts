import knexFactory from 'knex';
import { createApp } from '../../server/app';
import { createSiteContentStore } from '../../server/content/store';
import { NO_KEYRING } from '../../server/app-key';
import { loadConfig } from '../../server/config';
import { createLifecycle } from '../../server/lifecycle';
import { createLogger } from '../../server/logger';
import { routeTableOf, type RouteEntry } from '../../server/middleware/access';
import { DEFAULT_ASSETS_DIR } from '../../server/render/manifest';
import { createAnalytics } from '../../server/services/analytics';
import { createAuditTrail } from '../../server/services/audit';
import { createContentVersion } from '../../server/services/content-version';
import { createSettingsService } from '../../server/services/settings';
import { createMailer } from '../../server/services/mail-transport';

/**
 * The production app's own route table (every method and path, with who may call it), read from
 * the app built in this process as the server builds it (after `npm run build`). It never listens,
 * and its database is never connected to: nothing is queried while routes are only declared.
 */
export async function productionRouteTable(): Promise<RouteEntry[]> {
  const db = knexFactory({ client: 'pg', connection: 'postgres://route-table.invalid/none', pool: { min: 0, max: 1 } });
  try {
    const config = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://route-table.invalid' });
    const settings = createSettingsService({ db, config, audit: createAuditTrail({ db }) });
    const analytics = createAnalytics({ db, timeZone: () => settings.current().timeZone });
    const contentVersion = createContentVersion(db);
    const siteContent = createSiteContentStore({ db, contentVersion, settings });
    const app = createApp({ config, db, logger: createLogger('silent'), lifecycle: createLifecycle(), contentVersion, siteContent, settings, keyring: NO_KEYRING, mailer: createMailer({ envFrom: 'none', saved: () => null, keyring: NO_KEYRING }), analytics, assetsDir: DEFAULT_ASSETS_DIR });
    return routeTableOf(app);
  } finally {
    await db.destroy();
  }
}
