import type { Knex } from 'knex';
import type { AdminPasswordLinkRow } from './tables';

/** Replaces any earlier link of the account: only the newest one works. */
export async function replaceAdminPasswordLink(knex: Knex, link: AdminPasswordLinkRow): Promise<void> {
  await knex('admin_password_links').where({ admin_user_id: link.admin_user_id }).delete();
  await knex('admin_password_links').insert(link);
}

/** The unexpired link with this token hash, with its account's username. */
export async function findAdminPasswordLink(knex: Knex, tokenHash: string, now: Date): Promise<(AdminPasswordLinkRow & { username: string }) | undefined> {
  return knex('admin_password_links as l')
    .join('admin_users as u', 'u.id', 'l.admin_user_id')
    .where('l.token_hash', tokenHash)
    .andWhere('l.expires_at', '>', now)
    .first<(AdminPasswordLinkRow & { username: string }) | undefined>('l.*', 'u.username');
}

/** Uses a link up: true when it was still there (so two tabs cannot both use it). */
export async function deleteAdminPasswordLink(knex: Knex, tokenHash: string): Promise<boolean> {
  // `returning` counts the same on PostgreSQL and PGlite (a bare delete's count does not).
  return (await knex('admin_password_links').where({ token_hash: tokenHash }).delete().returning('token_hash')).length > 0;
}

export async function deleteAdminPasswordLinksOfUser(knex: Knex, adminUserId: number): Promise<void> {
  await knex('admin_password_links').where({ admin_user_id: adminUserId }).delete();
}

/** The account's unexpired link if it was made at `since` or later. */
export async function findAdminPasswordLinkOfUserSince(knex: Knex, adminUserId: number, since: Date, now: Date): Promise<AdminPasswordLinkRow | undefined> {
  return knex<AdminPasswordLinkRow>('admin_password_links').where({ admin_user_id: adminUserId }).andWhere('created_at', '>=', since).andWhere('expires_at', '>', now).first();
}
