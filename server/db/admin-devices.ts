import type { Knex } from 'knex';
import type { AdminDeviceRow } from './tables';

/**
 * The unexpired device whose token has this hash, if it belongs to the account with this username
 * (any case): a device cookie counts only for the account it was issued to.
 */
export async function findAdminDeviceOfUsername(
  knex: Knex,
  query: { tokenHash: string; username: string; now: Date },
): Promise<AdminDeviceRow | undefined> {
  const row = await knex('admin_devices as d')
    .join('admin_users as u', 'u.id', 'd.admin_user_id')
    .where('d.token_hash', query.tokenHash)
    .andWhere('d.expires_at', '>', query.now)
    .andWhereRaw('lower(u.username) = lower(?)', [query.username])
    .first<AdminDeviceRow | undefined>('d.*');
  // bigint ids come back as strings from pg and as numbers from PGlite.
  return row && { ...row, id: String(row.id) };
}

export async function insertAdminDevice(knex: Knex, device: Omit<AdminDeviceRow, 'id'>): Promise<void> {
  await knex('admin_devices').insert(device);
}

/** Gives a known device a new token and a new lifetime (the old token stops working). */
export async function renewAdminDevice(
  knex: Knex,
  renewal: { id: string; tokenHash: string; lastUsedAt: Date; expiresAt: Date },
): Promise<void> {
  await knex('admin_devices')
    .where({ id: renewal.id })
    .update({ token_hash: renewal.tokenHash, last_used_at: renewal.lastUsedAt, expires_at: renewal.expiresAt });
}

/** Forgets every device of one admin (after a password change). */
export async function deleteAdminDevicesOfUser(knex: Knex, adminUserId: number): Promise<number> {
  return knex('admin_devices').where({ admin_user_id: adminUserId }).delete();
}

export async function deleteExpiredAdminDevices(knex: Knex, now: Date): Promise<number> {
  return knex('admin_devices').where('expires_at', '<=', now).delete();
}
