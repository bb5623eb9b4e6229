/**
 * Rows read as JSON (`json_agg` of a table's rows, several tables' rows in one statement) made
 * again what a plain read gives and the row types declare: JSON writes a timestamp as text and a
 * bigint as a number, where they are a Date and a string (PostgreSQL's driver; PGlite's gives a
 * bigint as a number, which the code reading rows takes too). Each table's columns of those two
 * types are listed here; a test holds the lists to the database's own (server/db/json-rows.test.ts).
 */
export const JSON_ROW_TYPES = {
  leads: { timestamps: ['submitted_at', 'read_at', 'responded_at', 'due_at', 'spam_at', 'project_stage_at'], bigints: [] },
  lead_notes: { timestamps: ['created_at'], bigints: [] },
  audit_log: { timestamps: ['at', 'last_at'], bigints: ['id'] },
  form_notifications: { timestamps: ['next_attempt_at', 'locked_until', 'sent_at', 'created_at'], bigints: ['id'] },
  inbound_messages: { timestamps: ['sent_at', 'received_at', 'decided_at'], bigints: ['uid'] },
} as const satisfies Record<string, { timestamps: readonly string[]; bigints: readonly string[] }>;

export type JsonRowTable = keyof typeof JSON_ROW_TYPES;

/** `rows` of `table` as read through JSON, with the types the driver gives them. */
export function rowsFromJson<Row>(table: JsonRowTable, rows: readonly Record<string, unknown>[]): Row[] {
  const { timestamps, bigints } = JSON_ROW_TYPES[table];
  return rows.map((row) => {
    const typed: Record<string, unknown> = { ...row };
    for (const column of timestamps) if (typeof row[column] === 'string') typed[column] = new Date(row[column]);
    for (const column of bigints) if (typeof row[column] === 'number') typed[column] = String(row[column]);
    return typed as Row;
  });
}
