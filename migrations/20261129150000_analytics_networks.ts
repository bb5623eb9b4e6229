import type { Knex } from 'knex';

/**
 * What each network (one IPv4 address, or one IPv6 /64) added to today's analytics: new visitors
 * and views, so a single address cannot make up thousands of "visitors" by changing its browser
 * string. `network` is a pseudonym like `analytics_day_visitors.visitor`: a hash of the network
 * with the day's salt, deleted with the salt once the day is over; no address is ever written.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('analytics_day_networks', (t) => {
    t.date('day').notNullable();
    t.text('network').notNullable();
    t.integer('visitors').notNullable().defaultTo(0);
    t.integer('views').notNullable().defaultTo(0);
    t.primary(['day', 'network'], { constraintName: 'analytics_day_networks_pkey' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('analytics_day_networks');
}
