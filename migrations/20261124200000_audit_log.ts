import type { Knex } from 'knex';

/**
 * The audit trail: one append-only row per admin action (who, when, what, on what, and a short
 * summary of the change). A trigger refuses every UPDATE and TRUNCATE, and every DELETE of a row
 * younger than the retention period, so no call, bug or mistaken script can rewrite history; only
 * the retention purge removes rows, and only old ones.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_log', (table) => {
    table.bigIncrements('id', { primaryKey: false });
    table.primary(['id'], { constraintName: 'audit_log_pkey' });
    table.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // No foreign key: deleting an account must not change or remove what it did.
    table.integer('actor_id');
    table.text('actor_name').notNullable();
    table.text('action').notNullable();
    table.text('target_type');
    table.text('target_id');
    table.text('summary').notNullable().defaultTo('');
    table.text('ip');
    table.check('char_length(actor_name) between 1 and 256', undefined, 'audit_log_actor_name_check');
    table.check("action ~ '^[a-z][a-z0-9-]*(\\.[a-z][a-z0-9-]*)+$'", undefined, 'audit_log_action_check');
    table.check('char_length(summary) <= 1000', undefined, 'audit_log_summary_check');
    table.index(['at', 'id'], 'audit_log_at_id_index');
    table.index(['actor_id', 'at'], 'audit_log_actor_at_index');
    table.index(['action', 'at'], 'audit_log_action_at_index');
    table.index(['target_type', 'target_id', 'at'], 'audit_log_target_index');
  });
  await knex.raw(`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        if old.at < now() - interval '1 year' then
          return old;
        end if;
      end if;
      raise exception 'audit_log is append-only (% refused)', tg_op using errcode = 'insufficient_privilege';
    end
    $$`);
  await knex.raw(`create trigger audit_log_append_only before update or delete on audit_log for each row execute function audit_log_append_only()`);
  await knex.raw(`create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_log_append_only()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_log');
  await knex.raw('drop function audit_log_append_only()');
}
