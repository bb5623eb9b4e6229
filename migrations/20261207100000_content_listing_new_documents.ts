import type { Knex } from 'knex';
import { upgradeDocument } from '../shared/content/upgrade';

/**
 * Content schema version 3: staff add services and industries.
 *
 * - Every stored version of a service or industry (live, draft, draft versions kept as merge bases,
 *   revisions) gains `listing` (`shared/content/upgrade.ts`): its place in the site's lists (10,
 *   20, 30… in the order the site listed them) and whether menus show it (yes), so history,
 *   compare and restore read one shape and the site looks as before.
 * - A document staff add exists before it is first published: `published_data` may be null then,
 *   with `published_version` 0 (nothing live, no revision). The check keeps the two together.
 */
const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);
const LISTED = (query: Knex.QueryBuilder) => query.where('key', 'like', 'services/%').orWhere('key', 'like', 'industries/%');

async function rewrite(knex: Knex, change: (key: string, data: unknown) => unknown): Promise<void> {
  const documents = await knex('content_documents').where(LISTED).select<{ key: string; published_data: unknown; draft_data: unknown }[]>('key', 'published_data', 'draft_data');
  for (const row of documents) {
    const draft = row.draft_data === null ? null : JSON.stringify(change(row.key, json(row.draft_data)));
    const published = row.published_data === null ? null : JSON.stringify(change(row.key, json(row.published_data)));
    await knex('content_documents').where({ key: row.key }).update({ published_data: published, draft_data: draft });
  }
  for (const table of ['content_revisions', 'content_draft_versions']) {
    const rows = await knex(table).where(LISTED).select<{ key: string; version: number; data: unknown }[]>('key', 'version', 'data');
    for (const row of rows) await knex(table).where({ key: row.key, version: row.version }).update({ data: JSON.stringify(change(row.key, json(row.data))) });
  }
}

export async function up(knex: Knex): Promise<void> {
  await rewrite(knex, (key, data) => upgradeDocument(key, data, 2));
  await knex('content_documents').where({ schema_version: 2 }).update({ schema_version: 3 });
  await knex('content_revisions').where({ schema_version: 2 }).update({ schema_version: 3 });
  await knex.raw('alter table content_documents alter column published_data drop not null');
  await knex.raw(`alter table content_documents add constraint content_documents_published_check check ((published_data is null) = (published_version = 0))`);
}

export async function down(knex: Knex): Promise<void> {
  // Documents never published have no shape the old schema can hold.
  await knex('content_documents').whereNull('published_data').delete();
  await knex.raw('alter table content_documents drop constraint content_documents_published_check');
  await knex.raw('alter table content_documents alter column published_data set not null');
  await rewrite(knex, (_key, data) => {
    if (!data || typeof data !== 'object') return data;
    const { listing: _listing, ...rest } = data as Record<string, unknown>;
    return rest;
  });
  await knex('content_documents').where({ schema_version: 3 }).update({ schema_version: 2 });
  await knex('content_revisions').where({ schema_version: 3 }).update({ schema_version: 2 });
}
