import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Config } from '../config';
import { parseInput } from '../errors';
import { adminActor, allow, createRouter } from '../middleware/access';
import { adminUsernameSchema, type AdminUsers, type NewPassword, type Passkeys } from '../auth';
import { setPasswordUrl } from '../links';
import type { AdminUserAnswer, AdminUserJson } from '../../shared/admin-users';

/**
 * Accounts, owners only: `GET /api/users` → the list; `POST /api/users` `{ username, role,
 * passwordSetup?, email? }` → 201 `{ user, password }` (generated, shown once), `{ user,
 * setPasswordUrl, setPasswordUrlExpiresAt }` or, by e-mail, `{ user, emailedTo }` (`emailError`
 * and the link when the mail server refused); `PATCH /api/users/{username}` `{ role?, disabled?, resetPassword?,
 * twoFactor?: false, password? }` → `{ user, … }` (`password`, the caller's own, only for their own
 * second factor or password); `DELETE /api/users/{username}` → 204; `DELETE
 * /api/users/{username}/passkeys` → 204 (another account's passkeys, all of them).
 */
/** The account a path names, read with the rule every username was made by (no NUL reaches the database). */
const usernameParam = z.object({ username: adminUsernameSchema });
const usernameOf = (ctx: Context): string => parseInput(usernameParam, ctx.params).username;

export function userRoutes(users: AdminUsers, passkeys: Pick<Passkeys, 'removeAllOf'>, config: Pick<Config, 'publicUrl'>): Router {
  const router = createRouter();

  const answer = (user: AdminUserJson, disclosed: NewPassword): AdminUserAnswer => {
    const body: AdminUserAnswer = { user };
    if (disclosed.password) body.password = disclosed.password;
    if (disclosed.link) {
      body.setPasswordUrl = setPasswordUrl(config.publicUrl, disclosed.link.token);
      body.setPasswordUrlExpiresAt = disclosed.link.expiresAt.toISOString();
    }
    if (disclosed.emailedTo) body.emailedTo = disclosed.emailedTo;
    if (disclosed.emailError) body.emailError = disclosed.emailError;
    return body;
  };

  router.get('/api/users', allow.owner, async (ctx) => {
    ctx.body = await users.list();
  });

  router.post('/api/users', allow.owner, async (ctx) => {
    const { user, ...disclosed } = await users.create(ctx.request.body, adminActor(ctx));
    ctx.status = 201;
    ctx.body = answer(user, disclosed);
  });

  router.patch('/api/users/:username', allow.owner, async (ctx) => {
    const { user, ...disclosed } = await users.update(usernameOf(ctx), ctx.request.body, adminActor(ctx), ctx.ip);
    ctx.body = answer(user, disclosed);
  });

  // A lost device: every passkey of another account goes, and it is signed out everywhere.
  router.delete('/api/users/:username/passkeys', allow.owner, async (ctx) => {
    await passkeys.removeAllOf(adminActor(ctx), usernameOf(ctx), ctx.ip);
    ctx.status = 204;
  });

  router.delete('/api/users/:username', allow.owner, async (ctx) => {
    await users.remove(usernameOf(ctx), adminActor(ctx));
    ctx.status = 204;
  });

  return router;
}
