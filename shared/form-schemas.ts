import { z } from 'zod';
import type { FormType } from './form-types';
import {
  NOT_A_FORM_MESSAGE,
  formDefinition,
  formatBudget,
  type FieldDefinition,
  type FieldErrors,
  type RangeFieldDefinition,
  type SelectFieldDefinition,
  type TextFieldDefinition,
} from './forms';
import { FORBIDDEN_IN_LINE, FORBIDDEN_IN_TEXT } from './text';
import { fieldErrorsOf } from './zod-errors';

/**
 * The zod schemas of the four visitor forms, built from their field definitions (`forms.ts`), so a
 * field's limits and messages are stated once. The server validates every submission with them,
 * and the islands load them (a chunk of their own) when a visitor first sends a form, so opening a
 * panel or the home page's dialog costs no schema code.
 */

const badCharacters = 'contains characters that are not allowed';

/** zod's message for a missing value versus a value of the wrong type. */
const missingOr = (missing: string, wrongType: string) => (issue: { input?: unknown }) => (issue.input === undefined ? missing : wrongType);

const tooLong = (field: TextFieldDefinition) => `${field.label} must be at most ${field.maxLength} characters.`;

/**
 * A required text: trimmed, not blank, at most its `maxLength`, without control characters (line
 * breaks allowed in a textarea); `rules` adds what its kind needs (an e-mail's or phone's shape).
 */
const requiredText = (field: TextFieldDefinition, rules: (value: z.ZodString) => z.ZodType<string, string> = (value) => value) => {
  const missing = field.missingMessage ?? `${field.label} is required.`;
  const forbidden = field.kind === 'textarea' ? FORBIDDEN_IN_TEXT : FORBIDDEN_IN_LINE;
  return z
    .string({ error: missingOr(missing, `${field.label} must be text.`) })
    .refine((value) => !forbidden.test(value), `${field.label} ${badCharacters}.`)
    .transform((value) => value.trim())
    .pipe(rules(z.string().min(1, missing).max(field.maxLength, tooLong(field))));
};

/** Optional text: missing, `null` or blank all mean "not given" (stored as NULL). */
const optionalText = (field: TextFieldDefinition) =>
  z
    .union([z.string({ error: `${field.label} must be text.` }), z.null()], { error: `${field.label} must be text.` })
    .optional()
    .refine((value) => value == null || !FORBIDDEN_IN_TEXT.test(value), `${field.label} ${badCharacters}.`)
    .transform((value) => (value == null || value.trim() === '' ? null : value.trim()))
    .pipe(z.string().max(field.maxLength, tooLong(field)).nullable());

const email = (value: z.ZodString) => value.pipe(z.email('Please enter a valid email address.'));

// Digits with the usual separators and an optional leading +; 7 to 15 digits (E.164's maximum).
const phone = (value: z.ZodString) =>
  value.regex(/^\+?[\d\s().-]+$/, 'Please enter a valid phone number (digits, spaces, + ( ) - .).').refine((text) => {
    const digits = text.replace(/\D/g, '').length;
    return digits >= 7 && digits <= 15;
  }, 'Please enter a valid phone number (7 to 15 digits).');

/** One of the field's options exactly (a service's, the ones offered when the form is sent). */
const choice = (field: SelectFieldDefinition) => {
  const message = `Please select a ${field.label.toLowerCase()} from the list.`;
  return z.string({ error: message }).refine((value) => field.options.includes(value), message);
};

const range = ({ label, bounds, missingMessage }: RangeFieldDefinition) =>
  z
    .number({ error: missingOr(missingMessage ?? `${label} is required.`, `${label} must be a number.`) })
    .int(`${label} must be a whole number.`)
    .min(bounds.min, `${label} must be at least ${formatBudget(bounds.min)}.`)
    .max(bounds.max, `${label} must be at most ${bounds.max}.`)
    .refine((value) => (value - bounds.min) % bounds.step === 0, `${label} must be a multiple of ${bounds.step}.`);

/** The schema of one field, from its definition. */
function fieldSchema(field: FieldDefinition): z.ZodType<string | number | null> {
  switch (field.kind) {
    case 'select':
      return choice(field);
    case 'range':
      return range(field);
    case 'email':
      return requiredText(field, email);
    case 'tel':
      return requiredText(field, phone);
    default:
      return field.required ? requiredText(field) : optionalText(field);
  }
}

/** A form's schema: exactly its defined fields (any other field is refused), its service one of `services`. */
const formSchema = (type: FormType, services: readonly string[]) =>
  z.strictObject(Object.fromEntries(formDefinition(type, services).fields.map((field) => [field.name, fieldSchema(field)])), { error: NOT_A_FORM_MESSAGE });

/** A submission as validated: each field's trimmed text, the budget's number, or null for an optional blank. */
export type FormValues = z.output<ReturnType<typeof formSchema>>;

export type FormValidation = { ok: true; data: FormValues } | { ok: false; fields: FieldErrors };

/**
 * Each form's schema for the service options it was last asked with: the options change only when
 * staff publish, so the schema is built again then, not on every submission.
 */
const schemas = new Map<FormType, { services: string; schema: ReturnType<typeof formSchema> }>();

function schemaOf(type: FormType, services: readonly string[]) {
  const key = JSON.stringify(services);
  const known = schemas.get(type);
  if (known?.services === key) return known.schema;
  const schema = formSchema(type, services);
  schemas.set(type, { services: key, schema });
  return schema;
}

/**
 * Validates a body against a form's schema; on failure one message per field (the first issue).
 * `services` are the service options the form offers now (`serviceOptionsOf`; none for a form that
 * asks for no service): the enquiry and quote forms accept exactly those.
 */
export function validateForm(type: FormType, body: unknown, services: readonly string[] = []): FormValidation {
  const result = schemaOf(type, services).safeParse(body);
  return result.success ? { ok: true, data: result.data } : { ok: false, fields: fieldErrorsOf(result.error) };
}

