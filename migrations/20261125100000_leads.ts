import type { Knex } from 'knex';

/**
 * One `leads` table for the four visitor forms instead of a table each, so the inbox lists,
 * filters, searches and pages all of them in one indexed query; the rows of the four tables move
 * into it. Type-specific columns are nullable and the CHECKs hold each type to its own required
 * fields and statuses. `lead_notes` holds staff notes. Spam is kept (in its own folder) instead
 * of dropped.
 *
 * Indexes, each chosen by measuring at 1,000,000 rows (docs/decisions/lead-inbox.md): the lists page by
 * keyset on (submitted_at desc, id desc) over partial indexes of the inbox (spam_at is null) and
 * of the spam folder; type, type + status and status lists have their own; unread leads a small
 * partial one (the top bar counts them on every page); the search a trigram GIN index over the
 * searchable text (pg_trgm, on PGlite through its contrib extension) and an exact e-mail index.
 */

const OLD_TABLES = {
  contact: { table: 'contact_submissions', fields: ['name', 'phone', 'email', 'subject', 'message'], statuses: ['new', 'read', 'responded'] },
  enquiry: { table: 'enquiries', fields: ['name', 'email', 'phone', 'company', 'service', 'message'], statuses: ['new', 'read', 'responded'] },
  quote: {
    table: 'quote_requests',
    fields: ['name', 'email', 'phone', 'company', 'service', 'budget', 'timeline', 'project_details'],
    statuses: ['new', 'read', 'quoted', 'accepted', 'rejected'],
  },
  'free-offer': { table: 'free_offer_requests', fields: ['email', 'message'], statuses: ['new', 'read', 'responded'] },
} as const;

/** Fields every lead of the type must have (the forms' required fields, as of this migration). */
const REQUIRED = {
  contact: ['name', 'phone', 'email', 'subject', 'message'],
  enquiry: ['name', 'email', 'phone', 'service', 'message'],
  quote: ['name', 'email', 'phone', 'service', 'budget', 'timeline', 'project_details'],
  'free-offer': ['email'],
} as const;

/** What the search matches: the same expression as `server/db/leads.ts` (LEAD_SEARCH_TEXT). */
const SEARCH_TEXT = `lower(coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(company, '') || ' ' || coalesce(subject, '') || ' ' || coalesce(message, '') || ' ' || coalesce(project_details, ''))`;

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists pg_trgm');
  await knex.schema.createTable('leads', (t) => {
    t.uuid('id').primary({ constraintName: 'leads_pkey' }).defaultTo(knex.raw('gen_random_uuid()'));
    t.text('type').notNullable();
    t.text('name');
    t.text('email');
    t.text('phone');
    t.text('company');
    t.text('subject');
    t.text('service');
    t.text('message');
    t.integer('budget');
    t.text('timeline');
    t.text('project_details');
    // Milliseconds, as JavaScript dates hold them: the keyset cursor carries a Date, and a row a few
    // microseconds past it would otherwise be skipped.
    t.timestamp('submitted_at', { useTz: true }).notNullable().defaultTo(knex.raw("date_trunc('milliseconds', now())"));
    t.text('status').notNullable().defaultTo('new');
    t.timestamp('read_at', { useTz: true });
    t.timestamp('responded_at', { useTz: true });
    t.timestamp('due_at', { useTz: true });
    t.text('spam_reason');
    t.timestamp('spam_at', { useTz: true });
    // The island's per-form token: a double submit finds the first row instead of adding one.
    t.text('client_token');
    t.text('source_path');
    t.text('referrer_host');
    t.text('utm_source');
    t.text('utm_medium');
    t.text('utm_campaign');
    t.check(`type in (${list(Object.keys(OLD_TABLES))})`, [], 'leads_type_check');
    t.check(
      `(type = 'quote' and status in (${list(OLD_TABLES.quote.statuses)})) or (type <> 'quote' and status in (${list(OLD_TABLES.contact.statuses)}))`,
      [],
      'leads_status_check',
    );
    const required = Object.entries(REQUIRED).map(([type, fields]) => `(type = '${type}' and ${fields.map((field) => `${field} is not null`).join(' and ')})`);
    t.check(required.join(' or '), [], 'leads_required_fields_check');
    t.check('budget is null or budget between 1000 and 10000', [], 'leads_budget_check');
    t.check('client_token is null or length(client_token) between 8 and 100', [], 'leads_client_token_check');
    t.check('(spam_at is null) = (spam_reason is null)', [], 'leads_spam_check');
    t.check("submitted_at = date_trunc('milliseconds', submitted_at)", [], 'leads_submitted_at_check');
    t.unique(['type', 'client_token'], { indexName: 'leads_client_token_unique' });
  });
  const keyset = 'submitted_at desc, id desc';
  await knex.raw(`create index leads_inbox_index on leads (${keyset}) where spam_at is null`);
  await knex.raw(`create index leads_type_index on leads (type, ${keyset}) where spam_at is null`);
  await knex.raw(`create index leads_type_status_index on leads (type, status, ${keyset}) where spam_at is null`);
  await knex.raw(`create index leads_status_index on leads (status, ${keyset}) where spam_at is null`);
  await knex.raw(`create index leads_unread_index on leads (${keyset}) where read_at is null and spam_at is null`);
  await knex.raw(`create index leads_spam_folder_index on leads (${keyset}) where spam_at is not null`);
  await knex.raw(`create index leads_spam_at_index on leads (spam_at, id) where spam_at is not null`);
  await knex.raw(`create index leads_email_index on leads (lower(email))`);
  await knex.raw(`create index leads_search_index on leads using gin ((${SEARCH_TEXT}) gin_trgm_ops)`);

  for (const [type, { table, fields }] of Object.entries(OLD_TABLES)) {
    const columns = fields.join(', ');
    // A submission someone already moved on from was evidently read.
    await knex.raw(
      `insert into leads (id, type, ${columns}, submitted_at, status, read_at, client_token)
       select id, ?, ${columns}, date_trunc('milliseconds', submitted_at), status,
              case when status = 'new' then null else date_trunc('milliseconds', submitted_at) end, client_token from ??`,
      [type, table],
    );
    await knex.schema.dropTable(table);
  }

  await knex.schema.createTable('lead_notes', (t) => {
    t.uuid('id').primary({ constraintName: 'lead_notes_pkey' }).defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('lead_id').notNullable().references('id').inTable('leads').onDelete('CASCADE').withKeyName('lead_notes_lead_id_foreign');
    // No foreign key to the account: a note keeps its author's name when the account goes.
    t.integer('author_id');
    t.text('author').notNullable();
    t.text('body').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('char_length(body) between 1 and 5000', [], 'lead_notes_body_check');
    t.index(['lead_id', 'created_at'], 'lead_notes_lead_index');
  });
}

/** The four tables again, with the leads of their type that are not spam (notes and spam are lost). */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('lead_notes');
  const types: Record<string, string> = { name: 'text', email: 'text', phone: 'text', company: 'text', subject: 'text', service: 'text', message: 'text', budget: 'integer', timeline: 'text', project_details: 'text' };
  const optional = new Set(['company']);
  for (const [type, { table, fields, statuses }] of Object.entries(OLD_TABLES)) {
    const required = REQUIRED[type as keyof typeof REQUIRED] as readonly string[];
    const columns = fields.map((field) => `${field} ${types[field]}${required.includes(field) && !optional.has(field) ? ' not null' : ''}`);
    await knex.raw(`
      create table ${table} (
        id uuid constraint ${table}_pkey primary key,
        ${columns.join(',\n        ')},
        submitted_at timestamptz not null default now(),
        status text not null default 'new',
        client_token text,
        constraint ${table}_status_check check (status in (${list(statuses)})),
        constraint ${table}_client_token_check check (client_token is null or length(client_token) between 8 and 100),
        constraint ${table}_client_token_unique unique (client_token)
      )`);
    await knex.raw(`create index ${table}_submitted_at_index on ${table} (submitted_at)`);
    await knex.raw(`create index ${table}_status_submitted_at_index on ${table} (status, submitted_at)`);
    const names = fields.join(', ');
    await knex.raw(`insert into ?? (id, ${names}, submitted_at, status, client_token) select id, ${names}, submitted_at, status, client_token from leads where type = ? and spam_at is null`, [table, type]);
  }
  await knex.raw('alter table quote_requests add constraint quote_requests_budget_check check (budget between 1000 and 10000)');
  await knex.schema.dropTable('leads');
}
