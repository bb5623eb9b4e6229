import type Router from '@koa/router';
import { allow, createRouter } from '../middleware/access';
import { forbidCaching } from '../middleware/page-cache';
import { isDbReachable, type Db } from '../db/connection';
import type { Lifecycle } from '../lifecycle';
import { messages } from '../messages';

/**
 * `/healthz`: the process answers (for restarts). `/readyz`: it can serve traffic (for the load
 * balancer): the database answers and the process is not shutting down.
 */
export function healthRoutes(db: Db, lifecycle: Lifecycle): Router {
  const router = createRouter();
  router.get('/healthz', allow.anyone, (ctx) => {
    forbidCaching(ctx);
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', allow.anyone, async (ctx) => {
    forbidCaching(ctx);
    if (lifecycle.shuttingDown) {
      ctx.status = 503;
      ctx.body = { error: 'Shutting down' };
    } else if (!(await isDbReachable(db))) {
      ctx.status = 503;
      ctx.set('Retry-After', '5');
      ctx.body = { error: messages.http.databaseUnavailable };
    } else {
      ctx.body = { status: 'ready' };
    }
  });
  return router;
}
