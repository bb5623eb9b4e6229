import type { Knex } from 'knex';

/**
 * Images staff upload for the site's content (a banner, a map, a client's logo). Each is one row of
 * `content_images`; its encoded files live with the portfolio's in `portfolio_image_files` (the
 * site's one file store: served from `/media/<sha256>.<ext>`, listed file by file in backups),
 * pointing at their content image instead of a portfolio image. Content refers to an image as
 * `/media/content/<id>`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('content_images', (t) => {
    t.uuid('id').primary({ constraintName: 'content_images_pkey' }).defaultTo(knex.raw('gen_random_uuid()'));
    /** Size of the largest rendition (what `width`/`height` attributes give the aspect ratio from). */
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    /** The uploaded file's name, to tell images apart in a picker. */
    t.text('name').notNullable().defaultTo('');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('created_by');
    t.check('width > 0 and height > 0', [], 'content_images_size_check');
    t.index(['created_at'], 'content_images_created_at_idx');
  });
  await knex.schema.alterTable('portfolio_image_files', (t) => {
    t.uuid('content_image_id');
    t.foreign('content_image_id', 'portfolio_image_files_content_image_id_fkey').references('content_images.id').onDelete('CASCADE');
    t.index(['content_image_id'], 'portfolio_image_files_content_image_id_idx');
  });
  await knex.raw(`
    alter table portfolio_image_files
      alter column image_id drop not null,
      -- A file belongs to exactly one image: a portfolio image or a content image.
      add constraint portfolio_image_files_owner_check check ((image_id is null) <> (content_image_id is null)),
      drop constraint portfolio_image_files_variant_check,
      add constraint portfolio_image_files_variant_check check (variant in ('card', 'slider', 'thumb', 'content'))
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table portfolio_image_files
      drop constraint portfolio_image_files_owner_check,
      drop constraint portfolio_image_files_variant_check
  `);
  await knex('portfolio_image_files').whereNotNull('content_image_id').delete();
  await knex.raw(`
    alter table portfolio_image_files
      alter column image_id set not null,
      add constraint portfolio_image_files_variant_check check (variant in ('card', 'slider', 'thumb'))
  `);
  await knex.schema.alterTable('portfolio_image_files', (t) => {
    t.dropForeign(['content_image_id'], 'portfolio_image_files_content_image_id_fkey');
    t.dropColumn('content_image_id');
  });
  await knex.schema.dropTable('content_images');
}
