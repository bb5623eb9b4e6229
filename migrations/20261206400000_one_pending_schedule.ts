import type { Knex } from 'knex';

interface PendingRow {
  id: string;
  items: unknown;
}

/**
 * One pending scheduled publish per document: `content_schedule_pending` holds, for each document a
 * pending publish includes, that publish (its key is the primary key, so a second cannot be stored).
 * Scheduling a document again moves it out of its older publish in the same transaction.
 * Documents already planned twice keep the publish planned last (what staff asked for most
 * recently); the older one keeps its other documents, and is cancelled when none is left.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('content_schedule_pending', (t) => {
    t.text('key').primary({ constraintName: 'content_schedule_pending_pkey' }).references('key').inTable('content_documents').onDelete('CASCADE');
    t.uuid('schedule_id').notNullable().references('id').inTable('content_schedules').onDelete('CASCADE');
    t.index(['schedule_id'], 'content_schedule_pending_schedule_index');
  });

  const pending = await knex('content_schedules').where({ state: 'pending' }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).select<PendingRow[]>('id', 'items');
  const claimed = new Set<string>();
  for (const row of pending) {
    const items = (typeof row.items === 'string' ? JSON.parse(row.items) : row.items) as { key: string }[];
    const kept: { key: string }[] = [];
    for (const item of items) {
      if (claimed.has(item.key)) continue;
      claimed.add(item.key);
      kept.push(item);
    }
    if (kept.length === 0) {
      await knex('content_schedules').where({ id: row.id }).update({ state: 'cancelled', done_at: knex.fn.now(), error: 'Replaced by a later schedule of the same pages.' });
      continue;
    }
    if (kept.length < items.length) await knex('content_schedules').where({ id: row.id }).update({ items: JSON.stringify(kept) });
    await knex('content_schedule_pending').insert(kept.map((item) => ({ key: item.key, schedule_id: row.id })));
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('content_schedule_pending');
}
