import type { Knex } from 'knex';
import { CONTENT_DOCUMENTS, CONTENT_SCHEMA_VERSION } from '../shared/content/documents';
import { DEFAULT_DOCUMENTS } from '../shared/content/defaults';

/**
 * The site's content in the database, so staff edit it in the admin.
 *
 * - `content_documents`: one row per document (`business`, `home`, `services/seo`, …) with its
 *   published data and, while someone works on it, a draft. `version` counts every save and
 *   publish of the document: a save names the version it started from and is refused when
 *   another came first (no lost edits, no locks to go stale).
 * - `content_revisions`: every published version in full, with its schema version, who and when
 *   (history, compare, restore, undo).
 * - `content_schedules`: publishes planned for a time, each pinning the versions it publishes;
 *   claimed by one instance (`FOR UPDATE SKIP LOCKED`) when due.
 *
 * The documents start as the content the site shipped with, stored as their first revision.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('content_documents', (t) => {
    t.text('key').primary({ constraintName: 'content_documents_pkey' });
    t.integer('version').notNullable();
    t.integer('schema_version').notNullable();
    t.integer('published_version').notNullable();
    t.jsonb('published_data').notNullable();
    t.timestamp('published_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('published_by');
    t.integer('draft_version');
    t.jsonb('draft_data');
    t.timestamp('draft_saved_at', { useTz: true });
    t.text('draft_saved_by');
    t.check('(draft_version is null) = (draft_data is null)', [], 'content_documents_draft_check');
  });
  await knex.schema.createTable('content_revisions', (t) => {
    t.text('key').notNullable().references('content_documents.key').onDelete('CASCADE');
    t.integer('version').notNullable();
    t.integer('schema_version').notNullable();
    t.jsonb('data').notNullable();
    t.timestamp('published_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('published_by');
    t.primary(['key', 'version'], { constraintName: 'content_revisions_pkey' });
  });
  await knex.schema.createTable('content_schedules', (t) => {
    t.uuid('id').primary({ constraintName: 'content_schedules_pkey' }).defaultTo(knex.raw('gen_random_uuid()'));
    /** `[{ key, version }]`: the drafts as they were when the publish was scheduled. */
    t.jsonb('items').notNullable();
    t.timestamp('run_at', { useTz: true }).notNullable();
    /** The agency's zone when it was scheduled, to show the time as it was meant. */
    t.text('time_zone').notNullable();
    t.text('state').notNullable().defaultTo('pending');
    t.text('error');
    t.text('created_by');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('done_at', { useTz: true });
    t.check(`state in ('pending', 'done', 'failed', 'cancelled')`, [], 'content_schedules_state_check');
  });
  await knex.raw(`create index content_schedules_due on content_schedules (run_at) where state = 'pending'`);

  for (const document of CONTENT_DOCUMENTS) {
    const data = document.schema.parse(DEFAULT_DOCUMENTS[document.key]);
    const json = JSON.stringify(data);
    await knex('content_documents').insert({ key: document.key, version: 1, schema_version: CONTENT_SCHEMA_VERSION, published_version: 1, published_data: json });
    await knex('content_revisions').insert({ key: document.key, version: 1, schema_version: CONTENT_SCHEMA_VERSION, data: json });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('content_schedules');
  await knex.schema.dropTable('content_revisions');
  await knex.schema.dropTable('content_documents');
}
