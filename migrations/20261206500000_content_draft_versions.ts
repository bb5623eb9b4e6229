import type { Knex } from 'knex';

/**
 * `content_draft_versions`: the data of every draft as it was saved, by document and version.
 * A save made over an older version is merged with what was saved since, field by field, and a
 * merge needs the version both sides started from: a published one is in `content_revisions`,
 * a draft one only here. The drafts waiting now are kept as their first rows. Rows older than a
 * month go (see the content service): a save started on one falls back to asking about every
 * field that differs.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('content_draft_versions', (t) => {
    t.text('key').notNullable().references('content_documents.key').onDelete('CASCADE');
    t.integer('version').notNullable();
    t.jsonb('data').notNullable();
    t.timestamp('saved_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['key', 'version'], { constraintName: 'content_draft_versions_pkey' });
    t.index(['saved_at'], 'content_draft_versions_saved_at_index');
  });
  await knex.raw(`insert into content_draft_versions (key, version, data, saved_at)
    select key, draft_version, draft_data, coalesce(draft_saved_at, now()) from content_documents where draft_version is not null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('content_draft_versions');
}
