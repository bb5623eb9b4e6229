import request from 'supertest';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { FORM_DEFINITIONS } from '../../shared/forms';
import { PAGE_ADDRESSES } from '../site/page-lookup';
import { createPortfolioService } from '../services/portfolio';
import { picture, submission, upload } from '../../tests/helpers/portfolio-fixtures';

const PUBLISHED_PHONE = '+1 (555) 010-2030';
const DRAFT_PHONE = '+1 (555) 999-0000';

/** Saves `change(data)` as the document's draft, as the content API does (a new version). */
async function saveDraft(t: TestApp, key: string, change: (data: Record<string, unknown>) => Record<string, unknown>) {
  const row = (await t.db('content_documents').where({ key }).first('published_data', 'draft_data')) as { published_data: Record<string, unknown>; draft_data: Record<string, unknown> | null };
  const data = change(structuredClone(row.draft_data ?? row.published_data));
  await t.db('content_documents')
    .where({ key })
    .update({ draft_data: JSON.stringify(data), version: t.db.raw('version + 1'), draft_version: t.db.raw('version + 1'), draft_saved_at: new Date(), draft_saved_by: 'test' });
}

async function dropDraft(t: TestApp, key: string) {
  await t.db('content_documents').where({ key }).update({ draft_data: null, draft_version: null, draft_saved_at: null, draft_saved_by: null });
}

/** The pop-ups a page of the site may open (the region and free-offer modal opens by itself on the home page). */
const POP_UPS = /data-island="(EnquirePanel|QuotePopup|RegionOfferModal)"/;

/**
 * The checks every preview answer passes: kept by nobody, listed by no search engine, marked as a
 * preview of a draft (or, `live`, of what is published), and with no pop-up to open over it.
 */
function expectPreviewAnswer(response: request.Response, { live = false } = {}) {
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['x-robots-tag']).toMatch(/noindex/);
  expect(response.text).toMatch(/<meta name="robots" content="noindex[^"]*"\/>/);
  if (live) expect(response.text).toContain('<aside class="preview-bar preview-bar--live" aria-label="Preview"><p class="preview-bar__text"><strong>This version is now live.</strong>');
  else expect(response.text).toContain('<aside class="preview-bar" aria-label="Preview"><p class="preview-bar__text"><strong>Preview — not published.</strong>');
  // A preview counts no page view, and opens no pop-up.
  expect(response.text).not.toContain('data-view-pixel');
  expect(response.text).not.toMatch(POP_UPS);
}

describe('previews of drafts', () => {
  let t: TestApp;
  let owner: AdminTestSession;
  let editor: AdminTestSession;
  const api = () => request(t.app.callback());
  const page = (path: string, session?: AdminTestSession) => {
    const pending = api().get(path).set('Accept', 'text/html');
    return session ? pending.set('Cookie', session.cookie) : pending;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signInAsAdmin(t);
    editor = await signInAsAdmin(t, { username: 'preview-editor', role: 'editor' });
  });
  afterAll(() => t.destroy());
  afterEach(async () => {
    for (const key of ['business', 'home', 'stats']) await dropDraft(t, key);
  });

  it('shows staff the draft phone number on the real page while the public page keeps the published one', async () => {
    await saveDraft(t, 'business', (data) => ({ ...data, phone: DRAFT_PHONE }));
    // The public page first, so it is in the render cache when the preview is asked for.
    expect((await page('/').expect(200)).text).toContain(PUBLISHED_PHONE);

    const preview = await page('/admin/preview/business', editor).expect(200);
    expectPreviewAnswer(preview);
    expect(preview.text).toContain(DRAFT_PHONE);
    expect(preview.text).not.toContain(PUBLISHED_PHONE);
    expect(preview.text).toContain('the draft of “Agency details”');
    // The draft is in the JSON-LD too, and the page is the home page (its canonical address).
    expect(preview.text).toContain('"telephone":"+15559990000"');
    expect(preview.text).toContain('<link rel="canonical" href="https://agency.test/"/>');

    const published = await page('/').expect(200);
    expect(published.text).toContain(PUBLISHED_PHONE);
    expect(published.text).not.toContain(DRAFT_PHONE);
    expect(published.headers['cache-control']).not.toBe('no-store');
    // A site-wide document previews on any page.
    expect((await page('/admin/preview/business?path=/privacy', owner).expect(200)).text).toContain(DRAFT_PHONE);
  });

  it('takes the title, description and sharing image from the draft', async () => {
    await saveDraft(t, 'home', (data) => ({
      ...data,
      seo: { title: 'Draft home title', description: 'Draft description of the home page.', image: { src: 'images/hero.svg', alt: 'Hero', decorative: false } },
      banner: { ...(data.banner as object), heading: 'A draft heading' },
    }));
    const { text } = await page('/admin/preview/home', owner).expect(200);
    expect(text).toContain('<title>Draft home title | Brightpath Digital</title>');
    expect(text).toContain('<meta name="description" content="Draft description of the home page."/>');
    expect(text).toMatch(/<meta property="og:image" content="https:\/\/agency\.test\/[^"]*hero[^"]*\.svg"\/>/);
    expect(text).toContain('A draft heading');
    expect((await page('/').expect(200)).text).not.toContain('A draft heading');
  });

  it('shows the published content, said to be live, when there is no draft', async () => {
    const preview = await page('/admin/preview/services/seo', owner).expect(200);
    expectPreviewAnswer(preview, { live: true });
    expect(preview.text).toMatch(/“SEO” as visitors see it \(version \d+, published on \d+ \w+ \d{4}\); no change is waiting\./);
    expect(preview.text).toContain('<link rel="canonical" href="https://agency.test/services/seo"/>');
    expect((await page('/admin/preview/services%2Fseo', owner).expect(200)).text).toContain('<link rel="canonical" href="https://agency.test/services/seo"/>');
  });

  it('renders a page exactly as its public route does, but for the preview bar, the robots tag, the view pixel and the pop-ups', async () => {
    const item = await createPortfolioService({ db: t.db, contentVersion: t.contentVersion }).create(submission({}, { mainImage: upload(await picture('png')) }));
    const paths = [...PAGE_ADDRESSES, `/portfolio/${item._id}`];
    expect(paths).toContain(FORM_DEFINITIONS.quote.pagePath);
    const strip = (html: string) =>
      html
        .replace(/<aside class="preview-bar[ "][\s\S]*?<\/aside>/, '')
        .replace(/<meta name="robots" content="noindex, nofollow"\/>/, '')
        .replace(/<noscript data-view-pixel[\s\S]*?<\/noscript>/, '')
        // The pop-ups' islands come last, just before "Back to top".
        .replace(/<div class="island" data-island="EnquirePanel"[\s\S]*?(?=<a href="#top" class="back-to-top">)/, '');
    for (const path of paths) {
      const live = await page(path).expect(200);
      const preview = await page(`/admin/preview/business?path=${encodeURIComponent(path)}`, owner).expect(200);
      expect({ path, html: strip(preview.text) }).toEqual({ path, html: strip(live.text) });
    }
  }, 90_000);

  it('previews a document on its own pages only', async () => {
    await saveDraft(t, 'stats', (data) => ({ ...data, items: [{ value: '77%', label: 'Draft figure', detail: 'A figure only the draft has.' }] }));
    expect((await page('/admin/preview/stats', owner).expect(200)).text).toContain('Draft figure');
    expect((await page('/admin/preview/stats?path=/about', owner).expect(200)).text).toContain('Draft figure');
    const elsewhere = await page('/admin/preview/stats?path=/privacy', owner).expect(400);
    expect(elsewhere.text).toContain('This document is not shown on that page');
    expect(elsewhere.headers['cache-control']).toBe('no-store');
    await page('/admin/preview/no-such-document', owner).expect(404);
    await page('/admin/preview/business?path=/no-such-page', owner).expect(404);
  });

  it('refuses a preview to anyone not signed in', async () => {
    await saveDraft(t, 'business', (data) => ({ ...data, phone: DRAFT_PHONE }));
    const anonymous = await page('/admin/preview/business').expect(401);
    expect(anonymous.text).not.toContain(DRAFT_PHONE);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    await api().get('/admin/preview/business').set('Accept', 'application/json').expect(401);
  });

  describe('preview links', () => {
    const createLink = (key: string, body: object = {}, session = editor) => api().post(`/api/content/${key}/preview-links`).set(session.headers).send(body);
    const tokenPath = (url: string) => new URL(url).pathname;

    it('says the truth after a publish: the draft and the version visitors see, then that this version is now live; no pop-up opens', async () => {
      await saveDraft(t, 'home', (data) => ({ ...data, banner: { ...(data.banner as object), heading: 'The client’s new heading' } }));
      const { url } = (await createLink('home').expect(201)).body as { url: string };
      const before = await page(tokenPath(url)).expect(200);
      expectPreviewAnswer(before);
      const row = (await t.db('content_documents').where({ key: 'home' }).first('draft_version', 'published_version')) as { draft_version: number; published_version: number };
      expect(before.text).toMatch(new RegExp(`Showing the draft of “Home” \\(version ${row.draft_version}\\); visitors see version ${row.published_version}, published on \\d+ \\w+ \\d{4}\\.`));
      // The live home page opens the region and offer modal by itself; its preview does not.
      expect((await page('/').expect(200)).text).toMatch(/data-island="RegionOfferModal" data-hydrate="load"/);

      await request(t.app.callback()).post('/api/content/home/publish').set(owner.headers).send({ version: row.draft_version }).expect(200);
      const after = await page(tokenPath(url)).expect(200);
      expectPreviewAnswer(after, { live: true });
      expect(after.text).toContain('The client’s new heading');
      expect(after.text).toContain(`“Home” as visitors see it (version ${row.draft_version}, published on`);
      expect(after.text).not.toContain('not published');
      expect(after.text).not.toContain('visitors still see');
    });

    it('opens the draft as it is when viewed, signed out, until revoked', async () => {
      await saveDraft(t, 'business', (data) => ({ ...data, phone: DRAFT_PHONE }));
      const created = await createLink('business').expect(201);
      const { id, url, expiresAt } = created.body as { id: string; url: string; expiresAt: string };
      expect(url).toMatch(/^https:\/\/agency\.test\/preview\/[0-9a-f]{64}$/);
      const days = (new Date(expiresAt).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThanOrEqual(7);

      const opened = await page(tokenPath(url)).expect(200);
      expectPreviewAnswer(opened);
      expect(opened.headers['referrer-policy']).toBe('same-origin');
      expect(opened.text).toContain(DRAFT_PHONE);
      expect(opened.text).toContain('This link works until');
      expect(opened.headers['set-cookie']).toBeUndefined();

      // The draft as it is now, not as it was when the link was made.
      await saveDraft(t, 'business', (data) => ({ ...data, phone: '+1 (555) 222-3333' }));
      expect((await page(tokenPath(url)).expect(200)).text).toContain('+1 (555) 222-3333');

      const listed = await api().get('/api/content/business/preview-links').set('Cookie', editor.cookie).expect(200);
      expect(listed.body).toEqual([expect.objectContaining({ id, key: 'business', createdBy: 'preview-editor', expiresAt, revokedAt: null, state: 'active' })]);
      expect(JSON.stringify(listed.body)).not.toContain(tokenPath(url).slice('/preview/'.length));
      // Staff know each other by name: the maker's display name once the account has one.
      await t.db('admin_users').where({ username: 'preview-editor' }).update({ display_name: 'Priya Shah' });
      expect((await api().get('/api/content/business/preview-links').set('Cookie', editor.cookie).expect(200)).body[0].createdBy).toBe('Priya Shah');

      await api().delete(`/api/content/preview-links/${id}`).set(owner.headers).expect(204);
      const revoked = await page(tokenPath(url)).expect(404);
      expect(revoked.headers['content-type']).toMatch(/text\/html/);
      expect(revoked.headers['cache-control']).toBe('no-store');
      expect(revoked.text).not.toContain('222-3333');
      await api().delete(`/api/content/preview-links/${id}`).set(owner.headers).expect(204);
      expect((await api().get('/api/content/business/preview-links').set('Cookie', editor.cookie).expect(200)).body[0]).toMatchObject({ state: 'revoked' });

      const audit = await t.db('audit_log').whereIn('action', ['content.preview-link', 'content.preview-link-revoke']).where({ target_id: 'business' }).orderBy('id').select('action', 'actor_name', 'target_id');
      expect(audit).toEqual([
        { action: 'content.preview-link', actor_name: 'preview-editor', target_id: 'business' },
        { action: 'content.preview-link-revoke', actor_name: 'test-admin', target_id: 'business' },
      ]);
    });

    it('stops working once expired', async () => {
      const { url, id } = (await createLink('services/seo', { days: 30 }).expect(201)).body as { url: string; id: string };
      await page(tokenPath(url)).expect(200);
      await t.db('content_preview_links').where({ id }).update({ expires_at: new Date(Date.now() - 1000) });
      const expired = await page(tokenPath(url)).expect(404);
      expect(expired.text).toContain('Page not found');
      expect(expired.headers['cache-control']).toBe('no-store');
      expect((await api().get('/api/content/services%2Fseo/preview-links').set('Cookie', editor.cookie).expect(200)).body[0]).toMatchObject({ state: 'expired' });
    });

    it('answers 404 for a token that is not one, and refuses bad requests', async () => {
      await page(`/preview/${'0'.repeat(64)}`).expect(404);
      await page('/preview/not-a-token').expect(404);
      expect((await createLink('business', { days: 31 }).expect(400)).body.error).toMatch(/1 to 30/);
      await createLink('business', { days: 0 }).expect(400);
      await createLink('business', { hours: 3 }).expect(400);
      await createLink('no-such-document').expect(404);
      await api().delete('/api/content/preview-links/not-an-id').set(owner.headers).expect(404);
      await api().delete('/api/content/preview-links/00000000-0000-4000-8000-000000000000').set(owner.headers).expect(404);
      await api().post('/api/content/business/preview-links').send({}).expect(401);
    });

    // Last: it uses up this network's preview views for the minute.
    it('limits how many preview pages one network opens a minute', async () => {
      const statuses: number[] = [];
      // Windows are whole minutes: should one end during the loop, the next one fills up too.
      for (let view = 0; view < 125 && !statuses.includes(429); view += 1) statuses.push((await page(`/preview/${'1'.repeat(64)}`)).status);
      expect(statuses.at(-1)).toBe(429);
      expect(new Set(statuses.slice(0, -1))).toEqual(new Set([404]));
    });
  });
});
