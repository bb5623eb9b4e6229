/**
 * The enquiry and quote forms offer the services the site publishes (issue 41): a fresh install the
 * spec's words in the spec's order; a service staff add and publish joins both forms (the pages
 * without JavaScript, the panels' islands and the server's check alike); one they retire leaves
 * them and is refused, while the leads that named it keep their words.
 */
import request from 'supertest';
import { SLUG_KINDS } from '../../shared/content/documents';
import { INVALID_FORM_MESSAGE } from '../../shared/forms';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { VALID_FORMS, humanMeta } from '../../tests/helpers/form-fixtures';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

/** SPEC §9, word for word and in its order. */
const SPEC_ENQUIRY = ['Web Development', 'Graphic Design', 'Mobile Development', 'UI/UX Design', 'Digital Marketing'];
const SPEC_QUOTE = ['Web Development', 'Mobile App', 'UI/UX Design', 'Branding', 'Digital Marketing', 'Other'];

const decode = (text: string) => text.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>');

/** The options of the service select of the form page at `path` (the form without JavaScript), placeholder left out. */
function selectOptions(html: string): string[] {
  const select = /<select[^>]*name="service"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? '';
  return Array.from(select.matchAll(/<option value="([^"]*)"[^>]*>/g), (match) => decode(match[1]!)).filter((value) => value !== '');
}

/** The services an island on the page is given (the Enquire panel, the quote popup, a form page's form). */
function islandServices(html: string, island: string): string[] | undefined {
  const props = new RegExp(`data-island="${island}"[^>]*data-props="([^"]*)"`).exec(html)?.[1];
  return props === undefined ? undefined : (JSON.parse(decode(props)) as { services?: string[] }).services;
}

describe('the forms’ service options follow the published services', () => {
  let t: TestApp;
  let owner: AdminTestSession;
  const api = () => request(t.app.callback());
  const page = async (path: string) => (await api().get(path).expect(200)).text;
  const offered = async () => {
    const [enquire, quote, about] = await Promise.all([page('/enquire'), page('/quote'), page('/about')]);
    return {
      enquiry: selectOptions(enquire),
      quote: selectOptions(quote),
      islands: { enquiry: islandServices(enquire, 'InlineForm'), quote: islandServices(quote, 'InlineForm'), panel: islandServices(about, 'EnquirePanel'), popup: islandServices(about, 'QuotePopup') },
    };
  };
  const postJson = (type: 'enquiry' | 'quote', service: string) => api().post(`/api/forms/${type}`).send({ ...VALID_FORMS[type], service, ...humanMeta() });
  const postPage = (path: '/enquire' | '/quote', type: 'enquiry' | 'quote', service: string) =>
    api().post(path).type('form').send({ ...VALID_FORMS[type], service });

  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '100' });
    owner = await signInAsAdmin(t, { username: 'forms-owner' });
  });
  afterAll(() => t.destroy());

  it('offers on a fresh install the spec’s words in the spec’s order, the quote form defaulting to Web Development', async () => {
    const fresh = await offered();
    expect(fresh).toEqual({ enquiry: SPEC_ENQUIRY, quote: SPEC_QUOTE, islands: { enquiry: SPEC_ENQUIRY, quote: SPEC_QUOTE, panel: SPEC_ENQUIRY, popup: SPEC_QUOTE } });
    expect(await page('/quote')).toMatch(/<option value="Web Development" selected="">/);
    await postJson('enquiry', 'Mobile Development').expect(201);
    await postJson('quote', 'Branding').expect(201);
    await postJson('quote', 'Other').expect(201);
    // Each form's own words only: the quote's "Branding" is not an enquiry option, nor a page's title.
    for (const [type, service] of [['enquiry', 'Branding'], ['quote', 'Graphic Design'], ['enquiry', 'SEO'], ['enquiry', 'Other']] as const) {
      const refused = await postJson(type, service).expect(400);
      expect([type, service, refused.body]).toEqual([type, service, { error: INVALID_FORM_MESSAGE, fields: { service: 'Please select a service from the list.' } }]);
    }
  });

  it('adds a service staff publish to both forms, after the others (Other last), and accepts it; retired, it leaves them and is refused, its leads keep their words', async () => {
    const key = 'services/video-production';
    await api().put(`/api/content/${key}/draft`).set(owner.headers).send({ data: SLUG_KINDS.services.starting('Video Production'), baseVersion: 0 }).expect(201);
    // A draft is not on the site: not in the forms yet.
    await postJson('enquiry', 'Video Production').expect(400);
    await api().post(`/api/content/${key}/publish`).set(owner.headers).send({ version: 1 }).expect(200);

    const added = await offered();
    const enquiry = [...SPEC_ENQUIRY, 'Video Production'];
    const quote = [...SPEC_QUOTE.slice(0, -1), 'Video Production', 'Other'];
    expect(added).toEqual({ enquiry, quote, islands: { enquiry, quote, panel: enquiry, popup: quote } });
    const enquiryId = (await postJson('enquiry', 'Video Production').expect(201)).body._id as string;
    const quoteId = (await postJson('quote', 'Video Production').expect(201)).body._id as string;
    await postPage('/enquire', 'enquiry', 'Video Production').expect(303);

    await api().post(`/api/content/${key}/retire`).set(owner.headers).send({ redirectTo: '/services' }).expect(200);
    expect(await offered()).toEqual({ enquiry: SPEC_ENQUIRY, quote: SPEC_QUOTE, islands: { enquiry: SPEC_ENQUIRY, quote: SPEC_QUOTE, panel: SPEC_ENQUIRY, popup: SPEC_QUOTE } });
    const refused = await postJson('quote', 'Video Production').expect(400);
    expect(refused.body).toEqual({ error: INVALID_FORM_MESSAGE, fields: { service: 'Please select a service from the list.' } });
    // Without JavaScript: the form again, the message beside the field.
    const again = await postPage('/quote', 'quote', 'Video Production').expect(400);
    expect(again.text).toMatch(/<select[^>]*name="service"[^>]*aria-invalid="true"/);
    expect(again.text).toContain('Please select a service from the list.');

    // The leads that named it keep their words: in the inbox, its detail and the CSV.
    for (const [type, id] of [['enquiry', enquiryId], ['quote', quoteId]] as const) {
      const detail = (await api().get(`/api/leads/${type}/${id}`).set(owner.headers).expect(200)).body as { fields: { service: string } };
      expect(detail.fields.service).toBe('Video Production');
    }
    const csv = await api().get('/api/leads.csv?type=quote').set(owner.headers).buffer(true).parse((response, done) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      response.on('end', () => done(null, text));
    });
    expect(csv.body as string).toContain('Video Production');
  });

  it('offers a shipped service staff name in one form, at the place they give it, in that form only', async () => {
    const key = 'services/seo';
    const current = (await api().get(`/api/content/${key}`).set(owner.headers).expect(200)).body as { published: { version: number; data: { listing: Record<string, unknown> } } };
    const data = current.published.data;
    // SEO ships in neither form: staff offer it in the quote form only, first.
    const draft = await api()
      .put(`/api/content/${key}/draft`)
      .set(owner.headers)
      .send({ data: { ...data, listing: { ...data.listing, quoteName: 'Search Engine Optimisation', quotePlace: 5 } }, baseVersion: current.published.version })
      .expect(200);
    await api().post(`/api/content/${key}/publish`).set(owner.headers).send({ version: draft.body.version }).expect(200);
    const now = await offered();
    expect([now.enquiry, now.quote]).toEqual([SPEC_ENQUIRY, ['Search Engine Optimisation', ...SPEC_QUOTE]]);
    await postJson('quote', 'Search Engine Optimisation').expect(201);
    await postJson('enquiry', 'Search Engine Optimisation').expect(400);
  });
});
