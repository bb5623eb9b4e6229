import type { Knex } from 'knex';

/**
 * Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * has signed in to an account before carries a random token, stored here only as its SHA-256, and
 * is let through when guessing has throttled everyone else. Failed logins now say what failed
 * (`kind`) and, when they came from a known device, which one, so that device's failures are
 * counted (and locked out) on their own instead of against the account.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('admin_devices', (table) => {
    table.bigIncrements('id', { primaryKey: false });
    table.primary(['id'], { constraintName: 'admin_devices_pkey' });
    table.text('token_hash').notNullable();
    table.unique(['token_hash'], { indexName: 'admin_devices_token_hash_key' });
    table.integer('admin_user_id').notNullable();
    table
      .foreign('admin_user_id', 'admin_devices_admin_user_id_fkey')
      .references('id')
      .inTable('admin_users')
      .onDelete('CASCADE');
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('last_used_at', { useTz: true }).notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.check("token_hash ~ '^[0-9a-f]{64}$'", undefined, 'admin_devices_token_hash_sha256_check');
    table.check('expires_at > last_used_at', undefined, 'admin_devices_expiry_check');
    table.index(['admin_user_id'], 'admin_devices_admin_user_id_idx');
    table.index(['expires_at'], 'admin_devices_expires_at_idx');
  });

  await knex.schema.alterTable('login_failures', (table) => {
    // Existing rows were all password failures from browsers without a device cookie.
    table.text('kind').notNullable().defaultTo('password');
    table.check("kind in ('password')", undefined, 'login_failures_kind_check');
    table.bigInteger('device_id').nullable();
    table
      .foreign('device_id', 'login_failures_device_id_fkey')
      .references('id')
      .inTable('admin_devices')
      .onDelete('CASCADE');
    table.index(['device_id', 'failed_at'], 'login_failures_device_id_failed_at_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  // Failures recorded against a device were never counted against their account; they go with it.
  await knex('login_failures').whereNotNull('device_id').delete();
  await knex.schema.alterTable('login_failures', (table) => {
    table.dropIndex(['device_id', 'failed_at'], 'login_failures_device_id_failed_at_idx');
    table.dropForeign(['device_id'], 'login_failures_device_id_fkey');
    table.dropColumn('device_id');
    table.dropChecks(['login_failures_kind_check']);
    table.dropColumn('kind');
  });
  await knex.schema.dropTable('admin_devices');
}
