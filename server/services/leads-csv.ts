import type { Knex } from 'knex';
import { listLeads, type LeadQuery } from '../db/leads';
import type { LeadRow } from '../db/tables';

/** The export's columns: a header and how each row's cell is read. One column per field. */
const COLUMNS: readonly [string, (row: LeadRow) => string | number | Date | null][] = [
  ['id', (row) => row.id],
  ['type', (row) => row.type],
  ['submitted_at', (row) => row.submitted_at],
  ['status', (row) => row.status],
  ['read_at', (row) => row.read_at],
  ['responded_at', (row) => row.responded_at],
  ['name', (row) => row.name],
  ['email', (row) => row.email],
  ['phone', (row) => row.phone],
  ['company', (row) => row.company],
  ['subject', (row) => row.subject],
  ['service', (row) => row.service],
  ['message', (row) => row.message],
  ['budget', (row) => row.budget],
  ['timeline', (row) => row.timeline],
  ['project_details', (row) => row.project_details],
  ['spam_reason', (row) => row.spam_reason],
  ['source_path', (row) => row.source_path],
  ['referrer_host', (row) => row.referrer_host],
  ['utm_source', (row) => row.utm_source],
  ['utm_medium', (row) => row.utm_medium],
  ['utm_campaign', (row) => row.utm_campaign],
];

/** Rows read per query: large enough that the round trips cost little, small enough to stay flat. */
const BATCH = 2000;

/**
 * One CSV cell (RFC 4180): text a spreadsheet would run as a formula (starting with `=`, `+`, `-`,
 * `@`, tab or CR; OWASP "CSV injection") gets a leading `'` so it shows as text; a cell with a
 * quote, comma or line break is quoted, its quotes doubled.
 */
export function csvCell(value: string | number | Date | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  let text = value instanceof Date ? value.toISOString() : value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (cells: (string | number | Date | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * The CSV of every lead the query matches, newest first: a UTF-8 byte order mark (so Excel reads
 * the text as UTF-8), the header, then the rows, read by keyset a batch at a time, so memory holds
 * one batch whatever the total.
 */
export async function* leadsCsv(db: Knex, query: LeadQuery): AsyncGenerator<string> {
  yield `\uFEFF${line(COLUMNS.map(([header]) => header))}`;
  let after: { at: Date; id: string } | undefined;
  for (;;) {
    const rows = await listLeads(db, query, { after, limit: BATCH });
    if (rows.length === 0) return;
    yield rows.map((row) => line(COLUMNS.map(([, read]) => read(row)))).join('');
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.submitted_at, id: last.id };
  }
}
