import type { Knex } from 'knex';

/**
 * Portfolio items, their images and the encoded files of each image. Files are stored in the
 * database (no instance keeps state of its own) and served by their SHA-256 from `/media/`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('portfolio_items', (table) => {
    table.uuid('id').primary({ constraintName: 'portfolio_items_pkey' }).defaultTo(knex.raw('gen_random_uuid()'));
    table.text('title').notNullable();
    table.text('description').notNullable();
    table.text('client').notNullable();
    table.text('date').notNullable().defaultTo('');
    table.text('completion_date').notNullable().defaultTo('');
    table.text('technologies').notNullable().defaultTo('');
    table.text('website_link').notNullable().defaultTo('');
    table.text('challenge').notNullable().defaultTo('');
    table.text('solution').notNullable().defaultTo('');
    table.text('results').notNullable().defaultTo('');
    table.text('bg_color').notNullable().defaultTo('#045e63');
    table.jsonb('testimonial');
    table.jsonb('what_we_delivered').notNullable();
    table.jsonb('categories').notNullable();
    table.jsonb('display_categories').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.index(['created_at'], 'portfolio_items_created_at_idx');
  });
  await knex.raw(`
    alter table portfolio_items
      add constraint portfolio_items_title_check check (length(btrim(title)) between 1 and 200),
      add constraint portfolio_items_client_check check (length(btrim(client)) between 1 and 200),
      add constraint portfolio_items_description_check check (length(btrim(description)) >= 1),
      add constraint portfolio_items_bg_color_check check (bg_color ~ '^#[0-9a-f]{6}$'),
      add constraint portfolio_items_website_link_check check (website_link = '' or website_link ~* '^https{0,1}://'),
      add constraint portfolio_items_categories_check check (jsonb_typeof(categories) = 'array' and jsonb_array_length(categories) >= 1),
      add constraint portfolio_items_display_categories_check check (jsonb_typeof(display_categories) = 'array' and jsonb_array_length(display_categories) >= 1)
  `);

  await knex.schema.createTable('portfolio_images', (table) => {
    table.bigIncrements('id', { primaryKey: false });
    table.primary(['id'], { constraintName: 'portfolio_images_pkey' });
    table.uuid('item_id').notNullable();
    table.foreign('item_id', 'portfolio_images_item_id_fkey').references('portfolio_items.id').onDelete('CASCADE');
    table.text('role').notNullable();
    table.smallint('position').notNullable().defaultTo(0);
    table.integer('source_width').notNullable();
    table.integer('source_height').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`
    alter table portfolio_images
      add constraint portfolio_images_role_check check (role in ('main', 'slider')),
      add constraint portfolio_images_position_check check (position between 0 and 2 and (role = 'slider' or position = 0)),
      -- Checked at commit, so an edit can reorder the slider images in place.
      add constraint portfolio_images_item_role_position_key unique (item_id, role, position) deferrable initially deferred
  `);

  await knex.schema.createTable('portfolio_image_files', (table) => {
    table.bigIncrements('id', { primaryKey: false });
    table.primary(['id'], { constraintName: 'portfolio_image_files_pkey' });
    table.bigInteger('image_id').notNullable();
    table.foreign('image_id', 'portfolio_image_files_image_id_fkey').references('portfolio_images.id').onDelete('CASCADE');
    table.text('variant').notNullable();
    table.text('format').notNullable();
    table.integer('width').notNullable();
    table.integer('height').notNullable();
    table.integer('byte_size').notNullable();
    table.text('sha256').notNullable();
    table.binary('data').notNullable();
    table.index(['image_id'], 'portfolio_image_files_image_id_idx');
    table.index(['sha256'], 'portfolio_image_files_sha256_idx');
  });
  await knex.raw(`
    alter table portfolio_image_files
      add constraint portfolio_image_files_variant_check check (variant in ('card', 'slider', 'thumb')),
      add constraint portfolio_image_files_format_check check (format in ('avif', 'webp', 'jpeg')),
      add constraint portfolio_image_files_size_check check (width > 0 and height > 0 and byte_size = octet_length(data)),
      add constraint portfolio_image_files_sha256_check check (sha256 ~ '^[0-9a-f]{64}$')
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('portfolio_image_files');
  await knex.schema.dropTable('portfolio_images');
  await knex.schema.dropTable('portfolio_items');
}
