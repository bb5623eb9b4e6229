/**
 * Routes of the app's own table made into requests: their paths filled in with real rows, and
 * spelled the other ways a client may spell them. Shared by the route-table test and the
 * resilience checks (security sweep, hostile input).
 */

/** What `/:slug` is filled with when the run published no page of its own. */
const NO_SUCH_PAGE = 'no-such-page';

/** Real rows the route parameters stand for, so a handler that ran would answer with data. */
export interface RouteSamples {
  /** A lead (of type `quote`), also a project. */
  leadId: string;
  /** A portfolio item. */
  itemId: string;
  /** One of its stored image files (`<sha256>.<ext>`). */
  mediaFile: string;
  /** One of the signed-in admin's sessions, as `GET /api/account/sessions` lists it. */
  sessionId: string;
  /** Another account. */
  username: string;
  /** A page staff made and published (`pages/{slug}`, served at `/{slug}`); without one, `/:slug` is a page that is not there. */
  pageSlug?: string;
  /** A service and an industry staff made and published; without them, `/services/:slug` and `/industries/:slug` are ones that ship. */
  serviceSlug?: string;
  industrySlug?: string;
}

/** The first stored image file a portfolio item's JSON names (`<sha256>.<ext>`), for `mediaFile`. */
export function mediaFileIn(itemJson: string): string {
  const file = /\/media\/([0-9a-f]{64}\.\w+)/.exec(itemJson)?.[1];
  if (!file) throw new Error('The portfolio item names no stored image');
  return file;
}

/**
 * A route's path with its parameters filled in; `spelling` is the same path spelled otherwise
 * (see `otherSpellings`), filled in the same way.
 */
export function fillRoutePath(routePath: string, samples: RouteSamples, spelling = routePath): string {
  return spelling.replace(/:(\w+)|\{\*(\w+)\}/g, (_match, param: string | undefined, wildcard: string | undefined) => {
    const name = param ?? wildcard!;
    if (name === 'type') return 'quote';
    if (name === 'username') return samples.username;
    if (name === 'slug' && routePath === '/:slug') return samples.pageSlug ?? NO_SUCH_PAGE;
    if (name === 'slug') return routePath.startsWith('/services') ? (samples.serviceSlug ?? 'web-development') : (samples.industrySlug ?? 'real-estate');
    // A content document's key may hold a slash, written as is.
    if (name === 'key' && routePath.startsWith('/api/content')) return 'services/seo';
    if (name === 'key') return samples.itemId;
    if (name === 'version') return '1';
    if (name === 'id' && routePath.startsWith('/api/content/schedules')) return '00000000-0000-4000-8000-000000000000';
    if (name === 'file') return samples.mediaFile;
    if (name === 'view') return 'messages';
    if (name === 'name') return 'backup-20260101-023000.tar.gz';
    if (name === 'token') return 'no-such-download';
    if (name === 'item') return 'team';
    if (name === 'id' && routePath.startsWith('/api/portfolio')) return samples.itemId;
    if (name === 'id' && routePath.startsWith('/api/account/sessions')) return samples.sessionId;
    if (name === 'id') return samples.leadId;
    throw new Error(`No sample value for :${name} in ${routePath}: add one to tests/helpers/route-spellings.ts`);
  });
}

/** The first letter of `segment` as a percent-escape (`users` → `%75sers`). */
const escapeFirstLetter = (segment: string) => segment.replace(/[a-z]/i, (letter) => `%${letter.charCodeAt(0).toString(16)}`);
const upperFirstLetter = (segment: string) => segment.replace(/[a-z]/, (letter) => letter.toUpperCase());

/**
 * Other spellings of a route's path (a template with `:param`s): letter case (first and last fixed
 * segment), a percent-encoded letter, a double slash, a trailing slash, `.` and `..` segments.
 */
export function otherSpellings(template: string): string[] {
  const segments = template.split('/').slice(1);
  const fixed = segments.map((segment, index) => ({ segment, index })).filter(({ segment }) => /[a-z]/i.test(segment) && !/[:{]/.test(segment));
  const withSegment = (index: number, change: (segment: string) => string) => `/${segments.map((segment, i) => (i === index ? change(segment) : segment)).join('/')}`;
  const spellings = new Set<string>();
  const [first, last] = [fixed[0], fixed[fixed.length - 1]];
  if (first) spellings.add(withSegment(first.index, upperFirstLetter));
  if (last) spellings.add(withSegment(last.index, upperFirstLetter)).add(withSegment(last.index, escapeFirstLetter));
  const cut = template.lastIndexOf('/');
  spellings.add(`${template.slice(0, cut)}/${template.slice(cut)}`);
  if (template !== '/') spellings.add(`${template}/`);
  const afterFirst = template.indexOf('/', 1);
  const [head, tail] = afterFirst === -1 ? [template, ''] : [template.slice(0, afterFirst), template.slice(afterFirst)];
  spellings.add(template === '/' ? '/.' : `${head}/.${tail}`);
  spellings.add(template === '/' ? '/x/..' : `${head}/x/..${tail}`);
  spellings.delete(template);
  return [...spellings];
}

/**
 * What another spelling of a route must be answered with: a redirect to the route's own path for
 * a page read with GET or HEAD, 404 for everything else (the API, and pages with other methods).
 */
export function expectedForSpelling(routePath: string, method: string, filledPath: string): { status: 301; location: string } | { status: 404 } {
  // No page answers a slug no one published, in any spelling.
  if (filledPath === `/${NO_SUCH_PAGE}`) return { status: 404 };
  const isApi = /^\/api(\/|$)/.test(routePath);
  return !isApi && (method === 'GET' || method === 'HEAD') ? { status: 301, location: filledPath } : { status: 404 };
}
