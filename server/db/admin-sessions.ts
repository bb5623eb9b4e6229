import type { Knex } from 'knex';
import type { AdminRole } from '../../shared/admin-auth';
import type { AdminSessionRow } from './tables';

export type AdminSessionWithUser = AdminSessionRow & { username: string; role: AdminRole };

export async function insertAdminSession(knex: Knex, session: AdminSessionRow): Promise<void> {
  await knex<AdminSessionRow>('admin_sessions').insert(session);
}

/** The session with this id hash together with its admin's username. */
export async function findAdminSession(knex: Knex, idHash: string): Promise<AdminSessionWithUser | undefined> {
  return knex('admin_sessions as s')
    .join('admin_users as u', 'u.id', 's.admin_user_id')
    .where('s.id_hash', idHash)
    .first<AdminSessionWithUser | undefined>('s.*', 'u.username', 'u.role');
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
