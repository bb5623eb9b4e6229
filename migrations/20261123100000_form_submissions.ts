import type { Knex } from 'knex';

/**
 * One table per visitor form (typed columns, statuses checked), the outbox of staff notifications
 * written together with each submission, and the per-IP counters of the form rate
 * limit (in the database so the limit holds across instances).
 */
const SUBMISSION_TABLES = [
  { table: 'contact_submissions', statuses: ['new', 'read', 'responded'] },
  { table: 'enquiries', statuses: ['new', 'read', 'responded'] },
  { table: 'quote_requests', statuses: ['new', 'read', 'quoted', 'accepted', 'rejected'] },
  { table: 'free_offer_requests', statuses: ['new', 'read', 'responded'] },
] as const;

type Columns = (table: Knex.CreateTableBuilder) => void;

const ownColumns: Record<(typeof SUBMISSION_TABLES)[number]['table'], Columns> = {
  contact_submissions: (t) => {
    t.text('name').notNullable();
    t.text('phone').notNullable();
    t.text('email').notNullable();
    t.text('subject').notNullable();
    t.text('message').notNullable();
  },
  enquiries: (t) => {
    t.text('name').notNullable();
    t.text('email').notNullable();
    t.text('phone').notNullable();
    t.text('company');
    t.text('service').notNullable();
    t.text('message').notNullable();
  },
  quote_requests: (t) => {
    t.text('name').notNullable();
    t.text('email').notNullable();
    t.text('phone').notNullable();
    t.text('company');
    t.text('service').notNullable();
    t.integer('budget').notNullable();
    t.text('timeline').notNullable();
    t.text('project_details').notNullable();
  },
  free_offer_requests: (t) => {
    t.text('email').notNullable();
    t.text('message');
  },
};

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  for (const { table, statuses } of SUBMISSION_TABLES) {
    await knex.schema.createTable(table, (t) => {
      t.uuid('id').primary({ constraintName: `${table}_pkey` });
      ownColumns[table](t);
      t.timestamp('submitted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      t.text('status').notNullable().defaultTo('new');
      // The island's per-form token: a double submit finds the first row instead of adding one.
      t.text('client_token');
      t.check(`status in (${list(statuses)})`, [], `${table}_status_check`);
      t.check('client_token is null or length(client_token) between 8 and 100', [], `${table}_client_token_check`);
      t.unique(['client_token'], { indexName: `${table}_client_token_unique` });
      t.index(['submitted_at'], `${table}_submitted_at_index`);
      t.index(['status', 'submitted_at'], `${table}_status_submitted_at_index`);
    });
  }
  await knex.schema.raw(`alter table quote_requests add constraint quote_requests_budget_check check (budget between 1000 and 10000)`);

  await knex.schema.createTable('form_notifications', (t) => {
    t.bigIncrements('id', { primaryKey: false });
    t.primary(['id'], { constraintName: 'form_notifications_pkey' });
    t.text('form_type').notNullable();
    t.uuid('submission_id').notNullable();
    t.text('subject').notNullable();
    t.text('body').notNullable();
    t.text('reply_to');
    t.text('status').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Set while one worker sends it, so other instances leave it alone; expires if that worker dies.
    t.timestamp('locked_until', { useTz: true });
    t.text('last_error');
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`status in ('pending', 'sent', 'failed')`, [], 'form_notifications_status_check');
    t.check(`form_type in ('contact', 'enquiry', 'quote', 'free-offer')`, [], 'form_notifications_form_type_check');
    t.index(['status', 'next_attempt_at'], 'form_notifications_due_index');
    t.index(['form_type', 'submission_id'], 'form_notifications_submission_index');
  });

  await knex.schema.createTable('form_rate_limits', (t) => {
    t.text('ip').notNullable();
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.integer('hits').notNullable().defaultTo(0);
    t.primary(['ip', 'window_start'], { constraintName: 'form_rate_limits_pkey' });
    t.index(['window_start'], 'form_rate_limits_window_start_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('form_rate_limits');
  await knex.schema.dropTable('form_notifications');
  for (const { table } of [...SUBMISSION_TABLES].reverse()) await knex.schema.dropTable(table);
}
