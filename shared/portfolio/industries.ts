/**
 * Which portfolio items each industry page shows: its keyword list, and whether it falls back to
 * sample cards. Isomorphic (no Node or Knex imports).
 */

/**
 * Keywords per industry page (slugs of `shared/content/defaults/industries.ts`): the industry's slug and label
 * in the spec's category mapping plus obvious synonyms. Healthcare's stored slug is `medical` (its
 * label is Medical).
 */
export const INDUSTRY_KEYWORDS = {
  'real-estate': ['real-estate', 'Real Estate', 'property', 'realty', 'housing'],
  healthcare: ['medical', 'Medical', 'healthcare', 'health', 'clinic', 'hospital', 'pharmacy'],
  education: ['education', 'Education', 'school', 'university', 'e-learning', 'learning', 'training'],
  finance: ['finance', 'Finance', 'financial', 'fintech', 'banking', 'insurance', 'accounting'],
  ecommerce: ['ecommerce', 'E-commerce', 'online store', 'shop', 'shopify', 'retail'],
  corporate: ['corporate', 'Corporate', 'business', 'enterprise', 'b2b', 'consulting'],
  food: ['food', 'Food', 'restaurant', 'cafe', 'catering', 'beverage', 'hospitality'],
  automotive: ['automotive', 'Automotive', 'automobile', 'car', 'cars', 'vehicle', 'dealership'],
  petroleum: ['petroleum', 'Petroleum', 'oil', 'gas', 'energy', 'fuel'],
  fitness: ['fitness', 'Fitness', 'gym', 'wellness', 'sport', 'sports', 'yoga'],
  it: ['it', 'Information Technology', 'technology', 'software', 'saas', 'tech'],
  jewellery: ['jewellery', 'Jewellery', 'jewelry', 'jeweller', 'luxury', 'accessories'],
} as const satisfies Record<string, readonly string[]>;

/** Industries whose page shows nothing (rather than sample cards) when no item matches, as the spec has it. */
export const INDUSTRIES_WITHOUT_SAMPLES: readonly string[] = ['it', 'jewellery'];
