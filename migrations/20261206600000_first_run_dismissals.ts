import type { Knex } from 'knex';

/**
 * The first-run checklist's dismissed items, one row per item for the whole site (not per
 * account): an owner who says "not for us" (no team to invite, backups handled elsewhere) says it
 * for every owner. Whether an item is done is never stored: it is read from the site as it is.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('first_run_dismissals', (t) => {
    t.text('item').primary({ constraintName: 'first_run_dismissals_pkey' });
    t.timestamp('dismissed_at', { useTz: true }).notNullable();
    t.integer('dismissed_by');
    t.foreign('dismissed_by', 'first_run_dismissals_dismissed_by_fkey').references('id').inTable('admin_users').onDelete('SET NULL');
    t.check(`item in ('agency', 'timeZone', 'mail', 'email', 'team', 'backups')`, [], 'first_run_dismissals_item_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('first_run_dismissals');
}
