import type { Knex } from 'knex';
import type { FormType } from '../../shared/form-types';
import type { FormNotificationRow } from './tables';

/**
 * Claims up to `limit` due notifications for `lockSeconds`: other workers (other instances) skip
 * them meanwhile, and if this one dies the lock runs out and they are tried again.
 */
export async function claimDueNotifications(db: Knex, { limit, lockSeconds }: { limit: number; lockSeconds: number }): Promise<FormNotificationRow[]> {
  const result = await db.raw<{ rows: FormNotificationRow[] }>(
    `update form_notifications set locked_until = now() + make_interval(secs => ?), attempts = attempts + 1
      where id in (
        select id from form_notifications
         where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
         order by id limit ? for update skip locked)
      returning *`,
    [lockSeconds, limit],
  );
  return result.rows;
}

export async function markNotificationSent(db: Knex, id: string): Promise<void> {
  await db('form_notifications').where({ id }).update({ status: 'sent', sent_at: db.fn.now(), locked_until: null, last_error: null });
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

export async function notificationsFor(db: Knex, formType: FormType, submissionId: string): Promise<FormNotificationRow[]> {
  return db('form_notifications').where({ form_type: formType, submission_id: submissionId }).orderBy('id');
}
