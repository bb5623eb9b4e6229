import { INDUSTRY_SLUGS, SERVICE_SLUGS, type IndustrySlug, type ServiceSlug } from '../../shared/content/documents';
import { FORM_DEFINITIONS } from '../../shared/forms';
import { isFormType } from '../../shared/form-types';
import { categoryPageBySlug } from '../../shared/portfolio/category-pages';
import type { PortfolioItemJson } from '../../shared/portfolio/item';
import { AboutPage, aboutMeta } from '../../views/pages/AboutPage';
import { ContactPage, contactMeta } from '../../views/pages/ContactPage';
import { FormPage, formPageMeta, type StandaloneFormType } from '../../views/pages/FormPage';
import { HomePage, homeMeta } from '../../views/pages/HomePage';
import { IndustryPage, industryMeta } from '../../views/pages/IndustryPage';
import { PortfolioDetailPage, portfolioDetailMeta } from '../../views/pages/PortfolioDetailPage';
import { PortfolioCategoryView, PortfolioPage, portfolioCategoryMeta, portfolioMeta, type Loaded } from '../../views/pages/PortfolioPage';
import { PrivacyPage, privacyMeta } from '../../views/pages/PrivacyPage';
import { RegionsPage, regionsMeta } from '../../views/pages/RegionsPage';
import { ServicePage, serviceMeta } from '../../views/pages/ServicePage';
import { ServicesPage, servicesMeta } from '../../views/pages/ServicesPage';
import { ThankYouPage, thankYouMeta } from '../../views/pages/ThankYouPage';
import { ToolkitPage, toolkitMeta } from '../../views/pages/ToolkitPage';
import type { RenderPageInput } from '../render/render-page';

/** A public page as its route renders it: the view and its metadata (a function of the content where the route's is). */
export type SitePageView = Pick<RenderPageInput, 'meta' | 'page'>;

/** What pages built from the portfolio read; failures show as the live routes show them. */
export interface PortfolioReader {
  list(): Promise<PortfolioItemJson[]>;
  get(id: string): Promise<PortfolioItemJson | undefined>;
}

const STANDALONE_FORMS: StandaloneFormType[] = ['enquiry', 'quote', 'free-offer'];

const isServiceSlug = (slug: string): slug is ServiceSlug => (SERVICE_SLUGS as readonly string[]).includes(slug);
const isIndustrySlug = (slug: string): slug is IndustrySlug => (INDUSTRY_SLUGS as readonly string[]).includes(slug);

/** The public pages that read nothing but the content, by path. */
const CONTENT_PAGES: Record<string, SitePageView> = {
  '/': { meta: homeMeta, page: <HomePage /> },
  '/about': { meta: aboutMeta, page: <AboutPage /> },
  '/services': { meta: servicesMeta, page: <ServicesPage /> },
  '/toolkit': { meta: toolkitMeta, page: <ToolkitPage /> },
  '/contact': { meta: contactMeta, page: <ContactPage /> },
  '/privacy': { meta: privacyMeta, page: <PrivacyPage /> },
  '/regions': { meta: regionsMeta, page: <RegionsPage /> },
  ...Object.fromEntries(STANDALONE_FORMS.map((type) => [FORM_DEFINITIONS[type].pagePath, { meta: (content) => formPageMeta(type, content), page: <FormPage type={type} /> } satisfies SitePageView])),
};

/**
 * The view a public path shows, as its route (`routes/pages.tsx`, `forms.tsx`,
 * `portfolio-pages.tsx`) renders it on a GET without query parameters, or `undefined` for a path
 * that is no page. A preview renders this with a draft laid over the published content; the live
 * routes stay the one place that decides caching and status (`preview-pages.test.tsx` checks both
 * render the same markup).
 */
export async function sitePageView(path: string, portfolio: PortfolioReader, absolute: (path: string) => string): Promise<SitePageView | undefined> {
  const fixed = CONTENT_PAGES[path];
  if (fixed) return fixed;
  if (path === '/portfolio') return { meta: { ...portfolioMeta, canonicalPath: '/portfolio' }, page: <PortfolioPage loaded={await loadList(portfolio)} category={null} /> };
  // Pages of a section: `/<section>/<slug>`.
  const [, section, slug, extra] = path.split('/');
  if (!slug || extra !== undefined) return undefined;
  if (section === 'services' && isServiceSlug(slug)) return { meta: (content) => serviceMeta(content, slug), page: <ServicePage slug={slug} /> };
  if (section === 'industries' && isIndustrySlug(slug)) return { meta: (content) => industryMeta(content, slug), page: <IndustryPage slug={slug} loaded={await loadList(portfolio)} /> };
  if (section === 'thank-you' && isFormType(slug)) return { meta: (content) => thankYouMeta(slug, content), page: <ThankYouPage type={slug} /> };
  if (section === 'portfolio') {
    const categoryPage = categoryPageBySlug(slug);
    if (categoryPage) return { meta: portfolioCategoryMeta(categoryPage), page: <PortfolioCategoryView page={categoryPage} loaded={await loadList(portfolio)} /> };
    const item = await portfolio.get(slug).catch(() => undefined);
    return item && { meta: portfolioDetailMeta(item, absolute), page: <PortfolioDetailPage item={item} /> };
  }
  return undefined;
}

/** The portfolio list, or the failure the pages show in its place (as the live routes do). */
async function loadList(portfolio: PortfolioReader): Promise<Loaded<PortfolioItemJson[]>> {
  try {
    return { ok: true, value: await portfolio.list() };
  } catch {
    return { ok: false };
  }
}
