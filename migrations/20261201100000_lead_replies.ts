import type { Knex } from 'knex';

/**
 * Replies to leads from the back office, and the optional acknowledgement to the visitor, go
 * through the staff notifications' outbox (`form_notifications`): stored before sending, retried,
 * their state read from the same columns. `kind` tells them apart; staff notifications go to the
 * recipients in Settings, the others to `to_address`. The `message_id` is chosen when the row is
 * stored, so a resend after a crash carries the same one and a mail client sees the duplicate;
 * `in_reply_to` and `thread_references` thread a second reply under the first.
 * `reply_templates` are the saved replies staff pick from.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('form_notifications', (t) => {
    t.text('kind').notNullable().defaultTo('staff');
    t.text('to_address');
    t.text('from_name');
    t.text('message_id');
    t.text('in_reply_to');
    t.text('thread_references');
    t.integer('author_id');
    t.text('author');
    /** The SMTP server's answer when it accepted the message ("250 OK: queued as …"). */
    t.text('smtp_response');
    t.check(`kind in ('staff', 'reply', 'confirmation')`, [], 'form_notifications_kind_check');
    t.check(`kind = 'staff' or to_address is not null`, [], 'form_notifications_to_address_check');
    t.foreign('author_id', 'form_notifications_author_id_foreign').references('admin_users.id').onDelete('SET NULL');
  });
  await knex.schema.createTable('reply_templates', (t) => {
    t.uuid('id').primary({ constraintName: 'reply_templates_pkey' }).defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('body').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['name'], { indexName: 'reply_templates_name_unique' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('reply_templates');
  // Replies and acknowledgements have no place in the outbox before this migration.
  await knex('form_notifications').whereNot({ kind: 'staff' }).delete();
  await knex.schema.alterTable('form_notifications', (t) => {
    t.dropForeign('author_id', 'form_notifications_author_id_foreign');
    t.dropChecks(['form_notifications_kind_check', 'form_notifications_to_address_check']);
    t.dropColumns('kind', 'to_address', 'from_name', 'message_id', 'in_reply_to', 'thread_references', 'author_id', 'author', 'smtp_response');
  });
}
