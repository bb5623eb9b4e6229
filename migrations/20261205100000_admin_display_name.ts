import type { Knex } from 'knex';

/**
 * Each account's display name ("Maria Lopez"): what replies are sent and signed as, so a client
 * never reads a login name such as "admin". Accounts made before it have none until their owner
 * gives one (asked for in Your account, and before their first reply).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('admin_users', (table) => {
    table.text('display_name').nullable();
    table.check("display_name is null or char_length(display_name) between 1 and 80", undefined, 'admin_users_display_name_length_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('admin_users', (table) => {
    table.dropChecks(['admin_users_display_name_length_check']);
    table.dropColumn('display_name');
  });
}
