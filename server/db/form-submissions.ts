import type { Knex } from 'knex';
import type { FormType } from '../../shared/form-types';
import type { FormValues } from '../../shared/form-schemas';
import type { SubmissionRowBase } from './tables';
import { isUuid } from './uuid';

/** Which table holds each form's submissions. */
export const SUBMISSION_TABLES: Record<FormType, string> = {
  contact: 'contact_submissions',
  enquiry: 'enquiries',
  quote: 'quote_requests',
  'free-offer': 'free_offer_requests',
};

/** A submission as the API shows it: the spec's names (`_id`, `submittedAt`, `projectDetails`, …). */
export type SubmissionRecord = Record<string, unknown> & { _id: string; submittedAt: string; status: string };

const toSnake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const toCamel = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The one place rows become JSON records; the client token is internal and never shown. */
export function toRecord(row: SubmissionRowBase & Record<string, unknown>): SubmissionRecord {
  const { id, submitted_at: submittedAt, status, client_token: _token, ...fields } = row;
  const record: SubmissionRecord = { _id: id, submittedAt: new Date(submittedAt).toISOString(), status };
  for (const [column, value] of Object.entries(fields)) record[toCamel(column)] = value;
  return record;
}

export function toColumns(data: FormValues): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).map(([field, value]) => [toSnake(field), value ?? null]));
}

/** The staff e-mail queued with a new submission (see `form-notifications.ts` for its delivery). */
export interface SubmissionNotice {
  subject: string;
  body: string;
  replyTo: string | null;
}

/**
 * Stores a submission and queues its staff notification, unless one with the same client token
 * exists: then nothing is written and that one's id is returned. One statement (the notification
 * inserted from the submission insert's result), so both rows exist or neither without a
 * transaction's extra round trips.
 */
export async function storeSubmission(
  db: Knex,
  type: FormType,
  { id, data, clientToken }: { id: string; data: FormValues; clientToken: string | null },
  notice: SubmissionNotice,
): Promise<{ id: string; created: boolean }> {
  const table = SUBMISSION_TABLES[type];
  const insert = db(table).insert({ id, ...toColumns(data), client_token: clientToken });
  const stored = (clientToken ? insert.onConflict('client_token').ignore() : insert).returning('id');
  const result = await db.raw<{ rows: { id: string }[] }>(
    `with stored as (?),
          queued as (insert into form_notifications (form_type, submission_id, subject, body, reply_to)
                     select ?, id, ?, ?, ? from stored)
     select id from stored`,
    [stored, type, notice.subject, notice.body, notice.replyTo],
  );
  if (result.rows[0]) return { id: result.rows[0].id, created: true };
  const existing = await db(table).where({ client_token: clientToken }).first<{ id: string }>('id');
  return { id: existing!.id, created: false };
}

export async function listSubmissions(db: Knex, type: FormType, { limit, offset }: { limit: number; offset: number }): Promise<{ records: SubmissionRecord[]; total: number }> {
  const table = SUBMISSION_TABLES[type];
  const [rows, countRow] = await Promise.all([
    db(table).select('*').orderBy([{ column: 'submitted_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit).offset(offset),
    db(table).count<{ count: string | number }[]>({ count: '*' }).first(),
  ]);
  return { records: (rows as (SubmissionRowBase & Record<string, unknown>)[]).map(toRecord), total: Number(countRow?.count ?? 0) };
}

/** The updated record, or undefined when no submission has that id. */
export async function updateSubmissionStatus(db: Knex, type: FormType, id: string, status: string): Promise<SubmissionRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db(SUBMISSION_TABLES[type]).where({ id }).update({ status }).returning('*');
  return row ? toRecord(row as SubmissionRowBase & Record<string, unknown>) : undefined;
}

/** False when no submission has that id. */
export async function deleteSubmission(db: Knex, type: FormType, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  // `returning` rather than the affected-row count, which the PGlite dialect does not give as a number.
  const deleted = await db(SUBMISSION_TABLES[type]).where({ id }).delete().returning<{ id: string }[]>('id');
  return deleted.length > 0;
}
