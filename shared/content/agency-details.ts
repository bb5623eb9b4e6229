import { WHOLE_VALUE } from '../zod-errors';
import { differingFields } from './diff';

/**
 * The agency details: the facts about the agency that the site shows on every page and that its
 * mail carries (the acknowledgement's sender name, its `Reply-To`, the phone number in its text).
 * Any admin may draft a change to them; only an owner publishes one. Isomorphic: the server refuses
 * an editor's publish with these, the editor says so before anyone tries.
 */
export const AGENCY_DETAILS_KEY = 'business';

/** The fields of the `business` document that are agency details, with what staff call them. */
export const AGENCY_DETAIL_FIELDS = {
  name: 'Agency name',
  legalName: 'Legal name',
  email: 'E-mail address',
  phone: 'Phone number',
  location: 'Address',
} as const;

export type AgencyDetailField = keyof typeof AGENCY_DETAIL_FIELDS;

/** What an editor is told (the API's 403, the editor's note). */
export const OWNER_PUBLISHES_AGENCY_DETAILS =
  'An owner publishes the agency details (name, e-mail address, phone number, address). Save your changes as a draft and ask an owner to publish them.';

/** The agency details `next` would change in the document `key` whose live data is `live` (none for any other document). */
export function changedAgencyDetails(key: string, live: unknown, next: unknown): AgencyDetailField[] {
  if (key !== AGENCY_DETAILS_KEY) return [];
  const changed = new Set(differingFields(live, next).map((path) => path.split('.')[0]));
  // Not two objects (never so for valid data): all of it changes.
  return (Object.keys(AGENCY_DETAIL_FIELDS) as AgencyDetailField[]).filter((field) => changed.has(field) || changed.has(WHOLE_VALUE));
}

/** "E-mail address and Phone number": the changed details as a sentence names them. */
export function agencyDetailNames(fields: readonly AgencyDetailField[]): string {
  const names = fields.map((field) => AGENCY_DETAIL_FIELDS[field]);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
