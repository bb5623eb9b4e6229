import type { Knex } from 'knex';
import type { z } from 'zod';
import { countAdminUsers, deleteAdminUser, findAdminUserByUsername, insertAdminUser, updateAdminPasswordHash, updateAdminUser } from '../db/admin-users';
import { deleteAdminPasswordLinksOfUser, findAdminPasswordLinkOfUserSince, replaceAdminPasswordLink } from '../db/admin-password-links';
import type { AdminUserRow } from '../db/tables';
import { parseValue, ValidationError } from '../errors';
import type { Logger } from '../logger';
import { SYSTEM_ACTOR, type AuditTrail } from '../services/audit';
import { displayNameSchema } from '../../shared/admin-users';
import { adminPasswordSchema, adminUsernameSchema, hashPassword, hashToken, newToken, NO_PASSWORD_HASH } from './credentials';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const GENERATED_ADMIN_USERNAME = 'admin';

/** How long the first admin's setup address works. */
export const FIRST_ADMIN_SETUP_MS = HOUR;
/**
 * A start this soon after another issued the setup address leaves it alone: instances starting
 * together would otherwise each print an address and end the one before. A later start (a restart
 * before the address was used) issues a new one.
 */
export const FIRST_ADMIN_SETUP_REISSUE_MS = MINUTE;

/** ADMIN_USERNAME / ADMIN_PASSWORD, and the optional ADMIN_DISPLAY_NAME. */
interface ConfiguredAdmin {
  username: string;
  password: string;
  displayName?: string;
}

export interface FirstAdminOptions {
  /** ADMIN_USERNAME / ADMIN_PASSWORD (and ADMIN_DISPLAY_NAME), when set. */
  configured?: ConfiguredAdmin;
}

/** The first admin's one-time setup: the caller turns the token into a set-password address. */
export interface FirstAdminSetup {
  username: string;
  token: string;
  expiresAt: Date;
}

/** The first owner, made at start-up while no owner can sign in. */
export function createFirstAdmin({ db, logger, now, audit }: { db: Knex; logger: Logger; now: () => Date; audit: AuditTrail }) {
  /**
   * At start-up, while no owner can sign in. With ADMIN_USERNAME / ADMIN_PASSWORD: creates that
   * owner (taking over an account still waiting for its first password), named ADMIN_DISPLAY_NAME
   * when set. Without them: creates the owner `admin` with no usable password and no name and
   * answers a one-time setup token, which the caller prints as a set-password address (the
   * invitations' links and page, which asks for the name too): the password never exists outside
   * the owner's head, so no stream or log can keep it. A start while that account still has no
   * password issues a new token and the older one stops working. Once the setup is done, a start
   * with ADMIN_DISPLAY_NAME gives that name to the ADMIN_USERNAME account if it has none.
   *
   * The same on PostgreSQL as on the embedded database: the address is worth something only until
   * it is used or for an hour, and if someone else used it first, the owner finds it spent and
   * knows (`npm run admin -- set-password admin` then takes the account back, signing it out
   * everywhere); a printed password would have kept working silently for whoever read the output.
   */
  async function ensureFirstAdmin({ configured }: FirstAdminOptions): Promise<FirstAdminSetup | undefined> {
    // The usual start: the setup is done, and no lock is taken.
    if ((await countAdminUsers(db)) > 0 && !(await findOwnerAwaitingPassword(db))) {
      if (configured?.displayName) await nameConfiguredAdmin(parseConfiguredAdmin(configured));
      return undefined;
    }
    const parsed = configured && parseConfiguredAdmin(configured);
    const passwordHash = parsed && (await hashPassword(parsed.password));
    // Instances starting at once take turns here, so one account is created and one address issued.
    return db.transaction(async (trx) => {
      await lockFirstAdminSetup(trx);
      const pending = await findOwnerAwaitingPassword(trx);
      if (!pending && (await countAdminUsers(trx)) > 0) return undefined;
      const at = now();
      if (parsed && passwordHash) {
        const existing = await findAdminUserByUsername(trx, parsed.username);
        if (existing && existing.id !== pending?.id) {
          logger.warn({ username: parsed.username }, 'ADMIN_USERNAME names an account that exists already; it was left as it is');
          return undefined;
        }
        if (existing) {
          await updateAdminPasswordHash(trx, { id: existing.id, passwordHash, now: at });
          await deleteAdminPasswordLinksOfUser(trx, existing.id);
          if (parsed.displayName) await updateAdminUser(trx, existing.id, { display_name: parsed.displayName });
        } else {
          // The waiting account never had a password, so nothing is lost with it (its link goes too).
          if (pending) await deleteAdminUser(trx, pending.id);
          await insertAdminUser(trx, { username: parsed.username, passwordHash, role: 'owner', displayName: parsed.displayName, now: at });
        }
        logger.info({ username: parsed.username }, 'first admin created from ADMIN_USERNAME / ADMIN_PASSWORD');
        return undefined;
      }
      if (pending) {
        const recent = await findAdminPasswordLinkOfUserSince(trx, pending.id, new Date(at.getTime() - FIRST_ADMIN_SETUP_REISSUE_MS), at);
        if (recent) {
          logger.warn({ username: pending.username }, 'first admin setup address issued less than a minute ago (by an instance starting at the same time, or the start before this one) still works; see that output');
          return undefined;
        }
      }
      const user = pending ?? (await insertAdminUser(trx, { username: GENERATED_ADMIN_USERNAME, passwordHash: NO_PASSWORD_HASH, role: 'owner', now: at }));
      const token = newToken();
      const expiresAt = new Date(at.getTime() + FIRST_ADMIN_SETUP_MS);
      await replaceAdminPasswordLink(trx, { token_hash: hashToken(token), admin_user_id: user.id, created_at: at, expires_at: expiresAt });
      // The token goes to the terminal only: logs are kept, shipped and read by more people.
      logger.warn(
        { username: user.username, expiresAt },
        pending
          ? 'first admin still has no password; a new one-time setup address is shown on the terminal (not logged), the earlier one no longer works'
          : 'first admin created without a password; its one-time setup address is shown on the terminal (not logged)',
      );
      return { username: user.username, token, expiresAt };
    });
  }

  /**
   * ADMIN_DISPLAY_NAME on a later start: the account ADMIN_USERNAME names gets it if it has no name
   * yet (one made before accounts had names), never over a name its owner chose. Instances starting
   * together fill it in once: the update only finds the row while its name is still missing.
   */
  async function nameConfiguredAdmin({ username, displayName }: ConfiguredAdmin): Promise<void> {
    if (!displayName) return;
    await db.transaction(async (trx) => {
      const [named] = await trx<AdminUserRow>('admin_users')
        .whereRaw('lower(username) = lower(?)', [username])
        .whereNull('display_name')
        .update({ display_name: displayName, updated_at: now() })
        .returning(['id', 'username']);
      if (!named) return;
      await audit.record(SYSTEM_ACTOR, { action: 'account.display-name', target: { type: 'user', id: named.username }, summary: `name "${displayName}" from ADMIN_DISPLAY_NAME` }, trx);
      logger.info({ username: named.username }, 'display name of the ADMIN_USERNAME account set from ADMIN_DISPLAY_NAME');
    });
  }

  return { ensureFirstAdmin };
}

/**
 * The first owner created without a password, while it still has none and no other owner can
 * sign in (one added with `npm run admin -- create` ends the setup as well).
 */
async function findOwnerAwaitingPassword(knex: Knex): Promise<AdminUserRow | undefined> {
  const owners = await knex<AdminUserRow>('admin_users').where({ role: 'owner' }).whereNull('disabled_at').orderBy('id').select('*');
  return owners.every((owner) => owner.password_hash === NO_PASSWORD_HASH) ? owners[0] : undefined;
}

/** Held until the transaction ends; every instance's start-up asks for the same one. */
async function lockFirstAdminSetup(trx: Knex): Promise<void> {
  await trx.raw("select pg_advisory_xact_lock(hashtext('first admin setup'))");
}

/** The variables checked by the accounts' own rules; a broken one stops the start, named. */
function parseConfiguredAdmin(configured: ConfiguredAdmin): ConfiguredAdmin {
  const parse = <T>(variables: string, schema: z.ZodType<T>, value: unknown): T => {
    try {
      return parseValue(schema, value);
    } catch (error) {
      if (error instanceof ValidationError) throw new Error(`${variables}: ${error.message}`, { cause: error });
      throw error;
    }
  };
  return {
    username: parse('ADMIN_USERNAME / ADMIN_PASSWORD', adminUsernameSchema, configured.username),
    password: parse('ADMIN_USERNAME / ADMIN_PASSWORD', adminPasswordSchema, configured.password),
    displayName: configured.displayName === undefined ? undefined : parse('ADMIN_DISPLAY_NAME', displayNameSchema, configured.displayName),
  };
}
