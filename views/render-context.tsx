import { createContext, useContext } from 'react';
import type { SiteContent } from '../shared/content/site-content';
import type { ResponsiveImage } from '../shared/portfolio/item';
import type { RegionCode } from '../shared/content/site-types';

/** What `npm run build` wrote: hashed URLs of the boot script, each island, styles and images. */
export interface AssetManifest {
  boot: string;
  /** Plain script for the chrome's scroll behaviours (sticky nav, back-to-top). */
  chrome: string;
  islands: Record<string, string>;
  styles: string[];
  /** Files of `static/`, by their path there (`images/logo.svg`), to their hashed URL. */
  files: Record<string, string>;
}

/** The parts of the configuration pages read. */
export interface SiteConfig {
  /** Origin of canonical links and sharing URLs, without a trailing slash. */
  publicUrl: string;
  /** Regional site addresses overriding the content defaults. */
  regionSites: Partial<Record<RegionCode, string>>;
}

/**
 * The contract between the server and its views: what a view may know about the request being
 * rendered. The server fills it in (`server/render/render-page.tsx`); views own its shape, so they
 * import nothing from the server. Never reaches the browser.
 */
export interface RenderContextValue {
  manifest: AssetManifest;
  config: SiteConfig;
  /** The content the page shows: the published version, or a draft being previewed. */
  content: SiteContent;
  /** Path of the page, without query string. */
  path: string;
  /** Islands rendered so far; the document loads only their scripts. */
  islands: Set<string>;
  /** Whether the page uses the chrome's scroll script. */
  usesChromeScript: boolean;
  /** Set when the page shows unpublished content: the layout shows the preview bar and counts no view. */
  preview?: PreviewNotice;
}

/** What the "Preview — not published" bar says about the draft on show. */
export interface PreviewNotice {
  /** The document whose draft the page shows ("Agency details", "SEO"). */
  documentTitle: string;
  /** When the preview link stops working (ISO 8601); absent for staff's own preview. */
  expiresAt?: string;
  /** The draft's version on show, or null when there is none: the page shows what is live. */
  draftVersion: number | null;
  /** What visitors see: the published version and when it was published (ISO 8601). */
  published: { version: number; at: string };
}

export const RenderContext = createContext<RenderContextValue | null>(null);

export function useRenderContext(): RenderContextValue {
  const value = useContext(RenderContext);
  if (!value) throw new Error('Server views must be rendered through renderPage()');
  return value;
}

/** The site's content the page is rendered with. */
export function useContent(): SiteContent {
  return useRenderContext().content;
}

/** Hashed URL of a file of `static/` (for example `images/logo.svg`). */
export function useAsset(): (file: string) => string {
  const { manifest } = useRenderContext();
  return (file) => {
    // Images uploaded through the admin are served by the site under /media/ as they are.
    if (file.startsWith('/media/')) return file;
    const url = manifest.files[file];
    if (!url) throw new Error(`Unknown static file "${file}" (is it under static/ and was the build run?)`);
    return url;
  };
}

/**
 * The renditions of an uploaded content image (`/media/content/<id>`), from the content the page
 * is rendered with; undefined for a file shipped with the site or an image this content lacks.
 */
export function useContentImage(src: string): ResponsiveImage | undefined {
  const { images } = useRenderContext().content;
  return Object.hasOwn(images, src) ? images[src] : undefined;
}
