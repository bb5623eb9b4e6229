import type { Knex } from 'knex';

/**
 * Roles on admin accounts: `owner` (everything, including accounts, settings and the audit trail)
 * or `editor` (leads and portfolio). Accounts that exist already could do everything, so they
 * become owners; the column's default only serves those existing rows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('admin_users', (table) => {
    table.text('role').notNullable().defaultTo('owner');
    table.check("role in ('owner', 'editor')", undefined, 'admin_users_role_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('admin_users', (table) => {
    table.dropChecks(['admin_users_role_check']);
    table.dropColumn('role');
  });
}
