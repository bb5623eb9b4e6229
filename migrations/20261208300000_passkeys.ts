import type { Knex } from 'knex';

/**
 * Passkeys (WebAuthn): each account's credentials (the public key, its signature counter, the name
 * its owner gave it), the challenges the server hands out for adding one or signing in with one
 * (kept here, not in an instance's memory: the next request may reach another instance; single
 * use, a few minutes long), which passkey opened a session or was added in it (either meets the
 * owners' "require two-factor" rule, for as long as that passkey exists), and failed passkey
 * sign-ins counted in the login throttle.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('admin_passkeys', (table) => {
    table.bigIncrements('id', { primaryKey: false });
    table.primary(['id'], { constraintName: 'admin_passkeys_pkey' });
    table.integer('admin_user_id').notNullable();
    table.foreign('admin_user_id', 'admin_passkeys_admin_user_id_fkey').references('id').inTable('admin_users').onDelete('CASCADE');
    /** The credential's id as the browser sends it back (base64url). */
    table.text('credential_id').notNullable();
    table.unique(['credential_id'], { indexName: 'admin_passkeys_credential_id_key' });
    /** The COSE public key, base64url. */
    table.text('public_key').notNullable();
    table.bigInteger('counter').notNullable().defaultTo(0);
    /** The authenticator's transports ("internal", "hybrid", …), comma-separated. */
    table.text('transports').notNullable().defaultTo('');
    table.text('name').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('last_used_at', { useTz: true }).nullable();
    table.check("credential_id ~ '^[A-Za-z0-9_-]+$' and char_length(credential_id) <= 1400", undefined, 'admin_passkeys_credential_id_check');
    table.check('char_length(name) between 1 and 60', undefined, 'admin_passkeys_name_length_check');
    table.check('counter >= 0', undefined, 'admin_passkeys_counter_check');
    table.index(['admin_user_id'], 'admin_passkeys_admin_user_id_idx');
  });
  await knex.schema.createTable('admin_passkey_challenges', (table) => {
    table.text('challenge').notNullable();
    table.primary(['challenge'], { constraintName: 'admin_passkey_challenges_pkey' });
    /** What the challenge is for: adding a passkey to a signed-in account, or signing in. */
    table.text('purpose').notNullable();
    /** Adding a passkey: the account and the session that asked (null for signing in). */
    table.integer('admin_user_id').nullable();
    table.foreign('admin_user_id', 'admin_passkey_challenges_admin_user_id_fkey').references('id').inTable('admin_users').onDelete('CASCADE');
    table.text('session_id_hash').nullable();
    table.timestamp('created_at', { useTz: true }).notNullable();
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.check("purpose in ('register', 'sign-in')", undefined, 'admin_passkey_challenges_purpose_check');
    table.check("(purpose = 'register') = (admin_user_id is not null and session_id_hash is not null)", undefined, 'admin_passkey_challenges_binding_check');
    table.index(['expires_at'], 'admin_passkey_challenges_expires_at_idx');
  });
  await knex.schema.alterTable('admin_sessions', (table) => {
    // A session never counts as two-factor by a passkey that no longer exists. The passkey that
    // opened the session: removing it ends the session (a lost device's sessions go with it).
    table.bigInteger('passkey_id').nullable();
    table.foreign('passkey_id', 'admin_sessions_passkey_id_fkey').references('id').inTable('admin_passkeys').onDelete('CASCADE');
    table.index(['passkey_id'], 'admin_sessions_passkey_id_idx');
    // The passkey added in a session opened otherwise: removing it only takes back what it vouched for.
    table.bigInteger('added_passkey_id').nullable();
    table.foreign('added_passkey_id', 'admin_sessions_added_passkey_id_fkey').references('id').inTable('admin_passkeys').onDelete('SET NULL');
    table.index(['added_passkey_id'], 'admin_sessions_added_passkey_id_idx');
  });
  await knex.schema.alterTable('login_failures', (table) => {
    table.dropChecks(['login_failures_kind_check']);
    table.check("kind in ('password', 'second-factor', 'passkey')", undefined, 'login_failures_kind_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('login_failures').where({ kind: 'passkey' }).delete();
  await knex.schema.alterTable('login_failures', (table) => {
    table.dropChecks(['login_failures_kind_check']);
    table.check("kind in ('password', 'second-factor')", undefined, 'login_failures_kind_check');
  });
  await knex.schema.alterTable('admin_sessions', (table) => {
    table.dropColumn('added_passkey_id');
    table.dropColumn('passkey_id');
  });
  await knex.schema.dropTable('admin_passkey_challenges');
  await knex.schema.dropTable('admin_passkeys');
}
