import knexFactory from 'knex';
import { createApp } from '../../server/app';
import { NO_KEYRING } from '../../server/app-key';
import { createAppParts } from '../../server/app-parts';
import { loadConfig } from '../../server/config';
import { createLogger } from '../../server/logger';
import { routeTableOf, type RouteEntry } from '../../server/middleware/access';
import { DEFAULT_ASSETS_DIR } from '../../server/render/manifest';

/**
 * The production app's own route table (every method and path, with who may call it), read from
 * the app built in this process as the server builds it (after `npm run build`). It never listens,
 * and its database is never connected to: nothing is queried while routes are only declared.
 */
export async function productionRouteTable(): Promise<RouteEntry[]> {
  const db = knexFactory({ client: 'pg', connection: 'postgres://route-table.invalid/none', pool: { min: 0, max: 1 } });
  try {
    const config = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://route-table.invalid' });
    const logger = createLogger('silent');
    const parts = createAppParts({ config, db, keyring: NO_KEYRING, logger });
    const app = createApp({ ...parts, config, db, logger, keyring: NO_KEYRING, assetsDir: DEFAULT_ASSETS_DIR });
    return routeTableOf(app);
  } finally {
    await db.destroy();
  }
}
