import type { Knex } from 'knex';
import type { KeysetPosition } from './keyset-cursor';
import type { AuditLogRow } from './tables';

export type NewAuditRow = Omit<AuditLogRow, 'id'>;

export async function insertAuditRow(knex: Knex, row: NewAuditRow): Promise<AuditLogRow> {
  const [inserted] = await knex<AuditLogRow>('audit_log').insert(row).returning('*');
  return inserted!;
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

/** Everything recorded about one target, oldest first (a lead's history, say). */
export async function auditRowsForTarget(knex: Knex, target: { type: string; id: string }): Promise<AuditLogRow[]> {
  return knex<AuditLogRow>('audit_log')
    .where({ target_type: target.type, target_id: target.id })
    .orderBy([{ column: 'at', order: 'asc' }, { column: 'id', order: 'asc' }]);
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
