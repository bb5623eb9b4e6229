import type { Knex } from 'knex';

/** Key/value settings the instances share, such as the generated session secret. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('app_settings', (table) => {
    table.text('key').primary({ constraintName: 'app_settings_pkey' });
    table.text('value').notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('app_settings');
}
