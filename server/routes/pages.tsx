import type Router from '@koa/router';
import type { Context } from 'koa';
import { allow, createRouter } from '../middleware/access';
import type { Config } from '../config';
import type { SendPage } from '../render/send-page';
import type { SiteContentStore } from '../content';
import { answerOf, PAGES_BY_ROUTE } from '../site/page-lookup';
import { MOVED_PAGES, type PageAnswer, type PageSources, type PortfolioReader } from '../site/public-pages';

/** Sends what the table's row answered. */
function respond(ctx: Context, send: SendPage, answer: PageAnswer): void {
  switch (answer.kind) {
    case 'page':
      send(ctx, answer.view, { status: answer.status, cacheable: answer.cacheable });
      return;
    case 'missing':
      if (answer.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(answer.retryAfterSeconds));
      send(ctx, answer.view, { status: answer.status });
      return;
    case 'redirect':
      ctx.redirect(answer.location);
  }
}

/**
 * The public pages: each route of the table of public pages (`site/public-pages.tsx`), answered by
 * the first of its rows with a page at the address (none: the 404 page), and the addresses pages
 * once had, moved permanently.
 */
export function publicPageRoutes(send: SendPage, portfolio: PortfolioReader, siteContent: Pick<SiteContentStore, 'current'>, config: Pick<Config, 'publicUrl'>): Router {
  const router = createRouter();
  const absolute = (path: string) => `${config.publicUrl}${path}`;

  for (const [route, pages] of PAGES_BY_ROUTE) {
    router.get(route, allow.anyone, async (ctx, next) => {
      const sources: PageSources = { content: siteContent.current(), portfolio, absolute, reportFailure: (error, what) => ctx.state.log?.error({ err: error }, what) };
      const answer = await answerOf(pages, { params: ctx.params, query: ctx.query }, sources);
      if (!answer) return next();
      respond(ctx, send, answer);
    });
  }

  for (const { from, to } of MOVED_PAGES) {
    router.get(from, allow.anyone, (ctx) => {
      ctx.status = 301;
      ctx.redirect(to);
    });
  }
  return router;
}
