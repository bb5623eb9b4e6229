import type { Knex } from 'knex';

/**
 * One row per daily job and local day it ran (the morning digest, the retention purge): the
 * instance whose insert makes the `(job, day)` row (primary key) runs the job, every other instance
 * finds the row and does nothing. Replaces the digest's own `digest_runs`, whose days move here.
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
  // A digest day without `sent_at` had nothing to say: done all the same.
  await knex.raw(`insert into daily_runs (job, day, claimed_at, finished_at)
    select 'morning-digest', day, claimed_at, coalesce(sent_at, claimed_at) from digest_runs`);
  await knex.schema.dropTable('digest_runs');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable('digest_runs', (t) => {
    t.date('day').primary({ constraintName: 'digest_runs_pkey' });
    t.timestamp('claimed_at', { useTz: true }).notNullable();
    t.timestamp('sent_at', { useTz: true });
    t.integer('recipients').notNullable().defaultTo(0);
  });
  await knex.raw(`insert into digest_runs (day, claimed_at, sent_at)
    select day, claimed_at, finished_at from daily_runs where job = 'morning-digest'`);
  await knex.schema.dropTable('daily_runs');
}
