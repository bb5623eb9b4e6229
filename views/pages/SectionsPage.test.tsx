import { startingSiteContent } from '../../shared/content/defaults';
import { loadConfig } from '../../server/config';
import { loadManifest } from '../../server/render/manifest';
import { createPageRenderer } from '../../server/render/render-page';
import { EVERY_SECTION_PAGE } from '../../tests/helpers/page-fixture';
import { TEST_ASSETS_DIR } from '../../tests/helpers/test-app';
import { SectionsPage, sectionsPageMeta } from './SectionsPage';

const renderPage = createPageRenderer(loadConfig({ PUBLIC_URL: 'https://agency.test' }), loadManifest(TEST_ASSETS_DIR), startingSiteContent);
const input = { page: EVERY_SECTION_PAGE, path: '/careers' };

/** The JSON-LD blocks of a page, parsed. */
const jsonLdOf = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as { '@type': string });

describe('a page staff made from sections', () => {
  const html = renderPage({ path: '/careers', meta: sectionsPageMeta(input), page: <SectionsPage {...input} /> });

  it('has one h1, the banner’s, and each section under its own heading', () => {
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(html).toContain('<h1>Work with us</h1>');
    for (const heading of ['How we work', 'Open roles', 'In numbers', 'How we hire', 'Ready?', 'Questions']) expect(html).toContain(`>${heading}</h2>`);
    expect(html).toContain('<strong>four days</strong>');
    expect(html).toContain('<a class="button button--accent" href="/contact">Apply</a>');
  });

  it('puts every answer in the page, open without JavaScript, and in FAQPage data', () => {
    expect(html).toContain('<details class="faq__item"><summary>Do you hire juniors?</summary><p class="faq__answer">Yes, <strong>twice a year</strong>.</p></details>');
    const faq = jsonLdOf(html).find((block) => block['@type'] === 'FAQPage');
    expect(faq).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: 'Do you hire juniors?', acceptedAnswer: { '@type': 'Answer', text: '<p>Yes, <strong>twice a year</strong>.</p>' } }],
    });
  });

  it('says no FAQPage where the page asks no question, and names the page in the breadcrumb', () => {
    const plain = { page: { ...EVERY_SECTION_PAGE, sections: EVERY_SECTION_PAGE.sections.filter((section) => section.kind !== 'faq' && section.kind !== 'banner') }, path: '/careers' };
    const page = renderPage({ path: '/careers', meta: sectionsPageMeta(plain), page: <SectionsPage {...plain} /> });
    expect(jsonLdOf(page).map((block) => block['@type'])).toEqual(['ProfessionalService', 'BreadcrumbList']);
    expect(page).toContain('<h1>Careers</h1>');
  });
});
