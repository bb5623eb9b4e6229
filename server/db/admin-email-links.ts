import type { Knex } from 'knex';
import type { AdminEmailLinkRow } from './tables';

/** Replaces any earlier link of the account: only the newest address being verified has a working link. */
export async function replaceAdminEmailLink(knex: Knex, link: AdminEmailLinkRow): Promise<void> {
  await knex('admin_email_links').where({ admin_user_id: link.admin_user_id }).delete();
  await knex('admin_email_links').insert(link);
}

/** The unexpired link with this token hash. */
export async function findAdminEmailLink(knex: Knex, tokenHash: string, now: Date): Promise<AdminEmailLinkRow | undefined> {
  return knex<AdminEmailLinkRow>('admin_email_links').where('token_hash', tokenHash).andWhere('expires_at', '>', now).first();
}

/** Uses a link up: true when it was still there (so two tabs cannot both use it). */
export async function deleteAdminEmailLink(knex: Knex, tokenHash: string): Promise<boolean> {
  return (await knex('admin_email_links').where({ token_hash: tokenHash }).delete().returning('token_hash')).length > 0;
}

export async function deleteAdminEmailLinksOfUser(knex: Knex, adminUserId: number): Promise<void> {
  await knex('admin_email_links').where({ admin_user_id: adminUserId }).delete();
}
