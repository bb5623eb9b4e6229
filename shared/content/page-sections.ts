import { z } from 'zod';
import { icon, image, link, list, multiline, rich, seo, text } from './fields';

/**
 * The pages staff add (`pages/{slug}`, served at `/{slug}`: Careers, Pricing, a landing page) are
 * made of sections the site's design already has. Each section says which it is in `kind`; the
 * editor offers one "Add" per kind and shows that kind's fields. Isomorphic, like the documents.
 */

const kind = <K extends string>(value: K) => z.literal(value);
const button = (title: string) => z.strictObject({ label: text('Button text', { max: 40 }), href: link('Button link') }).meta({ title });

export const SECTION_KINDS = ['banner', 'text', 'cards', 'figures', 'steps', 'cta', 'faq'] as const;
export type SectionKind = (typeof SECTION_KINDS)[number];

const bannerSection = z
  .strictObject({
    kind: kind('banner'),
    heading: text('Heading', { max: 120 }),
    lead: multiline('Introduction', { max: 400 }),
    image: image('Banner image').nullable(),
  })
  .meta({ title: 'Banner' });

const textSection = z
  .strictObject({
    kind: kind('text'),
    heading: text('Heading', { optional: true, description: 'Leave empty for text that follows the section before it.' }),
    body: rich('Text'),
  })
  .meta({ title: 'Text' });

const cardsSection = z
  .strictObject({
    kind: kind('cards'),
    heading: text('Heading'),
    lead: text('Introduction', { max: 400, optional: true }),
    items: list(
      'Cards',
      z.strictObject({ title: text('Title', { max: 120 }), body: multiline('Text', { max: 600 }), icon: icon(), href: link('Link (optional)', { optional: true }) }).meta({ title: 'Card' }),
      { min: 1, max: 12 },
    ),
  })
  .meta({ title: 'Cards' });

const figuresSection = z
  .strictObject({
    kind: kind('figures'),
    heading: text('Heading'),
    items: list('Figures', z.strictObject({ value: text('Figure', { max: 12 }), label: text('Label', { max: 80 }), detail: text('Detail', { max: 300, optional: true }) }).meta({ title: 'Figure' }), { min: 1, max: 8 }),
  })
  .meta({ title: 'Figures' });

const stepsSection = z
  .strictObject({
    kind: kind('steps'),
    heading: text('Heading'),
    items: list('Steps', z.strictObject({ title: text('Step', { max: 80 }), body: multiline('What happens', { max: 600 }) }).meta({ title: 'Step' }), { min: 1, max: 12 }),
  })
  .meta({ title: 'Process steps' });

const ctaSection = z
  .strictObject({
    kind: kind('cta'),
    heading: text('Heading', { max: 120 }),
    body: rich('Text', { max: 1000 }),
    button: button('Button'),
  })
  .meta({ title: 'Call to action' });

const faqSection = z
  .strictObject({
    kind: kind('faq'),
    heading: text('Heading'),
    items: list('Questions', z.strictObject({ question: text('Question', { max: 200 }), answer: rich('Answer', { max: 2000 }) }).meta({ title: 'Question' }), { min: 1, max: 30 }),
  })
  .meta({ title: 'Frequently asked questions' });

export const pageSectionSchema = z.discriminatedUnion('kind', [bannerSection, textSection, cardsSection, figuresSection, stepsSection, ctaSection, faqSection]).meta({ title: 'Section' });
export type PageSection = z.infer<typeof pageSectionSchema>;
export type PageSectionOf<K extends SectionKind> = Extract<PageSection, { kind: K }>;

/** A page staff add: its name (the page's one heading unless a banner gives it), its sections and its SEO. */
export const pageSchema = z
  .strictObject({
    title: text('Page name', { max: 80 }),
    sections: list('Sections', pageSectionSchema, { min: 1, max: 30 }),
    seo: seo(),
  })
  .superRefine((page, context) => {
    // One banner at most, first: it carries the page's h1, so a second would give the page two.
    page.sections.forEach((section, index) => {
      if (section.kind === 'banner' && index > 0) context.addIssue({ code: 'custom', path: ['sections', index, 'kind'], message: 'A banner opens the page: move it to the top, or use a Text section here.' });
    });
  });
export type PageContent = z.infer<typeof pageSchema>;
