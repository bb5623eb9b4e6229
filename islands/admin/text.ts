export { counted, truncate, TABLE_TEXT_LIMIT } from '../../shared/text';

/** Any stored field value as display text (numbers such as a quote budget, missing ones as ""). */
export function fieldText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
