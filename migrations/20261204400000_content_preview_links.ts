import type { Knex } from 'knex';

/**
 * Preview links staff send to a client without an account: each shows one document's draft, as it
 * is when the link is opened, until it expires or is revoked. Only the token's SHA-256 is stored,
 * so the table (or a backup of it) cannot be turned back into working links.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('content_preview_links', (t) => {
    t.uuid('id').primary({ constraintName: 'content_preview_links_pkey' }).defaultTo(knex.raw('gen_random_uuid()'));
    t.text('key').notNullable().references('content_documents.key').onDelete('CASCADE');
    t.text('token_sha256').notNullable().unique({ indexName: 'content_preview_links_token_unique' });
    t.text('created_by');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.index(['key', 'created_at'], 'content_preview_links_key_index');
    t.check(`token_sha256 ~ '^[0-9a-f]{64}$'`, [], 'content_preview_links_token_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('content_preview_links');
}
