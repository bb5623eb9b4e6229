import type { Knex } from 'knex';
import type { FormType, LeadType } from '../../shared/form-types';
import type { FormNotificationRow, LeadRow, OutboxKind } from '../db/tables';

/*
 * The outbox: every e-mail the site sends about a lead (the staff notification, a reply, the
 * visitor's acknowledgement, the notice of a client's answer) is a row of `form_notifications`,
 * stored in the transaction that causes it and sent by the notification worker, which claims,
 * retries and marks it. This module is the one that reads and writes that table.
 */

/** An e-mail about a lead, as the outbox stores it until the worker sends it. */
export interface OutboxMail {
  kind: OutboxKind;
  formType: LeadType;
  leadId: string;
  subject: string;
  body: string;
  /** Where answers go: the visitor's address on a staff notification, the agency's on mail to a visitor. */
  replyTo?: string | null;
  /** The recipient; none for a staff notification, which goes to Settings' recipients when it is sent. */
  to?: string | null;
  /** The sender's display name (a reply's "Ada at Agency"); none: the site's. */
  fromName?: string | null;
  /** Chosen now, so every attempt carries the same one; none: the mailer's own. */
  messageId?: string | null;
  inReplyTo?: string | null;
  references?: string | null;
  /** The account that wrote a reply. */
  author?: { id: number | null; name: string } | null;
}

/** The e-mail telling staff of a new lead of a form (sent to Settings' recipients). */
export interface StaffNotice {
  formType: FormType;
  leadId: string;
  subject: string;
  body: string;
  /** The visitor's address, so staff answer them straight from their mail client. */
  replyTo: string | null;
}

/** Stores an e-mail in the outbox (the worker sends it); returns its row. */
export async function queueMail(db: Knex, mail: OutboxMail): Promise<FormNotificationRow> {
  const [row] = await db('form_notifications')
    .insert({
      kind: mail.kind,
      form_type: mail.formType,
      submission_id: mail.leadId,
      to_address: mail.to ?? null,
      from_name: mail.fromName ?? null,
      reply_to: mail.replyTo ?? null,
      subject: mail.subject,
      body: mail.body,
      message_id: mail.messageId ?? null,
      in_reply_to: mail.inReplyTo ?? null,
      thread_references: mail.references ?? null,
      author_id: mail.author?.id ?? null,
      author: mail.author?.name ?? null,
    })
    .returning('*');
  return row as FormNotificationRow;
}

/**
 * Runs `insertLead` (an insert of one lead returning its `id`) and queues `notice` about the lead
 * it inserted, in one statement (the notification inserted from the lead insert's result), so both
 * rows exist or neither. Returns the new lead's id, or undefined when the insert added no row (a
 * conflict it ignores).
 */
export async function insertWithStaffNotice(db: Knex, insertLead: Knex.QueryBuilder, notice: Omit<StaffNotice, 'leadId'>): Promise<string | undefined> {
  const result = await db.raw<{ rows: { id: string }[] }>(
    `with stored as (?),
          queued as (insert into form_notifications (form_type, submission_id, subject, body, reply_to)
                     select ?, id, ?, ?, ? from stored)
     select id from stored`,
    [insertLead, notice.formType, notice.subject, notice.body, notice.replyTo],
  );
  return result.rows[0]?.id;
}

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


/** Replies and acknowledgements sent about a lead, oldest first. */
export async function outgoingMessagesOf(db: Knex, formType: LeadType, leadId: string): Promise<FormNotificationRow[]> {
  return db('form_notifications').where({ form_type: formType, submission_id: leadId }).whereIn('kind', ['reply', 'confirmation']).orderBy('id');
}

/** The leads our replies and acknowledgements of these Message-IDs were about. */
export async function leadsOfSentMessageIds(db: Knex, ids: readonly string[]): Promise<{ message_id: string; lead_id: string }[]> {
  return db<FormNotificationRow>('form_notifications').whereIn('kind', ['reply', 'confirmation']).whereIn('message_id', ids).select('message_id', 'submission_id as lead_id');
}

/** The account that last replied to the lead from the back office (still there), if any. */
export async function lastReplierOf(db: Knex, lead: Pick<LeadRow, 'type' | 'id'>): Promise<{ id: number; email: string | null; email_verified_at: Date | null } | undefined> {
  return db('form_notifications as n')
    .join('admin_users as a', 'a.id', 'n.author_id')
    .where({ 'n.form_type': lead.type, 'n.submission_id': lead.id, 'n.kind': 'reply' })
    .whereNull('a.disabled_at')
    .orderBy('n.id', 'desc')
    .first('a.id', 'a.email', 'a.email_verified_at');
}

/** Every e-mail about these leads, oldest first. */
export async function mailAboutLeads(db: Knex, leads: readonly Pick<LeadRow, 'id' | 'type'>[]): Promise<FormNotificationRow[]> {
  return db('form_notifications').whereIn(['form_type', 'submission_id'], leads.map((lead) => [lead.type, lead.id])).orderBy('id');
}

/** Deletes every e-mail about these leads (they are being erased); the caller's transaction. */
export async function eraseMailAboutLeads(trx: Knex, leads: readonly Pick<LeadRow, 'id' | 'type'>[]): Promise<void> {
  await trx('form_notifications').whereIn(['form_type', 'submission_id'], leads.map((lead) => [lead.type, lead.id])).delete();
}
