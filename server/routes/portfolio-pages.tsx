import type Router from '@koa/router';
import { allow, createRouter } from '../middleware/access';
import type { Context } from 'koa';
import { INDUSTRY_SLUGS, type IndustrySlug } from '../../shared/content/documents';
import { IndustryPage, industryMeta } from '../../views/pages/IndustryPage';
import { PortfolioDetailError, PortfolioDetailPage, portfolioDetailMeta } from '../../views/pages/PortfolioDetailPage';
import { PortfolioCategoryView, PortfolioPage, portfolioCategoryMeta, portfolioMeta, type Loaded } from '../../views/pages/PortfolioPage';
import type { Config } from '../config';
import type { SendPage } from '../render/send-page';
import type { PortfolioService } from '../services/portfolio';
import { categoryPageBySlug } from '../../shared/portfolio/category-pages';
import { distinctDisplayCategories } from '../../shared/portfolio/display';
import type { PortfolioItemJson } from '../../shared/portfolio/item';
import { portfolioMessages } from '../../shared/portfolio/messages';

/**
 * Public pages built from the portfolio: the list, the five category pages, each item's page and
 * the twelve industry pages. A page that could not read the portfolio says so with 503 and is
 * never cached.
 */
export function portfolioPageRoutes(send: SendPage, portfolio: PortfolioService, config: Pick<Config, 'publicUrl'>): Router {
  const router = createRouter();
  const absolute = (path: string) => `${config.publicUrl}${path}`;

  const loadList = async (ctx: Context): Promise<Loaded<PortfolioItemJson[]>> => {
    try {
      return { ok: true, value: await portfolio.list() };
    } catch (error) {
      ctx.state.log?.error({ err: error }, 'portfolio list failed to load');
      return { ok: false };
    }
  };

  router.get('/portfolio', allow.anyone, async (ctx) => {
    const loaded = await loadList(ctx);
    const category = typeof ctx.query.category === 'string' ? ctx.query.category : null;
    // A category no item carries (a stale or made-up link) shows the whole list: sent to it
    // (temporarily: the category may come back) rather than rendered and kept as a page of its own.
    if (category !== null && loaded.ok && !distinctDisplayCategories(loaded.value).includes(category)) {
      ctx.redirect('/portfolio');
      return;
    }
    send(ctx, { meta: { ...portfolioMeta, canonicalPath: '/portfolio' }, page: <PortfolioPage loaded={loaded} category={category} /> }, { status: loaded.ok ? 200 : 503 });
  });

  // One segment after /portfolio/ is a category page when it names one, otherwise an item id.
  router.get('/portfolio/:key', allow.anyone, async (ctx) => {
    const key = ctx.params.key!;
    const categoryPage = categoryPageBySlug(key);
    if (categoryPage) {
      const loaded = await loadList(ctx);
      send(ctx, { meta: portfolioCategoryMeta(categoryPage), page: <PortfolioCategoryView page={categoryPage} loaded={loaded} /> }, { status: loaded.ok ? 200 : 503 });
      return;
    }
    let item: PortfolioItemJson | undefined;
    try {
      item = await portfolio.get(key);
    } catch (error) {
      ctx.state.log?.error({ err: error }, 'portfolio item failed to load');
      ctx.set('Retry-After', '5');
      send(ctx, { meta: { title: 'Portfolio unavailable', description: portfolioMessages.detailFailed, noindex: true }, page: <PortfolioDetailError kind="failed" /> }, { status: 503 });
      return;
    }
    if (!item) {
      send(ctx, { meta: { title: portfolioMessages.notFound, description: portfolioMessages.notFound, noindex: true }, page: <PortfolioDetailError kind="not-found" /> }, { status: 404 });
      return;
    }
    send(ctx, { meta: portfolioDetailMeta(item, absolute), page: <PortfolioDetailPage item={item} /> });
  });

  // The home page of the original site linked the automotive page as "automobile".
  router.get('/industries/automobile', allow.anyone, (ctx) => {
    ctx.status = 301;
    ctx.redirect('/industries/automotive');
  });

  router.get('/industries/:slug', allow.anyone, async (ctx, next) => {
    const slug = ctx.params.slug ?? '';
    if (!isIndustrySlug(slug)) return next();
    const loaded = await loadList(ctx);
    // Sample cards stand in when the portfolio cannot be read, as the spec shows them when nothing matches;
    // only a page showing the stored portfolio as it is may be kept.
    send(ctx, { meta: (content) => industryMeta(content, slug), page: <IndustryPage slug={slug} loaded={loaded} /> }, { cacheable: loaded.ok });
  });

  return router;
}

function isIndustrySlug(slug: string): slug is IndustrySlug {
  return (INDUSTRY_SLUGS as readonly string[]).includes(slug);
}
