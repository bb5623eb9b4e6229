import { startingSiteContent } from '../../shared/content/defaults';
import { createPageRenderer } from '../../server/render/render-page';
import { loadManifest } from '../../server/render/manifest';
import { loadConfig } from '../../server/config';
import { TEST_ASSETS_DIR } from '../../tests/helpers/test-app';
import { Island } from './Island';

/** A script the browser runs: anything but JSON-LD data blocks. */
const EXECUTABLE_SCRIPT = /<script(?![^>]*application\/ld\+json)/g;

const hostile = '</script><script>alert(1)</script><!-- "\' &amp; \u2028';

function decodeAttribute(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

describe('<Island>', () => {
  const renderPage = createPageRenderer(loadConfig({ PUBLIC_URL: 'https://agency.test' }), loadManifest(TEST_ASSETS_DIR), startingSiteContent);

  it('carries props that cannot break out of the page, and that round-trip exactly', () => {
    const props = { groups: [{ label: hostile, href: '/x' }], currentPath: '/' };
    const html = renderPage({
      path: '/',
      meta: { title: 'Test', description: 'A page with one island.' },
      page: <Island name="MobileMenu" hydrate="load" props={props} />,
    });
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html.match(EXECUTABLE_SCRIPT)).toHaveLength(1); // the boot script only
    const attribute = html.match(/data-props="([^"]*)"/)![1]!;
    expect(JSON.parse(decodeAttribute(attribute))).toEqual(props);
  });

  it('marks the island with its strategy and its hashed chunk', () => {
    const html = renderPage({
      path: '/',
      meta: { title: 'Test', description: 'A page with one island.' },
      page: <Island name="MobileMenu" hydrate="visible" props={{ groups: [], currentPath: '/' }} />,
    });
    expect(html).toMatch(/<div class="island" data-island="MobileMenu" data-hydrate="visible" data-src="\/assets\/islands\/MobileMenu-[\w-]+\.js"/);
    expect(html).toMatch(/<script type="module" src="\/assets\/boot-[\w-]+\.js">/);
  });

  it('leaves a page without islands free of any script', () => {
    const html = renderPage({ path: '/plain', meta: { title: 'Plain', description: 'No islands here.' }, page: <p>Static content</p> });
    expect(html).not.toMatch(EXECUTABLE_SCRIPT);
    expect(html).toContain('<p>Static content</p>');
  });
});
