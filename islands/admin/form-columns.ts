import type { FormType } from '../../shared/form-types';

export interface FormColumn {
  /** Field name in the API record. */
  key: string;
  label: string;
  /** Long free text, cut to 50 characters in the table. */
  long?: boolean;
  /** Short values that read badly broken over lines (phone numbers). */
  nowrap?: boolean;
}

/** The fields each inbox table shows, in the order the visitor's form asks for them (SPEC §3). */
export const FORM_COLUMNS: Record<FormType, readonly FormColumn[]> = {
  contact: [
    { key: 'name', label: 'Name' },
    { key: 'phone', label: 'Phone', nowrap: true },
    { key: 'email', label: 'Email' },
    { key: 'subject', label: 'Subject' },
    { key: 'message', label: 'Message', long: true },
  ],
  enquiry: [
    { key: 'name', label: 'Name' },
    { key: 'email', label: 'Email' },
    { key: 'phone', label: 'Phone', nowrap: true },
    { key: 'company', label: 'Company' },
    { key: 'service', label: 'Service' },
    { key: 'message', label: 'Message', long: true },
  ],
  quote: [
    { key: 'name', label: 'Name' },
    { key: 'email', label: 'Email' },
    { key: 'phone', label: 'Phone', nowrap: true },
    { key: 'company', label: 'Company' },
    { key: 'service', label: 'Service' },
    { key: 'budget', label: 'Budget' },
    { key: 'timeline', label: 'Timeline' },
    { key: 'projectDetails', label: 'Project details', long: true },
  ],
  'free-offer': [
    { key: 'email', label: 'Email' },
    { key: 'message', label: 'Message', long: true },
  ],
};

/** One stored submission as the inbox API returns it. */
export interface FormRecord {
  _id: string;
  submittedAt: string;
  status: string;
  [field: string]: unknown;
}

/** Who sent a submission, for labels such as "Status of the submission from Ada". */
export function senderOf(record: FormRecord): string {
  const name = typeof record.name === 'string' && record.name.trim() ? record.name : null;
  const email = typeof record.email === 'string' && record.email.trim() ? record.email : null;
  return name ?? email ?? 'an unnamed sender';
}

/** Newest first: the API already pages in that order; this keeps a page's rows in it too. */
export function newestFirst(records: readonly FormRecord[]): FormRecord[] {
  return [...records].sort((a, b) => Date.parse(b.submittedAt) - Date.parse(a.submittedAt));
}
