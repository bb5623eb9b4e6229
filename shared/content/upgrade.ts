import { DEFAULT_OPENING_HOURS } from './opening-hours';
import { phoneProblem } from './phone';
import { INDUSTRY_SLUGS, LISTING_ORDER_MAX, SERVICE_SLUGS, slugKeyOf, type Listing } from './documents';

/**
 * Content written with an older shape of the documents (`CONTENT_SCHEMA_VERSION`), brought to the
 * current one: the stored documents (a migration) and a content file exported before (import).
 *
 * - 1 → 2: the agency details had "Phone number (as shown)", "Phone link" (`tel:`) and "Chat link
 *   (WhatsApp)", three spellings of one number that drifted apart; now one `phone` makes all three.
 *   The shown number is kept when it is a number (it is what staff changed last), else the dialled
 *   one. Opening hours were fixed text; a document without them gets the hours the site showed.
 * - 2 → 3: services and industries carry their place in lists and whether menus show them
 *   (`listing`); the ones that ship take 10, 20, 30… in the order the site listed them, shown.
 */
export function upgradeDocument(key: string, data: unknown, fromVersion: number): unknown {
  const upgraded = upgradeBusiness(key, data, fromVersion);
  return fromVersion < 3 ? withListing(key, upgraded) : upgraded;
}

/** The listing a service or industry had before documents carried one: its place in the fixed lists. */
export function formerListing(key: string): Listing | undefined {
  const parts = slugKeyOf(key);
  if (!parts) return undefined;
  const slugs: readonly string[] = parts.kind === 'services' ? SERVICE_SLUGS : INDUSTRY_SLUGS;
  const index = slugs.indexOf(parts.slug);
  return { order: index < 0 ? LISTING_ORDER_MAX : (index + 1) * 10, showInMenus: true };
}

function withListing(key: string, data: unknown): unknown {
  const listing = formerListing(key);
  if (!listing || !data || typeof data !== 'object' || 'listing' in data) return data;
  const { seo, ...rest } = data as Record<string, unknown>;
  // Before `seo`, as the schema has it (an export lists fields in schema order).
  return { ...rest, listing, ...(seo === undefined ? {} : { seo }) };
}

function upgradeBusiness(key: string, data: unknown, fromVersion: number): unknown {
  if (key !== 'business' || fromVersion >= 2 || !data || typeof data !== 'object') return data;
  const { phoneHref, chatHref: _chat, ...rest } = data as Record<string, unknown>;
  const shown = typeof rest.phone === 'string' ? rest.phone : '';
  const dialled = typeof phoneHref === 'string' ? phoneHref.replace(/^tel:/, '') : '';
  const phone = phoneProblem(shown) === null || !dialled ? shown : dialled;
  return { ...rest, phone, openingHours: rest.openingHours ?? DEFAULT_OPENING_HOURS };
}

/** The shape a version-2 `business` document had in version 1 (the migration's way back). */
export function downgradeBusiness(data: Record<string, unknown>, forms: { tel: string; whatsapp: string }): Record<string, unknown> {
  const { openingHours: _hours, ...rest } = data;
  return { ...rest, phoneHref: forms.tel, chatHref: forms.whatsapp };
}
