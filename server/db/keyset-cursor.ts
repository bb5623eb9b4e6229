/**
 * Opaque cursors for keyset ("seek") pagination over rows ordered newest first by a timestamp and a
 * tie-breaking id: the next page starts strictly after the last row shown, so rows added or removed
 * meanwhile never shift a page, and page 500 costs what page 1 does (no OFFSET).
 */
export interface KeysetPosition {
  at: Date;
  id: string;
}

/** The cursor that continues after `position` (URL-safe text). */
export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(JSON.stringify([position.at.toISOString(), position.id])).toString('base64url');
}

/** The position a cursor names, or null when the text is not a cursor this app made. */
export function decodeCursor(cursor: string): KeysetPosition | null {
  if (cursor.length > 200 || !/^[\w-]+$/.test(cursor)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string' || typeof value[1] !== 'string') return null;
    const at = new Date(value[0]);
    if (Number.isNaN(at.getTime()) || value[1].length === 0 || value[1].length > 64) return null;
    return { at, id: value[1] };
  } catch {
    return null;
  }
}
