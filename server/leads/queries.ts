import type { Knex } from 'knex';
import type { FormType, LeadType } from '../../shared/form-types';
import type { FormValues } from '../../shared/form-schemas';
import type { KeysetPosition } from '../db/keyset-cursor';
import type { AuditLogRow, FormNotificationRow, InboundMessageRow, LeadNoteRow, LeadRow } from '../db/tables';
import { rowsFromJson } from '../db/json-rows';
import { isUuid } from '../db/uuid';
import { insertWithStaffNotice } from '../outbox/queries';
import { staffNoticeOf } from './staff-notice';
import { LEAD_AUDIT_TARGET } from './state';

/** The fields of any form, as `leads` columns (each form uses some of them; the rest stay null). */
export const LEAD_FIELD_COLUMNS = ['name', 'email', 'phone', 'company', 'subject', 'service', 'message', 'budget', 'timeline', 'project_details'] as const;

/**
 * What the search matches, lower-cased: the same expression as the trigram index
 * `leads_search_index` (migration 20261125100000_leads), so the planner can use that index.
 */
export const LEAD_SEARCH_TEXT = `lower(coalesce(name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(company, '') || ' ' || coalesce(subject, '') || ' ' || coalesce(message, '') || ' ' || coalesce(project_details, ''))`;

const toSnake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

export function toColumns(data: FormValues): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).map(([field, value]) => [toSnake(field), value ?? null]));
}

export interface NewLead {
  id: string;
  data: FormValues;
  clientToken: string | null;
  submittedAt: Date;
  /** Set for a submission the spam checks caught: stored in the spam folder, never mailed. */
  spamReason?: string;
  /** When its first reply is due (the reply promise); none for spam. */
  dueAt?: Date | null;
  /** Where it came from: the page it was sent from and how the visit arrived (analytics). */
  origin?: LeadOrigin;
}

export interface LeadOrigin {
  sourcePath: string | null;
  landingPath: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

/**
 * Stores a lead and, with `notifyStaff` (never for spam), queues its staff notification, linking
 * to the admin at `publicUrl`; with the client token of an existing lead of the type nothing is
 * written and that one's id is returned. One statement (`insertWithStaffNotice`), so both rows
 * exist or neither.
 */
export async function storeLead(db: Knex, type: FormType, lead: NewLead, notifyStaff: { publicUrl: string } | null): Promise<{ id: string; created: boolean }> {
  const row = {
    id: lead.id,
    type,
    ...toColumns(lead.data),
    submitted_at: lead.submittedAt,
    client_token: lead.clientToken,
    spam_reason: lead.spamReason ?? null,
    spam_at: lead.spamReason ? lead.submittedAt : null,
    due_at: lead.spamReason ? null : (lead.dueAt ?? null),
    source_path: lead.origin?.sourcePath ?? null,
    landing_path: lead.origin?.landingPath ?? null,
    referrer_host: lead.origin?.referrerHost ?? null,
    utm_source: lead.origin?.utmSource ?? null,
    utm_medium: lead.origin?.utmMedium ?? null,
    utm_campaign: lead.origin?.utmCampaign ?? null,
  };
  const insert = db('leads').insert(row);
  const stored = (lead.clientToken ? insert.onConflict(['type', 'client_token']).ignore() : insert).returning('id');
  if (!notifyStaff) {
    const [created] = await stored;
    return { id: (created as { id: string }).id, created: true };
  }
  const created = await insertWithStaffNotice(db, stored, staffNoticeOf(type, lead.id, lead.data, notifyStaff.publicUrl));
  if (created) return { id: created, created: true };
  const existing = await db('leads').where({ type, client_token: lead.clientToken }).first<{ id: string }>('id');
  return { id: existing!.id, created: false };
}

/** The spec's per-form list: one type's leads (not spam), newest first, by page, with their total. */
export async function listFormLeads(db: Knex, type: FormType, { limit, offset }: { limit: number; offset: number }): Promise<{ rows: LeadRow[]; total: number }> {
  const inbox = () => db<LeadRow>('leads').where({ type }).whereNull('spam_at');
  const [rows, countRow] = await Promise.all([
    inbox().select('*').orderBy([{ column: 'submitted_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit).offset(offset),
    inbox().count<{ count: string | number }[]>({ count: '*' }).first(),
  ]);
  return { rows: rows as LeadRow[], total: Number(countRow?.count ?? 0) };
}

export async function findLead(db: Knex, type: LeadType, id: string): Promise<LeadRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db<LeadRow>('leads').where({ type, id }).first();
}

/** Leads of these ids that exist (ids that are not UUIDs are left out). */
export async function findLeads(db: Knex, ids: readonly string[]): Promise<LeadRow[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  return db<LeadRow>('leads').whereIn('id', valid);
}

/** Changes the leads of these ids; returns the changed rows. */
export async function updateLeads(db: Knex, ids: readonly string[], changes: Partial<LeadRow> | Record<string, Knex.Raw | unknown>): Promise<LeadRow[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  return db<LeadRow>('leads').whereIn('id', valid).update(changes as Partial<LeadRow>).returning('*') as Promise<LeadRow[]>;
}

/** Deletes the leads of these ids (their notes go with them); returns the deleted rows' ids. */
export async function deleteLeads(db: Knex, ids: readonly string[]): Promise<string[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  // `returning` rather than the affected-row count, which the PGlite dialect does not give as a number.
  const deleted = await db('leads').whereIn('id', valid).delete().returning<{ id: string }[]>('id');
  return deleted.map((row) => row.id);
}

export type LeadFolder = 'inbox' | 'spam';

export interface LeadQuery {
  folder: LeadFolder;
  type?: LeadType;
  status?: string;
  unread?: boolean;
  /** Lower-cased search text: an e-mail address is matched exactly, anything else as a substring. */
  search?: string;
  /** Inclusive lower bound of `submitted_at`. */
  from?: Date;
  /** Exclusive upper bound of `submitted_at`. */
  to?: Date;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Escapes `%`, `_` and `\` so a search for them finds them instead of matching anything. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The filtered leads, newest first; the caller adds the order, the keyset and the limit. */
export function filteredLeads(db: Knex, query: LeadQuery): Knex.QueryBuilder {
  const rows = db('leads');
  if (query.folder === 'spam') rows.whereNotNull('spam_at');
  else rows.whereNull('spam_at');
  if (query.type) rows.where('type', query.type);
  if (query.status) rows.where('status', query.status);
  if (query.unread) rows.whereNull('read_at');
  if (query.from) rows.where('submitted_at', '>=', query.from);
  if (query.to) rows.where('submitted_at', '<', query.to);
  if (query.search) {
    // An address finds its sender's leads through the e-mail index; other text through the trigram index.
    if (EMAIL.test(query.search)) rows.whereRaw('lower(email) = ?', [query.search]);
    else rows.whereRaw(`${LEAD_SEARCH_TEXT} like ?`, [likePattern(query.search)]);
  }
  return rows;
}

export const NEWEST_FIRST = [
  { column: 'submitted_at', order: 'desc' },
  { column: 'id', order: 'desc' },
] as const;

/**
 * One page of leads newest first, strictly after `after` (keyset: any page costs what the first does).
 *
 * The page's ids are chosen first, from an index alone, and only then are its rows read. Asked for
 * `select *` in one go, the planner walks the whole inbox's index and reads every row to test its
 * type and status, betting that matches are spread evenly; they are not (older leads are answered,
 * newer ones new), and at 1,000,000 leads that bet read 19,000 rows for one page of answered
 * enquiries. Choosing ids only, the index that holds the filtered columns answers without reading rows.
 */
export function leadPageQuery(db: Knex, query: LeadQuery, { after, limit }: { after?: KeysetPosition; limit: number }): Knex.QueryBuilder {
  const ids = filteredLeads(db, query).select('id');
  if (after) ids.whereRaw('(submitted_at, id) < (?, ?)', [after.at, after.id]);
  ids.orderBy([...NEWEST_FIRST]).limit(limit);
  return db('leads').whereIn('id', ids).select('*').orderBy([...NEWEST_FIRST]);
}

/** The rows of that page (the query is apart so the bench can print its plan). */
export async function listLeads(db: Knex, query: LeadQuery, page: { after?: KeysetPosition; limit: number }): Promise<LeadRow[]> {
  const rows: LeadRow[] = await leadPageQuery(db, query, page);
  return rows;
}

/** Unread leads in the inbox (read over the small partial index of unread leads). */
export async function countUnread(db: Knex): Promise<number> {
  const row = await db('leads').whereNull('read_at').whereNull('spam_at').count<{ count: string | number }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

/** What a lead's page is made of, as rows: the lead, its notes and history, the mail about it and the messages filed on it, each oldest first. */
export interface LeadPageRows {
  lead: LeadRow;
  notes: LeadNoteRow[];
  history: AuditLogRow[];
  /** Every e-mail about the lead (staff notice, acknowledgement, replies), in the order queued. */
  mail: FormNotificationRow[];
  filed: InboundMessageRow[];
}

/**
 * A lead's page in one statement: the lead with its notes, its history (the audit trail's rows
 * about it), every e-mail about it (by the outbox's (form_type, submission_id) index) and the
 * client's messages filed on it, each as JSON. One statement where five ran at once: each costs the
 * database a parse, a plan and a snapshot and the server a pooled connection.
 *
 * It is prepared once per connection (a named statement): planning it took half of its time. Every
 * column it answers is JSON, so a migration that adds a column to one of its tables does not change
 * its result's shape, which a prepared statement cannot outlive.
 */
const LEAD_PAGE_STATEMENT = {
  name: 'lead-page',
  sql: `select row_to_json(l) as lead,
  (select coalesce(json_agg(n order by n.created_at, n.id), '[]') from lead_notes n where n.lead_id = l.id) as notes,
  (select coalesce(json_agg(a order by a.at, a.id), '[]') from audit_log a where a.target_type = ? and a.target_id = l.id::text) as history,
  (select coalesce(json_agg(m order by m.id), '[]') from form_notifications m where m.form_type = l.type and m.submission_id = l.id) as mail,
  (select coalesce(json_agg(i order by i.received_at, i.id), '[]') from inbound_messages i where i.lead_id = l.id and i.state = 'filed') as filed
from leads l where l.type = ? and l.id = ?`,
};

type JsonRows = Record<string, unknown>[];

/** The rows of a lead's page (`LEAD_PAGE_STATEMENT`); undefined when no lead of this type has this id. */
export async function readLeadPage(db: Knex, type: LeadType, id: string): Promise<LeadPageRows | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.raw<{ rows: { lead: Record<string, unknown>; notes: JsonRows; history: JsonRows; mail: JsonRows; filed: JsonRows }[] }>(LEAD_PAGE_STATEMENT.sql, [LEAD_AUDIT_TARGET, type, id]).options({ name: LEAD_PAGE_STATEMENT.name });
  const page = rows[0];
  if (!page) return undefined;
  return {
    lead: rowsFromJson<LeadRow>('leads', [page.lead])[0]!,
    notes: rowsFromJson('lead_notes', page.notes),
    history: rowsFromJson('audit_log', page.history),
    mail: rowsFromJson('form_notifications', page.mail),
    filed: rowsFromJson('inbound_messages', page.filed),
  };
}

export async function insertNote(db: Knex, note: Omit<LeadNoteRow, 'id'>): Promise<LeadNoteRow> {
  const rows = (await db('lead_notes').insert(note).returning('*')) as LeadNoteRow[];
  return rows[0]!;
}

/**
 * Deletes spam that has been in the folder since before `before`, then the oldest spam beyond the
 * newest `cap`; returns how many went. Both read the spam folder's own small indexes.
 */
export async function purgeSpam(db: Knex, { before, cap }: { before: Date; cap: number }): Promise<number> {
  const expired = await db('leads').whereNotNull('spam_at').where('spam_at', '<', before).delete().returning('id');
  const overCap = await db.raw<{ rows: { id: string }[] }>(
    `delete from leads where id in (
       select id from leads where spam_at is not null order by spam_at desc, id desc offset ?)
     returning id`,
    [cap],
  );
  return expired.length + overCap.rows.length;
}
