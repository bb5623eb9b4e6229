import { ValidationError } from '../errors';
import { messages } from '../messages';
import { isUuid } from './uuid';

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

/**
 * The position a list call's cursor `parameter` names, for rows whose ids are UUIDs; none given:
 * the first page. Text this app did not make, or a position with an id no row can have, is the
 * caller's mistake: a 400 naming the parameter.
 */
export function cursorPosition(cursor: string | undefined, parameter = 'cursor'): KeysetPosition | undefined {
  if (cursor === undefined) return undefined;
  const position = decodeCursor(cursor);
  if (!position || !isUuid(position.id)) throw new ValidationError(`${parameter}: ${messages.lists.badCursor}`, { [parameter]: messages.lists.badCursor });
  return position;
}
