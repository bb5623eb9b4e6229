import { renderToStaticMarkup } from 'react-dom/server';
import { businessSchema, homeSchema } from '../../../shared/content/documents';
import { DEFAULT_DOCUMENTS } from '../../../views/content/defaults';
import { SchemaForm } from './SchemaForm';
import { DashboardContext } from '../context';
import { fieldTree, setIn } from './schema-fields';
import { offlineServices } from '../test-services';

const noop = () => undefined;
const business = DEFAULT_DOCUMENTS.business!;

function render(schema: typeof businessSchema | typeof homeSchema, value: unknown, errors: Record<string, string> = {}, warnings: Record<string, string> = {}) {
  return renderToStaticMarkup(
    <DashboardContext.Provider value={offlineServices}>
      <SchemaForm tree={fieldTree(schema)} value={value} onChange={noop} errors={errors} warnings={warnings} icons={['images/social/x.svg']} />
    </DashboardContext.Provider>,
  );
}

/** The opening tag of the control with `id`. */
function tagOf(html: string, id: string): string {
  const tag = new RegExp(`<(input|textarea|select) id="${id}"[^>]*>`).exec(html)?.[0];
  if (!tag) throw new Error(`no control ${id}`);
  return tag;
}

describe('the form generated from a document’s schema', () => {
  it('labels each field from the schema, groups objects under a legend, and marks required fields', () => {
    const html = render(businessSchema, business);
    expect(html).toContain('<legend>Address</legend>');
    expect(html).toMatch(/<label for="content-field-location-city">City<span class="admin-field__required"> \*<\/span><\/label>/);
    expect(tagOf(html, 'content-field-phone')).toContain('maxLength="40"');
    expect(tagOf(html, 'content-field-phone')).toContain('required=""');
    expect(html).toContain('<datalist');
    expect(html).toContain('list=');
  });

  it('ties an error to its field (aria-invalid, aria-describedby) and shows it beside it', () => {
    const html = render(businessSchema, setIn(business, ['location', 'city'], ''), { 'location.city': 'Enter the city.' });
    const city = tagOf(html, 'content-field-location-city');
    expect(city).toContain('aria-invalid="true"');
    expect(city).toContain('aria-describedby="content-field-location-city-error"');
    expect(html).toContain('<p id="content-field-location-city-error" class="admin-field__error">Enter the city.</p>');
  });

  it('names each list button after its item and disables the moves that go nowhere', () => {
    const html = render(businessSchema, business);
    const count = business.socials.length;
    expect(html).toContain('<legend>Social link 1</legend>');
    expect(html).toMatch(/data-action="up" class="admin-button admin-button--small admin-button--ghost" disabled="">Move up<span class="visually-hidden"> Social link 1<\/span>/);
    expect(html).toContain(`Remove<span class="visually-hidden"> Social link ${count}</span>`);
    expect(html).toMatch(new RegExp(`data-action="down"[^>]*disabled="">Move down<span class="visually-hidden"> Social link ${count}</span>`));
    expect(html).toContain('Add social link<span class="visually-hidden"> to Social links</span>');
  });

  it('shows an image as its file, "Decorative" and its alternative text, disabled for a decorative one; "No image" for an optional one', () => {
    const decorative = setIn(setIn(business, ['mapImage'], { src: 'images/map.svg', alt: '', decorative: true }), ['sharingImage'], null);
    const html = render(businessSchema, decorative);
    expect(html).toMatch(/<legend>Map image<\/legend>/);
    const alt = tagOf(html, 'content-field-mapImage-alt');
    expect(alt).toContain('disabled=""');
    expect(alt).not.toContain('required');
    expect(html).toMatch(/<legend>Default sharing image<\/legend><label class="admin-checkbox"><input id="content-field-sharingImage" type="checkbox" checked=""\/>No image<\/label><\/fieldset>/);
  });

  it('offers an upload beside each image’s file, and shows a thumbnail of an uploaded image only', () => {
    const uploaded = '/media/content/0b7e3f1c-5d2a-4c8e-9f10-2a3b4c5d6e7f';
    const html = render(businessSchema, setIn(business, ['mapImage'], { src: uploaded, alt: 'Our street', decorative: false }));
    expect(html).toContain(`<img class="admin-image-field__thumb" src="${uploaded}" alt=""`);
    expect(html).toMatch(/<label for="[^"]+">Upload an image<\/label>/);
    // A file shipped with the site has no thumbnail (its relative path means another thing here).
    expect(render(businessSchema, setIn(business, ['mapImage'], { src: 'images/map.svg', alt: 'Map', decorative: false }))).not.toContain('admin-image-field__thumb');
  });

  it('counts a search title’s characters and warns past what search engines show, without an error', () => {
    const home = DEFAULT_DOCUMENTS.home!;
    const long = 'A title that goes on well past the sixty characters a search engine shows';
    const html = render(homeSchema, setIn(home, ['seo', 'title'], long));
    expect(html).toContain(`${long.length} characters; search engines show about 60.`);
    expect(html).toMatch(/id="content-field-seo-title-warning" class="admin-field__warning">Longer than the 60 characters search engines show/);
    expect(tagOf(html, 'content-field-seo-title')).not.toContain('aria-invalid');
    expect(tagOf(html, 'content-field-seo-title')).toContain('content-field-seo-title-warning');
  });
});
