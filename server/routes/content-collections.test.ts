/**
 * Services and industries staff add (issue 41): a new document of a kind that allows it, created
 * with `PUT …/draft {"baseVersion": 0}`, live once published, and the whole site following the
 * published services: the menu, the footer, the home page, /services, the sitemap and its page.
 */
import request from 'supertest';
import { DEFAULT_DOCUMENTS } from '../../shared/content/defaults';
import type { IndustryContent, ServiceContent } from '../../shared/content/documents';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

const seo = DEFAULT_DOCUMENTS['services/seo'] as ServiceContent;
const video: ServiceContent = { ...seo, title: 'Video Production', navLabel: 'Video', summary: 'Films that tell your story.', listing: { ...seo.listing, order: 95, showInMenus: true, enquiryName: 'Video Production', quoteName: 'Video Production' }, seo: { ...seo.seo, title: 'Video Production' } };
const fitness = DEFAULT_DOCUMENTS['industries/fitness'] as IndustryContent;

describe('services and industries staff add', () => {
  let t: TestApp;
  let ann: AdminTestSession;
  const api = () => request(t.app.callback());
  const create = (key: string, data: unknown) => api().put(`/api/content/${key}/draft`).set(ann.headers).send({ data, baseVersion: 0 });
  const publish = (key: string, version: number) => api().post(`/api/content/${key}/publish`).set(ann.headers).send({ version });
  const menuOf = (html: string) => html.slice(html.indexOf('<header'), html.indexOf('</header>'));
  const footerOf = (html: string) => html.slice(html.indexOf('<footer'), html.indexOf('</footer>'));

  beforeAll(async () => {
    t = await createTestApp();
    ann = await signInAsAdmin(t, { username: 'ann' });
  });
  afterAll(() => t.destroy());

  it('adds a service as a draft (201) that visitors do not see until it is published', async () => {
    const created = await create('services/video-production', video);
    expect([created.status, created.body]).toEqual([201, { version: 1, data: video, merged: null }]);
    const item = (await api().get('/api/content/services/video-production').set(ann.headers).expect(200)).body;
    expect(item).toMatchObject({ key: 'services/video-production', title: 'Video Production', group: 'Services', published: { version: 0, data: null }, draft: { version: 1 } });
    const list = (await api().get('/api/content').set(ann.headers).expect(200)).body as { key: string; status: string }[];
    expect(list.find((row) => row.key === 'services/video-production')).toMatchObject({ status: 'draft' });

    await api().get('/services/video-production').expect(404);
    const home = (await api().get('/').expect(200)).text;
    expect(home).not.toContain('/services/video-production');
    expect((await api().get('/sitemap.xml').expect(200)).text).not.toContain('/services/video-production');
  });

  it('puts a published service on its page, in the menu, the footer, the home page, /services and the sitemap', async () => {
    expect((await publish('services/video-production', 1)).status).toBe(200);
    const page = await api().get('/services/video-production').expect(200);
    expect(page.text).toContain('<h1');
    expect(page.text).toContain('Video Production');
    const home = (await api().get('/').expect(200)).text;
    expect(menuOf(home)).toContain('href="/services/video-production"');
    expect(footerOf(home)).toContain('href="/services/video-production"');
    expect(home.slice(home.indexOf('<main'), home.indexOf('</main>'))).toContain('/services/video-production');
    expect((await api().get('/services').expect(200)).text).toContain('/services/video-production');
    expect((await api().get('/sitemap.xml').expect(200)).text).toContain(`${t.config.publicUrl}/services/video-production</loc>`);
    // Its order (95) puts it last of the services, after SEO (90).
    const menu = menuOf(home);
    expect(menu.indexOf('/services/video-production')).toBeGreaterThan(menu.indexOf('/services/seo'));
  });

  it('leaves a service hidden from menus out of the menu and footer, on /services still', async () => {
    const saved = await api().put('/api/content/services/video-production/draft').set(ann.headers).send({ data: { ...video, listing: { ...video.listing, order: 5, showInMenus: false } }, baseVersion: 1 });
    expect(saved.status).toBe(200);
    await publish('services/video-production', saved.body.version as number).expect(200);
    const home = (await api().get('/').expect(200)).text;
    expect(menuOf(home)).not.toContain('/services/video-production');
    expect(footerOf(home)).not.toContain('/services/video-production');
    const page = (await api().get('/services').expect(200)).text;
    const services = page.slice(page.indexOf('<main'), page.indexOf('</main>'));
    // First now (order 5, before web development's 10).
    expect(services.indexOf('/services/video-production')).toBeLessThan(services.indexOf('/services/web-development'));
  });

  it('adds an industry, whose page answers once published', async () => {
    const created = await create('industries/sports-clubs', { ...fitness, label: 'Sports Clubs', listing: { order: 200, showInMenus: true } });
    expect(created.status).toBe(201);
    await api().get('/industries/sports-clubs').expect(404);
    await publish('industries/sports-clubs', 1).expect(200);
    expect((await api().get('/industries/sports-clubs').expect(200)).text).toContain('Sports Clubs');
    expect(menuOf((await api().get('/about').expect(200)).text)).toContain('href="/industries/sports-clubs"');
  });

  it('refuses a key that exists (409), published or not', async () => {
    expect((await create('services/seo', video)).status).toBe(409);
    const again = await create('services/video-production', video);
    expect([again.status, again.body.error]).toEqual([409, expect.stringMatching(/exists already/)]);
  });

  it('answers 404 with the reason for other kinds, bad slugs and reserved addresses', async () => {
    const home = await create('home', DEFAULT_DOCUMENTS.home);
    expect([home.status, home.body.error]).toEqual([404, expect.stringMatching(/cannot be added/)]);
    expect((await create('things/video', video)).status).toBe(404);
    for (const [slug, reason] of [
      ['Video', /lower-case/],
      ['video--production', /single hyphens/],
      ['v', /2 to 60/],
      ['a'.repeat(61), /2 to 60/],
      ['admin', /keeps for itself/],
      ['contact', /keeps for itself/],
    ] as const) {
      const answer = await create(`services/${slug}`, video);
      expect([slug, answer.status, answer.body.error]).toEqual([slug, 404, expect.stringMatching(reason)]);
    }
    // An unknown service that could exist is simply not there.
    await api().get('/api/content/services/not-yet').set(ann.headers).expect(404);
    await publish('services/not-yet', 1).expect(404);
    await api().get('/services/not-yet').expect(404);
  });

  it('forgets a service never published when its draft is discarded', async () => {
    await create('services/short-lived', { ...video, title: 'Short Lived' }).expect(201);
    await api().delete('/api/content/services/short-lived/draft').set(ann.headers).expect(200);
    await api().get('/api/content/services/short-lived').set(ann.headers).expect(404);
    await create('services/short-lived', { ...video, title: 'Short Lived' }).expect(201);
  });
});
