import type { Knex } from 'knex';

/**
 * Repeats of one event counted in one audit row. A flood of throttled sign-ins wrote a row per
 * request, each kept a year (3,550 rows in 10 s from one client); now the first of a kind per
 * window opens a row keyed by `repeat_key` (what repeats, and the window) and the rest add to its
 * `repeats` and move `last_at`. The trigger still refuses every other UPDATE: only a keyed row's
 * count and last time may change, and only forwards; every other column, and every row without a
 * key, stays as written.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('audit_log', (table) => {
    table.integer('repeats').notNullable().defaultTo(1);
    table.timestamp('last_at', { useTz: true });
    table.text('repeat_key');
    table.check('repeats >= 1', undefined, 'audit_log_repeats_check');
    table.check('char_length(repeat_key) <= 1000', undefined, 'audit_log_repeat_key_length_check');
  });
  await knex.raw('create unique index audit_log_repeat_key_index on audit_log (repeat_key) where repeat_key is not null');
  await knex.raw(`
    create or replace function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        if old.at < now() - interval '1 year' then
          return old;
        end if;
      elsif tg_op = 'UPDATE' then
        if old.repeat_key is not null
          and new.repeats > old.repeats
          and new.last_at >= coalesce(old.last_at, old.at)
          and to_jsonb(new) - 'repeats' - 'last_at' = to_jsonb(old) - 'repeats' - 'last_at' then
          return new;
        end if;
      end if;
      raise exception 'audit_log is append-only (% refused)', tg_op using errcode = 'insufficient_privilege';
    end
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        if old.at < now() - interval '1 year' then
          return old;
        end if;
      end if;
      raise exception 'audit_log is append-only (% refused)', tg_op using errcode = 'insufficient_privilege';
    end
    $$`);
  await knex.raw('drop index audit_log_repeat_key_index');
  await knex.schema.alterTable('audit_log', (table) => {
    table.dropChecks(['audit_log_repeats_check', 'audit_log_repeat_key_length_check']);
    table.dropColumns('repeats', 'last_at', 'repeat_key');
  });
}
