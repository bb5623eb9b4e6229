import type { Knex } from 'knex';
import type { AdminRole } from '../../shared/admin-auth';
import type { AdminUserRow } from './tables';

/** The account whose username matches regardless of case, if any. */
export async function findAdminUserByUsername(knex: Knex, username: string): Promise<AdminUserRow | undefined> {
  return knex<AdminUserRow>('admin_users').whereRaw('lower(username) = lower(?)', [username]).first();
}

export async function insertAdminUser(
  knex: Knex,
  user: { username: string; passwordHash: string; role: AdminRole; now: Date },
): Promise<AdminUserRow> {
  const [row] = await knex<AdminUserRow>('admin_users')
    .insert({ username: user.username, password_hash: user.passwordHash, role: user.role, created_at: user.now, updated_at: user.now })
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
