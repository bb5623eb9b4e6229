import Koa from 'koa';
import Router from '@koa/router';
import { allow, assertEveryRouteDeclared, createRouter, routeTableOf } from './access';

/** An app with one router mounted, as `createApp` mounts them. */
function appWith(router: Router): Koa {
  const app = new Koa();
  app.use(router.routes());
  return app;
}

describe('route declarations', () => {
  it('let an app start when every route says who may call it', () => {
    const router = createRouter();
    router.get('/api/things', allow.admin, (ctx) => void (ctx.body = []));
    router.post('/api/things', allow.owner, (ctx) => void (ctx.status = 201));
    expect(() => assertEveryRouteDeclared(appWith(router))).not.toThrow();
    expect(routeTableOf(appWith(router))).toEqual([
      { method: 'GET', path: '/api/things', access: { who: 'admin', twoFactor: 'complete' } },
      { method: 'POST', path: '/api/things', access: { who: 'owner', twoFactor: 'complete' } },
    ]);
  });

  it('refuse to start an app with a route that declares nothing, naming it', () => {
    const router = createRouter();
    router.get('/api/things', allow.admin, (ctx) => void (ctx.body = []));
    router.delete('/api/things/:id', (ctx) => void (ctx.status = 204));
    expect(() => assertEveryRouteDeclared(appWith(router))).toThrow('DELETE /api/things/:id: no access declared');
  });

  it('refuse a declaration that is not the route’s first middleware', () => {
    const router = createRouter();
    router.get('/api/things', async (_ctx, next) => next(), allow.admin, (ctx) => void (ctx.body = []));
    expect(() => assertEveryRouteDeclared(appWith(router))).toThrow('GET /api/things: no access declared');
  });

  it('refuse middleware a router runs in front of its routes, and routers that match other spellings', () => {
    const guarded = createRouter();
    guarded.use(allow.admin);
    guarded.get('/api/things', allow.admin, (ctx) => void (ctx.body = []));
    expect(() => assertEveryRouteDeclared(appWith(guarded))).toThrow('router.use()');
    const loose = new Router();
    loose.get('/api/things', allow.admin, (ctx) => void (ctx.body = []));
    expect(() => assertEveryRouteDeclared(appWith(loose))).toThrow('GET /api/things: matches other spellings');
  });
});
