import type { Knex } from 'knex';

/**
 * The dashboard home counts new leads per form over the last 60 days (each period and the one
 * before it) in one index-only pass: arrival time with the form beside it, inbox only. Measured at
 * 1,000,000 leads (docs/performance.md).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index leads_arrivals_index on leads (submitted_at) include (type) where spam_at is null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index leads_arrivals_index');
}
