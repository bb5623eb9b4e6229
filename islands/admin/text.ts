export { counted, truncate, TABLE_TEXT_LIMIT } from '../../shared/text';

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
