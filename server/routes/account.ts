import type Router from '@koa/router';
import type { Config } from '../config';
import { adminActor, allow, createRouter } from '../middleware/access';
import { setSessionCookie } from '../middleware/admin-session';
import type { AdminAuth, AdminUsers, StaffEmail } from '../auth';
import type { AccountJson } from '../../shared/admin-account';
import { ConflictError } from '../errors';
import { messages } from '../messages';

/**
 * The signed-in admin's own account, whatever the role: `POST /api/account/password`
 * `{ currentPassword, newPassword }` → 204 (every other session ends; this one gets a new id, so a
 * new session cookie); `GET /api/account/sessions`
 * → the sessions (device, IP, created, last seen); `DELETE /api/account/sessions/{id}` → 204;
 * `GET /api/account` and two-factor sign-in's setup, enable and turning off; `POST /api/account/email`
 * `{ email | null, password }` → `{ email, emailVerified, verificationSentTo? | verificationError? }`
 * (a new address gets a link to verify it); `POST /api/account/email/confirmation` → the same answer
 * (the link for the address as it stands, mailed again: 409 when there is none to confirm);
 * `POST /api/account/display-name` `{ displayName }` →
 * `{ displayName }` (the name replies to clients are signed with); passkeys: `GET /api/account/passkeys`,
 * `POST /api/account/passkeys/options` `{ password, name }` → WebAuthn creation options, `POST
 * /api/account/passkeys` `{ name, response }` → 201 the passkey, `PATCH /api/account/passkeys/{id}`
 * `{ name }`, `POST /api/account/passkeys/{id}/remove/options` → WebAuthn request options, `POST
 * /api/account/passkeys/{id}/remove` `{ password }` or `{ passkey }` → 204.
 */
export function accountRoutes(auth: AdminAuth, staffEmail: StaffEmail, users: AdminUsers, config: Pick<Config, 'isProduction'>): Router {
  const router = createRouter();

  router.get('/api/account', allow.adminDuringTwoFactorSetup, async (ctx) => {
    const admin = ctx.state.admin!;
    const account: AccountJson = {
      username: admin.username,
      role: admin.role,
      twoFactor: admin.twoFactor,
      recoveryCodesLeft: admin.twoFactor ? await auth.twoFactor.recoveryCodesLeft(admin.id) : 0,
      twoFactorSetupRequired: Boolean(ctx.state.twoFactorSetupRequired),
      displayName: admin.displayName,
      ...(await staffEmail.own(admin.id)),
    };
    ctx.body = account;
  });

  // Two-factor sign-in: setup → { secret, otpauthUrl, qrSvg }; enable { code } → { recoveryCodes };
  // disable { password } turns it off. Open to an account the owners' rule sent to set it up,
  // unless it has a passkey (then it signs in with that: the password alone adds no way in).
  router.post('/api/account/totp/setup', allow.adminDuringTwoFactorSetup, async (ctx) => {
    await auth.passkeys.assertMayAddSecondFactor(ctx.state.admin!);
    ctx.body = await auth.twoFactor.setup(adminActor(ctx));
  });

  router.post('/api/account/totp/enable', allow.adminDuringTwoFactorSetup, async (ctx) => {
    await auth.passkeys.assertMayAddSecondFactor(ctx.state.admin!);
    ctx.body = await auth.twoFactor.enable(adminActor(ctx), ctx.request.body);
  });

  router.post('/api/account/totp/disable', allow.admin, async (ctx) => {
    await auth.turnOffOwnTwoFactor(ctx.state.admin!, ctx.request.body, ctx.ip);
    ctx.status = 204;
  });

  router.post('/api/account/password', allow.admin, async (ctx) => {
    const renewed = await auth.changeOwnPassword(ctx.state.admin!, ctx.state.adminSession!, ctx.request.body, ctx.ip);
    setSessionCookie(ctx, config, renewed.sessionId, renewed.session);
    ctx.status = 204;
  });

  router.post('/api/account/email', allow.admin, async (ctx) => {
    ctx.body = await staffEmail.setOwn(ctx.state.admin!, ctx.request.body, ctx.ip);
  });

  router.post('/api/account/email/confirmation', allow.admin, async (ctx) => {
    const sent = await staffEmail.sendConfirmation(ctx.state.admin!.id);
    if (!sent) throw new ConflictError(messages.account.nothingToConfirm);
    ctx.body = sent;
  });

  router.post('/api/account/display-name', allow.admin, async (ctx) => {
    ctx.body = await users.setOwnDisplayName(ctx.state.admin!, ctx.request.body, ctx.ip);
  });

  // Passkeys: list; options { password, name } then add { name, response } (open during the
  // owners' two-factor setup: a passkey meets that rule, unless the account has one already and
  // this session was opened by the password alone); rename { name }; remove { password }.
  router.get('/api/account/passkeys', allow.adminDuringTwoFactorSetup, async (ctx) => {
    ctx.body = await auth.passkeys.list(ctx.state.admin!.id, ctx.state.adminSession!);
  });

  router.post('/api/account/passkeys/options', allow.adminDuringTwoFactorSetup, async (ctx) => {
    ctx.body = await auth.passkeys.registrationOptions(ctx.state.admin!, ctx.state.adminSession!, ctx.request.body, ctx.ip);
  });

  router.post('/api/account/passkeys', allow.adminDuringTwoFactorSetup, async (ctx) => {
    ctx.status = 201;
    ctx.body = await auth.passkeys.add(ctx.state.admin!, ctx.state.adminSession!, ctx.request.body, ctx.ip);
  });

  router.patch('/api/account/passkeys/:id', allow.admin, async (ctx) => {
    ctx.body = await auth.passkeys.rename(ctx.state.admin!, ctx.state.adminSession!, ctx.params.id!, ctx.request.body, ctx.ip);
  });

  // Removing: confirmed with { password }, or { passkey } answering these options (same audience).
  router.post('/api/account/passkeys/:id/remove/options', allow.admin, async (ctx) => {
    ctx.body = await auth.passkeys.removalOptions(ctx.state.admin!, ctx.state.adminSession!, ctx.params.id!);
  });

  router.post('/api/account/passkeys/:id/remove', allow.admin, async (ctx) => {
    await auth.passkeys.remove(ctx.state.admin!, ctx.state.adminSession!, ctx.params.id!, ctx.request.body, ctx.ip);
    ctx.status = 204;
  });

  router.get('/api/account/sessions', allow.admin, async (ctx) => {
    ctx.body = await auth.listSessions(ctx.state.admin!, ctx.state.adminSession!);
  });

  router.delete('/api/account/sessions/:id', allow.admin, async (ctx) => {
    await auth.endSession(ctx.state.admin!, ctx.params.id!, ctx.ip);
    ctx.status = 204;
  });

  return router;
}
