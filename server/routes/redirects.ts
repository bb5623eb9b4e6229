import type Router from '@koa/router';
import { adminActor, allow, createRouter } from '../middleware/access';
import type { Redirects } from '../redirects';

/**
 * The Redirects list (Website > Redirects), for every signed-in admin, as the content is (docs/api.md):
 * - `GET /api/redirects` → `{ redirects: [{ id, from, to, hits, lastHitAt, createdBy, createdAt, automatic }], builtIn: [{ from, to }] }`
 * - `POST /api/redirects` `{ from, to }` → 201 `{ redirect, repointed }`; 400 with `fields.from` or
 *   `fields.to` for an address refused (`from` already redirecting included)
 * - `DELETE /api/redirects/{id}` → 204; 404 when there is no such redirect
 */
export function redirectRoutes(redirects: Redirects): Router {
  const router = createRouter();

  router.get('/api/redirects', allow.admin, async (ctx) => {
    ctx.body = await redirects.list();
  });

  router.post('/api/redirects', allow.admin, async (ctx) => {
    ctx.body = await redirects.add(ctx.request.body, adminActor(ctx));
    ctx.status = 201;
  });

  router.delete('/api/redirects/:id', allow.admin, async (ctx) => {
    await redirects.remove(ctx.params.id ?? '', adminActor(ctx));
    ctx.status = 204;
  });

  return router;
}
