const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True when `value` can be a row id (our ids are UUIDs). Queries check it first, so an id from a
 * URL that is not one is simply not found instead of a database type error.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
