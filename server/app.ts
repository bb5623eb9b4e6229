import compress from 'koa-compress';
import Koa from 'koa';
import type { Config } from './config';
import type { Db } from './db/connection';
import type { Lifecycle } from './lifecycle';
import type { Logger } from './logger';
import { bodyParser } from './middleware/body-parser';
import { pageCache } from './middleware/page-cache';
import { errorHandler, notFound } from './middleware/error-handler';
import { requestContext } from './middleware/request-context';
import { securityHeaders } from './middleware/security-headers';
import { staticAssets } from './middleware/static-assets';
import { loadManifest } from './render/manifest';
import { createPageRenderer } from './render/render-page';
import { renderErrorPage } from './render/error-page';
import { healthRoutes } from './routes/health';
import { pageRoutes } from './routes/pages';
import type { ContentVersion } from './services/content-version';

export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  lifecycle: Lifecycle;
  contentVersion: ContentVersion;
  /** Folder holding the build's `manifest.json` and `assets/`. */
  assetsDir: string;
}

/**
 * The whole request path, top to bottom: who is asking, how errors are answered, the headers every
 * answer carries, then the routes by audience, and finally "not found".
 */
export function createApp({ config, db, logger, lifecycle, contentVersion, assetsDir }: AppDeps): Koa {
  const app = new Koa({ proxy: config.trustProxy });
  const renderPage = createPageRenderer(config, loadManifest(assetsDir));

  // A shutting-down instance tells keep-alive clients to reconnect elsewhere.
  app.use(async (ctx, next) => {
    if (lifecycle.shuttingDown) ctx.set('Connection', 'close');
    await next();
  });
  app.use(requestContext(logger, config.trustProxy));
  app.use(errorHandler(renderErrorPage(renderPage)));
  app.use(securityHeaders(config));
  app.use(compress({ threshold: 1024 }));
  app.use(staticAssets(assetsDir));

  app.use(healthRoutes(db, lifecycle).routes());
  app.use(bodyParser());
  app.use(pageCache(contentVersion));
  app.use(pageRoutes(renderPage).routes());

  app.use(notFound());
  return app;
}
