import type { Knex } from 'knex';

/**
 * One row per daily job and local day it ran: the instance whose insert makes the `(job, day)` row
 * (primary key) runs the job, every other instance finds the row and does nothing.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('daily_runs', (t) => {
    t.text('job').notNullable();
    t.date('day').notNullable();
    t.timestamp('claimed_at', { useTz: true }).notNullable();
    // Null while the job runs (or if the instance running it died).
    t.timestamp('finished_at', { useTz: true });
    t.primary(['job', 'day'], { constraintName: 'daily_runs_pkey' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('daily_runs');
}
