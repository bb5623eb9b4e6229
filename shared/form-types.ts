/**
 * The four visitor forms and the statuses staff can give each submission. Isomorphic: the server,
 * the forms' islands and the admin dashboard all read these.
 */
export const FORM_TYPES = ['contact', 'enquiry', 'quote', 'free-offer'] as const;
export type FormType = (typeof FORM_TYPES)[number];

/** Every status a submission of each type can have; the first is where a new submission starts. */
export const FORM_STATUSES = {
  contact: ['new', 'read', 'responded'],
  enquiry: ['new', 'read', 'responded'],
  quote: ['new', 'read', 'quoted', 'accepted', 'rejected'],
  'free-offer': ['new', 'read', 'responded'],
} as const satisfies Record<FormType, readonly string[]>;

/**
 * How staff read each status (the admin's selects, lists and history); the API keeps the values.
 * A value with no label here (never stored by this code) is shown as it is.
 */
export const STATUS_LABELS: Record<string, string> = {
  new: 'New',
  read: 'Read',
  responded: 'Responded',
  quoted: 'Quoted',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

/** A status as staff read it: "New" for `new`. */
export function statusLabel(status: string): string {
  return Object.hasOwn(STATUS_LABELS, status) ? STATUS_LABELS[status]! : status;
}

/**
 * Each form's one name in the admin (the spec's sidebar: Contact, Enquiry, Quotes, Free Offers):
 * the sidebar, headings, filters, history, settings and staff e-mails all use it.
 */
export const FORM_TYPE_LABELS: Record<FormType, string> = {
  contact: 'Contact',
  enquiry: 'Enquiry',
  quote: 'Quotes',
  'free-offer': 'Free Offers',
};

/**
 * Where leads come from: the four forms, and `email`, a lead staff made from a message in the
 * agency's mailbox that answered none of ours (no public form, no page). Everything that lists,
 * filters, counts or exports leads speaks of these five; the visitor side only of the forms.
 */
export const LEAD_TYPES = [...FORM_TYPES, 'email'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];

/** Every status a lead of each source can have (an e-mail lead's are a contact's). */
export const LEAD_TYPE_STATUSES = { ...FORM_STATUSES, email: FORM_STATUSES.contact } as const satisfies Record<LeadType, readonly string[]>;

/** Each source's one name in the admin: the forms' names, and "E-mail". */
export const LEAD_TYPE_LABELS: Record<LeadType, string> = { ...FORM_TYPE_LABELS, email: 'E-mail' };

export function isLeadType(value: string): value is LeadType {
  return (LEAD_TYPES as readonly string[]).includes(value);
}

/** The admin inbox's page of submissions: what the dashboard asks for, and the most the API gives. */
export const INBOX_PAGE_SIZE = { default: 20, max: 100 } as const;

export function isFormType(value: string): value is FormType {
  return (FORM_TYPES as readonly string[]).includes(value);
}
