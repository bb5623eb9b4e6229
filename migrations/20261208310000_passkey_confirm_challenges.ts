import type { Knex } from 'knex';

/**
 * Passkey challenges gain a third purpose, `confirm`: a signed-in account confirming with one of its
 * passkeys that it is its owner (removing a passkey without the password). Like adding one, such a
 * challenge is bound to the account and the session that asked for it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('admin_passkey_challenges', (table) => {
    table.dropChecks(['admin_passkey_challenges_purpose_check', 'admin_passkey_challenges_binding_check']);
    table.check("purpose in ('register', 'sign-in', 'confirm')", undefined, 'admin_passkey_challenges_purpose_check');
    table.check("(purpose in ('register', 'confirm')) = (admin_user_id is not null and session_id_hash is not null)", undefined, 'admin_passkey_challenges_binding_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  // Unanswered confirmations (five minutes long at most) are simply lost.
  await knex('admin_passkey_challenges').where({ purpose: 'confirm' }).delete();
  await knex.schema.alterTable('admin_passkey_challenges', (table) => {
    table.dropChecks(['admin_passkey_challenges_purpose_check', 'admin_passkey_challenges_binding_check']);
    table.check("purpose in ('register', 'sign-in')", undefined, 'admin_passkey_challenges_purpose_check');
    table.check("(purpose = 'register') = (admin_user_id is not null and session_id_hash is not null)", undefined, 'admin_passkey_challenges_binding_check');
  });
}
