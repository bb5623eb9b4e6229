import type { Knex } from 'knex';
import { filteredLeads, NEWEST_FIRST, type LeadQuery } from './queries';
import { FORMULA_STARTS } from '../../shared/csv';

/** An instant as the export writes it: ISO 8601 in UTC, to the millisecond (as `Date#toISOString`). */
const isoTime = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The export's columns: a header, the SQL text of each row's cell, and whether it is free text
 * (typed by a visitor, so it may need quoting or neutralising). One column per field.
 */
const COLUMNS: readonly [header: string, text: string, freeText?: true][] = [
  ['id', 'id::text'],
  ['type', 'type'],
  ['submitted_at', isoTime('submitted_at')],
  ['status', 'status'],
  ['read_at', isoTime('read_at')],
  ['responded_at', isoTime('responded_at')],
  ['name', 'name', true],
  ['email', 'email', true],
  ['phone', 'phone', true],
  ['company', 'company', true],
  ['subject', 'subject', true],
  ['service', 'service', true],
  ['message', 'message', true],
  ['budget', 'budget::text'],
  ['timeline', 'timeline', true],
  ['project_details', 'project_details', true],
  ['spam_reason', 'spam_reason', true],
  ['source_path', 'source_path', true],
  ['referrer_host', 'referrer_host', true],
  ['utm_source', 'utm_source', true],
  ['utm_medium', 'utm_medium', true],
  ['utm_campaign', 'utm_campaign', true],
];

/** Rows per query: large enough that the round trips cost little, small enough to stay flat. */
const BATCH = 2000;

/** SQL string literals of the characters that matter to CSV (escape-string syntax for the control characters). */
const TAB = String.raw`E'\t'`;
const CR = String.raw`E'\r'`;
const LF = String.raw`E'\n'`;

/** `FORMULA_STARTS` as SQL literals (tab and CR written as escapes). */
const FORMULA_STARTS_SQL = FORMULA_STARTS.map((char) => (char === '\t' ? TAB : char === '\r' ? CR : `'${char}'`)).join(', ');

/**
 * One CSV cell (RFC 4180) in SQL: text a spreadsheet would run as a formula (`FORMULA_STARTS`)
 * gets a leading `'` so it shows as text; a cell
 * with a quote, comma or line break is quoted, its quotes doubled; null is empty. Plain string
 * tests rather than patterns: this runs for every cell of a million rows.
 */
export function csvCellSql(text: string): string {
  const neutralised = `case when left(${text}, 1) in (${FORMULA_STARTS_SQL}) then '''' || ${text} else ${text} end`;
  const needsQuotes = [`'"'`, `','`, LF, CR].map((char) => `strpos(${text}, ${char}) > 0`).join(' or ');
  return `case when ${text} is null then '' when ${needsQuotes} then '"' || replace(${neutralised}, '"', '""') || '"' else ${neutralised} end`;
}

const CSV_LINE = `${COLUMNS.map(([, text, freeText]) => (freeText ? csvCellSql(text) : `coalesce(${text}, '')`)).join(` || ',' || `)} || ${CR} || ${LF}`;
const line = (cells: string[]) => `${cells.join(',')}\r\n`;

/**
 * The CSV of every lead the query matches, newest first: a UTF-8 byte order mark (so Excel reads
 * the text as UTF-8), the header, then the rows, read by keyset a batch at a time. The database
 * writes each batch's lines as one text, so the server holds one string per batch rather than
 * thousands of row objects: memory stays flat (and the garbage small) whatever the total.
 */
export async function* leadsCsv(db: Knex, query: LeadQuery, batchSize = BATCH): AsyncGenerator<string> {
  yield `\uFEFF${line(COLUMNS.map(([header]) => header))}`;
  let after: { at: Date; id: string } | undefined;
  for (;;) {
    const page = filteredLeads(db, query).select('*');
    if (after) page.whereRaw('(submitted_at, id) < (?, ?)', [after.at, after.id]);
    page.orderBy([...NEWEST_FIRST]).limit(batchSize);
    const batch = await db
      .from(page.as('page'))
      .first<{ csv: string | null; rows: string | number; last_at: Date | null; last_id: string | null }>(
        db.raw(`string_agg(${CSV_LINE}, '' order by submitted_at desc, id desc) as csv`),
        db.raw('count(*) as rows'),
        db.raw('min(submitted_at) as last_at'),
        db.raw('(array_agg(id order by submitted_at, id))[1] as last_id'),
      );
    if (!batch?.csv) return;
    yield batch.csv;
    if (Number(batch.rows) < batchSize) return;
    after = { at: batch.last_at!, id: batch.last_id! };
  }
}
