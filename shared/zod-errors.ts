import type { ZodError } from 'zod';
import type { FieldErrors } from './forms';

/** Where an issue about the value as a whole (not one of its fields) is filed. */
export const WHOLE_VALUE = '_form';

/**
 * The one way a zod error becomes messages, on the server and in the browser alike: the first
 * issue of each field, keyed by the field's name (`_form` for the value as a whole), and every
 * field the schema does not know named as such. Type-only import of zod, so it costs islands nothing.
 */
export function fieldErrorsOf(error: ZodError, { unknownField = 'This field is not part of the form.' }: { unknownField?: string } = {}): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[key] ??= unknownField;
      continue;
    }
    fields[issue.path.length > 0 ? String(issue.path[0]) : WHOLE_VALUE] ??= issue.message;
  }
  return fields;
}

/** The first message of a zod error with the field it is about, for errors reported one at a time. */
export function firstErrorOf(error: ZodError): { field: string; message: string } {
  const [field, message] = Object.entries(fieldErrorsOf(error))[0] ?? [WHOLE_VALUE, 'Invalid value.'];
  return { field, message };
}

/**
 * Like `fieldErrorsOf`, keyed by the field's whole path (`location.city`, `socials.2.href`), for
 * nested values such as the site's content documents, whose fields repeat at several depths.
 */
export function fieldPathErrorsOf(error: ZodError, { unknownField = 'This field is not part of the document.' }: { unknownField?: string } = {}): FieldErrors {
  const fields: FieldErrors = {};
  const pathOf = (path: readonly PropertyKey[]) => (path.length > 0 ? path.map(String).join('.') : WHOLE_VALUE);
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[pathOf([...issue.path, key])] ??= unknownField;
      continue;
    }
    fields[pathOf(issue.path)] ??= issue.message;
  }
  return fields;
}
