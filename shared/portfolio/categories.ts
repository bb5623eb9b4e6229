/** The category labels the admin form offers and the slugs the spec stores for them. Isomorphic. */

/** The spec's mapping: the slug stored for each category label chosen in the form. */
export const CATEGORY_LABEL_TO_SLUG: Readonly<Record<string, string>> = {
  'Web Development': 'web',
  'Graphic Designing': 'graphic',
  'Social Media Design': 'social-design',
  'Social Media Marketing': 'social-marketing',
  'Real Estate': 'real-estate',
  Corporate: 'corporate',
  Education: 'education',
  'E-commerce': 'ecommerce',
  Food: 'food',
  Automotive: 'automotive',
  Fitness: 'fitness',
  Finance: 'finance',
  Medical: 'medical',
  Petroleum: 'petroleum',
  'Information Technology': 'it',
  Jewellery: 'jewellery',
  'App Development': 'app-development',
};

/** The labels the add/edit form offers, in the spec's order. */
export const CATEGORY_LABELS: readonly string[] = Object.keys(CATEGORY_LABEL_TO_SLUG);

/** As the spec maps labels on save: a mapped label's slug, otherwise the label lowercased. */
export function categorySlugForLabel(label: string): string {
  const trimmed = label.trim();
  // Own keys only: a label such as "__proto__" or "constructor" must not read the object's prototype.
  return Object.hasOwn(CATEGORY_LABEL_TO_SLUG, trimmed) ? CATEGORY_LABEL_TO_SLUG[trimmed]! : trimmed.toLowerCase();
}

/** What an item saved without any category is stored as (the spec's save rule). */
export const UNCATEGORIZED = { slug: 'uncategorized', label: 'Uncategorized' } as const;
