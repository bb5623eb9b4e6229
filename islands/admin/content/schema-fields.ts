import { z } from 'zod';
import { alignListItems } from '../../../shared/content/diff';
import type { FieldMeta } from '../../../shared/content/fields';
import { DEFAULT_OPENING_HOURS, openingHoursText, WEEKDAY_NAMES, WEEKDAYS, type OpeningHours } from '../../../shared/content/opening-hours';
import { contentImageId } from '../../../shared/content/images';
import { sameValue } from '../../../shared/content/merge';

/**
 * The editor's reading of a content document's zod schema (shared/content/documents.ts): a tree of
 * the fields to show, each with its label and widget from the schema's metadata (`.meta()`). Only
 * zod's public API is read (`def.type`, `.shape`, `.element`, `.unwrap()`, `.options`, `.meta()`
 * and the schema's own answers to `safeParse`), here and nowhere else, so a change of zod touches
 * one module.
 */

/** Where a value sits in a document: keys and list indexes (`['socials', 0, 'href']`). */
export type FieldPath = readonly (string | number)[];

export type TextWidget = 'text' | 'multiline' | 'rich' | 'link' | 'phone' | 'icon';

export type ObjectNode = { kind: 'object'; title: string; fields: readonly { name: string; node: FieldNode }[] };

/** One kind of a list item that comes in kinds (a page's sections): its value of the discriminator, its label and fields. */
export interface VariantOption {
  value: string;
  title: string;
  node: ObjectNode;
}

export type FieldNode =
  | ObjectNode
  /** A value that is one of several kinds of object, told apart by `discriminator` (`kind`). */
  | { kind: 'variant'; title: string; discriminator: string; options: readonly VariantOption[] }
  | { kind: 'list'; title: string; itemTitle: string; item: FieldNode; min: number; max: number }
  | { kind: 'text'; title: string; widget: TextWidget; description?: string; required: boolean; maxLength?: number; softMax?: number }
  | { kind: 'image'; title: string; nullable: boolean }
  | { kind: 'hours'; title: string; description?: string }
  | { kind: 'rating'; title: string }
  | { kind: 'number'; title: string; description?: string; min: number; max: number }
  | { kind: 'checkbox'; title: string; description?: string }
  | { kind: 'choice'; title: string; options: readonly string[]; nullable: boolean };

/** An image's value as the schemas define it (`image()` in shared/content/fields.ts). */
export interface ImageValue {
  src: string;
  alt: string;
  decorative: boolean;
}

function metaOf(schema: z.ZodType): Partial<FieldMeta> {
  return (schema.meta() ?? {}) as Partial<FieldMeta>;
}

/** "portfolioCategory" → "Portfolio category": a label for a field whose schema gives none. */
function humanize(name: string): string {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Longer than any list of the site's may be: asking with it reveals a list's maximum. */
const LONG_LIST = 1000;

/**
 * The list's length bounds (`list()` sets them with `.min()` / `.max()`), asked of the schema: the
 * issues of a list too short and of one too long say them.
 */
function lengthBounds(schema: z.ZodArray): { min: number; max: number } {
  const bound = (value: unknown[], code: 'too_small' | 'too_big') => schema.safeParse(value).error?.issues.find((issue) => issue.code === code && issue.path.length === 0);
  const small = bound([], 'too_small');
  const big = bound(new Array<null>(LONG_LIST).fill(null), 'too_big');
  return { min: small?.code === 'too_small' ? Number(small.minimum) : 0, max: big?.code === 'too_big' ? Number(big.maximum) : Number.POSITIVE_INFINITY };
}

/**
 * A key a schema names only to refuse it in its own words (`z.never(message).optional()`: a link
 * under another in a menu may have no `children`): no field to show.
 */
function isRefusedKey(schema: z.ZodType): boolean {
  return schema.def.type === 'optional' && ((schema as z.ZodOptional).unwrap() as z.ZodType).def.type === 'never';
}

/** The tree of fields of `schema`; `name` labels a field whose schema has no title. */
export function fieldTree(schema: z.ZodType, name = ''): FieldNode {
  const meta = metaOf(schema);
  const title = meta.title ?? humanize(name);
  switch (schema.def.type) {
    case 'object': {
      const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
      if (meta.widget === 'image') return { kind: 'image', title, nullable: false };
      if (meta.widget === 'hours') return { kind: 'hours', title, description: meta.description };
      const shown = Object.entries(shape).filter(([, field]) => !isRefusedKey(field));
      return { kind: 'object', title, fields: shown.map(([key, field]) => ({ name: key, node: fieldTree(field, key) })) };
    }
    case 'array': {
      const array = schema as z.ZodArray;
      const item = fieldTree(array.element as z.ZodType, 'item');
      return { kind: 'list', title, itemTitle: meta.description ?? item.title, item, ...lengthBounds(array) };
    }
    case 'nullable': {
      const inner = fieldTree((schema as z.ZodNullable).unwrap() as z.ZodType, name);
      const innerTitle = meta.title ?? inner.title;
      if (inner.kind === 'image' || inner.kind === 'choice') return { ...inner, title: innerTitle, nullable: true };
      throw new Error(`The editor has no way to leave "${innerTitle}" empty`);
    }
    case 'union': {
      // A discriminated union (a page's sections): each option an object whose discriminator is a literal.
      const discriminator = (schema.def as { discriminator?: string }).discriminator;
      if (!discriminator) break;
      const options = (schema as z.ZodDiscriminatedUnion<z.ZodObject[]>).options.map((option) => {
        const shape = option.shape as Record<string, z.ZodType>;
        const value = String((shape[discriminator] as z.ZodLiteral).value);
        const node = fieldTree(option.omit({ [discriminator]: true } as never), value) as ObjectNode;
        return { value, title: metaOf(option).title ?? humanize(value), node };
      });
      return { kind: 'variant', title, discriminator, options };
    }
    case 'enum':
      return { kind: 'choice', title, options: (schema as z.ZodEnum).options.map(String), nullable: false };
    case 'number':
      if (meta.widget === 'rating') return { kind: 'rating', title };
      if (meta.widget === 'number') {
        const number = schema as z.ZodNumber;
        return { kind: 'number', title, description: meta.description, min: number.minValue ?? 0, max: number.maxValue ?? Number.MAX_SAFE_INTEGER };
      }
      break;
    case 'boolean':
      return { kind: 'checkbox', title, description: meta.description };
    case 'string': {
      const string = schema as z.ZodString;
      return {
        kind: 'text',
        title,
        widget: (meta.widget as TextWidget | undefined) ?? 'text',
        description: meta.description,
        // Whether it may be left empty, asked of the schema itself rather than read from its checks.
        required: !schema.safeParse('').success,
        maxLength: string.maxLength ?? undefined,
        softMax: meta.softMax,
      };
    }
  }
  throw new Error(`The editor cannot show the field "${title}" (${schema.def.type})`);
}

/** The option of a variant `value` is (the first when it names none). */
export function variantOption(node: Extract<FieldNode, { kind: 'variant' }>, value: unknown): VariantOption {
  const chosen = value && typeof value === 'object' ? (value as Record<string, unknown>)[node.discriminator] : undefined;
  return node.options.find((option) => option.value === chosen) ?? node.options[0]!;
}

/** A new value of the variant's `option`: its discriminator and its empty fields. */
export function emptyVariant(node: Extract<FieldNode, { kind: 'variant' }>, option: VariantOption): Record<string, unknown> {
  return { [node.discriminator]: option.value, ...(emptyValue(option.node) as Record<string, unknown>) };
}

/**
 * The field called `name` of the variant's option `value` is; with no value to tell (paths name
 * fields, not the option they are in), of the first option that has one.
 */
function variantField(node: Extract<FieldNode, { kind: 'variant' }>, name: string | number, value: unknown): FieldNode | undefined {
  if (value && typeof value === 'object') return variantOption(node, value).node.fields.find((candidate) => candidate.name === name)?.node;
  for (const option of node.options) {
    const field = option.node.fields.find((candidate) => candidate.name === name);
    if (field) return field.node;
  }
  return undefined;
}

/** A new item of a list: empty texts, the first choice, lists with as many empty items as they need. */
export function emptyValue(node: FieldNode): unknown {
  switch (node.kind) {
    case 'variant':
      return emptyVariant(node, node.options[0]!);
    case 'object':
      return Object.fromEntries(node.fields.map(({ name, node: field }) => [name, emptyValue(field)]));
    case 'list':
      return Array.from({ length: node.min }, () => emptyValue(node.item));
    case 'text':
      return '';
    case 'image':
      return node.nullable ? null : ({ src: '', alt: '', decorative: false } satisfies ImageValue);
    case 'rating':
      return 5;
    case 'number':
      return node.min;
    case 'checkbox':
      return true;
    case 'hours':
      return structuredClone(DEFAULT_OPENING_HOURS);
    case 'choice':
      return node.nullable ? null : (node.options[0] ?? '');
  }
}

/** The key a field's messages are filed under: its path joined with dots (`socials.0.href`). */
export function pathKey(path: FieldPath): string {
  return path.join('.');
}

/** A server's name of a field in any of the usual spellings (`socials[0].href`, `/socials/0/href`) as a `pathKey`. */
export function normalizeFieldKey(key: string): string {
  return key
    .replace(/\[(\d+)\]/g, '.$1')
    .split(/[./]/)
    .filter(Boolean)
    .join('.');
}

/** `value` with the value at `path` replaced (nothing else is copied). */
export function setIn(value: unknown, path: FieldPath, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = setIn(copy[head as number], rest, next);
    return copy;
  }
  const record = (value ?? {}) as Record<string, unknown>;
  return { ...record, [head as string]: setIn(record[head as string], rest, next) };
}

export function getIn(value: unknown, path: FieldPath): unknown {
  let current = value;
  for (const step of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

/** The first message per field of a failed check, by `pathKey`. */
export function issuesByField(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[pathKey(issue.path as FieldPath)] ??= issue.message;
  return fields;
}

/** Checks `data` with the document's schema: the messages per field (none when it passes). */
export function validate(schema: z.ZodType, data: unknown): Record<string, string> {
  const result = schema.safeParse(data);
  return result.success ? {} : issuesByField(result.error);
}

/**
 * A field's label with the items it is inside: "Social links › Social link 2 › Profile address".
 * Inside a list of items of several kinds, `data` (the document) says which kind an item is.
 */
export function fieldLabel(tree: FieldNode, path: FieldPath, data?: unknown): string {
  const labels: string[] = [];
  let node: FieldNode | undefined = tree;
  for (const [at, step] of path.entries()) {
    if (!node) break;
    if (node.kind === 'object') {
      node = node.fields.find((field) => field.name === step)?.node;
      if (node) labels.push(node.title);
    } else if (node.kind === 'list') {
      labels.push(`${node.itemTitle} ${Number(step) + 1}`);
      node = node.item;
    } else if (node.kind === 'variant') {
      if (step === node.discriminator) {
        labels.push(`Kind of ${node.title.toLowerCase()}`);
        node = undefined;
      } else {
        node = variantField(node, step, getIn(data, path.slice(0, at)));
        if (node) labels.push(node.title);
      }
    } else if (node.kind === 'hours') {
      // Inside the opening hours: a day's part ("Monday closing time"), or "By appointment".
      labels.push(step === 'byAppointment' ? 'By appointment' : dayPartLabel(path[at + 1], path[at + 2]));
      node = undefined;
    } else {
      // Inside an image: its own parts.
      labels.push(step === 'alt' ? 'Alternative text' : step === 'src' ? 'Image file' : String(step));
      node = undefined;
    }
  }
  return labels.join(' › ') || tree.title;
}

/** "Monday closing time": a part of one day of the opening hours (`days.<index>.<part>`). */
export function dayPartLabel(index: unknown, part: unknown): string {
  const day = typeof index === 'number' ? WEEKDAYS[index] : undefined;
  if (!day) return 'Days';
  return `${WEEKDAY_NAMES[day]} ${part === 'opens' ? 'opening time' : part === 'closes' ? 'closing time' : 'open or closed'}`;
}

/** One field whose value differs between two versions of a document. */
export interface FieldChange {
  path: string;
  label: string;
  before: string;
  after: string;
  /** An image field's two values, drawn as thumbnails beside their text. */
  images?: { before: ImageValue | null; after: ImageValue | null };
}

/**
 * How a value reads in a list of changes. An uploaded image is not named by its address (a
 * `/media/content/<uuid>` says nothing to staff): its thumbnail is drawn beside this text.
 */
export function valueText(node: FieldNode, value: unknown): string {
  if (value === null || value === undefined) return node.kind === 'image' ? 'No image' : '(empty)';
  if (node.kind === 'image') {
    const image = value as ImageValue;
    const file = contentImageId(image.src) ? 'Uploaded image' : image.src || 'No file';
    return image.decorative ? `${file}, decorative` : `${file}, alternative text: "${image.alt}"`;
  }
  if (node.kind === 'list') {
    const items = value as unknown[];
    return `${items.length} × ${node.itemTitle}${items.length > 0 ? `: ${items.map((item) => itemSummary(node.item, item)).join('; ')}` : ''}`;
  }
  if (node.kind === 'hours') return openingHoursText(value as OpeningHours);
  if (node.kind === 'variant') return itemSummary(node, value);
  if (node.kind === 'object') return JSON.stringify(value);
  return String(value) === '' ? '(empty)' : String(value);
}

/**
 * The fields that differ between `before` and `after`, each with both values as text: texts,
 * choices and images one by one; an item added to or removed from a list as that item.
 */
export function changedFields(tree: FieldNode, before: unknown, after: unknown): FieldChange[] {
  const changes: FieldChange[] = [];
  const visit = (node: FieldNode, path: (string | number)[], a: unknown, b: unknown) => {
    if (node.kind === 'object' && a && b && typeof a === 'object' && typeof b === 'object') {
      for (const { name, node: field } of node.fields) visit(field, [...path, name], (a as Record<string, unknown>)[name], (b as Record<string, unknown>)[name]);
      return;
    }
    if (node.kind === 'variant' && a && b && typeof a === 'object' && typeof b === 'object') {
      // The same kind of section: field by field; another kind: the whole section changed.
      const option = variantOption(node, a);
      if (option === variantOption(node, b)) visit(option.node, path, a, b);
      else changes.push({ path: pathKey(path), label: fieldLabel(tree, path, after), before: itemSummary(node, a), after: itemSummary(node, b) });
      return;
    }
    if (node.kind === 'list' && Array.isArray(a) && Array.isArray(b)) {
      for (const [i, j] of alignListItems(a, b)) {
        if (i !== null && j !== null) visit(node.item, [...path, j], a[i], b[j]);
        else if (i !== null) changes.push({ path: pathKey([...path, i]), label: fieldLabel(tree, [...path, i], before), before: itemSummary(node.item, a[i]), after: '(removed)' });
        else if (j !== null) changes.push({ path: pathKey([...path, j]), label: fieldLabel(tree, [...path, j], after), before: '(none)', after: itemSummary(node.item, b[j]) });
      }
      return;
    }
    if (!sameValue(a, b)) changes.push(fieldChange(tree, node, path, a, b, after));
  };
  visit(tree, [], before, after);
  return changes;
}

/** The change of the field `node` at `path` from `before` to `after`, in the document `data`. */
export function fieldChange(tree: FieldNode, node: FieldNode, path: FieldPath, before: unknown, after: unknown, data?: unknown): FieldChange {
  const change: FieldChange = { path: pathKey(path), label: fieldLabel(tree, path, data), before: valueText(node, before), after: valueText(node, after) };
  if (node.kind === 'image') change.images = { before: (before ?? null) as ImageValue | null, after: (after ?? null) as ImageValue | null };
  return change;
}

/** The node of the field at `path` (in the document `data`), if the schema has one there. */
export function nodeAt(tree: FieldNode, path: FieldPath, data?: unknown): FieldNode | undefined {
  let node: FieldNode | undefined = tree;
  for (const [at, step] of path.entries()) {
    if (node?.kind === 'object') node = node.fields.find((field) => field.name === step)?.node;
    else if (node?.kind === 'list' && typeof step === 'number') node = node.item;
    else if (node?.kind === 'variant') node = variantField(node, step, getIn(data, path.slice(0, at)));
    else return undefined;
  }
  return node;
}

/** A list item in one line: its first text, else its value as text. */
function itemSummary(node: FieldNode, value: unknown): string {
  if (node.kind === 'variant') {
    const option = variantOption(node, value);
    const first = itemSummary(option.node, value);
    return first ? `${option.title}: ${first}` : option.title;
  }
  if (node.kind === 'object' && value && typeof value === 'object') {
    const first = node.fields.find(({ node: field }) => field.kind === 'text');
    if (first) return String((value as Record<string, unknown>)[first.name] ?? '');
  }
  return valueText(node, value);
}

/** Every value of an icon field in `data`: the icons the site ships, as far as the document knows them. */
export function iconValues(tree: FieldNode, data: unknown): string[] {
  const found = new Set<string>();
  const visit = (node: FieldNode, value: unknown) => {
    if (node.kind === 'object' && value && typeof value === 'object') node.fields.forEach(({ name, node: field }) => visit(field, (value as Record<string, unknown>)[name]));
    else if (node.kind === 'list' && Array.isArray(value)) value.forEach((item) => visit(node.item, item));
    else if (node.kind === 'variant') visit(variantOption(node, value).node, value);
    else if (node.kind === 'text' && node.widget === 'icon' && typeof value === 'string' && value) found.add(value);
  };
  visit(tree, data);
  return [...found].sort();
}
