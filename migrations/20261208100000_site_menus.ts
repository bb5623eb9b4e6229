import type { Knex } from 'knex';
import { CONTENT_SCHEMA_VERSION, contentDocument } from '../shared/content/documents';
import { DEFAULT_DOCUMENTS } from '../shared/content/defaults';
import { MENU_KEYS } from '../shared/content/menus';

const KEYS = [MENU_KEYS.main, MENU_KEYS.footer];

/**
 * The main navigation and the footer's links become content documents (`menus/main`,
 * `menus/footer`), published as the header and footer were written until now, each with its first
 * revision, so the site looks as before and staff edit them like every other document.
 *
 * The migration that created the content tables stores every document the code defines, so on a
 * fresh install the menus are there already: those rows are kept as they are.
 */
export async function up(knex: Knex): Promise<void> {
  for (const key of KEYS) {
    const json = JSON.stringify(contentDocument(key)!.schema.parse(DEFAULT_DOCUMENTS[key]));
    const inserted = await knex('content_documents')
      .insert({ key, version: 1, schema_version: CONTENT_SCHEMA_VERSION, published_version: 1, published_data: json })
      .onConflict('key')
      .ignore()
      .returning('key');
    if (inserted.length > 0) await knex('content_revisions').insert({ key, version: 1, schema_version: CONTENT_SCHEMA_VERSION, data: json });
  }
}

export async function down(knex: Knex): Promise<void> {
  // Their revisions, draft versions, preview links and pending publishes go with them (`on delete cascade`).
  await knex('content_documents').whereIn('key', KEYS).delete();
}
