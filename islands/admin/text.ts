export { counted, truncate, TABLE_TEXT_LIMIT } from '../../shared/text';

/** Any stored field value as display text (numbers such as a quote budget, missing ones as ""). */
export function fieldText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Where the cursor (or selection) of a text field is: `start` to `end`, as `selectionStart`/`selectionEnd` give them. */
export interface TextSelection {
  start: number;
  end: number;
}

/**
 * Puts `insertion` where the cursor is in `text`, over the selected text if any; without a known
 * cursor (the field never had focus), after what is written, on a paragraph of its own. Answers the
 * new text and where the cursor goes: just after what was inserted.
 */
export function insertAtCursor(text: string, insertion: string, selection: TextSelection | null): { text: string; cursor: number } {
  if (!selection) {
    const before = text.trimEnd() ? `${text.trimEnd()}\n\n` : '';
    return { text: `${before}${insertion}`, cursor: before.length + insertion.length };
  }
  // A selection kept from a longer text than now (a draft restored or sent since) is clamped to it.
  const start = Math.min(Math.max(0, selection.start), text.length);
  const end = Math.min(Math.max(start, selection.end), text.length);
  return { text: `${text.slice(0, start)}${insertion}${text.slice(end)}`, cursor: start + insertion.length };
}
