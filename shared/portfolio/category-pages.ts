/**
 * The five public portfolio category pages: their slugs, labels, keyword lists, intros and empty
 * messages. Isomorphic (no Node or Knex imports).
 */

/** The five public category pages, by URL slug. */
export const PORTFOLIO_CATEGORY_PAGES = [
  {
    slug: 'web-development',
    label: 'Web Development',
    // The spec's keyword list for this page, verbatim.
    keywords: ['web', 'Web Development', 'web-development', 'website', 'frontend', 'backend', 'fullstack', 'responsive'],
    intro: 'Websites and web applications we have designed and built: fast, responsive and easy for our clients to run.',
    emptyMessage: 'No portfolio items found in this category. Please check back later.',
  },
  {
    slug: 'graphic-designing',
    label: 'Graphic Designing',
    // The spec's keyword list for this page, verbatim.
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
    // The spec's empty-list message: the app development page omits the second sentence.
    emptyMessage: 'No portfolio items found in this category.',
  },
] as const;

export type PortfolioCategoryPage = (typeof PORTFOLIO_CATEGORY_PAGES)[number];

export function categoryPageBySlug(slug: string): PortfolioCategoryPage | undefined {
  return PORTFOLIO_CATEGORY_PAGES.find((page) => page.slug === slug);
}
