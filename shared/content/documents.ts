import { z } from 'zod';
import { checkbox, icon, image, integer, link, list, multiline, phone, rich, seo, text, type FieldMeta } from './fields';
import { openingHours } from './opening-hours';
import { footerMenuSchema, mainMenuSchema, MENU_KEYS, type MenuContent } from './menus';
import { pageSchema, type PageContent } from './page-sections';

/**
 * Every document of the site's content that staff edit, with its one schema: the server validates
 * drafts and imports with it, the editor builds its form from it, and the views render its type.
 * Isomorphic (no server imports).
 */

const cta = (title: string) => z.strictObject({ label: text('Button text', { max: 40 }), href: link('Button link') }).meta({ title });
const sectionIntro = (title: string) => z.strictObject({ heading: text('Heading'), lead: multiline('Introduction', { max: 400 }) }).meta({ title });
const headingBlock = (title: string) => z.strictObject({ heading: text('Heading'), body: rich('Text') }).meta({ title });

export const SOCIAL_NETWORKS = ['Facebook', 'Instagram', 'LinkedIn', 'X', 'YouTube', 'Behance'] as const;

export const businessSchema = z.strictObject({
  name: text('Agency name', { max: 80 }),
  legalName: text('Legal name', { max: 120 }),
  tagline: text('Tagline', { max: 160 }),
  phone: phone('Phone number'),
  socialHandle: text('Social media handle', { max: 60 }),
  email: z.email('Enter an e-mail address, such as hello@example.com.').meta({ title: 'E-mail address', widget: 'text' } satisfies FieldMeta),
  location: z
    .strictObject({
      street: text('Street'),
      city: text('City', { max: 80 }),
      region: text('State or region', { max: 80 }),
      postalCode: text('Postal code', { max: 20 }),
      country: text('Country', { max: 80 }),
      display: text('Address as shown', { max: 240 }),
    })
    .meta({ title: 'Address' }),
  openingHours: openingHours('Opening hours'),
  mapImage: image('Map image'),
  mapLink: link('Map link'),
  replyPromise: text('Reply promise sentence', { max: 200, description: '{replyPromise} is replaced by the promise set in Settings, such as "within 24 hours".' }),
  eProfileHref: link('Company profile link'),
  socials: list(
    'Social links',
    z.strictObject({ name: z.enum(SOCIAL_NETWORKS, 'Choose a network.').meta({ title: 'Network' }), href: link('Profile address'), icon: icon('Icon') }).meta({ title: 'Social link' }),
    { max: 12 },
  ),
  sharingImage: image('Default sharing image').nullable(),
});

export const homeSchema = z.strictObject({
  banner: z
    .strictObject({
      eyebrow: text('Eyebrow', { max: 80 }),
      heading: text('Heading', { max: 120 }),
      lead: multiline('Introduction', { max: 400 }),
      primaryCta: cta('Main button'),
      secondaryCta: cta('Second button'),
      image: image('Banner image'),
    })
    .meta({ title: 'Banner' }),
  services: sectionIntro('Services section'),
  industries: sectionIntro('Industries section'),
  stats: sectionIntro('Figures section'),
  testimonials: sectionIntro('Testimonials section'),
  technologies: sectionIntro('Technologies section'),
  process: sectionIntro('Process section'),
  replyPromise: headingBlock('Reply promise'),
  seo: seo(),
});

const titledText = z.strictObject({ title: text('Title'), body: multiline('Text', { max: 600 }) });

export const aboutSchema = z.strictObject({
  banner: sectionIntro('Banner'),
  whyChooseUs: list('Why choose us', titledText.extend({ icon: icon() }).meta({ title: 'Reason' }), { min: 1, max: 12 }),
  mission: headingBlock('Mission'),
  vision: headingBlock('Vision'),
  values: list('Values', titledText.meta({ title: 'Value' }), { min: 1, max: 12 }),
  profile: list('Company profile', multiline('Paragraph').meta({ title: 'Paragraph', widget: 'multiline' }), { min: 1, max: 12 }),
  seo: seo(),
});

/**
 * Where a service or industry stands in the site's lists and whether the menus name it, kept in the
 * document itself as WordPress's page order and Webflow's item fields are (see
 * docs/decisions/site-content.md): lists run by `order`, then by address.
 */
export const LISTING_ORDER_MAX = 9999;
const listing = z
  .strictObject({
    order: integer('Place in lists', { min: 0, max: LISTING_ORDER_MAX, description: 'Lists and menus run from the lowest number; the pages that ship are 10, 20, 30…' }),
    showInMenus: checkbox('Show in menus', { description: 'Untick to leave it out of the main menu and the footer; its page and the lists stay.' }),
  })
  .meta({ title: 'Place in menus and lists' });
export type Listing = z.infer<typeof listing>;

/**
 * A service's listing also says whether and where the enquiry and quote forms offer it: under a name
 * of the form's own (the forms' words need not be the page's title: "Branding" for Graphic
 * Designing), none when the name is empty, each form in its own order (see
 * docs/decisions/form-service-options.md).
 */
const formName = (form: string) =>
  text(`Name in the ${form} form`, { max: 80, optional: true, description: `What the ${form} form's service list calls it; leave empty to leave it out of that form.` });
const formPlace = (form: string) =>
  integer(`Place in the ${form} form`, { min: 0, max: LISTING_ORDER_MAX, description: `The ${form} form lists its services from the lowest number; the services that ship are 10, 20, 30…` });
const serviceListing = listing
  .extend({ enquiryName: formName('enquiry'), enquiryPlace: formPlace('enquiry'), quoteName: formName('quote'), quotePlace: formPlace('quote') })
  .meta({ title: 'Place in menus, lists and forms' });
export type ServiceListing = z.infer<typeof serviceListing>;

export const SERVICE_SLUGS = ['web-development', 'graphic-designing', 'social-media-design', 'social-media-marketing', 'ui-ux-design', 'app-development', 'ai-services', '3d-animation', 'seo'] as const;
export type ServiceSlug = (typeof SERVICE_SLUGS)[number];

export const PORTFOLIO_CATEGORY_SLUGS = ['web-development', 'graphic-designing', 'social-media-design', 'social-media-marketing', 'app-development'] as const;
export type PortfolioCategorySlug = (typeof PORTFOLIO_CATEGORY_SLUGS)[number];

export const serviceSchema = z.strictObject({
  title: text('Service name', { max: 80 }),
  navLabel: text('Menu label', { max: 40 }),
  summary: multiline('Summary', { max: 300 }),
  icon: icon(),
  intro: rich('Introduction', { max: 2000 }),
  sections: list('Sections', headingBlock('Section'), { min: 1, max: 12 }),
  deliverables: list('What we deliver', text('Deliverable', { max: 160 }), { min: 1, max: 20 }),
  portfolioCategory: z.enum(PORTFOLIO_CATEGORY_SLUGS).nullable().meta({ title: 'Portfolio category shown' }),
  listing: serviceListing,
  seo: seo(),
});

export const INDUSTRY_SLUGS = ['real-estate', 'healthcare', 'education', 'finance', 'ecommerce', 'corporate', 'food', 'automotive', 'petroleum', 'fitness', 'it', 'jewellery'] as const;
export type IndustrySlug = (typeof INDUSTRY_SLUGS)[number];

export const industrySchema = z.strictObject({
  label: text('Industry name', { max: 60 }),
  icon: icon(),
  summary: multiline('Summary', { max: 300 }),
  intro: rich('Introduction', { max: 2000 }),
  sampleCards: list('Sample projects', z.strictObject({ title: text('Title', { max: 120 }), description: multiline('Description', { max: 600 }), image: image('Image') }).meta({ title: 'Sample project' }), { max: 12 }),
  listing,
  seo: seo(),
});

export const testimonialsSchema = z.strictObject({
  items: list(
    'Testimonials',
    z
      .strictObject({
        logo: image('Client logo'),
        website: text('Client', { max: 80 }),
        service: text('Service', { max: 80 }),
        description: multiline('What they said', { max: 800 }),
        rating: z.number('Choose a rating.').int().min(1, 'Choose 1 to 5 stars.').max(5, 'Choose 1 to 5 stars.').meta({ title: 'Rating (stars)', widget: 'rating' } satisfies FieldMeta),
        author: text('Name', { max: 80 }),
        role: text('Role', { max: 80 }),
      })
      .meta({ title: 'Testimonial' }),
    { min: 1, max: 30 },
  ),
});

export const statsSchema = z.strictObject({
  items: list('Figures', z.strictObject({ value: text('Figure', { max: 12 }), label: text('Label', { max: 80 }), detail: multiline('Detail', { max: 300 }) }).meta({ title: 'Figure' }), { min: 1, max: 8 }),
});

export const processSchema = z.strictObject({
  steps: list('Steps', z.strictObject({ title: text('Step', { max: 60 }), icon: icon(), details: list('Points', text('Point', { max: 200 }), { min: 1, max: 8 }) }).meta({ title: 'Step' }), { min: 1, max: 10 }),
});

export const technologiesSchema = z.strictObject({
  items: list('Technologies', z.strictObject({ name: text('Name', { max: 40 }), logo: icon('Logo') }).meta({ title: 'Technology' }), { min: 1, max: 40 }),
});

export const contactSchema = z.strictObject({
  heading: text('Heading', { max: 80 }),
  lead: multiline('Introduction', { max: 400 }),
  formHeading: text('Form heading', { max: 80 }),
  formLead: multiline('Form introduction', { max: 400 }),
  seo: seo(),
});

export const toolkitSchema = z.strictObject({
  heading: text('Heading', { max: 80 }),
  lead: multiline('Introduction', { max: 400 }),
  body: rich('Text', { max: 3000 }),
  upcoming: list('Coming soon', text('Tool', { max: 80 }), { max: 20 }),
  seo: seo(),
});

export const privacySchema = z.strictObject({
  banner: sectionIntro('Banner'),
  sections: list('Sections', headingBlock('Section'), { min: 1, max: 20 }),
  seo: seo(),
});

export type BusinessContent = z.infer<typeof businessSchema>;
export type HomeContent = z.infer<typeof homeSchema>;
export type AboutContent = z.infer<typeof aboutSchema>;
export type ServiceContent = z.infer<typeof serviceSchema>;
export type IndustryContent = z.infer<typeof industrySchema>;
export type TestimonialsContent = z.infer<typeof testimonialsSchema>;
export type StatsContent = z.infer<typeof statsSchema>;
export type ProcessContent = z.infer<typeof processSchema>;
export type TechnologiesContent = z.infer<typeof technologiesSchema>;
export type ContactContent = z.infer<typeof contactSchema>;
export type ToolkitContent = z.infer<typeof toolkitSchema>;
export type PrivacyContent = z.infer<typeof privacySchema>;

/** What each document's data is, by key. */
export interface ContentDocuments {
  business: BusinessContent;
  home: HomeContent;
  about: AboutContent;
  testimonials: TestimonialsContent;
  stats: StatsContent;
  process: ProcessContent;
  technologies: TechnologiesContent;
  contact: ContactContent;
  toolkit: ToolkitContent;
  privacy: PrivacyContent;
  'menus/main': MenuContent;
  'menus/footer': MenuContent;
  [service: `services/${string}`]: ServiceContent;
  [industry: `industries/${string}`]: IndustryContent;
  [page: `pages/${string}`]: PageContent;
}
export type ContentKey = Extract<keyof ContentDocuments, string>;

/** How the "Website" section groups documents. */
export type ContentGroup = 'Site-wide' | 'Pages' | 'Services' | 'Industries' | 'Home page sections';

export interface ContentDocumentDefinition {
  key: string;
  title: string;
  group: ContentGroup;
  /** Pages that show it (the first is where "View on site" goes); `*` for every page. */
  paths: string[];
  schema: z.ZodType;
}

const ALL_PAGES = '*';

/** Where a service or industry staff add first stands: after every one that ships (10 to 120). */
const ADDED_ORDER = 1000;

/**
 * The kinds of document staff add, one document per slug (`services/video-production`), each kind
 * with its schema, its group in the editor's list, the pages a document of it shows on, the field
 * that names it, its address and the data a new one starts with (valid, so "Add" saves it as its
 * first draft, to be written over in the editor). A service or industry is a page at
 * `/<kind>/<slug>` the site's menus list, so it shows on every page; a page staff made
 * (`pages/careers`) is at `/{slug}` and shows there only.
 */
export const SLUG_KINDS = {
  services: {
    group: 'Services',
    schema: serviceSchema,
    noun: 'service',
    nameField: 'title',
    address: (slug: string) => `/services/${slug}`,
    paths: (slug: string) => [`/services/${slug}`, '/services', '/', ALL_PAGES],
    starting: (name: string): ServiceContent => ({
      title: name,
      navLabel: name.slice(0, 40),
      summary: `What ${name} does for our clients, in a sentence or two.`,
      icon: 'images/icons/web-development.svg',
      intro: `Say what ${name} is and who it is for.`,
      sections: [{ heading: 'How we work', body: 'Describe the work, step by step.' }],
      deliverables: ['A first deliverable'],
      portfolioCategory: null,
      // Offered in both forms under its own name, after the services that ship.
      listing: { order: ADDED_ORDER, showInMenus: true, enquiryName: name.slice(0, 80), enquiryPlace: ADDED_ORDER, quoteName: name.slice(0, 80), quotePlace: ADDED_ORDER },
      seo: { title: name, description: `${name}: what we do and how we work.`, image: null },
    }),
  },
  industries: {
    group: 'Industries',
    schema: industrySchema,
    noun: 'industry',
    nameField: 'label',
    address: (slug: string) => `/industries/${slug}`,
    paths: (slug: string) => [`/industries/${slug}`, '/', ALL_PAGES],
    starting: (name: string): IndustryContent => ({
      label: name,
      icon: 'images/industries/corporate.svg',
      summary: `What we make for ${name} clients, in a sentence or two.`,
      intro: `Say what ${name} businesses need from us.`,
      sampleCards: [],
      listing: { order: ADDED_ORDER, showInMenus: true },
      seo: { title: `${name} Industry`, description: `Our work for ${name} clients.`, image: null },
    }),
  },
  pages: {
    group: 'Pages',
    schema: pageSchema,
    noun: 'page',
    nameField: 'title',
    address: (slug: string) => `/${slug}`,
    paths: (slug: string) => [`/${slug}`],
    starting: (name: string): PageContent => ({
      title: name,
      sections: [
        { kind: 'banner', heading: name, lead: `What visitors find on this page, in a sentence or two.`, image: null },
        { kind: 'text', heading: '', body: 'Write the page here, or add sections below: cards, figures, steps, questions and answers, a call to action.' },
      ],
      seo: { title: name, description: `${name}: what visitors find on this page.`, image: null },
    }),
  },
} as const satisfies Record<string, { group: ContentGroup; schema: z.ZodType; noun: string; nameField: string; address: (slug: string) => string; paths: (slug: string) => string[]; starting: (name: string) => unknown }>;
export type SlugKind = keyof typeof SLUG_KINDS;
export const SLUG_KIND_NAMES = Object.keys(SLUG_KINDS) as SlugKind[];

/** What a slug is made of: lower-case letters and digits in words joined by single hyphens. */
const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_LENGTH = { min: 2, max: 60 } as const;

/**
 * Slugs no document may take: the first segments of the site's own addresses (the admin, the API,
 * uploaded media, previews, the built-in pages and files), so a staff-made page at `/{slug}` can
 * never shadow one, and words that read as actions on a list. The editor refuses them as staff type;
 * the server also refuses a page's slug that any route of the app or a redirect answers
 * (`server/site/page-addresses.ts`), and `page-addresses.test.ts` checks this list covers the routes.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'admin', 'api', 'media', 'preview', 'static', 'assets', 'health', 'healthz', 'readyz', 'sitemap', 'robots', 'favicon',
  'about', 'services', 'industries', 'portfolio', 'toolkit', 'contact', 'privacy', 'enquire', 'quote', 'free-offer', 'regions', 'thank-you',
  'new', 'edit', 'add', 'index',
]);

/** Why `slug` cannot name a document, in words for the field, or null when it can. */
export function slugProblem(slug: string): string | null {
  if (slug.length < SLUG_LENGTH.min || slug.length > SLUG_LENGTH.max) return `Use ${SLUG_LENGTH.min} to ${SLUG_LENGTH.max} characters.`;
  if (!SLUG_SHAPE.test(slug)) return 'Use lower-case letters, digits and single hyphens between words (such as video-production).';
  if (RESERVED_SLUGS.has(slug)) return `"${slug}" is an address the site keeps for itself; choose another.`;
  return null;
}

/** The kind and slug of a key shaped `<kind>/<slug>` of a kind staff add to (the slug unchecked), else undefined. */
export function slugKeyOf(key: string): { kind: SlugKind; slug: string } | undefined {
  const slash = key.indexOf('/');
  if (slash < 0) return undefined;
  const kind = key.slice(0, slash);
  return Object.hasOwn(SLUG_KINDS, kind) ? { kind: kind as SlugKind, slug: key.slice(slash + 1) } : undefined;
}

/**
 * The name staff know a document by: for one of a kind staff add, its own name field (a service's
 * title, an industry's label, a page's name) when the data has one; else the definition's title.
 */
export function documentTitleOf(definition: ContentDocumentDefinition, data: unknown): string {
  const parts = slugKeyOf(definition.key);
  if (!parts) return definition.title;
  const own = ((data ?? {}) as Record<string, unknown>)[SLUG_KINDS[parts.kind].nameField];
  return typeof own === 'string' && own !== '' ? own : definition.title;
}

function slugDefinition(kind: SlugKind, slug: string): ContentDocumentDefinition {
  const { group, schema, paths } = SLUG_KINDS[kind];
  return definition(`${kind}/${slug}`, slug, group, paths(slug), schema);
}

function definition(key: string, title: string, group: ContentGroup, paths: string[], schema: z.ZodType): ContentDocumentDefinition {
  return { key, title, group, paths, schema };
}

/**
 * The documents a site starts with, in the order the editor lists them (the migration that created
 * the content tables stored these). Staff add more services and industries (`SLUG_KINDS`).
 */
export const CONTENT_DOCUMENTS: readonly ContentDocumentDefinition[] = [
  definition('business', 'Agency details', 'Site-wide', ['/', ALL_PAGES], businessSchema),
  definition(MENU_KEYS.main, 'Main menu', 'Site-wide', ['/', ALL_PAGES], mainMenuSchema),
  definition(MENU_KEYS.footer, 'Footer links', 'Site-wide', ['/', ALL_PAGES], footerMenuSchema),
  definition('home', 'Home', 'Pages', ['/'], homeSchema),
  definition('about', 'About', 'Pages', ['/about'], aboutSchema),
  definition('contact', 'Contact', 'Pages', ['/contact'], contactSchema),
  definition('toolkit', 'Free toolkit', 'Pages', ['/toolkit'], toolkitSchema),
  definition('privacy', 'Privacy', 'Pages', ['/privacy'], privacySchema),
  definition('testimonials', 'Testimonials', 'Home page sections', ['/'], testimonialsSchema),
  definition('stats', 'Figures', 'Home page sections', ['/', '/about'], statsSchema),
  definition('process', 'How we work', 'Home page sections', ['/'], processSchema),
  definition('technologies', 'Technologies', 'Home page sections', ['/'], technologiesSchema),
  ...SERVICE_SLUGS.map((slug) => slugDefinition('services', slug)),
  ...INDUSTRY_SLUGS.map((slug) => slugDefinition('industries', slug)),
];

const BY_KEY = new Map(CONTENT_DOCUMENTS.map((document) => [document.key, document]));

/** The definition of a document, or undefined for a key that is not one (nor a valid key of a kind staff add to). */
export function contentDocument(key: string): ContentDocumentDefinition | undefined {
  const builtIn = BY_KEY.get(key);
  if (builtIn) return builtIn;
  const parts = slugKeyOf(key);
  return parts && slugProblem(parts.slug) === null ? slugDefinition(parts.kind, parts.slug) : undefined;
}

/** Raised when a document's schema changes shape; revisions keep the version they were written with. */
export const CONTENT_SCHEMA_VERSION = 4;
