import type { FormType } from './form-types';

/**
 * The four visitor forms as data: their fields (names, labels, limits, messages), lists, texts and
 * timings. Each field is defined here once: the zod schemas (`form-schemas.ts`) are built from these
 * definitions, the forms render them (labels, `maxLength`), the admin's inbox takes its columns from
 * them and the staff e-mail its lines. Isomorphic (no zod here, so opening a form costs no schema code).
 */

export const QUOTE_TIMELINES = ['ASAP', '1-3 months', '3-6 months', '6+ months'] as const;
export const BUDGET = { min: 1000, max: 10000, step: 500, default: 5000 } as const;
export const QUOTE_DEFAULTS = { service: 'Web Development', timeline: '1-3 months', budget: BUDGET.default } as const;

/**
 * The quote form's last service option, always offered: a project none of the listed services
 * names. The other options of both forms are the published services' own (`formServiceOptions`).
 */
export const QUOTE_OTHER_SERVICE = 'Other';

/** The forms that ask which service the visitor wants, from the services the site publishes. */
export type ServiceFormType = 'enquiry' | 'quote';
export const SERVICE_FORM_TYPES: readonly ServiceFormType[] = ['enquiry', 'quote'];

/** The service options each of those forms offers at one moment, in the order it lists them. */
export type FormServiceOptions = Record<ServiceFormType, readonly string[]>;

/** What of a service decides whether and where the forms offer it (its listing, `shared/content/documents.ts`). */
export interface ServiceFormNames {
  listing: { enquiryName: string; enquiryPlace: number; quoteName: string; quotePlace: number };
}

/**
 * The service options of the enquiry and quote forms, from the services the site publishes (the
 * published, not retired ones, in the order of the site's lists): a service is offered under its
 * name in that form, none when the name is empty, by its place in that form, then in list order.
 * A name given twice is offered once (its first place). The quote form ends with "Other", always.
 * See docs/decisions/form-service-options.md.
 */
export function formServiceOptions(services: readonly ServiceFormNames[]): FormServiceOptions {
  const offered = (name: (service: ServiceFormNames) => string, place: (service: ServiceFormNames) => number) => {
    const names = services
      .filter((service) => name(service) !== '')
      // A stable sort: services of one place stay in the order of the site's lists.
      .sort((a, b) => place(a) - place(b))
      .map(name);
    return [...new Set(names)];
  };
  const quote = offered((service) => service.listing.quoteName.trim(), (service) => service.listing.quotePlace).filter((name) => name !== QUOTE_OTHER_SERVICE);
  return {
    enquiry: offered((service) => service.listing.enquiryName.trim(), (service) => service.listing.enquiryPlace),
    quote: [...quote, QUOTE_OTHER_SERVICE],
  };
}

/** How long the success popups stay (3 s in the spec). */
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

/** One message per field, by field name (`_form` for the body as a whole). */
export type FieldErrors = Record<string, string>;

interface FieldCommon {
  name: string;
  /**
   * What the field is called: the admin's column, the staff e-mail, and the messages about it
   * ("Name must be text."). The form's label adds the unit and "(optional)" (`formFieldLabel`).
   */
  label: string;
  /** Shown in brackets after the label in the form and the staff e-mail ("Budget (USD)"). */
  unit?: string;
  required: boolean;
  /** Says "(optional)" in the form's label, where a short form would otherwise leave it unsaid. */
  markOptional?: boolean;
  /** What a visitor reads after leaving this required field empty. */
  missingMessage?: string;
}

/** A typed value; its limit is stated here once and read by the schema and the input's `maxLength`. */
export interface TextFieldDefinition extends FieldCommon {
  kind: 'text' | 'email' | 'tel' | 'textarea';
  maxLength: number;
  autoComplete?: string;
}

export interface SelectFieldDefinition extends FieldCommon {
  kind: 'select';
  /** The choices; empty in `FORM_DEFINITIONS` for a field `fromServices` fills (`formDefinition`). */
  options: readonly string[];
  /** The options are the services the site publishes at the moment (`formServiceOptions`), not fixed. */
  fromServices?: boolean;
  /** Placeholder option of a select, disabled so it cannot be sent. */
  placeholder?: string;
  defaultValue?: string;
}

export interface RangeFieldDefinition extends FieldCommon {
  kind: 'range';
  bounds: { min: number; max: number; step: number; default: number };
  defaultValue: string;
}

/** One field of a visitor form: the schema, the form, the admin's inbox and the staff e-mail all read it. */
export type FieldDefinition = TextFieldDefinition | SelectFieldDefinition | RangeFieldDefinition;

/** "Budget (USD)": the label with its unit, as the staff e-mail names the field. */
export function labelWithUnit(field: FieldDefinition): string {
  return field.unit ? `${field.label} (${field.unit})` : field.label;
}

/** The label a visitor reads above the field. */
export function formFieldLabel(field: FieldDefinition): string {
  return field.markOptional ? `${labelWithUnit(field)} (optional)` : labelWithUnit(field);
}

export interface FormDefinition {
  type: FormType;
  /** What one submission is called in staff e-mails ("New enquiry from …"). */
  noun: string;
  /**
   * What `{service}` says in a reply to a lead of this form that chose no service; it follows
   * "about" in the saved replies ("Thanks for asking about {service}" → "… about your message").
   */
  replyAbout: string;
  title: string;
  lead: string;
  /** Where the no-JavaScript form posts (and the page that shows it). */
  pagePath: string;
  /** In the order the form asks for them (and the admin's inbox shows them). */
  fields: readonly FieldDefinition[];
  submitLabel: string;
  /** The button's label while the request is on its way (the spec's Sending... or Submitting...). */
  busyLabel: string;
  /** Shown on the button during the success popup, where the spec asks for it. */
  doneLabel?: string;
  successTitle: string;
  successText: string;
  /** Fallback failure text when the server gives none (the spec's error texts). */
  failureText: string;
}

/** Longest message, project description or other free text a visitor may send. */
const LONG_TEXT_MAX = 5000;

const nameField: TextFieldDefinition = { name: 'name', label: 'Name', kind: 'text', required: true, autoComplete: 'name', maxLength: 100, missingMessage: 'Please enter your name.' };
const emailField: TextFieldDefinition = { name: 'email', label: 'Email', kind: 'email', required: true, autoComplete: 'email', maxLength: 254, missingMessage: 'Please enter your email.' };
const phoneField: TextFieldDefinition = { name: 'phone', label: 'Phone', kind: 'tel', required: true, autoComplete: 'tel', maxLength: 30, missingMessage: 'Please enter your phone number.' };
const companyField: TextFieldDefinition = { name: 'company', label: 'Company', kind: 'text', required: false, autoComplete: 'organization', maxLength: 120 };
const messageField: TextFieldDefinition = { name: 'message', label: 'Message', kind: 'textarea', required: true, maxLength: LONG_TEXT_MAX, missingMessage: 'Please enter a message.' };

/**
 * A form's text with the reply promise from Settings in place of `{replyPromise}` ("within 24
 * hours"): the server passes the promise in force to the pages and islands that show these texts.
 */
export function withReplyPromise(text: string, replyPromise: string): string {
  return text.replaceAll('{replyPromise}', replyPromise);
}

export const FORM_DEFINITIONS: Record<FormType, FormDefinition> = {
  enquiry: {
    type: 'enquiry',
    noun: 'enquiry',
    replyAbout: 'your enquiry',
    title: 'Enquire Now',
    lead: 'Tell us what you need and we will reply {replyPromise}.',
    pagePath: '/enquire',
    fields: [
      nameField,
      emailField,
      phoneField,
      companyField,
      { name: 'service', label: 'Service', kind: 'select', required: true, options: [], fromServices: true, placeholder: 'Select a service' },
      messageField,
    ],
    submitLabel: 'Submit',
    busyLabel: 'Sending...',
    successTitle: 'Thank You',
    successText: 'Your enquiry has been received. We will get back to you {replyPromise}.',
    failureText: 'Failed to submit form. Please try again.',
  },
  quote: {
    type: 'quote',
    noun: 'quote request',
    replyAbout: 'your project',
    title: 'Get a Quote',
    lead: 'Share your project and budget; we will send you a tailored quote.',
    pagePath: '/quote',
    fields: [
      nameField,
      emailField,
      phoneField,
      companyField,
      { name: 'service', label: 'Service', kind: 'select', required: true, options: [], fromServices: true, defaultValue: QUOTE_DEFAULTS.service },
      { name: 'budget', label: 'Budget', unit: 'USD', kind: 'range', required: true, bounds: BUDGET, defaultValue: String(QUOTE_DEFAULTS.budget), missingMessage: 'Please choose a budget.' },
      { name: 'timeline', label: 'Timeline', kind: 'select', required: true, options: QUOTE_TIMELINES, defaultValue: QUOTE_DEFAULTS.timeline },
      { name: 'projectDetails', label: 'Project details', kind: 'textarea', required: true, maxLength: LONG_TEXT_MAX, missingMessage: 'Please describe your project.' },
    ],
    submitLabel: 'Get My Quote',
    busyLabel: 'Submitting...',
    successTitle: 'Thank You',
    successText: 'Your quote request has been received. We will send you a quote {replyPromise}.',
    failureText: 'Failed to submit form. Please try again.',
  },
  'free-offer': {
    type: 'free-offer',
    noun: 'free-offer request',
    replyAbout: 'our free offer',
    title: 'Claim Your Free Offer',
    lead: 'Leave your email and we will send you our current free offer.',
    pagePath: '/free-offer',
    fields: [emailField, { name: 'message', label: 'Message', kind: 'textarea', required: false, markOptional: true, maxLength: LONG_TEXT_MAX }],
    submitLabel: 'Claim Offer',
    busyLabel: 'Sending...',
    successTitle: 'Thank You',
    successText: 'Your request has been received. Check your inbox soon.',
    failureText: 'Submit failed',
  },
  contact: {
    type: 'contact',
    noun: 'contact message',
    replyAbout: 'your message',
    title: 'Send Us a Message',
    lead: 'Share a few details about what you need and the right specialist will get back to you.',
    pagePath: '/contact',
    fields: [
      nameField,
      phoneField,
      emailField,
      { name: 'subject', label: 'Subject', kind: 'text', required: true, maxLength: 200, missingMessage: 'Please enter a subject.' },
      messageField,
    ],
    submitLabel: 'Send Message',
    busyLabel: 'Sending...',
    doneLabel: 'Message Sent!',
    successTitle: 'Thank You!',
    successText: 'Your message has been sent. We will reply {replyPromise}.',
    failureText: 'Failed to submit form. Please try again.',
  },
};

/**
 * A form's definition with the service options offered now (`formServiceOptions`) in its service
 * field: the form renders them, the schema accepts exactly them. A default the options no longer
 * hold gives way to the first option (the quote form's "Web Development" while it is offered).
 */
export function formDefinition(type: FormType, services: readonly string[]): FormDefinition {
  const definition = FORM_DEFINITIONS[type];
  if (!definition.fields.some((field) => field.kind === 'select' && field.fromServices)) return definition;
  return {
    ...definition,
    fields: definition.fields.map((field) => {
      if (field.kind !== 'select' || !field.fromServices) return field;
      const defaultValue = field.defaultValue === undefined || services.includes(field.defaultValue) ? field.defaultValue : services[0];
      return { ...field, options: services, defaultValue };
    }),
  };
}

/** The options `type`'s service field offers now: none for a form that asks for no service. */
export function serviceOptionsOf(type: FormType, options: FormServiceOptions): readonly string[] {
  return type === 'enquiry' || type === 'quote' ? options[type] : [];
}

/** The general error of a rejected form; the per-field messages say what to fix. */
export const INVALID_FORM_MESSAGE = 'Please correct the highlighted fields.';

/** The answer to a body that is not an object of fields at all. */
export const NOT_A_FORM_MESSAGE = 'The form must be sent as an object of fields.';

/**
 * Turns urlencoded values (all strings) into what the JSON schema expects: the budget slider's
 * value becomes a number. Anything that is not a plain decimal stays a string and fails validation.
 */
export function coerceFormPost(type: FormType, body: Record<string, unknown>): Record<string, unknown> {
  if (type !== 'quote' || typeof body.budget !== 'string' || !/^\d{1,6}$/.test(body.budget)) return body;
  return { ...body, budget: Number(body.budget) };
}
