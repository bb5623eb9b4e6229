import type { Knex } from 'knex';

/**
 * A client's answer is filed by the Message-IDs it answers (server/leads/inbound-mail.ts), looked up
 * among the replies and acknowledgements we sent. The outbox holds every e-mail of every lead (a
 * million leads, a million staff notifications and more), so without an index each incoming
 * message would read all of it. Only sent-by-us rows carry a Message-ID: the index is partial.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index form_notifications_message_id_index on form_notifications (message_id) where message_id is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index form_notifications_message_id_index');
}
