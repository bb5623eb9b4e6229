/**
 * What the rest of the server asks the table of public pages (`public-pages.tsx`): which addresses
 * are pages, which query parameters a page reads, what the sitemap lists, and the answer at an
 * address, for the routes and the previews alike.
 */
import { PUBLIC_PAGES, type PageAnswer, type PageRequest, type PageSources, type PageView, type PublicPage, type SitemapEntry, type SitemapSources } from './public-pages';

/** Every address of a public page known without reading any data, in the table's order. */
export const PAGE_ADDRESSES: ReadonlySet<string> = new Set(PUBLIC_PAGES.flatMap((page) => page.addresses));

/** The addresses the sitemap lists before those read from data, in its order. */
export const LISTED_ADDRESSES: readonly string[] = PUBLIC_PAGES.filter((page) => page.sitemap === true).flatMap((page) => page.addresses);

/**
 * True for a page of the site as the site links it: an address of the table, one `content` has
 * (a service staff published), or the shape of a page known only from data (whether that
 * portfolio item exists is checked where it matters).
 * Analytics counts views of these only, so made-up addresses cannot add rows.
 */
export function isSitePage(path: string, content?: PageSources['content']): boolean {
  return PAGE_ADDRESSES.has(path) || PUBLIC_PAGES.some((page) => page.addressShape?.test(path) || (content && page.published?.(content).includes(path)));
}

/** The rows of each route, routes and rows in the table's order; a route's rows are asked in turn. */
export const PAGES_BY_ROUTE: ReadonlyMap<string, readonly PublicPage[]> = (() => {
  const byRoute = new Map<string, PublicPage[]>();
  for (const page of PUBLIC_PAGES) byRoute.set(page.route, [...(byRoute.get(page.route) ?? []), page]);
  return byRoute;
})();

/** The answer of the first of `pages` (the rows of one route) with a page at the request's address. */
export async function answerOf(pages: readonly PublicPage[], request: PageRequest, sources: PageSources): Promise<PageAnswer | undefined> {
  for (const page of pages) {
    const answer = await page.answer(request, sources);
    if (answer) return answer;
  }
  return undefined;
}

/** The parameters of `route` in `path` (decoded, as the router decodes them), or undefined when the route does not match. */
function paramsOf(route: string, path: string): Record<string, string> | undefined {
  const wanted = route.split('/');
  const given = path.split('/');
  if (wanted.length !== given.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const value = given[index]!;
    if (!segment.startsWith(':')) {
      if (segment !== value) return undefined;
    } else if (value === '') return undefined;
    else params[segment.slice(1)] = safeDecode(value);
  }
  return params;
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * The view of the public page at `path` (its one spelling, no query), as its route answers a GET,
 * or undefined where no page is (a redirect, an item that does not exist or could not be read). A
 * preview renders it with a draft laid over the published content; a publishing check renders it
 * with the content about to be published.
 */
export async function pageViewAt(path: string, sources: PageSources): Promise<PageView | undefined> {
  const answer = await answerAt(path, sources);
  return answer?.kind === 'page' ? answer.view : undefined;
}

/**
 * What the public page routes answer a GET of `path` (its one spelling, no query) with: a page, a
 * page saying what is missing, a redirect; undefined when no row takes the address (a 404 of the
 * whole site, where a redirect staff added may answer instead).
 */
export async function answerAt(path: string, sources: PageSources): Promise<PageAnswer | undefined> {
  for (const [route, pages] of PAGES_BY_ROUTE) {
    const params = paramsOf(route, path);
    const answer = params && (await answerOf(pages, { params, query: {} }, sources));
    if (answer) return answer;
  }
  return undefined;
}

/** The query parameters read at each address that reads any. */
const QUERY_READ_AT: ReadonlyMap<string, readonly string[]> = new Map(PUBLIC_PAGES.filter((page) => page.query.length > 0).flatMap((page) => page.addresses.map((address) => [address, page.query] as const)));

/**
 * Whether `querystring` may hold one of the `declared` names (plain letters, as the table spells
 * them): only where a name is written as it is, or escaped (`%63ategory`). A campaign link's query
 * (`utm_source=…`, `fbclid=…`) holds neither, and keeps nothing without being parsed: it is answered
 * from the render cache at every click (server/middleware/cached-answer.ts).
 */
const mayName = (querystring: string, declared: readonly string[]) => querystring.includes('%') || declared.some((name) => querystring.includes(name));

/**
 * The query string `path` reads out of `querystring`: its declared parameters, the first value of
 * each, in declared order (`''` when none), so every spelling of one page gives the same string.
 */
export function pageQueryString(path: string, querystring: string): string {
  const declared = QUERY_READ_AT.get(path);
  if (querystring === '' || !declared || !mayName(querystring, declared)) return '';
  const given = new URLSearchParams(querystring);
  const kept = new URLSearchParams();
  for (const name of declared) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  return kept.toString();
}

/**
 * Every entry of the sitemap, in the table's order: the listed addresses, each dated by the last
 * publish of the documents it shows, and the pages known from data with their own dates.
 */
export async function sitemapEntries(sources: SitemapSources & { lastPublishedOf(documents: readonly string[]): Date | undefined }): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [];
  for (const page of PUBLIC_PAGES) {
    const addresses = page.published?.(sources.content) ?? page.addresses;
    if (page.sitemap === true) entries.push(...addresses.map((path) => ({ path, lastmod: sources.lastPublishedOf(page.documents(path, sources.content)) })));
    else if (page.sitemap) entries.push(...(await page.sitemap(sources)));
  }
  return entries;
}
