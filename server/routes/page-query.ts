/**
 * The query parameters each public page reads, by path, in their canonical order: the only ones
 * its route sees and the render cache keys it by. Every other parameter (`utm_*`, `gclid`,
 * `fbclid`, anything unknown) is dropped before routing, so a campaign link is answered with the
 * same cached page as the plain address. A public route that reads a parameter declares it here.
 */
export const PAGE_QUERY_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  '/portfolio': ['category'],
};

/**
 * The query string `path` reads out of `querystring`: its declared parameters, the first value of
 * each, in declared order (`''` when none), so every spelling of one page gives the same string.
 */
export function pageQueryString(path: string, querystring: string): string {
  const declared = PAGE_QUERY_PARAMETERS[path];
  if (querystring === '' || !declared) return '';
  const given = new URLSearchParams(querystring);
  const kept = new URLSearchParams();
  for (const name of declared) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  return kept.toString();
}
