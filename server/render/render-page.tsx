import type { ReactElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { Document } from '../../views/layout/Document';
import type { Config } from '../config';
import type { AssetManifest, PreviewNotice } from '../../views/render-context';
import type { PageMeta } from '../../views/page-meta';
import type { SiteContent } from '../../shared/content/site-content';
import { RenderContext, type RenderContextValue } from '../../views/render-context';
import { breadcrumbJsonLd, organizationJsonLd } from './structured-data';

export interface RenderPageInput {
  /** Request path (no query string); used for the canonical URL and the current navigation item. */
  path: string;
  /** The page's metadata, or how to read it from the content the page is rendered with. */
  meta: PageMeta | ((content: SiteContent) => PageMeta);
  page: ReactElement;
  /** The content to render with instead of the published one (a preview of a draft). */
  content?: SiteContent;
  /** Marks the page as a preview of unpublished content: the preview bar, no view counted. */
  preview?: PreviewNotice;
}

export type RenderPage = (input: RenderPageInput) => string;

/**
 * Builds the page renderer. A page is rendered in two passes: its body first (which records the
 * islands it used), then the document shell that loads only those islands' scripts.
 */
export function createPageRenderer(config: Pick<Config, 'publicUrl' | 'regionSites'>, manifest: AssetManifest, publishedContent: () => SiteContent): RenderPage {
  const absolute = (pathOrUrl: string) => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${config.publicUrl}${pathOrUrl}`);
  const logoUrl = manifest.files['images/logo.svg'] ?? '/';
  const fileUrl = (file: string) => manifest.files[file] ?? file;

  return ({ path, meta: metaOrReader, page, content = publishedContent(), preview }) => {
    const { business } = content;
    const pageMeta = typeof metaOrReader === 'function' ? metaOrReader(content) : metaOrReader;
    // A preview is never for search engines, whatever the page would say.
    const meta = preview ? { ...pageMeta, noindex: true } : pageMeta;
    const context: RenderContextValue = { manifest, config, content, path, islands: new Set(), usesChromeScript: false, preview };
    // renderToString keeps React's hydration markers; islands hydrate against this HTML.
    const bodyHtml = renderToString(<RenderContext.Provider value={context}>{page}</RenderContext.Provider>);
    const scripts = [
      ...(context.usesChromeScript ? [manifest.chrome] : []),
      ...(context.islands.size > 0 ? [manifest.boot] : []),
    ];
    // An uploaded sharing image is shared as its largest JPEG: link previews read no AVIF.
    const sharedUrl = (src: string) => (Object.hasOwn(content.images, src) ? content.images[src]!.jpeg.at(-1)!.url : fileUrl(src));
    const defaultImage = business.sharingImage ? sharedUrl(business.sharingImage.src) : (manifest.files['images/og-default.png'] ?? logoUrl);
    const image = meta.image ? sharedUrl(meta.image) : defaultImage;
    const jsonLd = [organizationJsonLd(business, absolute, logoUrl), ...(meta.breadcrumbs ? [breadcrumbJsonLd(absolute, meta.breadcrumbs)] : []), ...(meta.jsonLd ?? [])];
    const document = renderToStaticMarkup(
      <Document
        meta={{ ...meta, jsonLd }}
        canonicalUrl={absolute(meta.canonicalPath ?? path)}
        imageUrl={absolute(image)}
        iconUrl={manifest.files['images/favicon.svg'] ?? '/favicon.ico'}
        siteName={business.name}
        styles={manifest.styles}
        scripts={scripts}
        bodyHtml={bodyHtml}
      />,
    );
    return `<!doctype html>${document}`;
  };
}
