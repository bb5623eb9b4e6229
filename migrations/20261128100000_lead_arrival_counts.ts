import type { Knex } from 'knex';

/**
 * New leads per form per quarter hour, kept by the database itself, so the dashboard home sums a
 * few thousand small rows for its 60 days instead of counting some 80,000 leads at 1,000,000
 * (docs/performance.md). Quarter hours in UTC, because every time zone's midnight falls on
 * one: the agency's days add up exactly whatever zone it is set to.
 *
 * Triggers keep the counts true however leads change: inserted (one form post or a million
 * seeded at once), deleted (one, bulk, purge, erase), or moved in and out of spam. A lead counts
 * while it is not spam. Insert and delete count per statement over its transition table; an update
 * only fires for a row whose arrival, form or spam state changed, so marking leads read costs nothing.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table lead_arrival_counts (
      quarter_hour timestamptz not null,
      type text not null,
      leads integer not null,
      primary key (quarter_hour, type)
    )`);
  // Changes are applied in key order, so two transactions changing the same quarter hours take
  // their row locks in the same order and never deadlock.
  await knex.raw(`
    create function lead_arrival_counts_add(changes lead_arrival_counts[]) returns void language sql as $$
      insert into lead_arrival_counts (quarter_hour, type, leads)
      select quarter_hour, type, sum(leads) from unnest(changes) group by 1, 2 having sum(leads) <> 0 order by 1, 2
      on conflict (quarter_hour, type) do update set leads = lead_arrival_counts.leads + excluded.leads
    $$`);
  await knex.raw(`
    create function lead_quarter_hour(at timestamptz) returns timestamptz language sql immutable as $$
      select date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00')
    $$`);
  await knex.raw(`
    create function lead_arrival_counts_on_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform lead_arrival_counts_add(array(
          select row(lead_quarter_hour(submitted_at), type, 1)::lead_arrival_counts from inserted where spam_at is null));
      elsif tg_op = 'DELETE' then
        perform lead_arrival_counts_add(array(
          select row(lead_quarter_hour(submitted_at), type, -1)::lead_arrival_counts from deleted where spam_at is null));
      else
        perform lead_arrival_counts_add(array[
          row(lead_quarter_hour(old.submitted_at), old.type, case when old.spam_at is null then -1 else 0 end)::lead_arrival_counts,
          row(lead_quarter_hour(new.submitted_at), new.type, case when new.spam_at is null then 1 else 0 end)::lead_arrival_counts]);
      end if;
      return null;
    end
    $$`);
  await knex.raw(`create trigger lead_arrival_counts_on_insert after insert on leads referencing new table as inserted
                  for each statement execute function lead_arrival_counts_on_change()`);
  await knex.raw(`create trigger lead_arrival_counts_on_delete after delete on leads referencing old table as deleted
                  for each statement execute function lead_arrival_counts_on_change()`);
  await knex.raw(`create trigger lead_arrival_counts_on_update after update on leads for each row
                  when (old.spam_at is distinct from new.spam_at or old.submitted_at <> new.submitted_at or old.type <> new.type)
                  execute function lead_arrival_counts_on_change()`);
  // In key order, so the rows of neighbouring quarter hours share pages (the dashboard reads a range).
  await knex.raw(`
    insert into lead_arrival_counts (quarter_hour, type, leads)
    select lead_quarter_hour(submitted_at), type, count(*) from leads where spam_at is null group by 1, 2 order by 1, 2`);
  // The index the dashboard counted from before; the inbox's planner was tempted by it for filtered pages.
  await knex.raw('drop index if exists leads_arrivals_index');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('create index leads_arrivals_index on leads (submitted_at) include (type) where spam_at is null');
  await knex.raw('drop trigger lead_arrival_counts_on_insert on leads');
  await knex.raw('drop trigger lead_arrival_counts_on_delete on leads');
  await knex.raw('drop trigger lead_arrival_counts_on_update on leads');
  await knex.raw('drop function lead_arrival_counts_on_change()');
  await knex.raw('drop function lead_quarter_hour(timestamptz)');
  await knex.raw('drop function lead_arrival_counts_add(lead_arrival_counts[])');
  await knex.raw('drop table lead_arrival_counts');
}
