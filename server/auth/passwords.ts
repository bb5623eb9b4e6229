import type { Knex } from 'knex';
import { findAdminUserById, findAdminUserByUsername, updateAdminPasswordHash } from '../db/admin-users';
import { deleteAdminPasswordLinksOfUser } from '../db/admin-password-links';
import { deleteAdminSessionsOfUser, deleteOtherAdminSessions, renameAdminSession } from '../db/admin-sessions';
import { deleteAdminDevicesOfUser } from '../db/admin-devices';
import type { AdminUserRow } from '../db/tables';
import { NotFoundError, parseValue, RateLimitedError, ValidationError } from '../errors';
import type { Logger } from '../logger';
import { messages } from '../messages';
import type { AuditActor, AuditTrail } from '../services/audit';
import { passwordChangeSchema } from '../../shared/admin-account';
import { adminLoginMessages } from '../../shared/admin-auth';
import { fieldErrorsOf, firstErrorOf } from '../../shared/zod-errors';
import { counted } from '../../shared/text';
import { adminPasswordSchema, hashPassword, hashToken, newToken, passwordFits } from './credentials';
import type { LoginClient, LoginThrottle } from './login-throttle';
import type { AdminSessionState, SignedInAdmin } from './sessions';

export interface PasswordsDeps {
  db: Knex;
  logger: Logger;
  now: () => Date;
  audit: AuditTrail;
  throttle: LoginThrottle;
}

/**
 * An admin's password: proving it (throttled like a sign-in), changing one's own, setting anyone's
 * (the command line, a set-password link), and clearing the sign-in failures that lock it out.
 */
export function createPasswords({ db, logger, now, audit, throttle }: PasswordsDeps) {
  /** Whether `password` is this account's password (same cost as a login's check). */
  async function passwordMatches(adminId: number, password: string): Promise<boolean> {
    const user = await findAdminUserById(db, adminId);
    return Boolean(user) && (await passwordFits(user!.password_hash, password));
  }

  /**
   * Sets a new password, ends every session of that admin (but `keepSessionIdHash`, the one
   * changing its own password), forgets its known devices and any set-password link. `within`
   * runs in the same transaction (the audit row of the change).
   */
  async function setPassword(
    username: string,
    password: string,
    { keepSessionIdHash, within }: { keepSessionIdHash?: string; within?: (trx: Knex, user: AdminUserRow) => Promise<void> } = {},
  ): Promise<AdminUserRow> {
    const secret = parseValue(adminPasswordSchema, password);
    const user = await findAdminUserByUsername(db, username.trim());
    if (!user) throw new NotFoundError(messages.admin.noSuchAdmin(username.trim()));
    const passwordHash = await hashPassword(secret);
    await db.transaction(async (trx) => {
      await within?.(trx, user);
      await updateAdminPasswordHash(trx, { id: user.id, passwordHash, now: now() });
      if (keepSessionIdHash) await deleteOtherAdminSessions(trx, user.id, keepSessionIdHash);
      else await deleteAdminSessionsOfUser(trx, user.id);
      await deleteAdminDevicesOfUser(trx, user.id);
      await deleteAdminPasswordLinksOfUser(trx, user.id);
    });
    logger.info({ adminId: user.id, username: user.username }, 'admin password changed; sessions ended, devices forgotten');
    return user;
  }

  /**
   * Changes the signed-in admin's own password: the current one must be right (a wrong one counts
   * in the login throttle like a failed sign-in), and every other session of the account ends.
   * The current session goes on under a new id (returned for the cookie), so whoever had learnt
   * the old one is signed out with the rest; it keeps its CSRF token, which the open dashboard holds.
   */
  async function changeOwnPassword(admin: SignedInAdmin, session: AdminSessionState, input: unknown, ip: string): Promise<{ sessionId: string; session: AdminSessionState }> {
    const parsed = passwordChangeSchema.safeParse(input ?? {});
    if (!parsed.success) throw new ValidationError(messages.account.invalid, fieldErrorsOf(parsed.error, { unknownField: messages.account.unknownField }));
    const { currentPassword, newPassword } = parsed.data;
    // The new password's rules first: breaking them is no guess of a secret.
    const newPasswordCheck = adminPasswordSchema.safeParse(newPassword);
    if (!newPasswordCheck.success) {
      const message = firstErrorOf(newPasswordCheck.error).message;
      throw new ValidationError(message, { newPassword: message });
    }
    const at = now();
    const client: LoginClient = { usernameKey: admin.username.toLowerCase(), ip, deviceId: null };
    const verdict = await throttle.checkThrottle('password', client, at);
    if (verdict.throttled) throw new RateLimitedError(adminLoginMessages.throttled(verdict.retryAfterSeconds), verdict.retryAfterSeconds);
    if (!(await passwordMatches(admin.id, currentPassword))) {
      throw new ValidationError(messages.account.wrongCurrentPassword, { currentPassword: messages.account.wrongCurrentPassword });
    }
    const sessionId = newToken();
    const renewed: AdminSessionState = { ...session, idHash: hashToken(sessionId) };
    await setPassword(admin.username, newPassword, {
      keepSessionIdHash: renewed.idHash,
      within: async (trx) => {
        await renameAdminSession(trx, session.idHash, renewed.idHash);
        await throttle.forgive(trx, client);
        await audit.record({ id: admin.id, name: admin.username }, { action: 'account.password-change', target: { type: 'user', id: admin.username }, summary: 'other sessions ended; this one has a new id', ip }, trx);
      },
    });
    return { sessionId, session: renewed };
  }

  /**
   * The signed-in admin proves it is them with their password before changing their own account's
   * secrets (wherever that is asked: Your account, or their own row in Users). A wrong or missing
   * password answers 400 on the `password` field and counts in the login throttle like a failed
   * sign-in; a right one forgives this address's failures, as a sign-in does.
   */
  async function proveOwnPassword(admin: { id: number; name: string }, password: unknown, ip: string): Promise<void> {
    const client: LoginClient = { usernameKey: admin.name.toLowerCase(), ip, deviceId: null };
    const verdict = await throttle.checkThrottle('password', client, now());
    if (verdict.throttled) throw new RateLimitedError(adminLoginMessages.throttled(verdict.retryAfterSeconds), verdict.retryAfterSeconds);
    if (typeof password !== 'string' || !password || !(await passwordMatches(admin.id, password))) {
      throw new ValidationError(messages.account.wrongCurrentPassword, { password: messages.account.wrongCurrentPassword });
    }
    await throttle.forgive(db, client);
  }

  /**
   * Clears the sign-in failures counted against an account's username, from every address and
   * device, so no limit holds it any longer (the daily ceiling above all, when guessing spread over
   * many addresses has locked out every browser the account does not know). Audited; returns how
   * many failures went.
   */
  async function unlock(username: string, actor: AuditActor, how: string): Promise<{ user: AdminUserRow; cleared: number }> {
    const user = await findAdminUserByUsername(db, username.trim());
    if (!user) throw new NotFoundError(messages.admin.noSuchAdmin(username.trim()));
    const cleared = await db.transaction(async (trx) => {
      const count = await throttle.clearUsername(trx, user.username.toLowerCase());
      await audit.record(actor, { action: 'user.unlock', target: { type: 'user', id: user.username }, summary: `${counted(count, 'failure')} cleared (${how})` }, trx);
      return count;
    });
    logger.info({ adminId: user.id, username: user.username, cleared }, 'admin sign-in failures cleared');
    return { user, cleared };
  }

  return { passwordMatches, setPassword, changeOwnPassword, proveOwnPassword, unlock };
}

export type Passwords = ReturnType<typeof createPasswords>;
