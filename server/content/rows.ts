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
  /** When it was retired (not on the site, kept to be brought back), and where its visitors go; null while live. */
  retired_at?: Date | string | null;
  retired_to?: string | null;
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
  /** Null for a publish of new content; what else made this version (server/content/addresses.ts). */
  event?: 'move' | 'retire' | 'return' | null;
  /** A move's key before it. */
  moved_from?: string | null;
  /** A retirement's (or bringing back's) address visitors were sent to. */
  redirect_to?: string | null;
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
