import { STATIC_PUBLIC_PATHS } from './routes/seo';
import { FORM_DEFINITIONS } from '../shared/forms';
import { FORM_TYPES } from '../shared/form-types';

/**
 * The public pages that exist without any data: the sitemap's pages, the form pages, the regions
 * page and each form's thank-you page. Analytics counts views of these and of portfolio items only,
 * so made-up addresses cannot add rows (`site-pages.test.ts` checks the list against the routes).
 */
export const FIXED_SITE_PAGES: ReadonlySet<string> = new Set([
  ...STATIC_PUBLIC_PATHS,
  ...FORM_TYPES.map((type) => FORM_DEFINITIONS[type].pagePath),
  '/regions',
  ...FORM_TYPES.map((type) => `/thank-you/${type}`),
]);

/** A portfolio item's page, `/portfolio/<id>`, as the site links it (ids are lowercase UUIDs). */
const PORTFOLIO_ITEM_PAGE = /^\/portfolio\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The id of the portfolio item `path` would show, if it is shaped like an item's page. */
export function portfolioItemIdOf(path: string): string | undefined {
  return PORTFOLIO_ITEM_PAGE.exec(path)?.[1];
}

/**
 * True for a page of the site as the site links it: a fixed page, or the shape of a portfolio
 * item's page (whether that item exists is checked when the views are written).
 */
export function isSitePage(path: string): boolean {
  return FIXED_SITE_PAGES.has(path) || portfolioItemIdOf(path) !== undefined;
}
