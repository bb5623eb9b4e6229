import type { Knex } from 'knex';
import { countAdminUsers, findAdminUserByUsername, insertAdminUser } from '../db/admin-users';
import type { AdminUserRow } from '../db/tables';
import { ConflictError, parseValue } from '../errors';
import type { Logger } from '../logger';
import { messages } from '../messages';
import type { AdminRole } from '../../shared/admin-auth';
import { displayNameSchema } from '../../shared/admin-users';
import { adminPasswordSchema, adminUsernameSchema, hashPassword } from './credentials';

/** Creating admin accounts one at a time (the command line, Users); the first owner at start-up is `first-admin.ts`. */
export function createAccounts({ db, logger, now }: { db: Knex; logger: Logger; now: () => Date }) {
  async function hasAnyAdmin(): Promise<boolean> {
    return (await countAdminUsers(db)) > 0;
  }

  /**
   * Creates an account; the first one is always an owner, whatever `role` says. `displayName` is
   * what replies are signed with (the API and the CLI ask for it; tests may leave it out).
   */
  async function createAdmin(username: string, password: string, role: AdminRole = 'owner', displayName: string | null = null): Promise<AdminUserRow> {
    const name = parseValue(adminUsernameSchema, username);
    const secret = parseValue(adminPasswordSchema, password);
    const shownAs = displayName === null ? null : parseValue(displayNameSchema, displayName);
    if (await findAdminUserByUsername(db, name)) throw new ConflictError(messages.admin.usernameTaken(name));
    const first = !(await hasAnyAdmin());
    const row = await insertAdminUser(db, { username: name, passwordHash: await hashPassword(secret), role: first ? 'owner' : role, displayName: shownAs, now: now() });
    logger.info({ adminId: row.id, username: row.username, role: row.role }, 'admin account created');
    return row;
  }

  return { hasAnyAdmin, createAdmin };
}
