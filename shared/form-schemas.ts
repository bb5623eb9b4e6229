import { z } from 'zod';
import type { FormType } from './form-types';
import { BUDGET, ENQUIRY_SERVICES, QUOTE_SERVICES, QUOTE_TIMELINES, formatBudget, type FieldErrors } from './forms';
import { FORBIDDEN_IN_LINE, FORBIDDEN_IN_TEXT } from './text';

/**
 * The zod schemas of the four visitor forms: the server validates every submission with them, and
 * the islands load them (a chunk of their own) when a visitor first sends a form, so opening a
 * panel or the home page's dialog costs no schema code.
 */

const badCharacters = 'contains characters that are not allowed';

/** zod's message for a missing value versus a value of the wrong type. */
const missingOr = (missing: string, wrongType: string) => (issue: { input?: unknown }) => (issue.input === undefined ? missing : wrongType);

const text = (label: string, max: number, missing: string, { multiline = false } = {}) =>
  z
    .string({ error: missingOr(missing, `${label} must be text.`) })
    .refine((value) => !(multiline ? FORBIDDEN_IN_TEXT : FORBIDDEN_IN_LINE).test(value), `${label} ${badCharacters}.`)
    .transform((value) => value.trim())
    .pipe(z.string().min(1, missing).max(max, `${label} must be at most ${max} characters.`));

/** Optional text: missing, `null` or blank all mean "not given" (stored as NULL). */
const optionalText = (label: string, max: number) =>
  z
    .union([z.string({ error: `${label} must be text.` }), z.null()], { error: `${label} must be text.` })
    .optional()
    .refine((value) => value == null || !FORBIDDEN_IN_TEXT.test(value), `${label} ${badCharacters}.`)
    .transform((value) => (value == null || value.trim() === '' ? null : value.trim()))
    .pipe(z.string().max(max, `${label} must be at most ${max} characters.`).nullable());

const email = z
  .string({ error: missingOr('Please enter your email.', 'Email must be text.') })
  .refine((value) => !FORBIDDEN_IN_LINE.test(value), `Email ${badCharacters}.`)
  .transform((value) => value.trim())
  .pipe(z.string().min(1, 'Please enter your email.').max(254, 'Email must be at most 254 characters.').pipe(z.email('Please enter a valid email address.')));

// Digits with the usual separators and an optional leading +; 7 to 15 digits (E.164's maximum).
const phone = z
  .string({ error: missingOr('Please enter your phone number.', 'Phone must be text.') })
  .refine((value) => !FORBIDDEN_IN_LINE.test(value), `Phone ${badCharacters}.`)
  .transform((value) => value.trim())
  .pipe(
    z
      .string()
      .min(1, 'Please enter your phone number.')
      .max(30, 'Phone must be at most 30 characters.')
      .regex(/^\+?[\d\s().-]+$/, 'Please enter a valid phone number (digits, spaces, + ( ) - .).')
      .refine((value) => {
        const digits = value.replace(/\D/g, '').length;
        return digits >= 7 && digits <= 15;
      }, 'Please enter a valid phone number (7 to 15 digits).'),
  );

const choice = <T extends readonly [string, ...string[]]>(label: string, options: T) =>
  z.enum(options, { error: `Please select a ${label.toLowerCase()} from the list.` });

const budget = z
  .number({ error: missingOr('Please choose a budget.', 'Budget must be a number.') })
  .int('Budget must be a whole number.')
  .min(BUDGET.min, `Budget must be at least ${formatBudget(BUDGET.min)}.`)
  .max(BUDGET.max, `Budget must be at most ${BUDGET.max}.`)
  .refine((value) => (value - BUDGET.min) % BUDGET.step === 0, `Budget must be a multiple of ${BUDGET.step}.`);

export const formSchemas = {
  enquiry: z.strictObject({
    name: text('Name', 100, 'Please enter your name.'),
    email,
    phone,
    company: optionalText('Company', 120),
    service: choice('Service', ENQUIRY_SERVICES),
    message: text('Message', 5000, 'Please enter a message.', { multiline: true }),
  }),
  quote: z.strictObject({
    name: text('Name', 100, 'Please enter your name.'),
    email,
    phone,
    company: optionalText('Company', 120),
    service: choice('Service', QUOTE_SERVICES),
    budget,
    timeline: choice('Timeline', QUOTE_TIMELINES),
    projectDetails: text('Project details', 5000, 'Please describe your project.', { multiline: true }),
  }),
  'free-offer': z.strictObject({
    email,
    message: optionalText('Message', 5000),
  }),
  contact: z.strictObject({
    name: text('Name', 100, 'Please enter your name.'),
    phone,
    email,
    subject: text('Subject', 200, 'Please enter a subject.'),
    message: text('Message', 5000, 'Please enter a message.', { multiline: true }),
  }),
} satisfies Record<FormType, z.ZodType>;

export type FormInput<T extends FormType> = z.input<(typeof formSchemas)[T]>;
export type FormValues<T extends FormType> = z.output<(typeof formSchemas)[T]>;
export type AnyFormData = FormValues<FormType>;

export type FormValidation<T extends FormType> = { ok: true; data: FormValues<T> } | { ok: false; fields: FieldErrors };

/** Validates a body against a form's schema; on failure one message per field (the first issue). */
export function validateForm<T extends FormType>(type: T, body: unknown): FormValidation<T> {
  const result = formSchemas[type].safeParse(body);
  if (result.success) return { ok: true, data: result.data as FormValues<T> };
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[key] ??= 'This field is not part of the form.';
      continue;
    }
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_form';
    fields[key] ??= key === '_form' ? 'The form must be sent as an object of fields.' : issue.message;
  }
  return { ok: false, fields };
}

