export { counted } from '../../shared/text';

/** Admin tables show long texts cut to this many characters (the spec cuts messages to 50). */
export const TABLE_TEXT_LIMIT = 50;

/**
 * `text` cut to `limit` characters with an ellipsis when longer. Counts code points, so an emoji or
 * other astral character is never split into a broken half.
 */
export function truncate(text: string, limit: number = TABLE_TEXT_LIMIT): string {
  const characters = Array.from(text);
  if (characters.length <= limit) return text;
  return `${characters.slice(0, limit).join('').trimEnd()}…`;
}

/** Any stored field value as display text (numbers such as a quote budget, missing ones as ""). */
export function fieldText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A submission time for staff: day, month, year and time in the browser's zone. */
export function formatSubmittedAt(iso: string, locale?: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale ?? 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}
