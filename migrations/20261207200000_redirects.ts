import type { Knex } from 'knex';

/**
 * The Redirects list: addresses the site once had (or an old site had) answered with a 301 to
 * where their page is now. `from_path` is an address of this site in its one spelling (see
 * `server/redirects/paths.ts`), unique, so a request finds its row by the index; `to_path` a path
 * of this site or an absolute https URL. `automatic` rows are made by renaming or retiring a page,
 * the others by staff. `hits` and `last_hit_at` are counted in place, one UPDATE per use, so a
 * row never grows however often it is used. The account that made a row is kept by name too,
 * so the list still says who after the account is deleted.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('redirects', (t) => {
    t.uuid('id').primary({ constraintName: 'redirects_pkey' }).defaultTo(knex.raw('gen_random_uuid()'));
    t.text('from_path').notNullable();
    t.text('to_path').notNullable();
    t.boolean('automatic').notNullable().defaultTo(false);
    t.bigInteger('hits').notNullable().defaultTo(0);
    t.timestamp('last_hit_at', { useTz: true });
    t.integer('created_by');
    t.foreign('created_by', 'redirects_created_by_fkey').references('id').inTable('admin_users').onDelete('SET NULL');
    t.text('created_by_name').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['from_path'], { indexName: 'redirects_from_path_unique' });
    t.check(`from_path ~ '^/' and from_path <> to_path`, [], 'redirects_from_path_check');
    t.check(`to_path ~ '^(/|https://)'`, [], 'redirects_to_path_check');
  });
  // Each use rewrites its row: room left on the page keeps that a heap-only update, whose old
  // version a later read of the page prunes without waiting for a vacuum, so counting grows
  // neither the table nor its index.
  await knex.raw('alter table redirects set (fillfactor = 70)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('redirects');
}
