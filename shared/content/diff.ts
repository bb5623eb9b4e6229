import { WHOLE_VALUE } from '../zod-errors';

/**
 * The field paths (`seo.title`, `sections.2.body`) whose values differ between two versions of a
 * document's data: what a stale save names. Lists are compared item by item after pairing their
 * items (`alignListItems`), so removing the first of five items is `sections.0`, not every item.
 * Isomorphic: the editor's list of changes pairs items the same way.
 */
export function differingFields(left: unknown, right: unknown, path: (string | number)[] = []): string[] {
  const here = path.length > 0 ? path.join('.') : WHOLE_VALUE;
  if (Array.isArray(left) && Array.isArray(right)) {
    // An added item is named where it is in `right`, a removed one where it was in `left`.
    return alignListItems(left, right).flatMap(([i, j]) => (i !== null && j !== null ? differingFields(left[i], right[j], [...path, j]) : [[...path, (j ?? i)!].join('.')]));
  }
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject(left) || !isObject(right)) return Object.is(left, right) ? [] : [here];
  const names = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  return names.flatMap((name) => differingFields(left[name], right[name], [...path, name]));
}

/**
 * Pairs the items of two versions of a list: unchanged items by their place in the longest run they
 * share (so removing the first item is one removal, not every item changed), and the items between
 * two such pairs one to one (an item edited in place); the rest are added or removed (null).
 */
export function alignListItems(a: readonly unknown[], b: readonly unknown[]): [number | null, number | null][] {
  const left = a.map((item) => JSON.stringify(item));
  const right = b.map((item) => JSON.stringify(item));
  // Longest common subsequence lengths, from the ends.
  const common = Array.from({ length: left.length + 1 }, () => new Array<number>(right.length + 1).fill(0));
  for (let i = left.length - 1; i >= 0; i -= 1) {
    for (let j = right.length - 1; j >= 0; j -= 1) common[i]![j] = left[i] === right[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
  }
  const pairs: [number | null, number | null][] = [];
  let pendingLeft: number[] = [];
  let pendingRight: number[] = [];
  const flush = () => {
    for (let k = 0; k < Math.max(pendingLeft.length, pendingRight.length); k += 1) pairs.push([pendingLeft[k] ?? null, pendingRight[k] ?? null]);
    pendingLeft = [];
    pendingRight = [];
  };
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (i < left.length && j < right.length && left[i] === right[j]) {
      flush();
      pairs.push([i, j]);
      i += 1;
      j += 1;
    } else if (j >= right.length || (i < left.length && common[i + 1]![j]! >= common[i]![j + 1]!)) pendingLeft.push(i++);
    else pendingRight.push(j++);
  }
  flush();
  return pairs;
}
