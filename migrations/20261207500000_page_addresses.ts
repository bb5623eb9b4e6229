import type { Knex } from 'knex';

/** The tables whose rows belong to one document by its key. */
const BY_KEY = ['content_revisions', 'content_presence', 'content_preview_links', 'content_draft_versions', 'content_schedule_pending'];

/** The name of `table`'s foreign key on `key` (knex named them itself, so they are looked up). */
async function keyForeignKey(knex: Knex, table: string): Promise<string> {
  const { rows } = await knex.raw<{ rows: { conname: string }[] }>(
    `select conname from pg_constraint where conrelid = ?::regclass and contype = 'f' and confrelid = 'content_documents'::regclass`,
    [table],
  );
  if (!rows[0]) throw new Error(`${table} has no foreign key to content_documents`);
  return rows[0].conname;
}

async function keyFollows(knex: Knex, onUpdate: 'cascade' | 'no action'): Promise<void> {
  for (const table of BY_KEY) {
    const name = await keyForeignKey(knex, table);
    await knex.raw(`alter table ?? drop constraint ??`, [table, name]);
    await knex.raw(`alter table ?? add constraint ?? foreign key (key) references content_documents (key) on delete cascade on update ${onUpdate}`, [table, name]);
  }
}

/**
 * A page's address changes and a page is retired (see server/content/addresses.ts):
 * - every table of a document's rows follows its key (`on update cascade`), so a renamed document
 *   keeps its drafts, history, preview links and pending schedule in the one UPDATE of its key; a
 *   table added later that forgot to follow makes the rename fail rather than lose its rows;
 * - `content_documents.retired_at` / `retired_to`: a retired document is kept, with its history,
 *   but not on the site, and where its visitors are sent;
 * - `content_revisions.event`: the revisions a move (`moved_from`, the key it had), a retirement
 *   or a bringing back (`redirect_to`) made, so History undoes them as what they were.
 */
export async function up(knex: Knex): Promise<void> {
  await keyFollows(knex, 'cascade');
  await knex.schema.alterTable('content_documents', (t) => {
    t.timestamp('retired_at', { useTz: true });
    t.text('retired_to');
    t.check('(retired_at is null) = (retired_to is null)', [], 'content_documents_retired_check');
  });
  await knex.schema.alterTable('content_revisions', (t) => {
    t.text('event');
    t.text('moved_from');
    t.text('redirect_to');
    t.check(`event in ('move', 'retire', 'return')`, [], 'content_revisions_event_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('content_revisions', (t) => {
    t.dropChecks(['content_revisions_event_check']);
    t.dropColumns('event', 'moved_from', 'redirect_to');
  });
  await knex.schema.alterTable('content_documents', (t) => {
    t.dropChecks(['content_documents_retired_check']);
    t.dropColumns('retired_at', 'retired_to');
  });
  await keyFollows(knex, 'no action');
}
