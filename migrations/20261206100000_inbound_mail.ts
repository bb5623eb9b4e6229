import type { Knex } from 'knex';

/**
 * Mail from the agency's mailbox (docs/decisions/incoming-mail.md). Each message is stored once:
 * unique by its place in the mailbox (folder, UIDVALIDITY, UID) and by its Message-ID (a message
 * without one gets a hash of its header section), so a reader that crashes between storing and
 * moving on, or two instances reading at once, find the row already there. A message is filed on
 * a lead, waits unmatched, was dismissed by staff, or was refused (with the reason, never retried).
 * Its attachments have their own rows; those over the limits are listed without their bytes.
 *
 * Leads gain a fifth source, `email` (made from an unmatched message), and a random `reply_tag`
 * the `+tag` of the reply address carries. The outbox gains `client-answer`, the e-mail telling
 * the account that replied last that the client answered; `notices` are the same news in the app.
 */
const FORMS = `'contact', 'enquiry', 'quote', 'free-offer'`;

/** The expression of the leads' required-fields CHECK as the database holds it now (`(…)`). */
async function requiredFieldsCheck(knex: Knex): Promise<string> {
  const result = await knex.raw<{ rows: { def: string }[] }>(
    `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'leads_required_fields_check' and conrelid = 'leads'::regclass`,
  );
  return result.rows[0]!.def.replace(/^CHECK /, '');
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table leads drop constraint leads_type_check');
  await knex.raw(`alter table leads add constraint leads_type_check check (type in (${FORMS}, 'email'))`);
  // An e-mail lead has the sender's address; its other fields are whatever the message gave.
  await knex.raw(`alter table leads add constraint leads_email_source_check check (type <> 'email' or email is not null)`);
  // The forms' required fields stay as they are; an e-mail lead is held only to its address (above).
  const formsRequired = await requiredFieldsCheck(knex);
  await knex.raw('alter table leads drop constraint leads_required_fields_check');
  await knex.raw(`alter table leads add constraint leads_required_fields_check check (type = 'email' or ${formsRequired})`);
  await knex.schema.alterTable('leads', (t) => {
    t.text('reply_tag');
    t.unique(['reply_tag'], { indexName: 'leads_reply_tag_unique' });
    t.check(`reply_tag is null or reply_tag ~ '^[a-z2-7]{12}$'`, [], 'leads_reply_tag_check');
  });

  await knex.raw('alter table form_notifications drop constraint form_notifications_form_type_check');
  await knex.raw(`alter table form_notifications add constraint form_notifications_form_type_check check (form_type in (${FORMS}, 'email'))`);
  await knex.raw('alter table form_notifications drop constraint form_notifications_kind_check');
  await knex.raw(`alter table form_notifications add constraint form_notifications_kind_check check (kind in ('staff', 'reply', 'confirmation', 'client-answer'))`);

  await knex.schema.createTable('inbound_messages', (t) => {
    t.uuid('id').primary({ constraintName: 'inbound_messages_pkey' }).defaultTo(knex.raw('gen_random_uuid()'));
    t.text('mailbox').notNullable();
    t.text('uid_validity').notNullable();
    t.bigInteger('uid').notNullable();
    t.text('message_id').notNullable();
    t.text('from_address');
    t.text('from_name');
    t.text('to_text').notNullable().defaultTo('');
    t.text('subject').notNullable().defaultTo('');
    /** The message's own Date header (the sender's claim); the thread is ordered by `received_at`. */
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('text').notNullable().defaultTo('');
    t.text('quoted');
    t.text('in_reply_to');
    t.text('thread_references');
    t.uuid('lead_id');
    t.foreign('lead_id', 'inbound_messages_lead_id_foreign').references('leads.id').onDelete('CASCADE');
    t.text('state').notNullable();
    t.text('reason');
    /** Attachments beyond the listed ones (a message with hundreds): counted, neither listed nor stored. */
    t.integer('attachments_omitted').notNullable().defaultTo(0);
    t.timestamp('decided_at', { useTz: true });
    t.check(`state in ('filed', 'unmatched', 'dismissed', 'refused')`, [], 'inbound_messages_state_check');
    t.check(`(state = 'filed') = (lead_id is not null)`, [], 'inbound_messages_filed_check');
    t.unique(['mailbox', 'uid_validity', 'uid'], { indexName: 'inbound_messages_place_unique' });
    t.unique(['message_id'], { indexName: 'inbound_messages_message_id_unique' });
    t.index(['lead_id', 'received_at'], 'inbound_messages_lead_index');
  });
  await knex.raw(`create index inbound_messages_unmatched_index on inbound_messages (received_at desc, id desc) where state = 'unmatched'`);

  await knex.schema.createTable('inbound_attachments', (t) => {
    t.uuid('id').primary({ constraintName: 'inbound_attachments_pkey' }).defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('message_id').notNullable();
    t.foreign('message_id', 'inbound_attachments_message_id_foreign').references('inbound_messages.id').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.text('name').notNullable();
    t.bigInteger('bytes').notNullable();
    /** Null: listed, not stored (over the size limits). */
    t.binary('data');
    t.unique(['message_id', 'position'], { indexName: 'inbound_attachments_position_unique' });
  });

  await knex.schema.createTable('notices', (t) => {
    t.uuid('id').primary({ constraintName: 'notices_pkey' }).defaultTo(knex.raw('gen_random_uuid()'));
    t.integer('admin_user_id').notNullable();
    t.foreign('admin_user_id', 'notices_admin_user_id_foreign').references('admin_users.id').onDelete('CASCADE');
    t.text('text').notNullable();
    t.text('lead_type').notNullable();
    t.uuid('lead_id').notNullable();
    t.foreign('lead_id', 'notices_lead_id_foreign').references('leads.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('read_at', { useTz: true });
    t.index(['admin_user_id', 'created_at'], 'notices_admin_user_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('notices');
  await knex.schema.dropTable('inbound_attachments');
  await knex.schema.dropTable('inbound_messages');
  await knex('form_notifications').where({ kind: 'client-answer' }).orWhere({ form_type: 'email' }).delete();
  await knex.raw('alter table form_notifications drop constraint form_notifications_kind_check');
  await knex.raw(`alter table form_notifications add constraint form_notifications_kind_check check (kind in ('staff', 'reply', 'confirmation'))`);
  await knex.raw('alter table form_notifications drop constraint form_notifications_form_type_check');
  await knex.raw(`alter table form_notifications add constraint form_notifications_form_type_check check (form_type in (${FORMS}))`);
  await knex.schema.alterTable('leads', (t) => {
    t.dropChecks(['leads_reply_tag_check']);
    t.dropUnique(['reply_tag'], 'leads_reply_tag_unique');
    t.dropColumn('reply_tag');
  });
  // E-mail leads have no place before this migration.
  await knex('leads').where({ type: 'email' }).delete();
  await knex.raw('alter table leads drop constraint leads_email_source_check');
  const withEmail = await requiredFieldsCheck(knex);
  await knex.raw('alter table leads drop constraint leads_required_fields_check');
  await knex.raw(`alter table leads add constraint leads_required_fields_check check ${withEmail.replace(/^\(\(type = 'email'::text\) OR /, '(').replace(/\)$/, '')})`);
  await knex.raw('alter table leads drop constraint leads_type_check');
  await knex.raw(`alter table leads add constraint leads_type_check check (type in (${FORMS}))`);
}
