import type { Knex } from 'knex';

/**
 * Staff e-mail addresses: each account may have one, verified by a link mailed to it. Only a
 * verified address receives password resets, so it is unique among verified ones (a reset asked
 * for by address finds one account); an address typed and not yet verified blocks nobody.
 * A set-password link remembers the address it was mailed to: setting the password through it
 * proves that address too (an invitation by e-mail). Addresses being verified have their own
 * one-time links, stored hashed like the set-password ones.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('admin_users', (table) => {
    table.text('email').nullable();
    table.timestamp('email_verified_at', { useTz: true }).nullable();
    table.check('char_length(email) <= 254', undefined, 'admin_users_email_length_check');
    table.check('email_verified_at is null or email is not null', undefined, 'admin_users_email_verified_check');
  });
  await knex.raw('create unique index admin_users_verified_email_key on admin_users (lower(email)) where email_verified_at is not null');
  await knex.schema.alterTable('admin_password_links', (table) => {
    table.text('sent_to').nullable();
  });
  await knex.schema.createTable('admin_email_links', (table) => {
    table.text('token_hash').notNullable();
    table.primary(['token_hash'], { constraintName: 'admin_email_links_pkey' });
    table.integer('admin_user_id').notNullable();
    table.foreign('admin_user_id', 'admin_email_links_admin_user_id_fkey').references('id').inTable('admin_users').onDelete('CASCADE');
    table.text('email').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.check("token_hash ~ '^[0-9a-f]{64}$'", undefined, 'admin_email_links_token_hash_sha256_check');
    table.index(['admin_user_id'], 'admin_email_links_admin_user_id_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('admin_email_links');
  await knex.schema.alterTable('admin_password_links', (table) => {
    table.dropColumn('sent_to');
  });
  await knex.raw('drop index admin_users_verified_email_key');
  await knex.schema.alterTable('admin_users', (table) => {
    table.dropChecks(['admin_users_email_length_check', 'admin_users_email_verified_check']);
    table.dropColumns('email', 'email_verified_at');
  });
}
