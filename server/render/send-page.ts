import type { Context } from 'koa';
import { allowCaching, forbidCaching } from '../middleware/page-cache';
import type { RenderPage, RenderPageInput } from './render-page';

export interface SendPageOptions {
  /** 200 unless given. */
  status?: number;
  /**
   * Whether the page is the same for every visitor and shows stored content as it is, so the
   * render cache and CDNs may keep it. By default a 200 is; anything else never is.
   */
  cacheable?: boolean;
}

/** A page to send: its path defaults to the request's (for the canonical URL and navigation). */
export type PageToSend = Omit<RenderPageInput, 'path'> & { path?: string };

export type SendPage = (ctx: Context, page: PageToSend, options?: SendPageOptions) => void;

/**
 * The one way a route answers with a page: status, HTML, and whether it may be kept — by the
 * render cache and CDNs, or (`no-store`) by nobody: failures, a form showing a visitor's own
 * values, the back office.
 */
export function createPageSender(renderPage: RenderPage): SendPage {
  return (ctx, { path = ctx.path, ...input }, { status = 200, cacheable = status === 200 } = {}) => {
    ctx.status = status;
    ctx.type = 'html';
    if (cacheable) allowCaching(ctx, 'page');
    else forbidCaching(ctx);
    ctx.body = renderPage({ path, ...input });
  };
}
