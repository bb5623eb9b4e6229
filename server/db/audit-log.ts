import type { Knex } from 'knex';
import type { KeysetPosition } from './keyset-cursor';
import type { AuditLogRow } from './tables';

export type NewAuditRow = Omit<AuditLogRow, 'id' | 'repeats' | 'last_at' | 'repeat_key'>;

export async function insertAuditRow(knex: Knex, row: NewAuditRow): Promise<AuditLogRow> {
  const [inserted] = await knex<AuditLogRow>('audit_log').insert(row).returning('*');
  return inserted!;
}

/**
 * Records the event, or, when a row with the same `repeatKey` exists, counts one more repeat on it
 * (and moves its last time): one statement, so parallel repeats share one row. Returns the count.
 */
export async function recordAuditRepeat(knex: Knex, row: NewAuditRow, repeatKey: string): Promise<number> {
  const result = await knex.raw<{ rows: { repeats: number | string }[] }>(
    `insert into audit_log (at, actor_id, actor_name, action, target_type, target_id, summary, ip, repeat_key, last_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (repeat_key) where repeat_key is not null
     do update set repeats = audit_log.repeats + 1, last_at = greatest(coalesce(audit_log.last_at, audit_log.at), excluded.at)
     returning repeats`,
    [row.at, row.actor_id, row.actor_name, row.action, row.target_type, row.target_id, row.summary, row.ip, repeatKey, row.at],
  );
  return Number(result.rows[0]!.repeats);
}

export interface AuditQuery {
  actorName?: string;
  action?: string;
  /** Inclusive lower bound. */
  from?: Date;
  /** Exclusive upper bound. */
  to?: Date;
  /** Continue strictly after this row (newest first). */
  after?: KeysetPosition;
  limit: number;
}

/** Rows newest first (`at`, then `id`), filtered; keyset-paged so any page costs the same. */
export async function listAuditRows(knex: Knex, query: AuditQuery): Promise<AuditLogRow[]> {
  const rows = knex<AuditLogRow>('audit_log').select('*');
  if (query.actorName !== undefined) rows.whereRaw('lower(actor_name) = lower(?)', [query.actorName]);
  if (query.action !== undefined) rows.where('action', query.action);
  if (query.from) rows.where('at', '>=', query.from);
  if (query.to) rows.where('at', '<', query.to);
  if (query.after) rows.whereRaw('(at, id) < (?, ?)', [query.after.at, query.after.id]);
  return rows.orderBy([{ column: 'at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(query.limit);
}


/**
 * Deletes up to `batchSize` rows recorded before `before` (the retention limit); returns how many.
 * Small batches keep each statement short, so the purge never holds up writers.
 */
export async function deleteAuditRowsBefore(knex: Knex, before: Date, batchSize: number): Promise<number> {
  const deleted = await knex('audit_log')
    .whereIn('id', knex('audit_log').select('id').where('at', '<', before).orderBy('id').limit(batchSize))
    .delete()
    .returning('id');
  return deleted.length;
}
