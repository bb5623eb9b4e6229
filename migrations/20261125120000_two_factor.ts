import type { Knex } from 'knex';

/**
 * Two-factor sign-in: each account's one-time recovery codes (stored as SHA-256 of codes with 80
 * random bits, so a leaked table gives none back), the sign-in challenges a correct password opens
 * for the code to complete (the no-JavaScript form's second step; only the token's hash is stored),
 * and wrong codes counted as login failures of their own kind, in the same throttle.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('admin_recovery_codes', (table) => {
    table.bigIncrements('id', { primaryKey: false });
    table.primary(['id'], { constraintName: 'admin_recovery_codes_pkey' });
    table.integer('admin_user_id').notNullable();
    table
      .foreign('admin_user_id', 'admin_recovery_codes_admin_user_id_fkey')
      .references('id')
      .inTable('admin_users')
      .onDelete('CASCADE');
    table.text('code_hash').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('used_at', { useTz: true }).nullable();
    table.check("code_hash ~ '^[0-9a-f]{64}$'", undefined, 'admin_recovery_codes_code_hash_sha256_check');
    table.unique(['admin_user_id', 'code_hash'], { indexName: 'admin_recovery_codes_user_code_key' });
  });
  await knex.schema.createTable('admin_login_challenges', (table) => {
    table.text('token_hash').notNullable();
    table.primary(['token_hash'], { constraintName: 'admin_login_challenges_pkey' });
    table.integer('admin_user_id').notNullable();
    table
      .foreign('admin_user_id', 'admin_login_challenges_admin_user_id_fkey')
      .references('id')
      .inTable('admin_users')
      .onDelete('CASCADE');
    table.boolean('remember').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.check("token_hash ~ '^[0-9a-f]{64}$'", undefined, 'admin_login_challenges_token_hash_sha256_check');
    table.index(['expires_at'], 'admin_login_challenges_expires_at_idx');
  });
  await knex.schema.alterTable('login_failures', (table) => {
    table.dropChecks(['login_failures_kind_check']);
    table.check("kind in ('password', 'second-factor')", undefined, 'login_failures_kind_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('login_failures').where({ kind: 'second-factor' }).update({ kind: 'password' });
  await knex.schema.alterTable('login_failures', (table) => {
    table.dropChecks(['login_failures_kind_check']);
    table.check("kind in ('password')", undefined, 'login_failures_kind_check');
  });
  await knex.schema.dropTable('admin_login_challenges');
  await knex.schema.dropTable('admin_recovery_codes');
}
