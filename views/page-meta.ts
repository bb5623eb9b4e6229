import type { SeoFields } from '../shared/content/fields';
import type { Crumb } from './components/Breadcrumb';

/** What each page says about itself for search engines and sharing. */
export interface PageMeta {
  title: string;
  /** Meta description: one or two sentences, under about 160 characters. */
  description: string;
  /** Path of the canonical URL; defaults to the request path. */
  canonicalPath?: string;
  /** File of `static/` (or an absolute URL) used as the Open Graph image. */
  image?: string;
  ogType?: 'website' | 'article';
  noindex?: boolean;
  /** The page's breadcrumb trail; also published as a schema.org BreadcrumbList. */
  breadcrumbs?: Crumb[];
  /** Structured data blocks (schema.org) added to the head. */
  jsonLd?: object[];
}

/** A page's metadata from its document's search and sharing fields. */
export function metaFromSeo(seo: SeoFields, more: Omit<PageMeta, 'title' | 'description'> = {}): PageMeta {
  return { title: seo.title, description: seo.description, ...(seo.image ? { image: seo.image.src } : {}), ...more };
}
