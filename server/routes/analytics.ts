import type Router from '@koa/router';
import type { Context } from 'koa';
import { isbot } from 'isbot';
import type { Config } from '../config';
import { parseInput } from '../errors';
import { allow, createRouter } from '../middleware/access';
import type { Analytics, PageView } from '../services/analytics';
import type { AnalyticsReportService } from '../services/analytics-report';
import { isSitePage } from '../site/page-lookup';
import type { PageSources } from '../site/public-pages';
import { analyticsRangeSchema } from '../../shared/analytics';
import { VIEW_PIXEL_PATH } from '../../shared/analytics-pixel';

/** The smallest transparent GIF: what the page-view pixel answers, whatever it did. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Longest referrer host or campaign value kept: anything longer is noise. */
const MAX_VALUE = 100;

/**
 * The page a view is of: `p` (sent by the chrome script, path and query) or, for a browser without
 * JavaScript, the Referer of the pixel (our own page, which the referrer policy sends in full to
 * our own origin). Only our own public pages count (see `isSitePage`).
 */
function pageUrlOf(ctx: Context, config: Pick<Config, 'publicUrl'>): URL | undefined {
  const given = typeof ctx.query.p === 'string' ? ctx.query.p : undefined;
  try {
    if (given !== undefined) return given.startsWith('/') && !given.startsWith('//') ? new URL(given, config.publicUrl) : undefined;
    const referer = ctx.get('Referer');
    if (!referer) return undefined;
    const url = new URL(referer);
    return url.host === ctx.host || url.host === new URL(config.publicUrl).host ? url : undefined;
  } catch {
    return undefined;
  }
}

const bareHost = (hostname: string) => hostname.toLowerCase().replace(/^www\./, '');

/** The referrer's host without `www.`, or '' for none and for our own pages. */
function referrerHostOf(ctx: Context, config: Pick<Config, 'publicUrl'>, referrer: unknown): string {
  if (typeof referrer !== 'string' || referrer === '') return '';
  try {
    const host = bareHost(new URL(referrer).hostname);
    const ours = host === bareHost(ctx.hostname) || host === bareHost(new URL(config.publicUrl).hostname);
    return ours ? '' : host.slice(0, MAX_VALUE);
  } catch {
    return '';
  }
}

/** Prefetches and prerenders nobody looked at, robots, and staff are not visitors. */
function isVisitor(ctx: Context): boolean {
  const purpose = `${ctx.get('Sec-Purpose')} ${ctx.get('Purpose')} ${ctx.get('X-Moz')}`.toLowerCase();
  if (purpose.includes('prefetch') || purpose.includes('prerender')) return false;
  if (ctx.state.admin) return false;
  const userAgent = ctx.get('User-Agent');
  return userAgent !== '' && !isbot(userAgent);
}

export function viewOf(ctx: Context, config: Pick<Config, 'publicUrl'>, content?: PageSources['content']): PageView | undefined {
  if (!isVisitor(ctx)) return undefined;
  const page = pageUrlOf(ctx, config);
  if (!page) return undefined;
  const path = page.pathname.length > 1 ? page.pathname.replace(/\/+$/, '') : page.pathname;
  if (!isSitePage(path, content)) return undefined;
  const param = (name: string) => (page.searchParams.get(name) ?? '').trim().slice(0, MAX_VALUE);
  return {
    path,
    referrerHost: referrerHostOf(ctx, config, ctx.query.r),
    utmSource: param('utm_source'),
    utmMedium: param('utm_medium'),
    utmCampaign: param('utm_campaign'),
    visitor: { ip: ctx.ip, userAgent: ctx.get('User-Agent') },
  };
}

/**
 * `GET /api/analytics/view.gif`: counts a page view. Loaded by the chrome script (`?p=&r=`) or, with
 * JavaScript off, by the page's `<noscript>` pixel. Never cached anywhere, so a page a CDN answered
 * is counted all the same; answers the same pixel whether or not the view counted.
 */
export function pageViewRoutes(analytics: Analytics, config: Pick<Config, 'publicUrl'>, siteContent?: { current(): PageSources['content'] }): Router {
  const router = createRouter();
  router.get(VIEW_PIXEL_PATH, allow.anyone, (ctx) => {
    const view = viewOf(ctx, config, siteContent?.current());
    if (view) analytics.record(view);
    ctx.type = 'image/gif';
    ctx.body = PIXEL;
  });
  return router;
}

/**
 * The admin's reports over the daily counts and the leads, for a range of the agency's days
 * (`?from=&to=`, `YYYY-MM-DD`, both included; the last 30 days when left out):
 * `GET /api/analytics/summary` → totals, pages, referrers, campaigns (for other tools to check
 * and export), and `GET /api/analytics/report` → the same with what the Analytics view draws.
 */
export function analyticsApiRoutes(report: AnalyticsReportService): Router {
  const router = createRouter();
  const rangeOf = (ctx: Context) => parseInput(analyticsRangeSchema, ctx.query);

  router.get('/api/analytics/summary', allow.admin, async (ctx) => {
    ctx.body = await report.summary(rangeOf(ctx));
  });
  router.get('/api/analytics/report', allow.admin, async (ctx) => {
    ctx.body = await report.report(rangeOf(ctx));
  });
  return router;
}
