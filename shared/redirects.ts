/**
 * The Redirects list (Website > Redirects): addresses that answer 301 to where their page is now.
 * Isomorphic: the API answers these shapes and these refusals, the admin view shows them beside
 * the fields.
 */

/** One redirect as `GET /api/redirects` lists it. */
export interface RedirectJson {
  id: string;
  /** An address of this site, in its one spelling (lower case, no final `/`, no query). */
  from: string;
  /** A path of this site, or an absolute https URL. */
  to: string;
  /** Times a visitor (or a crawler) was sent on by it. */
  hits: number;
  /** When it was last used; null when never. */
  lastHitAt: string | null;
  /** The account that made it (its username, kept when the account is deleted); `system` for a rename's. */
  createdBy: string;
  createdAt: string;
  /** Made by renaming or retiring a page, not typed by staff. */
  automatic: boolean;
}

/** A redirect written into the site's code (an address of the original site): listed, not changeable, not counted. */
export interface BuiltInRedirectJson {
  from: string;
  to: string;
}

/** `GET /api/redirects`: staff's and automatic redirects, most used first, and those built into the site. */
export interface RedirectListJson {
  redirects: RedirectJson[];
  builtIn: BuiltInRedirectJson[];
}

/** `POST /api/redirects` → 201: the new redirect, and the older ones now pointing past it (one step, never a chain). */
export interface RedirectAddedJson {
  redirect: RedirectJson;
  repointed: { from: string; to: string }[];
}

/** Longest address taken, either side (a URL longer than this is no address anyone types or links). */
export const REDIRECT_PATH_MAX = 2000;

/** First path segments the site keeps for itself: the back office, the API, stored images, preview links, built assets. */
export const RESERVED_SEGMENTS = ['admin', 'api', 'media', 'preview', 'assets'] as const;

/** The refusals of `POST /api/redirects`, each beside its field (`from` or `to`). */
export const redirectMessages = {
  fromMissing: 'Give the old address, a path starting with /, such as /old-page.',
  fromNotPath: 'Give the old address as a path on this site starting with /, without https:// or the site’s name.',
  fromQuery: 'Leave out the ? and what follows: the address is matched without its query.',
  fromHome: 'The home page cannot be redirected.',
  fromReserved: (path: string) => `${path} is kept for the site itself (the back office, the API, images, preview links and built files) and cannot be redirected.`,
  fromLivePage: (path: string) => `${path} is a page of the site: a redirect would never be used. Retire the page first.`,
  fromBuiltIn: (path: string, to: string) => `${path} already redirects to ${to} (built into the site).`,
  fromTaken: (path: string, to: string) => `${path} already redirects to ${to}. Delete that redirect first to change it.`,
  toMissing: 'Give the new address: a path on this site, such as /services, or an https:// address.',
  toNotAddress: 'Give a path on this site starting with /, or a full address starting with https://.',
  toSame: 'The new address is the old one: visitors would be sent round in a loop.',
  toLoop: (to: string, from: string) => `${to} already redirects to ${from}: the two would send visitors round in a loop.`,
  toChain: (to: string, final: string) => `${to} itself redirects to ${final}. Redirect straight to ${final}: a redirect takes one step, never a chain.`,
  tooLong: `Keep the address under ${REDIRECT_PATH_MAX} characters.`,
  notFound: 'No such redirect: it may have been deleted already.',
  unknownField: 'This is not a field of a redirect: give from and to.',
} as const;
