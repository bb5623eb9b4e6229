import type { FormType } from './form-types';

/**
 * The four visitor forms as data: their fields, lists, texts and timings (their zod schemas are in
 * `form-schemas.ts`). Isomorphic:
 * the islands validate with these schemas before sending, the server validates again with the
 * same ones, and the no-JavaScript pages render the same field list.
 */

export const ENQUIRY_SERVICES = ['Web Development', 'Graphic Design', 'Mobile Development', 'UI/UX Design', 'Digital Marketing'] as const;
export const QUOTE_SERVICES = ['Web Development', 'Mobile App', 'UI/UX Design', 'Branding', 'Digital Marketing', 'Other'] as const;
export const QUOTE_TIMELINES = ['ASAP', '1-3 months', '3-6 months', '6+ months'] as const;
export const BUDGET = { min: 1000, max: 10000, step: 500, default: 5000 } as const;
export const QUOTE_DEFAULTS = { service: 'Web Development', timeline: '1-3 months', budget: BUDGET.default } as const;

/** How long the success popups stay (SPEC §9). */
export const SUCCESS_POPUP_MS = 3000;

/** The `$10,000+` style label of a budget value; the slider's top end reads "and more". */
export function formatBudget(value: number): string {
  return `$${value.toLocaleString('en-US')}${value >= BUDGET.max ? '+' : ''}`;
}

/**
 * Fields every form may carry besides its own: the honeypot (a field people never see, that bots
 * fill), the time the visitor spent filling the form as measured by the island, and the island's
 * per-form token that makes a double submit store one row. They are taken off the body before the
 * form's own schema, which rejects every field it does not know.
 */
export const HONEYPOT_FIELD = 'website';
export const FILL_TIME_FIELD = 'fillMs';
export const CLIENT_TOKEN_FIELD = 'clientToken';
export const META_FIELDS = [HONEYPOT_FIELD, FILL_TIME_FIELD, CLIENT_TOKEN_FIELD] as const;

/** One message per field, by field name (`_form` for the body as a whole). */
export type FieldErrors = Record<string, string>;

export type FieldKind = 'text' | 'email' | 'tel' | 'select' | 'textarea' | 'range';

export interface FieldDefinition {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  autoComplete?: string;
  options?: readonly string[];
  /** Placeholder option of a select, disabled so it cannot be sent. */
  placeholder?: string;
  defaultValue?: string;
  maxLength?: number;
}

export interface FormDefinition {
  type: FormType;
  /** What one submission is called in staff e-mails ("New enquiry from …"). */
  noun: string;
  title: string;
  lead: string;
  /** Where the no-JavaScript form posts (and the page that shows it). */
  pagePath: string;
  fields: FieldDefinition[];
  submitLabel: string;
  /** The button's label while the request is on its way (SPEC §4). */
  busyLabel: string;
  /** Shown on the button during the success popup, where the spec asks for it. */
  doneLabel?: string;
  successTitle: string;
  successText: string;
  /** Fallback failure text when the server gives none (SPEC §8). */
  failureText: string;
}

const nameField: FieldDefinition = { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'name', maxLength: 100 };
const emailField: FieldDefinition = { name: 'email', label: 'Email', kind: 'email', required: true, autoComplete: 'email', maxLength: 254 };
const phoneField: FieldDefinition = { name: 'phone', label: 'Phone', kind: 'tel', required: true, autoComplete: 'tel', maxLength: 30 };
const companyField: FieldDefinition = { name: 'company', label: 'Company', kind: 'text', required: false, autoComplete: 'organization', maxLength: 120 };

export const FORM_DEFINITIONS: Record<FormType, FormDefinition> = {
  enquiry: {
    type: 'enquiry',
    noun: 'enquiry',
    title: 'Enquire Now',
    lead: 'Tell us what you need and we will reply within 24 hours.',
    pagePath: '/enquire',
    fields: [
      nameField,
      emailField,
      phoneField,
      companyField,
      { name: 'service', label: 'Service', kind: 'select', required: true, options: ENQUIRY_SERVICES, placeholder: 'Select a service' },
      { name: 'message', label: 'Message', kind: 'textarea', required: true, maxLength: 5000 },
    ],
    submitLabel: 'Submit',
    busyLabel: 'Sending...',
    successTitle: 'Thank You',
    successText: 'Your enquiry has been received. We will get back to you within 24 hours.',
    failureText: 'Failed to submit form. Please try again.',
  },
  quote: {
    type: 'quote',
    noun: 'quote request',
    title: 'Get a Quote',
    lead: 'Share your project and budget; we will send you a tailored quote.',
    pagePath: '/quote',
    fields: [
      nameField,
      emailField,
      phoneField,
      companyField,
      { name: 'service', label: 'Service', kind: 'select', required: true, options: QUOTE_SERVICES, defaultValue: QUOTE_DEFAULTS.service },
      { name: 'budget', label: 'Budget (USD)', kind: 'range', required: true, defaultValue: String(QUOTE_DEFAULTS.budget) },
      { name: 'timeline', label: 'Timeline', kind: 'select', required: true, options: QUOTE_TIMELINES, defaultValue: QUOTE_DEFAULTS.timeline },
      { name: 'projectDetails', label: 'Project details', kind: 'textarea', required: true, maxLength: 5000 },
    ],
    submitLabel: 'Get My Quote',
    busyLabel: 'Submitting...',
    successTitle: 'Thank You',
    successText: 'Your quote request has been received. We will send you a quote within 24 hours.',
    failureText: 'Failed to submit form. Please try again.',
  },
  'free-offer': {
    type: 'free-offer',
    noun: 'free-offer request',
    title: 'Claim Your Free Offer',
    lead: 'Leave your email and we will send you our current free offer.',
    pagePath: '/free-offer',
    fields: [emailField, { name: 'message', label: 'Message (optional)', kind: 'textarea', required: false, maxLength: 5000 }],
    submitLabel: 'Claim Offer',
    busyLabel: 'Sending...',
    successTitle: 'Thank You',
    successText: 'Your request has been received. Check your inbox soon.',
    failureText: 'Submit failed',
  },
  contact: {
    type: 'contact',
    noun: 'contact message',
    title: 'Send Us a Message',
    lead: 'Share a few details about what you need and the right specialist will get back to you.',
    pagePath: '/contact',
    fields: [
      nameField,
      phoneField,
      emailField,
      { name: 'subject', label: 'Subject', kind: 'text', required: true, maxLength: 200 },
      { name: 'message', label: 'Message', kind: 'textarea', required: true, maxLength: 5000 },
    ],
    submitLabel: 'Send Message',
    busyLabel: 'Sending...',
    doneLabel: 'Message Sent!',
    successTitle: 'Thank You!',
    successText: 'Your message has been sent. We will reply within 24 hours.',
    failureText: 'Failed to submit form. Please try again.',
  },
};

/** The general error of a rejected form; the per-field messages say what to fix. */
export const INVALID_FORM_MESSAGE = 'Please correct the highlighted fields.';

/**
 * Turns urlencoded values (all strings) into what the JSON schema expects: the budget slider's
 * value becomes a number. Anything that is not a plain decimal stays a string and fails validation.
 */
export function coerceFormPost(type: FormType, body: Record<string, unknown>): Record<string, unknown> {
  if (type !== 'quote' || typeof body.budget !== 'string' || !/^\d{1,6}$/.test(body.budget)) return body;
  return { ...body, budget: Number(body.budget) };
}
