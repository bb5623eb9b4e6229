import type { Knex } from 'knex';

/**
 * Each rate-limit counter keeps the end of its own window (its start plus its length), so the
 * clean-up deletes a row only once that window is over: a daily acknowledgement counter after its
 * day, an hourly reset-link counter after its hour, a one-minute preview counter after its minute.
 * Until now one clean-up deleted every row older than twice the forms' window, whatever its length.
 * Rows counted before this change get the longest window any counter uses (a day), so none ends
 * early; the short ones among them go a day later than they could, once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('form_rate_limits', (t) => {
    t.timestamp('window_end', { useTz: true });
  });
  await knex('form_rate_limits').update({ window_end: knex.raw(`window_start + interval '1 day'`) });
  await knex.schema.alterTable('form_rate_limits', (t) => {
    t.dropNullable('window_end');
    t.check('window_end > window_start', [], 'form_rate_limits_window_check');
    // The clean-up finds ended windows by their end; nothing reads rows by their start alone.
    t.dropIndex(['window_start'], 'form_rate_limits_window_start_index');
    t.index(['window_end'], 'form_rate_limits_window_end_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('form_rate_limits', (t) => {
    t.dropIndex(['window_end'], 'form_rate_limits_window_end_index');
    t.dropChecks(['form_rate_limits_window_check']);
    t.dropColumn('window_end');
    t.index(['window_start'], 'form_rate_limits_window_start_index');
  });
}
