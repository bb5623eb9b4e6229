import type Router from '@koa/router';
import { answerAt } from '../site/page-lookup';
import { MOVED_PAGES, type PageSources } from '../site/public-pages';
import { RESERVED_SEGMENTS } from '../../shared/redirects';

/** Why an address cannot be a redirect's old address, or undefined when it is free. */
export type Taken = { by: 'reserved' } | { by: 'page' } | { by: 'built-in'; to: string };

/** Whether `path` (in its one spelling) is already answered by the site, and by what. */
export type TakenBy = (path: string) => Promise<Taken | undefined>;

const MOVED: ReadonlyMap<string, string> = new Map(MOVED_PAGES.map(({ from, to }) => [from, to]));

/** A route of a fixed address (`/sitemap.xml`), not a pattern whose values are the data's. */
const isFixed = (routePath: string | RegExp) => typeof routePath === 'string' && !/[:{*]/.test(routePath);

/**
 * What answers an address before a redirect could: the site's own areas (first segment one of
 * `RESERVED_SEGMENTS`), the redirects built into the code, a fixed route of the app (the sitemap,
 * robots.txt, health checks), and the public pages, asked as a visitor's GET would ask them (a
 * service's page, a portfolio item's page, or its "not found" page, which the route answers
 * itself). A pattern's address no row takes (`/services/old-name`) is free: the routes pass it on
 * to the 404, where redirects answer.
 */
export function takenByTheSite({ routers, pageSources }: { routers: () => readonly Router[]; pageSources: PageSources }): TakenBy {
  return async (path) => {
    const first = path.split('/')[1] ?? '';
    if ((RESERVED_SEGMENTS as readonly string[]).includes(first)) return { by: 'reserved' };
    const moved = MOVED.get(path);
    if (moved) return { by: 'built-in', to: moved };
    if (await answerAt(path, pageSources)) return { by: 'page' };
    if (routers().some((router) => router.match(path, 'GET').pathAndMethod.some((layer) => isFixed(layer.path)))) return { by: 'reserved' };
    return undefined;
  };
}

/** The redirect built into the code from `path`, if any. */
export const builtInTarget = (path: string): string | undefined => MOVED.get(path);
