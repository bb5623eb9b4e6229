import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { HttpError } from '../http-errors';
import { messages } from '../messages';
import { audienceOf, type Audience } from '../path-audience';
import { isSitePage, pageQueryString } from '../site/page-lookup';
import { STAFF_PAGE_ROUTE, type PublishedPages } from '../site/public-pages';

/** What can make a path another spelling of an address: a capital, an escape, `//`, a `.` or `..` segment, a final `/`. */
const MAYBE_ANOTHER_SPELLING = /[A-Z%]|\/\/|\/\.\.?(?:\/|$)|.\/$/;

const UNRESERVED = /^[A-Za-z0-9._~-]$/;

/**
 * A path in its normal form (RFC 3986, 6.2.2): escapes of unreserved characters decoded (`%77` is
 * `w`), other escapes in capitals, `.` and `..` segments resolved, empty segments (`//`, a final
 * `/`) dropped.
 */
export function normalPath(path: string): string {
  const unescaped = path.replace(/%([0-9a-fA-F]{2})/g, (_escape, hex: string) => {
    const character = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(character) ? character : `%${hex.toUpperCase()}`;
  });
  const segments: string[] = [];
  for (const segment of unescaped.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/** Every page address is lower case (slugs, ids, form types); escapes stay in capitals. */
const lowerCase = (path: string) => path.toLowerCase().replace(/%[0-9a-f]{2}/g, (escape) => escape.toUpperCase());

/**
 * The one spelling of a public page's address that every other spelling is sent to: its normal
 * form, in lower case. Addresses not known to the routes (a redirect's old address) are matched
 * in this spelling too, so `/Old-Page/` and `/old-page` are one address.
 */
export const pageSpelling = (path: string): string => lowerCase(normalPath(path));

function moveTo(ctx: Context, path: string, audience: Audience): void {
  // A public page keeps only the parameters it reads; the back office's views keep their filters.
  const query = audience === 'site' ? pageQueryString(path, ctx.querystring) : ctx.querystring;
  ctx.status = 301;
  ctx.redirect(query ? `${path}?${query}` : path);
}

/**
 * One spelling per address, decided before anything else reads the path (the render cache, the
 * session, any router). Routers match exactly as declared; another spelling (letter case, an
 * escaped letter, `//`, a final `/`, `.` or `..` segments) is
 * - under `/api`: answered 404 (a parameter may keep its own capitals: `/api/users/Ann`, but not
 *   capitals that turn a fixed segment into a parameter's value: `/api/content/Schedules`);
 * - a page (back office or public site) read with GET or HEAD: moved permanently (301) to its one
 *   spelling, with only the query parameters a public page reads; under `/admin`, 404 otherwise;
 * - anything else on the public site (an asset's hashed name, an unknown path): left to what follows.
 * A public request also keeps only the query parameters its page declares (its row's `query` in
 * `site/public-pages.tsx`): the rest are not read, not part of the cache key, not in the page.
 *
 * `routers` are every router of the app, whose routes are the declared spellings. The route of the
 * pages staff make (`/:slug`) would match any one segment: an address counts as its only when
 * `content` (the published pages) has a page there, so `/NOPE` stays unknown and a redirect from
 * `/Old-Page.html` answers in one step.
 */
export function canonicalUrl(routers: Router[], content: () => PublishedPages): Middleware {
  const isRoute = (path: string, method: string) =>
    routers.some((router) => router.match(path, method).pathAndMethod.some((layer) => layer.path !== STAFF_PAGE_ROUTE)) || (method === 'GET' && isSitePage(path, content()));
  const routesOf = (path: string, method: string) => new Set(routers.flatMap((router) => router.match(path, method).pathAndMethod));
  // Capitals a parameter absorbed in place of a fixed segment (`/api/content/Schedules` read as the
  // document key "Schedules"): in lower case the path is also another route's, so it is that
  // route's other spelling. A parameter's own capitals (`/api/users/Ann`) match the same routes.
  const respellsAnotherRoute = (path: string, method: string) => {
    const lower = lowerCase(path);
    if (lower === path) return false;
    const matched = routesOf(path, method);
    return [...routesOf(lower, method)].some((layer) => !matched.has(layer));
  };
  return (ctx, next) => {
    const isRead = ctx.method === 'GET' || ctx.method === 'HEAD';
    if (MAYBE_ANOTHER_SPELLING.test(ctx.path)) {
      const normal = normalPath(ctx.path);
      const audience = audienceOf(normal);
      if (audience === 'api') {
        if (normal !== ctx.path || !isRoute(normal, ctx.method) || respellsAnotherRoute(normal, ctx.method)) throw new HttpError(404, messages.http.apiNotFound);
      } else {
        const page = lowerCase(normal);
        if (page !== ctx.path) {
          if (isRead && isRoute(page, 'GET')) return Promise.resolve(moveTo(ctx, page, audience));
          if (audience === 'admin') throw new HttpError(404, messages.http.notFound);
        }
      }
    }
    if (isRead && ctx.querystring !== '' && audienceOf(ctx.path) === 'site') ctx.querystring = pageQueryString(ctx.path, ctx.querystring);
    return next();
  };
}

/**
 * The same decision for the simplest case, without Koa: the URL a GET or HEAD of the public page
 * `url` (a request's path and query) is answered under when its path already is its one spelling,
 * which is the URL `canonicalUrl` passes on (and the render cache's key). `undefined` when the
 * middleware has more to decide (another spelling, the API or the back office, an unusual URL).
 */
export function plainPublicUrl(url: string): string | undefined {
  if (url.charCodeAt(0) !== 47 /* / */ || url.includes('#')) return undefined;
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  if (MAYBE_ANOTHER_SPELLING.test(path)) return undefined;
  // Only a first segment starting with an `a` can be `/api` or `/admin` (a cheap test first).
  if ((path.charCodeAt(1) | 0x20) === 0x61 && audienceOf(path) !== 'site') return undefined;
  const querystring = queryStart === -1 ? '' : url.slice(queryStart + 1);
  // Koa leaves an empty query (a bare `?`) in the URL, as the middleware does.
  if (querystring === '') return url;
  const kept = pageQueryString(path, querystring);
  return kept === '' ? path : `${path}?${kept}`;
}
