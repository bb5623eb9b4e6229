import type { Knex } from 'knex';
import { eraseMailAboutLeads, mailAboutLeads } from '../outbox/queries';
import type { FormNotificationRow, LeadNoteRow, LeadRow } from '../db/tables';

/** Everything held about one e-mail address: its leads, their notes and their staff e-mails. */
export interface HeldData {
  leads: LeadRow[];
  notes: LeadNoteRow[];
  notifications: FormNotificationRow[];
}

/** Read over `leads_email_index` (lower(email)) and the notes' and notifications' lead indexes. */
export async function dataHeldFor(db: Knex, email: string): Promise<HeldData> {
  const leads: LeadRow[] = await db('leads').whereRaw('lower(email) = ?', [email.toLowerCase()]).orderBy([{ column: 'submitted_at' }, { column: 'id' }]);
  if (leads.length === 0) return { leads, notes: [], notifications: [] };
  const [notes, notifications] = await Promise.all([
    db('lead_notes').whereIn('lead_id', leads.map((lead) => lead.id)).orderBy([{ column: 'created_at' }, { column: 'id' }]) as Promise<LeadNoteRow[]>,
    mailAboutLeads(db, leads),
  ]);
  return { leads, notes, notifications };
}

/** Deletes the given leads with their notes (cascade) and staff e-mails; the caller's transaction. */
export async function eraseLeads(trx: Knex, leads: Pick<LeadRow, 'id' | 'type'>[]): Promise<void> {
  if (leads.length === 0) return;
  await eraseMailAboutLeads(trx, leads);
  await trx('leads').whereIn('id', leads.map((lead) => lead.id)).delete();
}

/** A form's leads past their retention: not spam (its folder has its own purge), sent before `before`. */
function expiredLeads(db: Knex, { type, before }: { type: string; before: Date }) {
  return db('leads').whereNull('spam_at').where({ type }).where('submitted_at', '<', before);
}

/** How many leads `purgeLeadBatch` would delete, batch after batch, for the same `type` and `before`. */
export async function countExpiredLeads(db: Knex, expiry: { type: string; before: Date }): Promise<number> {
  const row = await expiredLeads(db, expiry).count<{ count: string | number }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

/**
 * Deletes up to `batch` leads of `type` (not spam) sent before `before`, oldest first, with their
 * notes and staff e-mails; returns how many went. Small batches, each its own short transaction,
 * so the purge never holds locks the inbox would wait on.
 */
export async function purgeLeadBatch(db: Knex, { type, before, batch }: { type: string; before: Date; batch: number }): Promise<number> {
  return db.transaction(async (trx) => {
    const expired: Pick<LeadRow, 'id' | 'type'>[] = await expiredLeads(trx, { type, before })
      .orderBy([{ column: 'submitted_at' }, { column: 'id' }])
      .limit(batch)
      .select('id', 'type');
    await eraseLeads(trx, expired);
    return expired.length;
  });
}
