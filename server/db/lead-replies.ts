import type { Knex } from 'knex';
import type { AdminUserRow, ReplyTemplateRow } from './tables';

/** What a reply needs of the account writing it: the name it goes out as, and its address once confirmed. */
export interface ReplyWriter {
  displayName: string | null;
  confirmedEmail: string | null;
}

/** The writer of a reply as the account is now (no account, such as the system: neither). */
export async function replyWriterOf(db: Knex, adminId: number | null): Promise<ReplyWriter> {
  const row = adminId === null ? undefined : await db<AdminUserRow>('admin_users').where({ id: adminId }).first('display_name', 'email', 'email_verified_at');
  return replyWriterFrom({ displayName: row?.display_name ?? null, confirmedEmail: row?.email_verified_at ? row.email : null });
}

/** The writer of a reply from an account already read (a request's session reads it with the session). */
export function replyWriterFrom(account: { displayName: string | null; confirmedEmail: string | null }): ReplyWriter {
  return { displayName: account.displayName?.trim() || null, confirmedEmail: account.confirmedEmail };
}

export async function listReplyTemplates(db: Knex): Promise<ReplyTemplateRow[]> {
  return db('reply_templates').orderByRaw('lower(name), id');
}

export async function findReplyTemplate(db: Knex, id: string): Promise<ReplyTemplateRow | undefined> {
  return db('reply_templates').where({ id }).first();
}

export async function insertReplyTemplate(db: Knex, values: { name: string; body: string; now: Date }): Promise<ReplyTemplateRow> {
  const [row] = await db('reply_templates').insert({ name: values.name, body: values.body, created_at: values.now, updated_at: values.now }).returning('*');
  return row as ReplyTemplateRow;
}

export async function updateReplyTemplate(db: Knex, id: string, values: { name?: string; body?: string; now: Date }): Promise<ReplyTemplateRow | undefined> {
  const { now, ...changes } = values;
  const [row] = await db('reply_templates').where({ id }).update({ ...changes, updated_at: now }).returning('*');
  return row as ReplyTemplateRow | undefined;
}

export async function deleteReplyTemplate(db: Knex, id: string): Promise<ReplyTemplateRow | undefined> {
  const [row] = await db('reply_templates').where({ id }).delete().returning('*');
  return row as ReplyTemplateRow | undefined;
}

export async function countReplyTemplates(db: Knex): Promise<number> {
  const row = await db('reply_templates').count<{ count: string | number }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}
