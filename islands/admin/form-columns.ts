import type { FormType } from '../../shared/form-types';
import { FORM_DEFINITIONS, type FieldDefinition } from '../../shared/forms';

export interface FormColumn {
  /** Field name in the API record. */
  key: string;
  label: string;
  /** Long free text, cut to 50 characters in the table. */
  long: boolean;
  /** Short values that read badly broken over lines (phone numbers). */
  nowrap: boolean;
}

const columnOf = (field: FieldDefinition): FormColumn => ({ key: field.name, label: field.label, long: field.kind === 'textarea', nowrap: field.kind === 'tel' });

/** The fields a type's inbox table shows: the visitor form's own, in the order it asks for them (SPEC §3). */
export function formColumns(type: FormType): FormColumn[] {
  return FORM_DEFINITIONS[type].fields.map(columnOf);
}

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
