import type { Knex } from 'knex';
import type { AdminRole } from '../../shared/admin-auth';
import type { AdminUserRow } from './tables';

/** The account whose username matches regardless of case, if any. */
export async function findAdminUserByUsername(knex: Knex, username: string): Promise<AdminUserRow | undefined> {
  return knex<AdminUserRow>('admin_users').whereRaw('lower(username) = lower(?)', [username]).first();
}

/** The account whose verified e-mail address this is, regardless of case (at most one: the index says so). */
export async function findAdminUserByVerifiedEmail(knex: Knex, email: string): Promise<AdminUserRow | undefined> {
  return knex<AdminUserRow>('admin_users').whereRaw('lower(email) = lower(?)', [email]).whereNotNull('email_verified_at').first();
}

export async function findAdminUserById(knex: Knex, id: number): Promise<AdminUserRow | undefined> {
  return knex<AdminUserRow>('admin_users').where({ id }).first();
}

export async function insertAdminUser(
  knex: Knex,
  user: { username: string; passwordHash: string; role: AdminRole; now: Date; displayName?: string | null },
): Promise<AdminUserRow> {
  const [row] = await knex<AdminUserRow>('admin_users')
    .insert({ username: user.username, password_hash: user.passwordHash, role: user.role, display_name: user.displayName ?? null, created_at: user.now, updated_at: user.now })
    .returning('*');
  return row!;
}

/** Replaces the password hash; returns false when no such account exists. */
export async function updateAdminPasswordHash(
  knex: Knex,
  update: { id: number; passwordHash: string; now: Date },
): Promise<boolean> {
  const changed = await knex<AdminUserRow>('admin_users')
    .where({ id: update.id })
    .update({ password_hash: update.passwordHash, updated_at: update.now });
  return changed > 0;
}

export async function countAdminUsers(knex: Knex): Promise<number> {
  const row = await knex('admin_users').count<{ count: string | number }[]>('* as count').first();
  return Number(row?.count ?? 0);
}

/** Each account with how many unexpired sessions it has, by username. */
export async function listAdminUsersWithSessionCounts(knex: Knex, now: Date): Promise<(AdminUserRow & { active_sessions: string | number; passkeys: string | number })[]> {
  return knex('admin_users as u')
    .select(
      'u.*',
      knex.raw('(select count(*) from admin_sessions s where s.admin_user_id = u.id and s.expires_at > ?) as active_sessions', [now]),
      knex.raw('(select count(*) from admin_passkeys p where p.admin_user_id = u.id) as passkeys'),
    )
    .orderByRaw('lower(u.username)');
}

export type AdminUserChange = Partial<Pick<AdminUserRow, 'role' | 'disabled_at' | 'last_sign_in_at' | 'totp_secret' | 'totp_enabled_at' | 'totp_last_step' | 'email' | 'email_verified_at' | 'display_name'>>;

export async function updateAdminUser(knex: Knex, id: number, change: AdminUserChange & { updated_at?: Date }): Promise<void> {
  await knex<AdminUserRow>('admin_users').where({ id }).update(change);
}

export async function deleteAdminUser(knex: Knex, id: number): Promise<void> {
  await knex('admin_users').where({ id }).delete();
}

/**
 * The ids of the owners that are not disabled, locking every owner's row until the transaction
 * ends: two owners demoting each other at once cannot both see the other as the one left.
 */
export async function lockActiveOwnerIds(trx: Knex): Promise<number[]> {
  const rows = await trx<AdminUserRow>('admin_users').where({ role: 'owner' }).forUpdate().select('id', 'disabled_at');
  return rows.filter((row) => row.disabled_at === null).map((row) => row.id);
}
