import Router from '@koa/router';
import { requireAdmin } from '../middleware/require-admin';
import type { AdminAuth } from '../services/admin-auth';

/**
 * The signed-in admin's own account, whatever the role: `POST /api/account/password`
 * `{ currentPassword, newPassword }` → 204 (every other session ends); `GET /api/account/sessions`
 * → the sessions (device, IP, created, last seen); `DELETE /api/account/sessions/{id}` → 204.
 */
export function accountRoutes(auth: AdminAuth): Router {
  const router = new Router({ prefix: '/api/account' });

  router.post('/password', requireAdmin(), async (ctx) => {
    await auth.changeOwnPassword(ctx.state.admin!, ctx.state.adminSession!, ctx.request.body, ctx.ip);
    ctx.status = 204;
  });

  router.get('/sessions', requireAdmin(), async (ctx) => {
    ctx.body = await auth.listSessions(ctx.state.admin!, ctx.state.adminSession!);
  });

  router.delete('/sessions/:id', requireAdmin(), async (ctx) => {
    await auth.endSession(ctx.state.admin!, ctx.params.id!, ctx.ip);
    ctx.status = 204;
  });

  return router;
}
