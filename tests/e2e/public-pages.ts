import { PAGE_ADDRESSES } from '../../server/site/page-lookup';
import type { RunningServer } from './server';

/** An address no route answers: the public 404 page. */
export const NOT_FOUND_PATH = '/no-such-page';

/**
 * Every public page of a running production build, read from the table of public pages
 * (`server/site/public-pages.tsx`) so a page added later is checked without anyone listing it:
 * each address the table knows without data (`public-pages.test.ts` holds each to a 200 page and
 * the app's routes to the table), then the pages the sitemap lists from data (each portfolio
 * item), then the 404 page.
 */
export async function publicPagePaths(server: RunningServer): Promise<string[]> {
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const listed = Array.from(sitemap.matchAll(/<loc>([^<]+)<\/loc>/g), (match) => new URL(match[1]!).pathname);
  return [...PAGE_ADDRESSES, ...listed.filter((path) => !PAGE_ADDRESSES.has(path)), NOT_FOUND_PATH];
}
