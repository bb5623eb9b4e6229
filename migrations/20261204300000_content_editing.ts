import type { Knex } from 'knex';

/**
 * What editing the site's content needs beyond the documents themselves:
 *
 * - `content_revisions.publish_id`: the publish a revision came from. Several documents published
 *   together share it, so "undo the last publish" knows every document that publish changed.
 * - `content_presence`: who has a document open in the editor, by heartbeat. A row per document
 *   and person, so every instance sees the same "…is editing" (memory would be one instance's).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('content_revisions', (t) => {
    t.uuid('publish_id');
  });
  await knex.raw('create index content_revisions_latest on content_revisions (published_at desc, key)');
  await knex.schema.createTable('content_presence', (t) => {
    t.text('key').notNullable().references('content_documents.key').onDelete('CASCADE');
    t.text('username').notNullable();
    /** When this person's current stretch of editing began (kept while the heartbeats continue). */
    t.timestamp('since', { useTz: true }).notNullable();
    t.timestamp('seen_at', { useTz: true }).notNullable();
    t.primary(['key', 'username'], { constraintName: 'content_presence_pkey' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('content_presence');
  await knex.raw('drop index content_revisions_latest');
  await knex.schema.alterTable('content_revisions', (t) => {
    t.dropColumn('publish_id');
  });
}
