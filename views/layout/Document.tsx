import type { PageMeta } from '../page-meta';

interface DocumentProps {
  meta: PageMeta;
  /** Absolute canonical URL of this page. */
  canonicalUrl: string;
  /** Absolute URL of the page's sharing image. */
  imageUrl: string;
  /** URL of the site icon. */
  iconUrl: string;
  siteName: string;
  styles: string[];
  scripts: string[];
  /** The page's already-rendered body (islands were collected while rendering it). */
  bodyHtml: string;
}

/** The HTML shell around every page: head metadata, styles, and only the scripts the page needs. */
export function Document({ meta, canonicalUrl, imageUrl, iconUrl, siteName, styles, scripts, bodyHtml }: DocumentProps) {
  const fullTitle = meta.title === siteName ? siteName : `${meta.title} | ${siteName}`;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{fullTitle}</title>
        <meta name="description" content={meta.description} />
        <link rel="canonical" href={canonicalUrl} />
        {meta.noindex && <meta name="robots" content="noindex, nofollow" />}
        <meta name="theme-color" content="#045e63" />
        <link rel="icon" href={iconUrl} type="image/svg+xml" />
        <meta property="og:type" content={meta.ogType ?? 'website'} />
        <meta property="og:site_name" content={siteName} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:url" content={canonicalUrl} />
        <meta property="og:image" content={imageUrl} />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={meta.title} />
        <meta name="twitter:description" content={meta.description} />
        <meta name="twitter:image" content={imageUrl} />
        {styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
        {(meta.jsonLd ?? []).map((data, index) => (
          // JSON-LD is data, not script: the browser never runs it, and `<` is escaped so no value
          // can close the element.
          <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: safeJson(data) }} />
        ))}
      </head>
      <body dangerouslySetInnerHTML={{ __html: bodyHtml }} />
    </html>
  );
}

/** JSON that can sit inside an HTML element: `<`, `>`, `&` and line separators escaped. */
export function safeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
