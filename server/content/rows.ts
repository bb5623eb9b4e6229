/** A row of `content_documents` (see the site content migration for what each column means). */
export interface ContentDocumentRow {
  key: string;
  version: number;
  schema_version: number;
  published_version: number;
  published_data: unknown;
  published_at: Date | string;
  published_by: string | null;
  draft_version: number | null;
  draft_data: unknown;
  draft_saved_at: Date | string | null;
  draft_saved_by: string | null;
}

/** A row of `content_revisions`. */
export interface ContentRevisionRow {
  key: string;
  version: number;
  schema_version: number;
  data: unknown;
  published_at: Date | string;
  published_by: string | null;
  publish_id: string | null;
}

/** A jsonb value as the driver hands it over (PGlite and pg both parse it; a string is parsed to be sure). */
export function jsonOf(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

/** A timestamp column as ISO text. */
export function isoOf(value: Date | string): string;
export function isoOf(value: Date | string | null): string | null;
export function isoOf(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
