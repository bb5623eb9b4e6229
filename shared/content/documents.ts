import { z } from 'zod';
import { icon, image, link, list, multiline, phone, rich, seo, text, type FieldMeta } from './fields';
import { openingHours } from './opening-hours';

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
  [service: `services/${string}`]: ServiceContent;
  [industry: `industries/${string}`]: IndustryContent;
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

function definition(key: string, title: string, group: ContentGroup, paths: string[], schema: z.ZodType): ContentDocumentDefinition {
  return { key, title, group, paths, schema };
}

/**
 * The documents, in the order the editor lists them. Service and industry pages are one document
 * each (their addresses are fixed: the site's menus, sitemap and portfolio link to them).
 */
export const CONTENT_DOCUMENTS: readonly ContentDocumentDefinition[] = [
  definition('business', 'Agency details', 'Site-wide', ['/', ALL_PAGES], businessSchema),
  definition('home', 'Home', 'Pages', ['/'], homeSchema),
  definition('about', 'About', 'Pages', ['/about'], aboutSchema),
  definition('contact', 'Contact', 'Pages', ['/contact'], contactSchema),
  definition('toolkit', 'Free toolkit', 'Pages', ['/toolkit'], toolkitSchema),
  definition('privacy', 'Privacy', 'Pages', ['/privacy'], privacySchema),
  definition('testimonials', 'Testimonials', 'Home page sections', ['/'], testimonialsSchema),
  definition('stats', 'Figures', 'Home page sections', ['/', '/about'], statsSchema),
  definition('process', 'How we work', 'Home page sections', ['/'], processSchema),
  definition('technologies', 'Technologies', 'Home page sections', ['/'], technologiesSchema),
  ...SERVICE_SLUGS.map((slug) => definition(`services/${slug}`, slug, 'Services', [`/services/${slug}`, '/services', '/', ALL_PAGES], serviceSchema)),
  ...INDUSTRY_SLUGS.map((slug) => definition(`industries/${slug}`, slug, 'Industries', [`/industries/${slug}`, '/', ALL_PAGES], industrySchema)),
];

const BY_KEY = new Map(CONTENT_DOCUMENTS.map((document) => [document.key, document]));

/** The definition of a document, or undefined for a key that is not one. */
export function contentDocument(key: string): ContentDocumentDefinition | undefined {
  return BY_KEY.get(key);
}

/** Raised when a document's schema changes shape; revisions keep the version they were written with. */
export const CONTENT_SCHEMA_VERSION = 2;
