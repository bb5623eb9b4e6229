import type { Knex } from 'knex';
import type { FormType, LeadType } from '../../shared/form-types';
import type { FormNotificationRow, OutboxKind } from './tables';

/**
 * Claims up to `limit` due e-mails of these kinds for `lockSeconds`: other workers (other
 * instances) skip them meanwhile, and if this one dies the lock runs out and they are tried again
 * (with the same stored Message-ID, so a copy sent just before the crash is recognisable).
 */
export async function claimDueNotifications(db: Knex, { limit, lockSeconds, kinds = ['staff'] }: { limit: number; lockSeconds: number; kinds?: readonly OutboxKind[] }): Promise<FormNotificationRow[]> {
  if (kinds.length === 0) return [];
  const result = await db.raw<{ rows: FormNotificationRow[] }>(
    `update form_notifications set locked_until = now() + make_interval(secs => ?), attempts = attempts + 1
      where id in (
        select id from form_notifications
         where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
           and kind in (${kinds.map(() => '?').join(', ')})
         order by id limit ? for update skip locked)
      returning *`,
    [lockSeconds, ...kinds, limit],
  );
  // In the order they were stored (UPDATE … RETURNING keeps none): replies to a lead go out in turn.
  return result.rows.sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)));
}

/** Records a delivery, with the server's answer when it gave one. */
export async function markNotificationSent(db: Knex, id: string, smtpResponse: string | null = null): Promise<void> {
  await db('form_notifications')
    .where({ id })
    .update({ status: 'sent', sent_at: db.fn.now(), locked_until: null, last_error: null, smtp_response: smtpResponse?.slice(0, 1000) ?? null });
}

/** Records a failed attempt: tried again after `retryInMs`, or given up (`failed`) when `final`. */
export async function markNotificationAttemptFailed(db: Knex, id: string, { error, retryInMs, final }: { error: string; retryInMs: number; final: boolean }): Promise<void> {
  await db('form_notifications')
    .where({ id })
    .update({
      status: final ? 'failed' : 'pending',
      last_error: error.slice(0, 1000),
      locked_until: null,
      next_attempt_at: db.raw(`now() + make_interval(secs => ?)`, [retryInMs / 1000]),
    });
}

/** The staff notifications of a lead, oldest first. */
export async function notificationsFor(db: Knex, formType: FormType, submissionId: string): Promise<FormNotificationRow[]> {
  return db('form_notifications').where({ kind: 'staff', form_type: formType, submission_id: submissionId }).orderBy('id');
}

/** A staff notification in trouble, with the lead it is about. */
export interface TroubledNotification extends FormNotificationRow {
  lead_name: string | null;
  lead_email: string | null;
}

/**
 * Notifications that failed for good or have waited since before `waitingSince`, oldest first,
 * with how many there are. Both read `form_notifications_due_index` (status first): the sent ones,
 * nearly all of the table, are never touched.
 */
export async function troubledNotifications(db: Knex, { waitingSince, limit }: { waitingSince: Date; limit: number }): Promise<{ total: number; rows: TroubledNotification[] }> {
  const troubled = () =>
    db('form_notifications as n').where('n.kind', 'staff').where((where) => where.where('n.status', 'failed').orWhere((pending) => pending.where('n.status', 'pending').where('n.created_at', '<', waitingSince)));
  const [count, rows] = await Promise.all([
    troubled().count<{ count: string | number }[]>({ count: '*' }).first(),
    troubled()
      .leftJoin('leads as l', 'l.id', 'n.submission_id')
      .select('n.*', 'l.name as lead_name', 'l.email as lead_email')
      .orderBy([{ column: 'n.created_at' }, { column: 'n.id' }])
      .limit(limit),
  ]);
  return { total: Number(count?.count ?? 0), rows: rows as TroubledNotification[] };
}

/**
 * "Retry now": every notification in trouble is due at once, the failed ones with a fresh set of
 * attempts; one a worker is sending right now is left to it. Returns how many were rescheduled.
 */
export async function retryTroubledNotifications(db: Knex, { waitingSince, now }: { waitingSince: Date; now: Date }): Promise<number> {
  const rows = await db('form_notifications')
    .where('kind', 'staff')
    .where((where) => where.where('status', 'failed').orWhere((pending) => pending.where('status', 'pending').where('created_at', '<', waitingSince)))
    .where((where) => where.whereNull('locked_until').orWhere('locked_until', '<', now))
    .update({ status: 'pending', attempts: db.raw(`case when status = 'failed' then 0 else attempts end`), next_attempt_at: now, locked_until: null })
    .returning('id');
  return rows.length;
}

/** The newest staff notification of a lead (a lead taken out of spam may have had none). */
export async function latestNotificationFor(db: Knex, formType: LeadType, submissionId: string): Promise<FormNotificationRow | undefined> {
  return db('form_notifications').where({ kind: 'staff', form_type: formType, submission_id: submissionId }).orderBy('id', 'desc').first();
}
