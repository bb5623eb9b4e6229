import type Router from '@koa/router';
import { allow, createRouter } from '../middleware/access';
import type { SiteContentStore } from '../content';
import type { Config } from '../config';
import type { PortfolioService } from '../services/portfolio';
import { sitemapEntries } from '../site/page-lookup';

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * `/robots.txt` and `/sitemap.xml`: the sitemap entries of the table of public pages, each public
 * page with the last publish of the content it shows, and every portfolio item with its last change.
 */
export function seoRoutes(portfolio: Pick<PortfolioService, 'dates'>, siteContent: Pick<SiteContentStore, 'lastPublishedOf' | 'current'>, config: Pick<Config, 'publicUrl'>): Router {
  const router = createRouter();

  router.get('/robots.txt', allow.anyone, (ctx) => {
    ctx.type = 'text/plain';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', '', `Sitemap: ${config.publicUrl}/sitemap.xml`, ''].join('\n');
  });

  router.get('/sitemap.xml', allow.anyone, async (ctx) => {
    const entries = await sitemapEntries({ content: siteContent.current(), portfolio, lastPublishedOf: siteContent.lastPublishedOf });
    const url = (path: string, lastmod?: Date) =>
      `  <url><loc>${escapeXml(config.publicUrl + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
    ctx.type = 'application/xml';
    ctx.set('Cache-Control', 'public, max-age=0, s-maxage=300');
    ctx.body = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...entries.map((entry) => url(entry.path, entry.lastmod)), '</urlset>', ''].join('\n');
  });

  return router;
}
