import Router from '@koa/router';
import type { Context } from 'koa';
import type { Config } from '../config';
import { requireAdmin, requireRole } from '../middleware/require-admin';
import type { Actor, AdminUsers, NewPassword } from '../services/admin-users';
import type { AdminUserAnswer, AdminUserJson } from '../../shared/admin-users';

export const SET_PASSWORD_PATH = '/admin/set-password';

/** The signed-in admin as the actor of a change (requireAdmin() has run). */
export function actorOf(ctx: Context): Actor {
  return { id: ctx.state.admin!.id, name: ctx.state.admin!.username };
}

/**
 * Accounts, owners only: `GET /api/users` → the list; `POST /api/users` `{ username, role,
 * passwordSetup? }` → 201 `{ user, password }` (generated, shown once) or `{ user, setPasswordUrl,
 * setPasswordUrlExpiresAt }`; `PATCH /api/users/{username}` `{ role?, disabled?, resetPassword? }`
 * → `{ user, … }`; `DELETE /api/users/{username}` → 204.
 */
export function userRoutes(users: AdminUsers, config: Pick<Config, 'publicUrl'>): Router {
  const router = new Router({ prefix: '/api/users' });
  router.use(requireAdmin(), requireRole('owner'));

  const answer = (user: AdminUserJson, disclosed: NewPassword): AdminUserAnswer => {
    const body: AdminUserAnswer = { user };
    if (disclosed.password) body.password = disclosed.password;
    if (disclosed.link) {
      body.setPasswordUrl = new URL(`${SET_PASSWORD_PATH}?token=${disclosed.link.token}`, config.publicUrl).toString();
      body.setPasswordUrlExpiresAt = disclosed.link.expiresAt.toISOString();
    }
    return body;
  };

  router.get('/', async (ctx) => {
    ctx.body = await users.list();
  });

  router.post('/', async (ctx) => {
    const { user, ...disclosed } = await users.create(ctx.request.body, actorOf(ctx));
    ctx.status = 201;
    ctx.body = answer(user, disclosed);
  });

  router.patch('/:username', async (ctx) => {
    const { user, ...disclosed } = await users.update(ctx.params.username!, ctx.request.body, actorOf(ctx));
    ctx.body = answer(user, disclosed);
  });

  router.delete('/:username', async (ctx) => {
    await users.remove(ctx.params.username!, actorOf(ctx));
    ctx.status = 204;
  });

  return router;
}
