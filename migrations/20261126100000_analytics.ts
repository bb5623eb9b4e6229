import type { Knex } from 'knex';

/**
 * Cookieless analytics. What is kept for good is counts per day: views and visitors per page, and
 * visitors per way in (landing page, referrer host, campaign). Counting unique visitors needs a
 * pseudonym for the day: a hash of the address and browser with a salt that exists for that day
 * only. The salt and the day's pseudonyms are deleted once the day is over, so nothing can link a
 * visitor across days, and no address or browser string is ever written.
 */
export async function up(knex: Knex): Promise<void> {
  // A lead's visit: the page it arrived on that day (the other attribution columns came with leads).
  await knex.schema.alterTable('leads', (t) => {
    t.text('landing_path');
  });

  await knex.schema.createTable('analytics_salts', (t) => {
    t.date('day').primary({ constraintName: 'analytics_salts_pkey' });
    t.text('salt').notNullable();
  });

  // Today's visitors, each with how they arrived (their first view of the day): the way a lead
  // sent later that day is attributed without any cookie.
  await knex.schema.createTable('analytics_day_visitors', (t) => {
    t.date('day').notNullable();
    t.text('visitor').notNullable();
    t.text('landing_path').notNullable();
    t.text('referrer_host').notNullable().defaultTo('');
    t.text('utm_source').notNullable().defaultTo('');
    t.text('utm_medium').notNullable().defaultTo('');
    t.text('utm_campaign').notNullable().defaultTo('');
    t.primary(['day', 'visitor'], { constraintName: 'analytics_day_visitors_pkey' });
  });

  // Which pages each of today's visitors has seen (a page's visitors are counted once a day).
  await knex.schema.createTable('analytics_day_page_visitors', (t) => {
    t.date('day').notNullable();
    t.text('path').notNullable();
    t.text('visitor').notNullable();
    t.primary(['day', 'path', 'visitor'], { constraintName: 'analytics_day_page_visitors_pkey' });
  });

  await knex.schema.createTable('analytics_page_days', (t) => {
    t.date('day').notNullable();
    t.text('path').notNullable();
    t.integer('views').notNullable().defaultTo(0);
    t.integer('visitors').notNullable().defaultTo(0);
    t.primary(['day', 'path'], { constraintName: 'analytics_page_days_pkey' });
  });

  // '' rather than null for "none", so the primary key can hold every combination.
  await knex.schema.createTable('analytics_source_days', (t) => {
    t.date('day').notNullable();
    t.text('landing_path').notNullable();
    t.text('referrer_host').notNullable();
    t.text('utm_source').notNullable();
    t.text('utm_medium').notNullable();
    t.text('utm_campaign').notNullable();
    t.integer('visitors').notNullable().defaultTo(0);
    t.primary(['day', 'landing_path', 'referrer_host', 'utm_source', 'utm_medium', 'utm_campaign'], {
      constraintName: 'analytics_source_days_pkey',
    });
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['analytics_source_days', 'analytics_page_days', 'analytics_day_page_visitors', 'analytics_day_visitors', 'analytics_salts']) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.schema.alterTable('leads', (t) => {
    t.dropColumn('landing_path');
  });
}
