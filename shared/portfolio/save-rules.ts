import { agencyDay } from '../local-date';
import { categorySlugForLabel, UNCATEGORIZED } from './categories';
import type { DeliveredItem, PortfolioItemData } from './item';
import type { PortfolioFields } from './schema';

/**
 * The spec's validation and save rules that turn the form's checked fields into what is stored, with
 * the defaults they fill in. Isomorphic: the API applies them, the admin form shows the defaults.
 */

/** An item's colour when none is chosen (the spec's default). */
export const DEFAULT_BG_COLOR = '#045e63';

/** The six "what we delivered" items the spec gives an item to start with. */
export const DEFAULT_DELIVERED_ITEMS: readonly DeliveredItem[] = [
  { title: 'Attractive Design', icon: 'palette' },
  { title: 'Optimized Site Speed', icon: 'speed' },
  { title: 'Advanced Security', icon: 'shield' },
  { title: 'Engaging Content', icon: 'pen' },
  { title: 'Responsive Website', icon: 'devices' },
  { title: 'Accessibility', icon: 'accessibility' },
];

/** `15 Mar 2025`, the date style the spec gives an empty completion date (UTC, so every instance agrees). */
export function formatPortfolioDate(date: Date): string {
  return agencyDay(date.toISOString().slice(0, 10));
}

/**
 * The spec's save rules: labels map to slugs (unmapped labels lowercased), slugs given
 * without labels keep themselves as labels, no category at all is stored as Uncategorized, an
 * empty completion date becomes today, and the defaults (colour, delivered items) fill in.
 */
export function normalizePortfolioFields(fields: PortfolioFields, today: Date = new Date()): PortfolioItemData {
  const labels = unique(fields.displayCategories.filter(Boolean));
  const slugs = unique([...fields.categories.filter(Boolean).map((slug) => slug.toLowerCase()), ...labels.map(categorySlugForLabel)]);
  const displayCategories = labels.length > 0 ? labels : slugs;
  const completionDate = fields.completionDate || formatPortfolioDate(today);
  const testimonial = fields.testimonial && (fields.testimonial.text || fields.testimonial.author) ? fields.testimonial : null;
  return {
    title: fields.title,
    client: fields.client,
    description: fields.description,
    categories: slugs.length > 0 ? slugs : [UNCATEGORIZED.slug],
    displayCategories: displayCategories.length > 0 ? displayCategories : [UNCATEGORIZED.label],
    date: fields.date || completionDate,
    completionDate,
    technologies: fields.technologies,
    websiteLink: fields.websiteLink,
    challenge: fields.challenge,
    solution: fields.solution,
    results: fields.results,
    bgColor: (fields.bgColor || DEFAULT_BG_COLOR).toLowerCase(),
    testimonial,
    whatWeDelivered: {
      description: fields.whatWeDelivered?.description ?? '',
      items: fields.whatWeDelivered?.items ?? [...DEFAULT_DELIVERED_ITEMS],
    },
  };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
