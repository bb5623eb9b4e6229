import { DEFAULT_OPENING_HOURS } from './opening-hours';
import { phoneProblem } from './phone';
import { INDUSTRY_SLUGS, LISTING_ORDER_MAX, SERVICE_SLUGS, slugKeyOf, type Listing, type ServiceListing, type ServiceSlug } from './documents';

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
 * - 3 → 4: a service's listing says whether and where the enquiry and quote forms offer it, which
 *   were fixed lists before (`formerFormNames`).
 *
 * Each step adds only what a document lacks, so a document already in a later shape passes through.
 */
export function upgradeDocument(key: string, data: unknown, fromVersion: number): unknown {
  const upgraded = upgradeBusiness(key, data, fromVersion);
  const listed = fromVersion < 3 ? withListing(key, upgraded) : upgraded;
  return fromVersion < 4 ? withFormNames(key, listed) : listed;
}

type FormNames = Omit<ServiceListing, keyof Listing>;

/**
 * The words the enquiry and quote forms offered the services that ship, when the forms' lists were
 * fixed (SPEC §9), with each form's order: Web Development, Graphic Design, Mobile Development,
 * UI/UX Design, Digital Marketing; and Web Development, Mobile App, UI/UX Design, Branding, Digital
 * Marketing (then Other). The other services that ship were in neither form.
 */
const FORMER_FORM_NAMES: Partial<Record<ServiceSlug, FormNames>> = {
  'web-development': { enquiryName: 'Web Development', enquiryPlace: 10, quoteName: 'Web Development', quotePlace: 10 },
  'graphic-designing': { enquiryName: 'Graphic Design', enquiryPlace: 20, quoteName: 'Branding', quotePlace: 40 },
  'app-development': { enquiryName: 'Mobile Development', enquiryPlace: 30, quoteName: 'Mobile App', quotePlace: 20 },
  'ui-ux-design': { enquiryName: 'UI/UX Design', enquiryPlace: 40, quoteName: 'UI/UX Design', quotePlace: 30 },
  'social-media-marketing': { enquiryName: 'Digital Marketing', enquiryPlace: 50, quoteName: 'Digital Marketing', quotePlace: 50 },
};

/**
 * How the forms offered a service before services said so: a service that ships as the fixed lists
 * had it (in neither form if they did not name it); one staff added under its own name in both,
 * as every service they add is. Either way at its place in the site's lists when the fixed lists
 * give it none.
 */
export function formerFormNames(slug: string, title: string, order: number): FormNames {
  const former = FORMER_FORM_NAMES[slug as ServiceSlug];
  if (former) return former;
  const name = (SERVICE_SLUGS as readonly string[]).includes(slug) ? '' : title;
  return { enquiryName: name, enquiryPlace: order, quoteName: name, quotePlace: order };
}

function withFormNames(key: string, data: unknown): unknown {
  const parts = slugKeyOf(key);
  if (parts?.kind !== 'services' || !data || typeof data !== 'object') return data;
  const { listing, title } = data as { listing?: unknown; title?: unknown };
  if (!listing || typeof listing !== 'object' || 'enquiryName' in listing) return data;
  const order = typeof (listing as { order?: unknown }).order === 'number' ? (listing as { order: number }).order : LISTING_ORDER_MAX;
  return { ...data, listing: { ...listing, ...formerFormNames(parts.slug, typeof title === 'string' ? title.slice(0, 80) : '', order) } };
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
