import type { Knex } from 'knex';

/**
 * Where the reader of the agency's mailbox got to: per folder and UIDVALIDITY, the last UID it
 * handed to filing. Messages above it are read next; a new UIDVALIDITY (the server renumbered the
 * folder) starts a row of its own from nothing, and filing recognises what it already has by
 * Message-ID.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mailbox_cursors', (table) => {
    table.text('mailbox').notNullable();
    // IMAP's UIDVALIDITY is an unsigned 32-bit number: text, as filing stores it beside each message.
    table.text('uid_validity').notNullable();
    table.bigInteger('last_uid').notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable();
    table.primary(['mailbox', 'uid_validity']);
    table.check('last_uid >= 0', [], 'mailbox_cursors_last_uid_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('mailbox_cursors');
}
