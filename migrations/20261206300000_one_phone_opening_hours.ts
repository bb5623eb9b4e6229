import type { Knex } from 'knex';
import { phoneForms } from '../shared/content/phone';
import { downgradeBusiness, upgradeDocument } from '../shared/content/upgrade';

/**
 * Content schema version 2 (`shared/content/upgrade.ts`): the agency details' three spellings of
 * the phone number become one `phone`, and they gain `openingHours` (the hours the site showed as
 * fixed text). Every stored version of the `business` document is rewritten, the live one, a draft
 * and each revision, so history, compare and restore read one shape; the other documents did not
 * change shape and are only marked as version 2.
 */
const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

async function rewrite(knex: Knex, from: number, to: number, change: (data: unknown) => unknown): Promise<void> {
  const documents = await knex('content_documents').where({ key: 'business', schema_version: from }).select<{ published_data: unknown; draft_data: unknown }[]>('published_data', 'draft_data');
  for (const row of documents) {
    const draft = row.draft_data === null ? null : JSON.stringify(change(json(row.draft_data)));
    await knex('content_documents').where({ key: 'business' }).update({ published_data: JSON.stringify(change(json(row.published_data))), draft_data: draft });
  }
  const revisions = await knex('content_revisions').where({ key: 'business', schema_version: from }).select<{ version: number; data: unknown }[]>('version', 'data');
  for (const row of revisions) await knex('content_revisions').where({ key: 'business', version: row.version }).update({ data: JSON.stringify(change(json(row.data))) });
  await knex('content_documents').where({ schema_version: from }).update({ schema_version: to });
  await knex('content_revisions').where({ schema_version: from }).update({ schema_version: to });
}

export async function up(knex: Knex): Promise<void> {
  await rewrite(knex, 1, 2, (data) => upgradeDocument('business', data, 1));
}

export async function down(knex: Knex): Promise<void> {
  await rewrite(knex, 2, 1, (data) => {
    const record = data as Record<string, unknown>;
    return downgradeBusiness(record, phoneForms(String(record.phone ?? '')));
  });
}
