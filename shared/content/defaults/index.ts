/**
 * The content a new site starts with: the migration that created the content tables stored these
 * documents as their first published version, so a fresh install shows the site as designed.
 * After that, the database is the one source (staff edit it in the admin's "Website" section).
 */
import { INDUSTRY_SLUGS, SERVICE_SLUGS, type ContentDocuments, type ContentKey } from '../documents';
import { formerFormNames, formerListing } from '../upgrade';
import { BUILT_IN_DEFAULTS } from '../../settings';
import { assembleSiteContent, siteFactsOf, type SiteContent } from '../site-content';
import { about } from './about';
import { business } from './business';
import { contact } from './contact';
import { home } from './home';
import { industries } from './industries';
import { processSteps } from './process';
import { services } from './services';
import { stats } from './stats';
import { technologies } from './technologies';
import { testimonials } from './testimonials';
import { toolkit } from './toolkit';
import { privacy } from './privacy';
import { footerMenu, mainMenu } from './menus';

const decorative = (src: string) => ({ src, alt: '', decorative: true });

export const DEFAULT_DOCUMENTS: { [K in ContentKey]?: ContentDocuments[K] } & Record<string, unknown> = {
  business,
  home,
  about,
  contact,
  toolkit,
  privacy,
  testimonials: { items: testimonials },
  stats: { items: stats },
  process: { steps: processSteps },
  technologies: { items: technologies },
  'menus/main': mainMenu,
  'menus/footer': footerMenu,
  ...Object.fromEntries(
    services.map(({ slug, metaDescription, ...service }) => {
      const listing = formerListing(`services/${slug}`)!;
      return [
        `services/${slug}`,
        { ...service, listing: { ...listing, ...formerFormNames(slug, service.title, listing.order) }, seo: { title: service.title, description: metaDescription, image: decorative(service.icon) } },
      ];
    }),
  ),
  ...Object.fromEntries(
    industries.map(({ slug, metaDescription, ...industry }) => [
      `industries/${slug}`,
      {
        ...industry,
        sampleCards: industry.sampleCards.map((card) => ({ ...card, image: decorative(card.image) })),
        listing: formerListing(`industries/${slug}`),
        seo: { title: `${industry.label} Industry`, description: metaDescription, image: null },
      },
    ]),
  ),
};

/** Every key the defaults hold, checked against the definitions by `content.test.ts`. */
export const DEFAULT_KEYS = [...Object.keys(DEFAULT_DOCUMENTS)] as string[];
export { INDUSTRY_SLUGS, SERVICE_SLUGS };

/** The site's content as it ships, with the built-in reply promise (tests and tools that render without a database). */
export function startingSiteContent(): SiteContent {
  return assembleSiteContent(DEFAULT_DOCUMENTS, siteFactsOf(BUILT_IN_DEFAULTS));
}
