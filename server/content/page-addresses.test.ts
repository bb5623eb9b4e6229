/**
 * A page staff make at `/{slug}` can never take an address of the app: every first segment of
 * every route (public, admin, API, health, media, previews) is a slug the editor and the server
 * refuse, read from the app's own route table so a route added later is covered or this fails.
 */
import { routeTableOf } from '../middleware/access';
import { RESERVED_SLUGS, slugProblem } from '../../shared/content/documents';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { BUILT_IN_FIRST_SEGMENTS } from './page-addresses';

describe('the addresses a page staff make cannot take', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.destroy());

  it('include the first segment of every route of the app', () => {
    const segments = new Set(routeTableOf(t.app).map((route) => route.path.split('/')[1] ?? '').filter((segment) => segment !== '' && !/^[:{*]/.test(segment)));
    expect([...segments]).toEqual(expect.arrayContaining(['admin', 'api', 'about', 'services', 'media', 'preview']));
    // A segment with a dot (`sitemap.xml`) is no slug at all; every other is refused in words.
    for (const segment of segments) expect([segment, slugProblem(segment)]).toEqual([segment, expect.any(String)]);
  });

  it('read from the page table and the reserved areas are all in the list the editor checks as staff type', () => {
    for (const segment of BUILT_IN_FIRST_SEGMENTS) expect([segment, RESERVED_SLUGS.has(segment)]).toEqual([segment, true]);
  });
});
