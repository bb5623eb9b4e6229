import type { Knex } from 'knex';
import type { KeysetPosition } from './keyset-cursor';
import { leadsOfSentMessageIds } from '../outbox/queries';
import type { InboundAttachmentRow, InboundMessageRow, InboundState, LeadRow, NoticeRow } from './tables';

/** A message to store, with its attachments (`data` null: listed, not stored). */
export type NewInboundMessage = Omit<InboundMessageRow, 'id' | 'received_at' | 'decided_at'> & { received_at: Date };

/**
 * Stores a message unless one with the same place or Message-ID is there already: the unique
 * constraints decide, so two readers at once store it once. Returns the row, or undefined for a duplicate.
 */
export async function insertInboundMessage(db: Knex, message: NewInboundMessage): Promise<InboundMessageRow | undefined> {
  const [row] = await db('inbound_messages').insert(message).onConflict().ignore().returning('*');
  return row as InboundMessageRow | undefined;
}

/** Whether a message of this place or Message-ID is stored already (the cheap check before reading it). */
export async function inboundMessageExists(db: Knex, place: { mailbox: string; uidValidity: string; uid: number }, messageId?: string): Promise<boolean> {
  const rows = db('inbound_messages').where({ mailbox: place.mailbox, uid_validity: place.uidValidity, uid: place.uid });
  if (messageId) rows.orWhere({ message_id: messageId });
  return Boolean(await rows.first('id'));
}

export async function insertInboundAttachments(db: Knex, messageId: string, attachments: { name: string; bytes: number; data: Buffer | null }[]): Promise<void> {
  if (attachments.length === 0) return;
  // A few at a time: up to 25 MB of bytes go in, and one statement of them all would hold every copy at once.
  for (const [position, attachment] of attachments.entries()) {
    await db('inbound_attachments').insert({ message_id: messageId, position, name: attachment.name, bytes: attachment.bytes, data: attachment.data });
  }
}

/** The lead of the first of `ids` (Message-IDs, most telling first) that we sent about a lead or filed on one. */
export async function leadOfMessageIds(db: Knex, ids: readonly string[]): Promise<LeadRow | undefined> {
  if (ids.length === 0) return undefined;
  const [ours, theirs] = await Promise.all([
    leadsOfSentMessageIds(db, ids),
    // A filed message always has its lead.
    db('inbound_messages').where({ state: 'filed' }).whereIn('message_id', ids).select<{ message_id: string; lead_id: string }[]>('message_id', 'lead_id'),
  ]);
  const leadOf = new Map<string, string>([...ours, ...theirs].map((row) => [row.message_id, row.lead_id]));
  for (const id of ids) {
    const leadId = leadOf.get(id);
    const lead = leadId ? await db<LeadRow>('leads').where({ id: leadId }).first() : undefined;
    if (lead) return lead;
  }
  return undefined;
}

export async function leadsByReplyTag(db: Knex, tags: readonly string[]): Promise<LeadRow[]> {
  if (tags.length === 0) return [];
  return db<LeadRow>('leads').whereIn('reply_tag', tags).limit(2);
}

/** Leads with this address still being worked on: in the inbox, and not a quote accepted or rejected (two at most: enough to say "several"). */
export async function openLeadsBySender(db: Knex, address: string): Promise<LeadRow[]> {
  return db<LeadRow>('leads').whereRaw('lower(email) = ?', [address.toLowerCase()]).whereNull('spam_at').whereNotIn('status', ['accepted', 'rejected']).limit(2);
}

/** The messages filed on a lead, oldest first. */
export async function inboundMessagesOf(db: Knex, leadId: string): Promise<InboundMessageRow[]> {
  return db('inbound_messages').where({ lead_id: leadId, state: 'filed' }).orderBy([{ column: 'received_at' }, { column: 'id' }]);
}

/** The attachments of these messages, without their bytes, in each message's order. */
export async function attachmentsOf(db: Knex, messageIds: readonly string[]): Promise<Omit<InboundAttachmentRow, 'data'>[]> {
  if (messageIds.length === 0) return [];
  return db('inbound_attachments')
    .whereIn('message_id', messageIds)
    .orderBy([{ column: 'message_id' }, { column: 'position' }])
    .select('id', 'message_id', 'position', 'name', 'bytes', db.raw('data is not null as stored'));
}

export async function findAttachment(db: Knex, id: string): Promise<InboundAttachmentRow | undefined> {
  return db('inbound_attachments').where({ id }).first();
}

export async function findInboundMessage(db: Knex, id: string): Promise<InboundMessageRow | undefined> {
  return db('inbound_messages').where({ id }).first();
}

/** Unmatched messages, newest first, strictly after `after`. */
export async function listUnmatched(db: Knex, { after, limit }: { after?: KeysetPosition; limit: number }): Promise<InboundMessageRow[]> {
  const rows = db<InboundMessageRow>('inbound_messages').where({ state: 'unmatched' });
  if (after) rows.whereRaw('(received_at, id) < (?, ?)', [after.at, after.id]);
  return rows.orderBy([{ column: 'received_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit);
}

export async function countUnmatched(db: Knex): Promise<number> {
  const row = await db('inbound_messages').where({ state: 'unmatched' }).count<{ count: string | number }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

/** Decides an unmatched message (filed on a lead, or dismissed) unless someone decided it first; returns whether this call did. */
export async function decideUnmatched(db: Knex, id: string, change: { state: Exclude<InboundState, 'unmatched' | 'refused'>; leadId: string | null; at: Date }): Promise<boolean> {
  const changed = await db('inbound_messages').where({ id, state: 'unmatched' }).update({ state: change.state, lead_id: change.leadId, reason: null, decided_at: change.at });
  return changed > 0;
}

export async function insertNotice(db: Knex, notice: Omit<NoticeRow, 'id' | 'read_at'>): Promise<void> {
  await db('notices').insert(notice);
}

export async function noticesOf(db: Knex, adminId: number, limit: number): Promise<NoticeRow[]> {
  return db('notices').where({ admin_user_id: adminId }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit);
}

export async function countUnreadNotices(db: Knex, adminId: number): Promise<number> {
  const row = await db('notices').where({ admin_user_id: adminId }).whereNull('read_at').count<{ count: string | number }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

/** Marks one of the account's notices read (or all with `id` undefined); returns how many matched. */
export async function markNoticesRead(db: Knex, adminId: number, at: Date, id?: string): Promise<number> {
  const rows = db('notices').where({ admin_user_id: adminId });
  if (id) rows.where({ id });
  else rows.whereNull('read_at');
  return rows.update({ read_at: db.raw('coalesce(read_at, ?)', [at]) });
}
