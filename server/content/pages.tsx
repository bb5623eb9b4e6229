import type { RenderPageInput } from '../render/render-page';
import { INDUSTRY_SLUGS, SERVICE_SLUGS } from '../../shared/content/documents';
import { AboutPage, aboutMeta } from '../../views/pages/AboutPage';
import { ContactPage, contactMeta } from '../../views/pages/ContactPage';
import { HomePage, homeMeta } from '../../views/pages/HomePage';
import { IndustryPage, industryMeta } from '../../views/pages/IndustryPage';
import { PrivacyPage, privacyMeta } from '../../views/pages/PrivacyPage';
import { ServicePage, serviceMeta } from '../../views/pages/ServicePage';
import { ServicesPage, servicesMeta } from '../../views/pages/ServicesPage';
import { ToolkitPage, toolkitMeta } from '../../views/pages/ToolkitPage';

type ContentPage = Pick<RenderPageInput, 'meta' | 'page'>;

/**
 * The public pages the content documents show, by path, as their routes render them (the
 * publishing checks render a document's pages with its draft). Industry pages are rendered
 * without portfolio items: their sample cards stand in, which shows every field of the document.
 */
const CONTENT_PAGES = new Map<string, () => ContentPage>([
  ['/', () => ({ meta: homeMeta, page: <HomePage /> })],
  ['/about', () => ({ meta: aboutMeta, page: <AboutPage /> })],
  ['/services', () => ({ meta: servicesMeta, page: <ServicesPage /> })],
  ['/toolkit', () => ({ meta: toolkitMeta, page: <ToolkitPage /> })],
  ['/contact', () => ({ meta: contactMeta, page: <ContactPage /> })],
  ['/privacy', () => ({ meta: privacyMeta, page: <PrivacyPage /> })],
  ...SERVICE_SLUGS.map((slug) => [`/services/${slug}`, () => ({ meta: (content) => serviceMeta(content, slug), page: <ServicePage slug={slug} /> })] as const satisfies [string, () => ContentPage]),
  ...INDUSTRY_SLUGS.map(
    (slug) => [`/industries/${slug}`, () => ({ meta: (content) => industryMeta(content, slug), page: <IndustryPage slug={slug} loaded={{ ok: true, value: [] }} /> })] as const satisfies [string, () => ContentPage],
  ),
]);

/** The view and metadata of a public page that shows content documents, or undefined. */
export function contentPageOf(path: string): ContentPage | undefined {
  return CONTENT_PAGES.get(path)?.();
}
