import type { Knex } from 'knex';

/**
 * The reply clock on the leads already stored: each lead outside the spam folder is due the
 * promised hours after it arrived (the stored setting, else 24; working-hours counting starts with
 * new leads), and a lead already past new/read counts as answered when its status first changed
 * (the audit trail), else when it was read, else when it arrived.
 *
 * The task queue reads open leads by due time over a small partial index (open leads are few
 * however many leads there are); the dashboard's response times read answered leads by arrival.
 */
export async function up(knex: Knex): Promise<void> {
  const stored = await knex('app_settings').where({ key: 'back_office_settings' }).first<{ value: string } | undefined>('value');
  let hours = 24;
  try {
    const promised = stored ? (JSON.parse(stored.value) as { replyPromiseHours?: unknown }).replyPromiseHours : undefined;
    if (typeof promised === 'number' && Number.isInteger(promised) && promised > 0) hours = promised;
  } catch {
    // A stored document that is not JSON: the built-in 24 hours.
  }
  await knex.raw(`update leads set due_at = submitted_at + make_interval(hours => ?) where spam_at is null and due_at is null`, [hours]);
  await knex.raw(`
    update leads set responded_at = coalesce(
      (select min(at) from audit_log where target_type = 'lead' and target_id = leads.id::text and action = 'lead.status'),
      read_at, submitted_at)
    where status not in ('new', 'read') and responded_at is null`);
  await knex.raw('create index leads_open_due_index on leads (due_at, id) where spam_at is null and responded_at is null');
  await knex.raw('create index leads_responded_index on leads (submitted_at) include (responded_at, due_at) where spam_at is null and responded_at is not null');
}

/** The indexes go; the times stay (the columns are the leads migration's). */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index leads_open_due_index');
  await knex.raw('drop index leads_responded_index');
}
