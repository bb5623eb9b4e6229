import {
  type AboutContent,
  type BusinessContent,
  type ContactContent,
  type ContentDocuments,
  type HomeContent,
  type IndustryContent,
  type ServiceContent,
  type Listing,
  type PrivacyContent,
  type ToolkitContent,
} from './documents';
import type { ContentImages } from './images';
import { openingHoursText } from './opening-hours';
import { phoneForms } from './phone';
import { replyPromiseText } from '../replies';
import type { Settings } from '../settings';
import { MENU_KEYS, navigationOf, type NavItem } from './menus';
import type { PageContent } from './page-sections';
import type { Industry, ProcessStep, Service, SitePage, Stat, Technology, Testimonial } from './site-types';

/** Facts the site shows that staff set in Settings, not in the content (one fact, one place). */
export interface SiteFacts {
  /** "within 24 hours", "within 9 working hours". */
  replyPromise: string;
}

/**
 * The agency details as pages show them: `phone` as it is shown, with the links made from it, and
 * the opening hours in words, so no page spells the number or the hours a second way.
 */
export type SiteBusiness = BusinessContent & {
  /** "Monday to Friday, 9 AM to 6 PM". */
  hours: string;
  /** `tel:+15550102030`. */
  phoneHref: string;
  /** `https://wa.me/15550102030`. */
  chatHref: string;
  /** `+15550102030`, for structured data. */
  telephone: string;
};

/** Everything the public pages show, as one published (or previewed) version of the content. */
export interface SiteContent {
  business: SiteBusiness;
  home: HomeContent;
  about: AboutContent;
  contact: ContactContent;
  toolkit: ToolkitContent;
  privacy: PrivacyContent;
  services: Service[];
  industries: Industry[];
  /** The pages staff made (`pages/{slug}`, at `/{slug}`), by address. */
  pages: SitePage[];
  testimonials: Testimonial[];
  stats: Stat[];
  processSteps: ProcessStep[];
  technologies: Technology[];
  /** The main navigation and the footer's links as drawn (their documents with the automatic lists filled in). */
  menus: { main: NavItem[]; footer: NavItem[] };
  facts: SiteFacts;
  /** Renditions of the uploaded images content may name, by `src` (`/media/content/<id>`); see `ContentImage`. */
  images: ContentImages;
}

/** The placeholders texts may use, replaced when the site's content is assembled. */
export const PLACEHOLDERS = ['{name}', '{legalName}', '{email}', '{phone}', '{replyPromise}', '{hours}'] as const;

/** Every string of `value` with the placeholders replaced (objects and arrays copied, the rest kept). */
function withPlaceholders<T>(value: T, replace: (text: string) => string): T {
  if (typeof value === 'string') return replace(value) as T;
  if (Array.isArray(value)) return value.map((item) => withPlaceholders(item, replace)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withPlaceholders(item, replace)])) as T;
  return value;
}

/** A document's data by key; every key of the site must be there (the content store guarantees it). */
export type DocumentsByKey = Partial<Record<string, unknown>>;

function required<K extends keyof ContentDocuments & string>(documents: DocumentsByKey, key: K): ContentDocuments[K] {
  const data = documents[key];
  if (data === undefined) throw new Error(`The content document "${key}" is missing`);
  return data as ContentDocuments[K];
}

/**
 * The documents of one kind staff add to (`services/…`) present in `documents`, as `{ slug, data }`
 * in the order of the site's lists: by their listing's place, then by address.
 */
function listed<T extends { listing: Listing }>(documents: DocumentsByKey, kind: 'services' | 'industries'): { slug: string; data: T }[] {
  return ofKind<T>(documents, kind).sort((a, b) => a.data.listing.order - b.data.listing.order || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
}

/** The documents of one kind staff add to present in `documents`, as `{ slug, data }`, by address. */
function ofKind<T>(documents: DocumentsByKey, kind: 'services' | 'industries' | 'pages'): { slug: string; data: T }[] {
  const prefix = `${kind}/`;
  return Object.entries(documents)
    .filter((entry): entry is [string, T] => entry[0].startsWith(prefix) && entry[1] !== undefined && entry[1] !== null)
    .map(([key, data]) => ({ slug: key.slice(prefix.length), data }))
    .sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
}

/**
 * The site's content from its documents and the facts from Settings: placeholders replaced,
 * the services and industries there are (every document of their kinds) in the order of their
 * listings, the pages staff made by address, with the uploaded images' renditions
 * (`images`, by `src`). Pure, so a preview assembles a draft the same way the published site is.
 */
export function assembleSiteContent(documents: DocumentsByKey, facts: SiteFacts, images: ContentImages = {}): SiteContent {
  const business = required(documents, 'business');
  const phone = phoneForms(business.phone);
  const hours = openingHoursText(business.openingHours);
  const values: Record<(typeof PLACEHOLDERS)[number], string> = {
    '{name}': business.name,
    '{legalName}': business.legalName,
    '{email}': business.email,
    '{phone}': phone.shown,
    '{replyPromise}': facts.replyPromise,
    '{hours}': hours,
  };
  const replace = (text: string) => (text.includes('{') ? text.replace(/\{(name|legalName|email|phone|replyPromise|hours)\}/g, (placeholder) => values[placeholder as keyof typeof values]) : text);
  const resolved = <T,>(value: T) => withPlaceholders(value, replace);
  const services = listed<ServiceContent>(documents, 'services').map(({ slug, data }) => ({ ...resolved(data), slug }));
  const industries = listed<IndustryContent>(documents, 'industries').map(({ slug, data }) => ({ ...resolved(data), slug }));
  const shown = inMenus({ services, industries });
  return {
    business: { ...resolved(business), phone: phone.shown, hours, phoneHref: phone.tel, chatHref: phone.whatsapp, telephone: phone.e164 },
    home: resolved(required(documents, 'home')),
    about: resolved(required(documents, 'about')),
    contact: resolved(required(documents, 'contact')),
    toolkit: resolved(required(documents, 'toolkit')),
    privacy: resolved(required(documents, 'privacy')),
    services,
    industries,
    pages: ofKind<PageContent>(documents, 'pages').map(({ slug, data }) => ({ ...resolved(data), slug })),
    testimonials: resolved(required(documents, 'testimonials')).items,
    stats: resolved(required(documents, 'stats')).items,
    processSteps: resolved(required(documents, 'process')).steps,
    technologies: resolved(required(documents, 'technologies')).items,
    menus: { main: navigationOf(resolved(required(documents, MENU_KEYS.main)), shown), footer: navigationOf(resolved(required(documents, MENU_KEYS.footer)), shown) },
    facts,
    images,
  };
}

/** The facts the site shows from the settings in force. */
export function siteFactsOf(settings: Pick<Settings, 'replyPromiseHours' | 'workingHoursOnly'>): SiteFacts {
  return { replyPromise: replyPromiseText(settings) };
}

/** The services and industries the menus and the footer name: those staff did not hide from menus. */
export function inMenus({ services, industries }: Pick<SiteContent, 'services' | 'industries'>): Pick<SiteContent, 'services' | 'industries'> {
  return { services: services.filter((service) => service.listing.showInMenus), industries: industries.filter((industry) => industry.listing.showInMenus) };
}
