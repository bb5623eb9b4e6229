import type { Knex } from 'knex';

/**
 * What managing accounts in the admin needs: an account can be disabled and shows its last
 * sign-in; a session keeps the address and browser it was opened from (the account's session
 * list); a TOTP secret makes two-factor sign-in possible (`totp_last_step` refuses a code twice);
 * and a one-time link lets a new account set its own password (only the token's hash is stored).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('admin_users', (table) => {
    table.timestamp('disabled_at', { useTz: true }).nullable();
    table.timestamp('last_sign_in_at', { useTz: true }).nullable();
    table.text('totp_secret').nullable();
    table.timestamp('totp_enabled_at', { useTz: true }).nullable();
    table.bigInteger('totp_last_step').nullable();
    table.check('totp_enabled_at is null or totp_secret is not null', undefined, 'admin_users_totp_check');
  });
  await knex.schema.alterTable('admin_sessions', (table) => {
    table.text('ip').nullable();
    table.text('user_agent').nullable();
    table.check('char_length(user_agent) <= 512', undefined, 'admin_sessions_user_agent_length_check');
  });
  await knex.schema.createTable('admin_password_links', (table) => {
    table.text('token_hash').notNullable();
    table.primary(['token_hash'], { constraintName: 'admin_password_links_pkey' });
    table.integer('admin_user_id').notNullable();
    table
      .foreign('admin_user_id', 'admin_password_links_admin_user_id_fkey')
      .references('id')
      .inTable('admin_users')
      .onDelete('CASCADE');
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.check("token_hash ~ '^[0-9a-f]{64}$'", undefined, 'admin_password_links_token_hash_sha256_check');
    table.index(['admin_user_id'], 'admin_password_links_admin_user_id_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('admin_password_links');
  await knex.schema.alterTable('admin_sessions', (table) => {
    table.dropChecks(['admin_sessions_user_agent_length_check']);
    table.dropColumns('ip', 'user_agent');
  });
  await knex.schema.alterTable('admin_users', (table) => {
    table.dropChecks(['admin_users_totp_check']);
    table.dropColumns('disabled_at', 'last_sign_in_at', 'totp_secret', 'totp_enabled_at', 'totp_last_step');
  });
}
