import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { deleteAuditRowsBefore, insertAuditRow, listAuditRows, recordAuditRepeat, type NewAuditRow } from '../db/audit-log';
import { decodeCursor, encodeCursor } from '../db/keyset-cursor';
import type { AuditLogRow } from '../db/tables';
import { ValidationError } from '../errors';
import { messages } from '../messages';
import type { AuditAction, AuditEntryJson, AuditPage } from '../../shared/audit';

/** Who did something: an admin account, or the system itself (`id` null) for scheduled jobs. */
export interface AuditActor {
  id: number | null;
  name: string;
}

/** A signed-in staff member acting: their account id and name, for the rules and the audit trail. */
export type StaffActor = AuditActor & { id: number };

export const SYSTEM_ACTOR: AuditActor = { id: null, name: 'system' };

/** How long audit rows are kept; the database refuses to delete younger ones (see the migration). */
export const AUDIT_RETENTION_DAYS = 365;

export interface AuditEvent {
  action: AuditAction;
  target?: { type: string; id: string };
  /** What changed, in a few words. Never a visitor's personal data (it would outlive an erasure). */
  summary?: string;
  /** The address the action came from, for sign-in events. */
  ip?: string;
}

export interface AuditFilter {
  actor?: string;
  action?: AuditAction;
  from?: Date;
  to?: Date;
  cursor?: string;
  limit: number;
}

export function toAuditJson(row: AuditLogRow): AuditEntryJson {
  return {
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    actor: { id: row.actor_id, name: row.actor_name },
    action: row.action as AuditAction,
    target: row.target_type && row.target_id ? { type: row.target_type, id: row.target_id } : null,
    summary: row.summary,
    repeats: row.repeats,
    lastAt: new Date(row.last_at ?? row.at).toISOString(),
  };
}

function newRow(at: Date, actor: AuditActor, event: AuditEvent): NewAuditRow {
  return {
    at,
    actor_id: actor.id,
    actor_name: actor.name.slice(0, 256),
    action: event.action,
    target_type: event.target?.type ?? null,
    target_id: event.target?.id ?? null,
    summary: (event.summary ?? '').slice(0, 1000),
    ip: event.ip ?? null,
  };
}

/**
 * The append-only record of what admins did. `record` takes the knex instance or an open
 * transaction, so an action and its audit row commit together (or neither does).
 */
export function createAuditTrail({ db, now = () => new Date() }: { db: Knex; now?: () => Date }) {
  return {
    async record(actor: AuditActor, event: AuditEvent, trx: Knex = db): Promise<void> {
      await insertAuditRow(trx, newRow(now(), actor, event));
    },

    /**
     * Records an event that may repeat by the thousand (a throttled client retrying): the first
     * with these `sameAs` parts (what makes two events the same, the window included) gets a row,
     * the others count on it. Returns the count, 1 for the first.
     */
    async recordRepeat(actor: AuditActor, event: AuditEvent, sameAs: readonly (string | number)[]): Promise<number> {
      const repeatKey = createHash('sha256').update(JSON.stringify([event.action, ...sameAs])).digest('hex');
      return recordAuditRepeat(db, newRow(now(), actor, event), repeatKey);
    },

    /** Newest first, filtered, one page and the cursor of the next (null on the last page). */
    async list(filter: AuditFilter): Promise<AuditPage> {
      const after = filter.cursor === undefined ? undefined : decodeCursor(filter.cursor);
      if (after === null) throw new ValidationError(messages.lists.badCursor, { cursor: messages.lists.badCursor });
      const rows = await listAuditRows(db, { actorName: filter.actor, action: filter.action, from: filter.from, to: filter.to, after, limit: filter.limit + 1 });
      const page = rows.slice(0, filter.limit);
      const last = page[page.length - 1];
      return { items: page.map(toAuditJson), nextCursor: rows.length > filter.limit && last ? encodeCursor({ at: last.at, id: String(last.id) }) : null };
    },

    /** Removes rows past the retention period in small batches; returns how many went. */
    async purgeExpired(batchSize = 1000): Promise<number> {
      const before = new Date(now().getTime() - AUDIT_RETENTION_DAYS * 24 * 3600_000);
      let total = 0;
      for (;;) {
        const deleted = await deleteAuditRowsBefore(db, before, batchSize);
        total += deleted;
        if (deleted < batchSize) return total;
      }
    },
  };
}

export type AuditTrail = ReturnType<typeof createAuditTrail>;
