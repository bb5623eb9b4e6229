import type { Knex } from 'knex';

/**
 * The Projects list filtered by stage, keyset-paged newest first, read from one index. Without it
 * a rare stage walks the projects index testing every row: at 200,000 leads (19,246 projects, 40 of
 * them in progress) one page of `stage=in-progress` read 38,662 buffers in 393 ms, with it 161.
 * The expression is the one `server/db/projects.ts` filters on: a project never moved (null) is
 * `accepted`. The search needs no index of its own: it matches the text the inbox's trigram index
 * `leads_search_index` covers (name, e-mail, phone, company, details); a partial trigram index of
 * the projects alone was measured and left out, as the planner chose the same plans with it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `create index leads_project_stage_index on leads ((coalesce(project_stage, 'accepted')), submitted_at desc, id desc)
      where type = 'quote' and status = 'accepted' and spam_at is null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index leads_project_stage_index');
}
