import type { Knex } from 'knex';

/**
 * Admin accounts, their server-side sessions and the failed logins that throttle guessing.
 * Session ids are stored only as SHA-256 hashes, so a leaked table gives no usable cookie.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('admin_users', (table) => {
    table.increments('id', { primaryKey: false });
    table.primary(['id'], { constraintName: 'admin_users_pkey' });
    table.text('username').notNullable();
    table.text('password_hash').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.check('char_length(username) between 3 and 64', undefined, 'admin_users_username_length_check');
    table.check("password_hash like '$argon2id$%'", undefined, 'admin_users_password_hash_argon2id_check');
  });
  // Usernames are unique regardless of case ("Admin" and "admin" are one account).
  await knex.raw('create unique index admin_users_username_lower_key on admin_users (lower(username))');

  await knex.schema.createTable('admin_sessions', (table) => {
    table.text('id_hash').notNullable();
    table.primary(['id_hash'], { constraintName: 'admin_sessions_pkey' });
    table.integer('admin_user_id').notNullable();
    table
      .foreign('admin_user_id', 'admin_sessions_admin_user_id_fkey')
      .references('id')
      .inTable('admin_users')
      .onDelete('CASCADE');
    table.text('csrf_token').notNullable();
    table.boolean('remember').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('last_seen_at', { useTz: true }).notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.check("id_hash ~ '^[0-9a-f]{64}$'", undefined, 'admin_sessions_id_hash_sha256_check');
    table.check('char_length(csrf_token) >= 32', undefined, 'admin_sessions_csrf_token_length_check');
    table.check('expires_at > created_at', undefined, 'admin_sessions_expiry_check');
    table.index(['admin_user_id'], 'admin_sessions_admin_user_id_idx');
    table.index(['expires_at'], 'admin_sessions_expires_at_idx');
  });

  await knex.schema.createTable('login_failures', (table) => {
    table.bigIncrements('id', { primaryKey: false });
    table.primary(['id'], { constraintName: 'login_failures_pkey' });
    /** Lower-cased username as typed (the account may not exist). */
    table.text('username_key').notNullable();
    table.text('ip').notNullable();
    table.timestamp('failed_at', { useTz: true }).notNullable();
    table.check('char_length(username_key) <= 256', undefined, 'login_failures_username_key_length_check');
    table.index(['username_key', 'failed_at'], 'login_failures_username_key_failed_at_idx');
    table.index(['ip', 'failed_at'], 'login_failures_ip_failed_at_idx');
    table.index(['failed_at'], 'login_failures_failed_at_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('login_failures');
  await knex.schema.dropTable('admin_sessions');
  await knex.schema.dropTable('admin_users');
}
