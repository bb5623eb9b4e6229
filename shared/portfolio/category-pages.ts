/**
 * The portfolio's shared rules: category pages and their keyword lists, the industry keyword
 * lists, the label-to-slug mapping, the field schema of the add/edit form, upload limits and the
 * texts. Isomorphic: imported by the server, the pages and islands (no Node or Knex imports).
 */
import type { PortfolioFields } from './portfolio-schema';

/* ------------------------------------------------------------------ categories and industries */

/** The five public category pages, by URL slug. */
export const PORTFOLIO_CATEGORY_PAGES = [
  {
    slug: 'web-development',
    label: 'Web Development',
    // SPEC §7, verbatim.
    keywords: ['web', 'Web Development', 'web-development', 'website', 'frontend', 'backend', 'fullstack', 'responsive'],
    intro: 'Websites and web applications we have designed and built: fast, responsive and easy for our clients to run.',
    emptyMessage: 'No portfolio items found in this category. Please check back later.',
  },
  {
    slug: 'graphic-designing',
    label: 'Graphic Designing',
    // SPEC §7, verbatim.
    keywords: ['graphic', 'Graphic Designing', 'graphic-designing', 'design', 'branding', 'logo', 'illustration', 'print'],
    intro: 'Brand identities, logos, print and illustration work that gives our clients a look people remember.',
    emptyMessage: 'No portfolio items found in this category. Please check back later.',
  },
  {
    slug: 'social-media-design',
    label: 'Social Media Design',
    keywords: ['social-design', 'Social Media Design', 'social-media-design', 'social design', 'social media creatives', 'social media graphics'],
    intro: 'Posts, stories, covers and ad creatives designed to stop the scroll and stay on brand on every network.',
    emptyMessage: 'No portfolio items found in this category. Please check back later.',
  },
  {
    slug: 'social-media-marketing',
    label: 'Social Media Marketing',
    keywords: ['social-marketing', 'Social Media Marketing', 'social-media-marketing', 'social marketing', 'smm', 'digital marketing', 'marketing'],
    intro: 'Campaigns and content programmes that grew our clients\u2019 audiences and turned followers into customers.',
    emptyMessage: 'No portfolio items found in this category. Please check back later.',
  },
  {
    slug: 'app-development',
    label: 'App Development',
    keywords: ['app-development', 'App Development', 'app', 'apps', 'mobile', 'mobile app', 'mobile development', 'ios', 'android'],
    intro: 'Mobile and web apps we have planned, designed and shipped for iOS, Android and the browser.',
    // SPEC §8: the app development page omits the second sentence.
    emptyMessage: 'No portfolio items found in this category.',
  },
] as const;

export type PortfolioCategoryPage = (typeof PORTFOLIO_CATEGORY_PAGES)[number];
export type PortfolioCategoryPageSlug = PortfolioCategoryPage['slug'];

export function categoryPageBySlug(slug: string): PortfolioCategoryPage | undefined {
  return PORTFOLIO_CATEGORY_PAGES.find((page) => page.slug === slug);
}

/**
 * Keywords per industry page (slugs of `views/content/industries.ts`): the §7 slug and label of the
 * industry plus obvious synonyms. Healthcare's stored slug is `medical` (its label is Medical).
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

/** Industries whose page shows nothing (rather than sample cards) when no item matches (SPEC §2). */
export const INDUSTRIES_WITHOUT_SAMPLES: readonly string[] = ['it', 'jewellery'];

/**
 * True when one of the item's category slugs or display labels equals one of the keywords,
 * ignoring case and surrounding spaces. Whole-value matching keeps "design" from pulling every
 * "UI/UX Design" item into the graphic page.
 */
export function matchesKeywords(item: { categories: readonly string[]; displayCategories: readonly string[] }, keywords: readonly string[]): boolean {
  const wanted = new Set(keywords.map(normalize));
  return [...item.categories, ...item.displayCategories].some((value) => wanted.has(normalize(value)));
}

const normalize = (value: string) => value.trim().toLowerCase();

/** SPEC §7: the slug stored for each category label chosen in the form. */
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

/** SPEC §7: a mapped label's slug, otherwise the label lowercased. */
export function categorySlugForLabel(label: string): string {
  const trimmed = label.trim();
  return CATEGORY_LABEL_TO_SLUG[trimmed] ?? trimmed.toLowerCase();
}

export const UNCATEGORIZED = { slug: 'uncategorized', label: 'Uncategorized' } as const;

/* ------------------------------------------------------------------------------- limits, texts */

export const PORTFOLIO_LIMITS = {
  /** Largest accepted upload, per file. */
  maxFileBytes: 10 * 1024 * 1024,
  /** Largest accepted image, in pixels (width × height), checked from the header before decoding. */
  maxPixels: 40_000_000,
  /** Slider images kept per item; extras are dropped (SPEC §5). */
  maxSliderImages: 3,
  /** Words of a description shown on cards and overlays before the ellipsis (SPEC §9). */
  cardDescriptionWords: 10,
  /** Detail slider auto-advance (SPEC §9). */
  sliderIntervalMs: 3000,
  /** Detail content animates in this long after load (SPEC §4). */
  detailRevealDelayMs: 100,
} as const;

export const DEFAULT_BG_COLOR = '#045e63';

export const portfolioMessages = {
  listFailed: 'Failed to load portfolio items. Please try again later.',
  listEmpty: 'No portfolio items found. Please check back later.',
  loading: 'Loading portfolio items...',
  detailFailed: 'Failed to load portfolio details. Please try again later.',
  notFound: 'Portfolio not found',
  missingId: 'Portfolio ID is missing',
  added: 'Portfolio item added successfully!',
  deleted: 'Portfolio item deleted successfully!',
  deleteFailed: 'Failed to delete portfolio item.',
  titleRequired: 'Title is required.',
  clientRequired: 'Client is required.',
  descriptionRequired: 'Description is required.',
  categoryRequired: 'Choose at least one category.',
  websiteLink: 'Website link must be a full URL starting with http:// or https://.',
  bgColor: 'Background colour must be a hex colour like #045e63.',
  testimonialJson: 'Testimonial must be JSON with text, author and position.',
  whatWeDeliveredJson: 'What we delivered must be JSON with a description and items (title and icon).',
  notAnImage: 'must be a JPEG, PNG, WebP, AVIF or GIF image.',
  svgRejected: 'SVG files are not accepted; upload a JPEG, PNG, WebP, AVIF or GIF image.',
  emptyFile: 'is empty.',
  tooLarge: 'is larger than 10 MB.',
  tooManyPixels: 'has more than 40 megapixels.',
  tooManyFiles: 'Too many files: send one main image and at most 3 slider images.',
  unknownFileField: 'Unexpected file field: only image and sliderImages take files.',
} as const;

/* ------------------------------------------------------------------------------------ fields */

export interface DeliveredItem {
  title: string;
  /** A name from `DELIVERED_ICONS`; anything else is drawn with the default check mark. */
  icon: string;
}

export const DELIVERED_ICONS = ['palette', 'speed', 'shield', 'pen', 'devices', 'accessibility', 'check'] as const;

/** SPEC §3: the six "what we delivered" items an item starts with. */
export const DEFAULT_DELIVERED_ITEMS: readonly DeliveredItem[] = [
  { title: 'Attractive Design', icon: 'palette' },
  { title: 'Optimized Site Speed', icon: 'speed' },
  { title: 'Advanced Security', icon: 'shield' },
  { title: 'Engaging Content', icon: 'pen' },
  { title: 'Responsive Website', icon: 'devices' },
  { title: 'Accessibility', icon: 'accessibility' },
];

/** What is stored: every rule of SPEC §5 applied. */
export interface PortfolioItemData {
  title: string;
  client: string;
  description: string;
  categories: string[];
  displayCategories: string[];
  date: string;
  completionDate: string;
  technologies: string;
  websiteLink: string;
  challenge: string;
  solution: string;
  results: string;
  bgColor: string;
  testimonial: { text: string; author: string; position: string } | null;
  whatWeDelivered: { description: string; items: DeliveredItem[] };
}

/** `15 Mar 2025`, the date style of SPEC §5 (UTC, so every instance agrees). */
export function formatPortfolioDate(date: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/**
 * The save rules of SPEC §5 and §7: labels map to slugs (unmapped labels lowercased), slugs given
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

/* --------------------------------------------------------------------------------- item JSON */

/** One encoded file of an image. */
export interface ImageSource {
  url: string;
  width: number;
  height: number;
}

/** An image as `<picture>` needs it: the same picture in AVIF, WebP and JPEG at several widths. */
export interface ResponsiveImage {
  /** Id of the stored image (use it in `keepSliderImages` to keep a slider image on edit). */
  id: string;
  /** Size of the largest rendition, for the `width`/`height` attributes (aspect ratio). */
  width: number;
  height: number;
  avif: ImageSource[];
  webp: ImageSource[];
  jpeg: ImageSource[];
}

/** A portfolio item in the API (SPEC §3 names) and in the pages. */
export interface PortfolioItemJson extends PortfolioItemData {
  _id: string;
  /** Main image, card size JPEG (null when the item has none). */
  image: string | null;
  /** Slider images, large JPEG, in order (at most 3). */
  images: string[];
  /** Main image at card size (3:2). */
  imageSet: ResponsiveImage | null;
  /** Main image at slider size (4:3), shown when there is no slider list and used for sharing. */
  heroImageSet: ResponsiveImage | null;
  /** Slider images at slider size (4:3). */
  sliderImageSets: ResponsiveImage[];
  /** Slider images as small thumbnails, same order. */
  thumbnailSets: ResponsiveImage[];
  createdAt: string;
  updatedAt: string;
}

/** SPEC §9: first ten words of a description plus an ellipsis (shorter ones unchanged). */
export function cardExcerpt(description: string, words: number = PORTFOLIO_LIMITS.cardDescriptionWords): string {
  const all = description.trim().split(/\s+/).filter(Boolean);
  return all.length > words ? `${all.slice(0, words).join(' ')}...` : all.join(' ');
}

/** The distinct display categories of a list, in first-seen order (the filter buttons). */
export function distinctDisplayCategories(items: readonly Pick<PortfolioItemJson, 'displayCategories'>[]): string[] {
  return unique(items.flatMap((item) => item.displayCategories));
}
