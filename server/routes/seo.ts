import type Router from '@koa/router';
import { allow, createRouter } from '../middleware/access';
import { INDUSTRY_SLUGS, SERVICE_SLUGS } from '../../shared/content/documents';
import type { SiteContentStore } from '../content/store';
import type { Config } from '../config';
import type { PortfolioService } from '../services/portfolio';
import { PORTFOLIO_CATEGORY_PAGES } from '../../shared/portfolio/category-pages';

/** Public pages that exist without any data, in the order a visitor meets them. */
export const STATIC_PUBLIC_PATHS: string[] = [
  '/',
  '/about',
  '/services',
  ...SERVICE_SLUGS.map((slug) => `/services/${slug}`),
  ...INDUSTRY_SLUGS.map((slug) => `/industries/${slug}`),
  '/portfolio',
  ...PORTFOLIO_CATEGORY_PAGES.map((page) => `/portfolio/${page.slug}`),
  '/toolkit',
  '/contact',
  '/privacy',
];

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * `/robots.txt` and `/sitemap.xml`: every public page with the last publish of the content it shows
 * (the agency's details are on every page), and every portfolio item with its last change.
 */
export function seoRoutes(portfolio: PortfolioService, siteContent: Pick<SiteContentStore, 'lastPublishedOn'>, config: Pick<Config, 'publicUrl'>): Router {
  const router = createRouter();

  router.get('/robots.txt', allow.anyone, (ctx) => {
    ctx.type = 'text/plain';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', '', `Sitemap: ${config.publicUrl}/sitemap.xml`, ''].join('\n');
  });

  router.get('/sitemap.xml', allow.anyone, async (ctx) => {
    const items = await portfolio.dates();
    const url = (path: string, lastmod?: Date) =>
      `  <url><loc>${escapeXml(config.publicUrl + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
    ctx.type = 'application/xml';
    ctx.set('Cache-Control', 'public, max-age=0, s-maxage=300');
    ctx.body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...STATIC_PUBLIC_PATHS.map((path) => url(path, siteContent.lastPublishedOn(path))),
      ...items.map((item) => url(`/portfolio/${item.id}`, item.updatedAt)),
      '</urlset>',
      '',
    ].join('\n');
  });

  return router;
}
