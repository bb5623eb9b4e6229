import type { ReactElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { Document } from '../../views/layout/Document';
import { business } from '../../views/content/business';
import type { Config } from '../config';
import type { AssetManifest } from '../../views/render-context';
import type { PageMeta } from '../../views/page-meta';
import { RenderContext, type RenderContextValue } from '../../views/render-context';
import { breadcrumbJsonLd, organizationJsonLd } from './structured-data';

export interface RenderPageInput {
  /** Request path (no query string); used for the canonical URL and the current navigation item. */
  path: string;
  meta: PageMeta;
  page: ReactElement;
}

export type RenderPage = (input: RenderPageInput) => string;

/**
 * Builds the page renderer. A page is rendered in two passes: its body first (which records the
 * islands it used), then the document shell that loads only those islands' scripts.
 */
export function createPageRenderer(config: Pick<Config, 'publicUrl' | 'regionSites'>, manifest: AssetManifest): RenderPage {
  const absolute = (pathOrUrl: string) => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${config.publicUrl}${pathOrUrl}`);
  const defaultImage = manifest.files['images/og-default.png'] ?? manifest.files['images/logo.svg'] ?? '/';
  const organization = organizationJsonLd(absolute, manifest.files['images/logo.svg'] ?? '/');

  return ({ path, meta, page }) => {
    const context: RenderContextValue = { manifest, config, path, islands: new Set(), usesChromeScript: false };
    // renderToString keeps React's hydration markers; islands hydrate against this HTML.
    const bodyHtml = renderToString(<RenderContext.Provider value={context}>{page}</RenderContext.Provider>);
    const scripts = [
      ...(context.usesChromeScript ? [manifest.chrome] : []),
      ...(context.islands.size > 0 ? [manifest.boot] : []),
    ];
    const image = meta.image ? (manifest.files[meta.image] ?? meta.image) : defaultImage;
    const jsonLd = [organization, ...(meta.breadcrumbs ? [breadcrumbJsonLd(absolute, meta.breadcrumbs)] : []), ...(meta.jsonLd ?? [])];
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
