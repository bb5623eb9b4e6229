/**
 * The table of public pages: one row per page or family of pages of the public site, saying where
 * it answers (its route and addresses), what it reads (the query parameters, the portfolio), what
 * it shows (its view and metadata, the content documents on it) and whether the sitemap lists it.
 * The routes, the previews and publishing checks, the sitemap, analytics and the canonical URLs all
 * read it (`page-lookup.ts` holds what they ask of it); nothing else lists the public pages.
 *
 * A row is plain data and functions of the request, so a page made from published content (one
 * staff add) can be a row of the same shape beside the built-in ones.
 */
import { AboutPage, aboutMeta } from '../../views/pages/AboutPage';
import { ContactPage, contactMeta } from '../../views/pages/ContactPage';
import { FormPage, formPageMeta, type StandaloneFormType } from '../../views/pages/FormPage';
import { HomePage, homeMeta } from '../../views/pages/HomePage';
import { IndustryPage, industryMeta } from '../../views/pages/IndustryPage';
import { PortfolioDetailError, PortfolioDetailPage, portfolioDetailMeta } from '../../views/pages/PortfolioDetailPage';
import { PortfolioCategoryView, PortfolioPage, portfolioCategoryMeta, portfolioMeta, type Loaded } from '../../views/pages/PortfolioPage';
import { PrivacyPage, privacyMeta } from '../../views/pages/PrivacyPage';
import { RegionsPage, regionsMeta } from '../../views/pages/RegionsPage';
import { ServicePage, serviceMeta } from '../../views/pages/ServicePage';
import { SectionsPage, sectionsPageMeta } from '../../views/pages/SectionsPage';
import { ServicesPage, servicesMeta } from '../../views/pages/ServicesPage';
import { ThankYouPage, thankYouMeta } from '../../views/pages/ThankYouPage';
import { ToolkitPage, toolkitMeta } from '../../views/pages/ToolkitPage';
import type { RenderPageInput } from '../render/render-page';
import type { SiteContent } from '../../shared/content/site-content';
import { CONTENT_DOCUMENTS, INDUSTRY_SLUGS, SERVICE_SLUGS } from '../../shared/content/documents';
import { FORM_TYPES, type FormType } from '../../shared/form-types';
import { FORM_DEFINITIONS, type FieldErrors } from '../../shared/forms';
import { categoryPageBySlug, PORTFOLIO_CATEGORY_PAGES } from '../../shared/portfolio/category-pages';
import { distinctDisplayCategories } from '../../shared/portfolio/display';
import type { PortfolioItemJson } from '../../shared/portfolio/item';
import { portfolioMessages } from '../../shared/portfolio/messages';

/** What of the content says which pages there are: the services, industries and pages staff publish. */
export type PublishedPages = Pick<SiteContent, 'services' | 'industries' | 'pages'>;

/** A page as it is drawn: its view and its metadata (a function of the content where it reads it). */
export type PageView = Pick<RenderPageInput, 'meta' | 'page'>;

/** The portfolio as pages read it: the only data beyond the published content that pages show. */
export interface PortfolioReader {
  list(): Promise<PortfolioItemJson[]>;
  get(id: string): Promise<PortfolioItemJson | undefined>;
}

/** What a page is answered from besides its request. */
export interface PageSources {
  /**
   * The content the page is drawn with: the published content, or a preview's or a publishing
   * check's. Which services and industries have a page is read from it.
   */
  content: PublishedPages;
  portfolio: PortfolioReader;
  /** The absolute URL of a path of the site (for sharing and structured data). */
  absolute(path: string): string;
  /** Told when the page's data could not be read: the live routes log it, a preview shows the page as it is. */
  reportFailure?(error: unknown, what: string): void;
}

/** One request of a page: its route's parameters, and the query parameters the page reads (no others reach it). */
export interface PageRequest {
  params: Readonly<Record<string, string | undefined>>;
  query: Readonly<Record<string, string | string[] | undefined>>;
}

export type PageAnswer =
  /** The page: 200 and kept by caches unless `status` or `cacheable` say otherwise. */
  | { kind: 'page'; view: PageView; status?: number; cacheable?: boolean }
  /** No page after all (an item that does not exist, or could not be read): the page saying so, never kept. */
  | { kind: 'missing'; view: PageView; status: 404 | 503; retryAfterSeconds?: number }
  /** Another address shows what was asked for: sent there temporarily (302). */
  | { kind: 'redirect'; location: string };

/** One `<url>` of the sitemap: a page's address and when what it shows last changed. */
export interface SitemapEntry {
  path: string;
  lastmod?: Date;
}

/** What the sitemap reads pages known only from data from (each portfolio item and its last change, the published services). */
export interface SitemapSources {
  content: PublishedPages;
  portfolio: { dates(): Promise<{ id: string; updatedAt: Date }[]> };
}

export interface PublicPage {
  /** The route as the router declares it: an address (`/about`) or a pattern (`/services/:slug`). */
  route: string;
  /**
   * Its pages' addresses known without reading any data, in the sitemap's order (for pages made
   * from content documents: those of the content the site ships with).
   */
  addresses: readonly string[];
  /**
   * Its pages' addresses as the published content has them (the services staff published), when
   * they are read from the content: the sitemap and analytics read these rather than `addresses`.
   */
  published?(content: PublishedPages): readonly string[];
  /**
   * The shape of the addresses of its pages known only from data (a portfolio item's): a view of
   * one counts in analytics, and whether a page is there only the data says.
   */
  addressShape?: RegExp;
  /**
   * The query parameters it reads at its addresses, in canonical order: the only ones its answer
   * sees and the render cache keys it by; every other parameter is dropped before routing.
   */
  query: readonly string[];
  /**
   * Its sitemap entries: each of its addresses, dated by the last publish of the documents it
   * shows (`true`), none (`false`), or entries read from data.
   */
  sitemap: boolean | ((sources: SitemapSources) => Promise<SitemapEntry[]>);
  /** The keys of the content documents the page at `address` shows. */
  documents(address: string, content?: PublishedPages): readonly string[];
  /**
   * The answer to a GET of one of its addresses; `undefined` when the route's parameters name none
   * of its pages (another row of the same route, or the 404 page, answers).
   */
  answer(request: PageRequest, sources: PageSources): PageAnswer | undefined | Promise<PageAnswer | undefined>;
}

/**
 * The documents shown on `address`: those naming it, and those every page shows (the agency's
 * details, and the services and industries the menus list). Documents name their pages themselves,
 * since the admin's editor reads that too (`shared/content/documents.ts`).
 */
export function documentsShownOn(address: string, content?: PublishedPages): string[] {
  const keys = CONTENT_DOCUMENTS.filter((document) => document.paths.includes(address) || document.paths.includes('*')).map((document) => document.key);
  // The services and industries staff added show on every page too (in the menus), and each on its own.
  const added = content ? [...content.services.map((service) => `services/${service.slug}`), ...content.industries.map((industry) => `industries/${industry.slug}`)] : [];
  // A page staff made shows on its own address only.
  const page = content?.pages.find((each) => `/${each.slug}` === address);
  return [...new Set([...keys, ...added, ...(page ? [`pages/${page.slug}`] : [])])];
}

const isOneOf = <Value extends string>(values: readonly Value[], value: string | undefined): value is Value => (values as readonly (string | undefined)[]).includes(value);

/** The page at one address that shows the published content and nothing else. */
function contentPage(address: string, view: PageView, { inSitemap }: { inSitemap: boolean }): PublicPage {
  return { route: address, addresses: [address], query: [], sitemap: inSitemap, documents: documentsShownOn, answer: () => ({ kind: 'page', view }) };
}

/**
 * The pages `<kind>/<slug>`, one for each service (or industry) of the content the page is drawn
 * with, on one route ending in a parameter: any slug published answers, any other is none of these
 * pages (the 404 page answers). Its `addresses` are those the site ships with.
 */
function contentSlugPages(
  kind: 'services' | 'industries',
  shipped: readonly string[],
  answer: (slug: string, sources: PageSources) => PageAnswer | Promise<PageAnswer>,
): PublicPage {
  const slugsOf = (content: PublishedPages) => content[kind].map((entry) => entry.slug);
  return {
    route: `/${kind}/:slug`,
    addresses: shipped.map((slug) => `/${kind}/${slug}`),
    published: (content) => slugsOf(content).map((slug) => `/${kind}/${slug}`),
    query: [],
    sitemap: true,
    documents: documentsShownOn,
    answer: ({ params }, sources) => {
      const slug = params.slug;
      return slug !== undefined && slugsOf(sources.content).includes(slug) ? answer(slug, sources) : undefined;
    },
  };
}

/**
 * The pages `<prefix><slug>`, one for each of `slugs`, on one route ending in a parameter
 * (`/services/:slug`); any other value of the parameter is none of these pages.
 */
function slugPages<Slug extends string>(
  route: `${string}/:${string}`,
  slugs: readonly Slug[],
  { inSitemap }: { inSitemap: boolean },
  answer: (slug: Slug, sources: PageSources) => PageAnswer | Promise<PageAnswer>,
): PublicPage {
  const prefix = route.slice(0, route.lastIndexOf(':'));
  const parameter = route.slice(prefix.length + 1);
  return {
    route,
    addresses: slugs.map((slug) => `${prefix}${slug}`),
    query: [],
    sitemap: inSitemap,
    documents: documentsShownOn,
    answer: ({ params }, sources) => {
      const slug = params[parameter];
      return isOneOf(slugs, slug) ? answer(slug, sources) : undefined;
    },
  };
}

/** The whole portfolio, or the failure the page shows in its place. */
async function loadPortfolioList({ portfolio, reportFailure }: PageSources): Promise<Loaded<PortfolioItemJson[]>> {
  try {
    return { ok: true, value: await portfolio.list() };
  } catch (error) {
    reportFailure?.(error, 'portfolio list failed to load');
    return { ok: false };
  }
}

/** The page of a form: the contact form's is `/contact`, the others have one of their own. `form` is a rejected post shown again. */
export function formPageView(type: FormType, form?: { values: Record<string, string>; errors: FieldErrors }): PageView {
  if (type === 'contact') return { meta: contactMeta, page: <ContactPage form={form} /> };
  return { meta: (content) => formPageMeta(type, content), page: <FormPage type={type} values={form?.values} errors={form?.errors} /> };
}

const STANDALONE_FORMS = FORM_TYPES.filter((type): type is StandaloneFormType => type !== 'contact');

/** `/portfolio`: every item, or those of one display category (`?category=`). */
const portfolioListPage: PublicPage = {
  route: '/portfolio',
  addresses: ['/portfolio'],
  query: ['category'],
  sitemap: true,
  documents: documentsShownOn,
  async answer({ query }, sources) {
    const loaded = await loadPortfolioList(sources);
    const category = typeof query.category === 'string' ? query.category : null;
    // A category no item carries (a stale or made-up link) shows the whole list: sent to it
    // (temporarily: the category may come back) rather than rendered and kept as a page of its own.
    if (category !== null && loaded.ok && !distinctDisplayCategories(loaded.value).includes(category)) return { kind: 'redirect', location: '/portfolio' };
    const view = { meta: { ...portfolioMeta, canonicalPath: '/portfolio' }, page: <PortfolioPage loaded={loaded} category={category} /> };
    return { kind: 'page', view, status: loaded.ok ? 200 : 503 };
  },
};

/** A portfolio item's page, `/portfolio/<id>`, as the site links it (ids are lowercase UUIDs). */
const PORTFOLIO_ITEM_ADDRESS = /^\/portfolio\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The id of the portfolio item `path` would show, if it is shaped like an item's page. */
export function portfolioItemIdOf(path: string): string | undefined {
  return PORTFOLIO_ITEM_ADDRESS.exec(path)?.[1];
}

/**
 * Each portfolio item's page, on the route it shares with the category pages (a segment after
 * `/portfolio/` that names no category is an item's id). An item that does not exist, or could not
 * be read, is answered with a page saying so.
 */
const portfolioItemPages: PublicPage = {
  route: '/portfolio/:key',
  addresses: [],
  addressShape: PORTFOLIO_ITEM_ADDRESS,
  query: [],
  sitemap: async ({ portfolio }) => (await portfolio.dates()).map((item) => ({ path: `/portfolio/${item.id}`, lastmod: item.updatedAt })),
  documents: documentsShownOn,
  async answer({ params }, { portfolio, absolute, reportFailure }) {
    let item: PortfolioItemJson | undefined;
    try {
      item = await portfolio.get(params.key!);
    } catch (error) {
      reportFailure?.(error, 'portfolio item failed to load');
      const view = { meta: { title: 'Portfolio unavailable', description: portfolioMessages.detailFailed, noindex: true }, page: <PortfolioDetailError kind="failed" /> };
      return { kind: 'missing', view, status: 503, retryAfterSeconds: 5 };
    }
    if (!item) return { kind: 'missing', view: { meta: { title: portfolioMessages.notFound, description: portfolioMessages.notFound, noindex: true }, page: <PortfolioDetailError kind="not-found" /> }, status: 404 };
    return { kind: 'page', view: { meta: portfolioDetailMeta(item, absolute), page: <PortfolioDetailPage item={item} /> } };
  },
};

/**
 * The pages staff made (`pages/{slug}`), each at `/{slug}`, on one route of one parameter: a slug
 * the content being drawn publishes answers, any other is none of these pages (the built-in pages'
 * own routes are declared before it; an unknown address falls through to the redirects, then the
 * 404 page). No slug of theirs can be a built-in page's first segment (`RESERVED_SLUGS`, and the
 * route table itself when one is added: `page-addresses.ts`).
 */
export const STAFF_PAGE_ROUTE = '/:slug';
const staffPages: PublicPage = {
  route: STAFF_PAGE_ROUTE,
  addresses: [],
  published: (content) => content.pages.map((page) => `/${page.slug}`),
  query: [],
  sitemap: true,
  documents: documentsShownOn,
  answer: ({ params }, { content }) => {
    const page = content.pages.find((each) => each.slug === params.slug);
    if (!page) return undefined;
    const input = { page, path: `/${page.slug}` };
    return { kind: 'page', view: { meta: sectionsPageMeta(input), page: <SectionsPage {...input} /> } };
  },
};

/**
 * The public pages, in the order a visitor meets them (the sitemap's order). Rows sharing a route
 * are asked in this order: the first with a page at the address answers.
 */
export const PUBLIC_PAGES: readonly PublicPage[] = [
  contentPage('/', { meta: homeMeta, page: <HomePage /> }, { inSitemap: true }),
  contentPage('/about', { meta: aboutMeta, page: <AboutPage /> }, { inSitemap: true }),
  contentPage('/services', { meta: servicesMeta, page: <ServicesPage /> }, { inSitemap: true }),
  contentSlugPages('services', SERVICE_SLUGS, (slug) => ({ kind: 'page', view: { meta: (content) => serviceMeta(content, slug), page: <ServicePage slug={slug} /> } })),
  contentSlugPages('industries', INDUSTRY_SLUGS, async (slug, sources) => {
    const loaded = await loadPortfolioList(sources);
    // Sample cards stand in when the portfolio cannot be read, as the spec shows them when nothing
    // matches; only a page showing the stored portfolio as it is may be kept.
    return { kind: 'page', view: { meta: (content) => industryMeta(content, slug), page: <IndustryPage slug={slug} loaded={loaded} /> }, cacheable: loaded.ok };
  }),
  portfolioListPage,
  slugPages(
    '/portfolio/:key',
    PORTFOLIO_CATEGORY_PAGES.map((page) => page.slug),
    { inSitemap: true },
    async (slug, sources) => {
      const loaded = await loadPortfolioList(sources);
      const categoryPage = categoryPageBySlug(slug)!;
      return { kind: 'page', view: { meta: portfolioCategoryMeta(categoryPage), page: <PortfolioCategoryView page={categoryPage} loaded={loaded} /> }, status: loaded.ok ? 200 : 503 };
    },
  ),
  contentPage('/toolkit', { meta: toolkitMeta, page: <ToolkitPage /> }, { inSitemap: true }),
  contentPage('/contact', formPageView('contact'), { inSitemap: true }),
  contentPage('/privacy', { meta: privacyMeta, page: <PrivacyPage /> }, { inSitemap: true }),
  // Where the chrome's form links and the forms' posts lead without JavaScript.
  ...STANDALONE_FORMS.map((type) => contentPage(FORM_DEFINITIONS[type].pagePath, formPageView(type), { inSitemap: false })),
  contentPage('/regions', { meta: regionsMeta, page: <RegionsPage /> }, { inSitemap: false }),
  slugPages('/thank-you/:type', FORM_TYPES, { inSitemap: false }, (type) => ({ kind: 'page', view: { meta: (content) => thankYouMeta(type, content), page: <ThankYouPage type={type} /> } })),
  // After every built-in page of one segment, so their routes answer first.
  staffPages,
  portfolioItemPages,
];

/** Addresses pages once had, each moved permanently (301) to the page's address now. */
export const MOVED_PAGES: readonly { from: string; to: string }[] = [
  // The home page of the original site linked the automotive page as "automobile".
  { from: '/industries/automobile', to: '/industries/automotive' },
];
