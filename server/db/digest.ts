import type { Knex } from 'knex';
import type { LeadRow } from './tables';

/**
 * Claims the digest of `day` (YYYY-MM-DD, local): true for the one caller whose insert made the
 * row, false for every other (another instance, or this one again later that day).
 */
export async function claimDigestDay(db: Knex, day: string, now: Date): Promise<boolean> {
  const rows = await db('digest_runs').insert({ day, claimed_at: now }).onConflict('day').ignore().returning('day');
  return rows.length === 1;
}

export async function markDigestSent(db: Knex, day: string, { now, recipients }: { now: Date; recipients: number }): Promise<void> {
  await db('digest_runs').where({ day }).update({ sent_at: now, recipients });
}

/** Gives a claim back (the mail could not be sent): the next tick, on any instance, tries again. */
export async function releaseDigestDay(db: Knex, day: string): Promise<void> {
  await db('digest_runs').where({ day }).whereNull('sent_at').delete();
}

/** Open leads due before `before`, soonest first, at most `limit` (the open-leads index). */
export async function openLeadsDueBefore(db: Knex, before: Date, { after, limit }: { after?: Date; limit: number }): Promise<LeadRow[]> {
  const rows = db('leads').whereNull('spam_at').whereNull('responded_at').whereNotNull('due_at').where('due_at', '<', before);
  if (after) rows.where('due_at', '>=', after);
  const found: LeadRow[] = await rows.orderBy([{ column: 'due_at' }, { column: 'id' }]).limit(limit);
  return found;
}
