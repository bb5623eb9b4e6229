/**
 * Changing a page's address and retiring a page (`POST /api/content/{key}/move` and `/retire`):
 * the words the server answers with and the Address panel shows. Isomorphic.
 */
export const pageAddressMessages = {
  fixedAddress: (key: string) => `"${key}" is one of the site's own documents: its address is fixed, and it cannot be moved or retired. Services and industries can.`,
  toMissing: 'Give the new address.',
  toOtherKind: (kind: string) => `Keep it where it is in the site: its new address is ${kind}/{address}.`,
  toSame: 'That is its address already.',
  toTaken: (key: string) => `"${key}" exists already: choose another address.`,
  retiredCannotMove: 'This page is retired: bring it back before changing its address.',
  redirectToMissing: 'Choose where visitors should go.',
  redirectToNotAddress: 'Give a page of this site (such as /services) or an address starting with https://.',
  redirectToSelf: 'Send visitors to another page: this one is going.',
  redirectToNotLive: (path: string) => `No page of the site is at ${path}: choose a live page, or an address starting with https://.`,
  alreadyRetired: 'This page is retired already.',
  neverPublished: 'This page has never been on the site: discard its draft instead.',
  notRetired: 'This page is on the site already.',
  unknownField: 'Unknown field.',
} as const;

/** A document's state as the Address panel shows it: where it is, and whether it is retired. */
export interface PageAddressJson {
  key: string;
  /** Its page's address on the site. */
  path: string;
  /** The document's version after the change. */
  version: number;
  retired: { at: string; redirectTo: string } | null;
}
