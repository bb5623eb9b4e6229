import type { Knex } from 'knex';
import type { AdminRole } from '../../shared/admin-auth';
import type { AdminSessionRow } from './tables';

export type AdminSessionWithUser = AdminSessionRow & { username: string; role: AdminRole; disabled_at: Date | null; totp_enabled_at: Date | null; display_name: string | null; email: string | null; email_verified_at: Date | null };

export async function insertAdminSession(knex: Knex, session: AdminSessionRow): Promise<void> {
  await knex<AdminSessionRow>('admin_sessions').insert(session);
}

/** The session with this id hash together with its admin's username, role, display name and address. */
export async function findAdminSession(knex: Knex, idHash: string): Promise<AdminSessionWithUser | undefined> {
  return knex('admin_sessions as s')
    .join('admin_users as u', 'u.id', 's.admin_user_id')
    .where('s.id_hash', idHash)
    .first<AdminSessionWithUser | undefined>('s.*', 'u.username', 'u.role', 'u.disabled_at', 'u.totp_enabled_at', 'u.display_name', 'u.email', 'u.email_verified_at');
}

export async function deleteAdminSession(knex: Knex, idHash: string): Promise<void> {
  await knex('admin_sessions').where({ id_hash: idHash }).delete();
}

/** Ends every session of one admin (after a password change). */
export async function deleteAdminSessionsOfUser(knex: Knex, adminUserId: number): Promise<number> {
  return knex('admin_sessions').where({ admin_user_id: adminUserId }).delete();
}

export async function touchAdminSession(knex: Knex, idHash: string, lastSeenAt: Date): Promise<void> {
  await knex('admin_sessions').where({ id_hash: idHash }).update({ last_seen_at: lastSeenAt });
}

export async function deleteExpiredAdminSessions(knex: Knex, now: Date): Promise<number> {
  return knex('admin_sessions').where('expires_at', '<=', now).delete();
}

/** One admin's unexpired sessions, the most recently used first. */
export async function listAdminSessionsOfUser(knex: Knex, adminUserId: number, now: Date): Promise<AdminSessionRow[]> {
  return knex<AdminSessionRow>('admin_sessions')
    .where({ admin_user_id: adminUserId })
    .andWhere('expires_at', '>', now)
    .orderBy([{ column: 'last_seen_at', order: 'desc' }, { column: 'id_hash', order: 'asc' }]);
}

/** Ends one session of one admin; false when that admin has no such session. */
export async function deleteAdminSessionOfUser(knex: Knex, adminUserId: number, idHash: string): Promise<boolean> {
  return (await knex('admin_sessions').where({ admin_user_id: adminUserId, id_hash: idHash }).delete().returning('id_hash')).length > 0;
}

/** Ends every session of one admin but the one given (after a change of one's own password). */
export async function deleteOtherAdminSessions(knex: Knex, adminUserId: number, keepIdHash: string): Promise<number> {
  return knex('admin_sessions').where({ admin_user_id: adminUserId }).whereNot({ id_hash: keepIdHash }).delete();
}

/** Moves a session to a new id (its hash): the same session goes on, and the old cookie opens nothing. */
export async function renameAdminSession(knex: Knex, idHash: string, newIdHash: string): Promise<boolean> {
  return (await knex('admin_sessions').where({ id_hash: idHash }).update({ id_hash: newIdHash }).returning('id_hash')).length > 0;
}
