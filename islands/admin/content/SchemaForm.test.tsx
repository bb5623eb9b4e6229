import { renderToStaticMarkup } from 'react-dom/server';
import { businessSchema, homeSchema } from '../../../shared/content/documents';
import { DEFAULT_DOCUMENTS } from '../../../shared/content/defaults';
import { pageSchema } from '../../../shared/content/page-sections';
import { EVERY_SECTION_PAGE } from '../../../tests/helpers/page-fixture';
import { SchemaForm } from './SchemaForm';
import { DashboardContext } from '../context';
import { fieldTree, setIn } from './schema-fields';
import { offlineServices } from '../test-services';

const noop = () => undefined;
const business = DEFAULT_DOCUMENTS.business!;

function render(schema: typeof businessSchema | typeof homeSchema | typeof pageSchema, value: unknown, errors: Record<string, string> = {}, warnings: Record<string, string> = {}) {
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

  it('draws the opening hours as a row a day: open or closed, opens and closes as times named by the day, and says them as the site will', () => {
    const hours = { ...business.openingHours, days: business.openingHours.days.map((day) => (day.day === 'saturday' ? { ...day, open: true, opens: '10:00', closes: '14:00' } : day)) };
    const html = render(businessSchema, setIn(business, ['openingHours'], hours));
    expect(html).toContain('<legend>Opening hours</legend>');
    expect(html).toContain('The site says: <strong>Monday to Friday, 9 AM to 6 PM; Saturday, 10 AM to 2 PM</strong>');
    expect(tagOf(html, 'content-field-openingHours-days-0-open')).toContain('checked=""');
    expect(tagOf(html, 'content-field-openingHours-days-0-opens')).toMatch(/type="time" required="" value="09:00"/);
    expect(html).toMatch(/Opens<span class="visually-hidden"> on Monday<\/span><input id="content-field-openingHours-days-0-opens"/);
    expect(html).toMatch(/Closes<span class="visually-hidden"> on Saturday<\/span><input id="content-field-openingHours-days-5-closes" type="time" required="" value="14:00"/);
    // Sunday is closed: no times to fill in.
    expect(tagOf(html, 'content-field-openingHours-days-6-open')).not.toContain('checked');
    expect(html).not.toContain('content-field-openingHours-days-6-opens');
    expect(html).toMatch(/Sunday<\/label><span class="admin-muted">Closed<\/span>/);
    expect(tagOf(html, 'content-field-openingHours')).toMatch(/type="checkbox"/);
  });

  it('shows a day’s time error beside that day’s times, and the no-open-day error under the legend', () => {
    const late = 'Wednesday: the closing time must be after the opening time.';
    const html = render(businessSchema, business, { 'openingHours.days.2.closes': late, openingHours: 'Open at least one day, or choose "By appointment".' });
    const closes = tagOf(html, 'content-field-openingHours-days-2-closes');
    expect(closes).toContain('aria-invalid="true"');
    expect(closes).toContain('aria-describedby="content-field-openingHours-days-2-error"');
    expect(html).toContain(`<p id="content-field-openingHours-days-2-error" class="admin-field__error admin-hours__error">${late}</p>`);
    expect(tagOf(html, 'content-field-openingHours-days-2-opens')).not.toContain('aria-invalid');
    expect(html).toMatch(/<fieldset class="admin-fieldset admin-hours" aria-describedby="content-field-openingHours-hint content-field-openingHours-error"><legend>Opening hours<\/legend>/);
    expect(html).toContain('<p id="content-field-openingHours-error" class="admin-field__error">Open at least one day, or choose &quot;By appointment&quot;.</p>');
  });

  it('has one phone field, typed as a phone number, that says how the site shows it, and its refusal beside it', () => {
    const html = render(businessSchema, setIn(business, ['phone'], '+15550102030'));
    expect(tagOf(html, 'content-field-phone')).toContain('type="tel"');
    expect(html).toContain('<label for="content-field-phone">Phone number<span class="admin-field__required"> *</span></label>');
    expect(html).toContain('Shown as +1 (555) 010-2030.');
    expect(html).not.toMatch(/Phone link|Chat link|phoneHref|chatHref/);
    const refused = 'Start the number with + and its country code, such as +1 555 010 2030.';
    const wrong = render(businessSchema, setIn(business, ['phone'], '555 010 2030'), { phone: refused });
    expect(tagOf(wrong, 'content-field-phone')).toContain('aria-invalid="true"');
    expect(wrong).toContain(`<p id="content-field-phone-error" class="admin-field__error">${refused}</p>`);
    expect(wrong).not.toContain('Shown as');
  });

  it('uploads an image as soon as it is chosen: no Upload button to forget', () => {
    const html = render(businessSchema, business);
    expect(html).toMatch(/<label for="[^"]+">Upload an image<\/label>/);
    expect(html).not.toMatch(/<button[^>]*>Upload<\/button>/);
    expect(html).not.toContain('Try again');
  });

  it('shows each section of a page with its kind and its own fields, and adds a section of a chosen kind', () => {
    const html = render(pageSchema, EVERY_SECTION_PAGE);
    expect(html).toContain('<legend>Section 1: Banner</legend>');
    expect(html).toContain('<legend>Section 7: Frequently asked questions</legend>');
    expect(tagOf(html, 'content-field-sections-6-items-0-question')).toContain('value="Do you hire juniors?"');
    // The kind is chosen when a section is added, never typed in a field.
    expect(html).not.toContain('content-field-sections-0-kind');
    expect(html).toMatch(/<label class="admin-list-field__kind">Kind of section <select[^>]*><option value="banner" selected="">Banner<\/option><option value="text">Text<\/option>/);
    expect(html).toContain('Add section<span class="visually-hidden"> to Sections</span>');
  });
});
