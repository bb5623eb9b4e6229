import { productionRouteTable } from '../../scripts/lib/route-table';
import { audienceOf } from '../../server/path-audience';
import { FORM_TYPES } from '../../shared/form-types';
import { mediaFileIn } from '../helpers/route-spellings';
import type { RunningServer } from './server';

/** An address no route answers: the public 404 page. */
export const NOT_FOUND_PATH = '/no-such-page';

const PARAMETER = /:(\w+)|\{\*(\w+)\}/g;

/** A route template as a pattern its filled-in paths match (`/services/:slug` → `^/services/[^/]+$`). */
function templatePattern(template: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let source = '';
  let done = 0;
  for (const match of template.matchAll(PARAMETER)) {
    source += escape(template.slice(done, match.index)) + (match[1] ? '[^/]+' : '.+');
    done = match.index + match[0].length;
  }
  return new RegExp(`^${source}${escape(template.slice(done))}$`);
}

/**
 * Every public page of a running production build, read from the app itself so a page added later
 * is checked without anyone listing it: each GET route anyone may call on the public site (not the
 * API, not the back office), its parameters filled in from the sitemap (services, industries,
 * portfolio categories and items) or with real values (each form's thank-you page, a stored image),
 * kept when it answers an HTML page; then the 404 page.
 */
export async function publicPagePaths(server: RunningServer): Promise<string[]> {
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const listed = Array.from(sitemap.matchAll(/<loc>([^<]+)<\/loc>/g), (match) => new URL(match[1]!).pathname);
  const items = await (await fetch(`${server.url}/api/portfolio`)).text();
  // An uploaded content image's address answers a redirect, and an unknown preview link the 404
  // page: neither is a page of its own, and both are skipped below.
  const samples: Record<string, readonly string[]> = { type: FORM_TYPES, file: [mediaFileIn(items)], id: ['00000000-0000-4000-8000-000000000000'], token: ['0'.repeat(64)] };

  const routes = (await productionRouteTable()).filter((route) => route.method === 'GET' && route.access?.who === 'anyone' && audienceOf(route.path) === 'site');
  const candidates = new Set<string>();
  for (const { path: template } of routes) {
    const names = Array.from(template.matchAll(PARAMETER), (match) => match[1] ?? match[2]!);
    if (names.length === 0) {
      candidates.add(template);
      continue;
    }
    const fromSitemap = listed.filter((path) => templatePattern(template).test(path));
    if (fromSitemap.length > 0) {
      fromSitemap.forEach((path) => candidates.add(path));
      continue;
    }
    if (names.length !== 1 || !samples[names[0]!]) throw new Error(`No sample value for ${template}: add one to tests/e2e/public-pages.ts`);
    for (const value of samples[names[0]!]!) candidates.add(template.replace(PARAMETER, value));
  }

  const pages: string[] = [];
  for (const path of candidates) {
    const response = await fetch(server.url + path, { redirect: 'manual' });
    await response.arrayBuffer();
    if (response.status === 200 && response.headers.get('content-type')?.startsWith('text/html')) pages.push(path);
  }
  return [...pages, NOT_FOUND_PATH];
}
