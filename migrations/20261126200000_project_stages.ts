import type { Knex } from 'knex';

/**
 * Projects are won quotes: a quote request whose status is `accepted`. Their stage of work lives
 * on the lead (null until staff first move it, which reads as `accepted`), with when it changed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('leads', (t) => {
    t.text('project_stage');
    t.timestamp('project_stage_at', { useTz: true });
    t.check(`project_stage is null or project_stage in ('accepted', 'in-progress', 'delivered')`, [], 'leads_project_stage_check');
  });
  // The Projects list: accepted quotes, newest first, read without touching other leads.
  await knex.raw(`create index leads_projects_index on leads (submitted_at desc, id desc) where type = 'quote' and status = 'accepted' and spam_at is null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists leads_projects_index');
  await knex.schema.alterTable('leads', (t) => {
    t.dropChecks(['leads_project_stage_check']);
    t.dropColumn('project_stage_at');
    t.dropColumn('project_stage');
  });
}
