import { WHOLE_VALUE } from '../zod-errors';

/**
 * The field paths (`seo.title`, `sections.2.body`) whose values differ between two versions of a
 * document's data: what a stale save names, and what "compare" shows (changed fields only).
 * Isomorphic, so the editor compares exactly as the server does.
 */
export function differingFields(left: unknown, right: unknown, path: string[] = []): string[] {
  const bothObjects = typeof left === 'object' && left !== null && typeof right === 'object' && right !== null && Array.isArray(left) === Array.isArray(right);
  if (!bothObjects) return Object.is(left, right) ? [] : [path.length > 0 ? path.join('.') : WHOLE_VALUE];
  const a = left as Record<string, unknown>;
  const b = right as Record<string, unknown>;
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return names.flatMap((name) => differingFields(a[name], b[name], [...path, name]));
}
