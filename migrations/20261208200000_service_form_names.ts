import type { Knex } from 'knex';
import { upgradeDocument } from '../shared/content/upgrade';

/**
 * Content schema version 4: the enquiry and quote forms offer the published services.
 *
 * Every stored version of a service (live, draft, draft versions kept as merge bases, revisions)
 * gains its names and places in the two forms (`shared/content/upgrade.ts`): the services that ship
 * the words and order the fixed lists had (SPEC §9), so the forms offer what they offered; one staff
 * added, its own name in both (see docs/decisions/form-service-options.md). Leads keep the words
 * they were sent with: nothing here touches them.
 */
const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);
const SERVICES = (query: Knex.QueryBuilder) => query.where('key', 'like', 'services/%');

async function rewrite(knex: Knex, change: (key: string, data: unknown) => unknown): Promise<void> {
  const documents = await knex('content_documents').where(SERVICES).select<{ key: string; published_data: unknown; draft_data: unknown }[]>('key', 'published_data', 'draft_data');
  for (const row of documents) {
    const draft = row.draft_data === null ? null : JSON.stringify(change(row.key, json(row.draft_data)));
    const published = row.published_data === null ? null : JSON.stringify(change(row.key, json(row.published_data)));
    await knex('content_documents').where({ key: row.key }).update({ published_data: published, draft_data: draft });
  }
  for (const table of ['content_revisions', 'content_draft_versions']) {
    const rows = await knex(table).where(SERVICES).select<{ key: string; version: number; data: unknown }[]>('key', 'version', 'data');
    for (const row of rows) await knex(table).where({ key: row.key, version: row.version }).update({ data: JSON.stringify(change(row.key, json(row.data))) });
  }
}

async function setSchemaVersion(knex: Knex, from: number, to: number): Promise<void> {
  await knex('content_documents').where({ schema_version: from }).update({ schema_version: to });
  await knex('content_revisions').where({ schema_version: from }).update({ schema_version: to });
}

export async function up(knex: Knex): Promise<void> {
  await rewrite(knex, (key, data) => upgradeDocument(key, data, 3));
  await setSchemaVersion(knex, 3, 4);
}

export async function down(knex: Knex): Promise<void> {
  await rewrite(knex, (_key, data) => {
    const listing = (data as { listing?: unknown } | null)?.listing;
    if (!listing || typeof listing !== 'object') return data;
    const { enquiryName: _enquiryName, enquiryPlace: _enquiryPlace, quoteName: _quoteName, quotePlace: _quotePlace, ...rest } = listing as Record<string, unknown>;
    return { ...(data as object), listing: rest };
  });
  await setSchemaVersion(knex, 4, 3);
}
