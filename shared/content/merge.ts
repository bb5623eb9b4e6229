import { WHOLE_VALUE } from '../zod-errors';

/** Stands for a base version whose data is not kept: every field both sides hold differently is a conflict. */
export const UNKNOWN_BASE: unique symbol = Symbol('unknown base');

export interface MergeResult {
  /** Both versions together; at a conflicting path, their value (until the person chooses). */
  data: unknown;
  /** The paths both sides changed, each to a different value (`banner.heading`, `faq.items.2.answer`, `faq.items`). */
  conflicts: string[];
  /** The paths only they changed, taken from their version. */
  theirs: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An image's value (`{ src, alt, decorative }`) is one field: its alternative text belongs to its
 * file, so one person's file is never merged with another's description of a different one.
 */
const isImage = (value: unknown): boolean => isRecord(value) && typeof value.src === 'string' && 'alt' in value;

/** Deep equality of JSON values, whatever the order of an object's keys (jsonb stores its own order). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (!isRecord(a) || !isRecord(b)) return false;
  // An absent key and one holding undefined say the same (JSON drops both).
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (!sameValue(a[key], b[key])) return false;
  return true;
}

/**
 * A three-way merge of a document's data: `mine` and `theirs` were both made from `base`. A path
 * only one side changed keeps that side's value; a path both changed to the same value keeps it;
 * a path both changed differently is a conflict. Objects merge key by key, all the way down,
 * except an image, which is one field.
 * A list merges item by item (by place) while neither side added or removed items; once one side
 * did, places no longer pair items, so a list both sides changed is one conflict at the list's
 * path. The granularity is documented in docs/decisions/content-editor.md.
 */
export function mergeVersions(base: unknown, mine: unknown, theirs: unknown): MergeResult {
  const conflicts: string[] = [];
  const taken: string[] = [];
  const merge = (b: unknown, m: unknown, t: unknown, path: (string | number)[]): unknown => {
    if (sameValue(m, t)) return m;
    const known = b !== UNKNOWN_BASE;
    if (known && sameValue(b, m)) {
      taken.push(path.length > 0 ? path.join('.') : WHOLE_VALUE);
      return t;
    }
    if (known && sameValue(b, t)) return m;
    if (isRecord(m) && isRecord(t) && (!known || isRecord(b)) && !isImage(m) && !isImage(t)) {
      const result: Record<string, unknown> = {};
      for (const key of new Set([...Object.keys(t), ...Object.keys(m)])) {
        const value = merge(known ? (b as Record<string, unknown>)[key] : UNKNOWN_BASE, m[key], t[key], [...path, key]);
        if (value !== undefined) result[key] = value;
      }
      return result;
    }
    if (Array.isArray(m) && Array.isArray(t) && m.length === t.length && (!known || (Array.isArray(b) && b.length === m.length))) {
      return m.map((item, index) => merge(known ? (b as unknown[])[index] : UNKNOWN_BASE, item, t[index], [...path, index]));
    }
    conflicts.push(path.length > 0 ? path.join('.') : WHOLE_VALUE);
    return t;
  };
  const data = merge(base, mine, theirs, []);
  return { data, conflicts, theirs: taken };
}
