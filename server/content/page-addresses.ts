import type { Knex } from 'knex';
import { SLUG_KINDS, slugKeyOf } from '../../shared/content/documents';
import { RESERVED_SEGMENTS } from '../../shared/redirects';
import { MOVED_PAGES, PUBLIC_PAGES } from '../site/public-pages';

/**
 * The first segments of the public page table's own routes (`/about`, `/services/:slug`,
 * `/thank-you/:type`) and of the site's reserved areas: a page staff make at `/{slug}` may take
 * none. `RESERVED_SLUGS` (shared, so the editor refuses them as staff type) is checked against
 * the app's whole route table by `page-addresses.test.ts`; this is the same rule read from the
 * table itself, so a page added to it later is protected without anyone listing it.
 */
export const BUILT_IN_FIRST_SEGMENTS: ReadonlySet<string> = new Set([
  ...RESERVED_SEGMENTS,
  ...PUBLIC_PAGES.map((page) => page.route.split('/')[1] ?? '').filter((segment) => segment !== '' && !segment.startsWith(':')),
  ...MOVED_PAGES.map((moved) => moved.from.split('/')[1] ?? ''),
]);

/**
 * Why the document `key` (of a kind staff add) cannot be added at its address, in words for the
 * slug's field, or undefined when it can: a page's slug that is a built-in page's first segment,
 * or an address a redirect answers (a built-in one, or one in the Redirects list), which the new
 * page would silently take over. Reads the redirects in `db` (the adding transaction).
 */
export async function addressTakenProblem(db: Knex, key: string): Promise<string | undefined> {
  const parts = slugKeyOf(key);
  if (!parts) return undefined;
  if (parts.kind === 'pages' && BUILT_IN_FIRST_SEGMENTS.has(parts.slug)) return `"${parts.slug}" is an address the site keeps for itself; choose another.`;
  const address = SLUG_KINDS[parts.kind].address(parts.slug);
  const moved = MOVED_PAGES.find((each) => each.from === address);
  // The Redirects list's table, read here rather than through the redirects feature, which
  // itself asks the page table what is taken: a redirect from this address would never be used.
  const redirect = moved ?? (await db('redirects').where({ from_path: address }).first<{ to: string } | undefined>({ to: 'to_path' }));
  return redirect ? `${address} is an old address that redirects to ${redirect.to}: choose another address, or delete that redirect first (Website > Redirects).` : undefined;
}
