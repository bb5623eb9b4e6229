import type { Knex } from 'knex';

/**
 * One row per local day the morning digest was taken care of: the instance that inserts the day's
 * row (primary key) sends it, every other instance finds the row and does nothing.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('digest_runs', (t) => {
    t.date('day').primary({ constraintName: 'digest_runs_pkey' });
    t.timestamp('claimed_at', { useTz: true }).notNullable();
    // Null when there was nothing to say that day (nothing was sent).
    t.timestamp('sent_at', { useTz: true });
    t.integer('recipients').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('digest_runs');
}
