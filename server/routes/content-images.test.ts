import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, TEST_ASSETS_DIR, type TestApp } from '../../tests/helpers/test-app';
import { htmlFile, oversizedFile, picture, svgWithScript } from '../../tests/helpers/portfolio-fixtures';
import { DEFAULT_DOCUMENTS } from '../../shared/content/defaults';
import { image } from '../../shared/content/fields';
import type { ContentDocuments, ContentKey } from '../../shared/content/documents';
import { portfolioMessages } from '../../shared/portfolio/messages';
import { messages } from '../messages';

// Every upload runs the real encoder (a child process making AVIF, WebP and JPEG): slow on a busy machine.
jest.setTimeout(90_000);

/** The content the site shipped with, of one document. */
const defaults = <K extends ContentKey>(key: K) => DEFAULT_DOCUMENTS[key] as ContentDocuments[K];

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

describe('content images', () => {
  let t: TestApp;
  let admin: AdminTestSession;
  const api = () => request(t.app.callback());
  const count = async (table: string) => Number((await t.db(table).count<{ count: string }[]>('* as count'))[0]!.count);
  const upload = (data: Buffer, filename: string, field = 'file') => api().post('/api/content/images').set(admin.headers).attach(field, data, { filename, contentType: 'image/png' });

  /** Publishes `data` as `key` the way the publish path leaves it, and has the pages show it. */
  const publish = async <K extends ContentKey>(key: K, change: (data: ContentDocuments[K]) => void) => {
    const data = structuredClone(defaults(key));
    change(data);
    await t.db('content_documents').where({ key }).update({ published_data: JSON.stringify(data) });
    await t.siteContent.load();
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAsAdmin(t);
  });
  afterEach(async () => {
    for (const key of ['home', 'contact', 'business', 'testimonials', 'industries/real-estate']) {
      await t.db('content_documents').where({ key }).update({ published_data: JSON.stringify(DEFAULT_DOCUMENTS[key]) });
    }
    await t.db('content_images').delete();
    await t.siteContent.load();
  });
  afterAll(() => t.destroy());

  it('stores an uploaded PNG as AVIF, WebP and JPEG renditions served from /media, and lists it', async () => {
    const res = await upload(await picture('png', 1200, 800), 'banner.png').expect(201);
    expect(res.body).toEqual({ src: expect.stringMatching(new RegExp(`^/media/content/${UUID}$`)), width: 1200, height: 800 });

    const files = await t.db('portfolio_image_files').whereNotNull('content_image_id').select('variant', 'format', 'width', 'height', 'sha256').orderBy(['width', 'format']);
    // The upload's own shape (3:2, no crop), never enlarged: 480, 960 and its own 1200.
    expect(files.map((file) => `${file.format} ${file.width}×${file.height}`)).toEqual([
      'avif 480×320', 'jpeg 480×320', 'webp 480×320',
      'avif 960×640', 'jpeg 960×640', 'webp 960×640',
      'avif 1200×800', 'jpeg 1200×800', 'webp 1200×800',
    ]);
    expect(new Set(files.map((file) => file.variant))).toEqual(new Set(['content']));
    for (const file of files) {
      const ext = { avif: 'avif', webp: 'webp', jpeg: 'jpg' }[file.format as 'avif' | 'webp' | 'jpeg'];
      const served = await api().get(`/media/${file.sha256}.${ext}`).expect(200);
      expect(served.headers['content-type']).toBe(`image/${file.format}`);
    }

    // The src itself leads to the largest JPEG (for anything showing it as it is).
    const redirect = await api().get(res.body.src).redirects(0).expect(302);
    expect(redirect.headers.location).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);

    const list = await api().get('/api/content/images').set(admin.headers).expect(200);
    expect(list.body).toEqual([
      {
        id: res.body.src.split('/').pop(),
        src: res.body.src,
        width: 1200,
        height: 800,
        name: 'banner.png',
        previewUrl: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.webp$/),
        createdAt: expect.any(String),
        createdBy: admin.username,
      },
    ]);
    const audit = await t.db('audit_log').where({ action: 'content-image.upload' }).first('summary', 'target_type');
    expect(audit).toEqual({ summary: 'banner.png', target_type: 'content-image' });
  });

  it('keeps a small image at its own size (a logo is not enlarged)', async () => {
    const res = await upload(await picture('png', 120, 40), 'logo.png').expect(201);
    expect(res.body).toMatchObject({ width: 120, height: 40 });
    expect(await count('portfolio_image_files')).toBe(3);
  });

  it('draws an uploaded banner as <picture> with AVIF and WebP sources, and shares it as an absolute JPEG', async () => {
    const { src } = (await upload(await picture('png', 1000, 750), 'banner.png').expect(201)).body as { src: string };
    await publish('home', (home) => {
      home.banner.image = { src, alt: 'Our team at work', decorative: false };
      home.seo.image = { src, alt: 'Our team at work', decorative: false };
    });
    const html = (await api().get('/').expect(200)).text;
    const drawn = /<picture class="hero__image">([\s\S]*?)<\/picture>/.exec(html)?.[1];
    expect(drawn).toBeDefined();
    expect(drawn).toMatch(/<source type="image\/avif" srcSet="\/media\/[0-9a-f]{64}\.avif 480w, \/media\/[0-9a-f]{64}\.avif 960w" sizes="[^"]+"\/>/);
    expect(drawn).toMatch(/<source type="image\/webp" srcSet="[^"]*\.webp 960w"/);
    expect(drawn).toMatch(/<img src="\/media\/[0-9a-f]{64}\.jpg" srcSet="[^"]+" sizes="[^"]+" alt="Our team at work" width="960" height="720" loading="eager" decoding="async" fetchPriority="high"\/>/);
    expect(html).toMatch(/<meta property="og:image" content="https:\/\/agency\.test\/media\/[0-9a-f]{64}\.jpg"\/>/);
  });

  it('uses the uploaded sharing image of the business for pages without their own', async () => {
    const { src } = (await upload(await picture('jpeg', 1200, 630), 'share.jpg').expect(201)).body as { src: string };
    await publish('business', (business) => {
      business.sharingImage = { src, alt: 'Brightpath', decorative: false };
    });
    const html = (await api().get('/contact').expect(200)).text;
    expect(html).toMatch(/<meta property="og:image" content="https:\/\/agency\.test\/media\/[0-9a-f]{64}\.jpg"\/>/);
  });

  it('draws uploaded map, sample card and testimonial logo images as <picture>', async () => {
    const { src } = (await upload(await picture('png', 900, 600), 'photo.png').expect(201)).body as { src: string };
    await publish('contact', () => undefined);
    await publish('business', (business) => {
      business.mapImage = { src, alt: 'Map of the office', decorative: false };
    });
    await publish('industries/real-estate', (industry) => {
      industry.sampleCards[0]!.image = { src, alt: '', decorative: true };
    });
    await publish('testimonials', (testimonials) => {
      testimonials.items[0]!.logo = { src, alt: 'Client logo', decorative: false };
    });
    const contact = (await api().get('/contact').expect(200)).text;
    expect(contact).toMatch(/<figure class="contact-map"><a [^>]+><picture><source type="image\/avif"[^>]+><source type="image\/webp"[^>]+><img [^>]*alt="Map of the office" width="900" height="600" loading="lazy"/);
    const industry = (await api().get('/industries/real-estate').expect(200)).text;
    expect(industry).toMatch(/<picture><source type="image\/avif"[^>]+><source type="image\/webp"[^>]+><img [^>]*alt="" width="900" height="600" loading="lazy"/);
    const home = (await api().get('/').expect(200)).text;
    expect(home).toMatch(/<picture class="testimonial__logo"><source type="image\/avif"[^>]+><source type="image\/webp"[^>]+><img [^>]*alt="Client logo" width="900" height="600"/);
  });

  it('keeps the markup of images shipped with the site exactly as it was', async () => {
    const manifest = JSON.parse(readFileSync(path.join(TEST_ASSETS_DIR, 'manifest.json'), 'utf8')) as { files: Record<string, string> };
    const url = (file: string) => manifest.files[file]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const home = (await api().get('/').expect(200)).text;
    const banner = defaults('home').banner.image;
    expect(home).toContain(`<img class="hero__image" src="${manifest.files[banner.src]}" alt="${banner.decorative ? '' : banner.alt}" width="600" height="450" fetchPriority="high"/>`);
    expect(home).not.toContain('<picture class="hero__image"');
    expect(home).toMatch(new RegExp(`<img class="testimonial__logo" src="${url(defaults('testimonials').items[0]!.logo.src)}" alt="[^"]*" width="120" height="40" loading="lazy"/>`));
    const contact = (await api().get('/contact').expect(200)).text;
    const map = defaults('business').mapImage;
    expect(contact).toContain(`<img src="${manifest.files[map.src]}" alt="${map.decorative ? '' : map.alt}" width="600" height="400" loading="lazy"/>`);
    const industry = (await api().get('/industries/real-estate').expect(200)).text;
    const card = defaults('industries/real-estate').sampleCards[0]!.image;
    expect(industry).toContain(`<img src="${manifest.files[card.src]}" alt="" width="600" height="400" loading="lazy"/>`);
  });

  it.each([
    ['an SVG', svgWithScript, 'logo.svg', 415, portfolioMessages.svgRejected],
    ['an HTML file named .png', htmlFile, 'page.png', 415, portfolioMessages.notAnImage],
    ['an empty file', Buffer.alloc(0), 'empty.png', 400, portfolioMessages.emptyFile],
  ])('refuses %s with a clear message and stores nothing', async (_name, data, filename, status, message) => {
    const res = await upload(data, filename).expect(status);
    expect(res.body.error).toContain(filename);
    expect(res.body.error).toContain(message);
    expect(await count('content_images')).toBe(0);
    expect(await count('portfolio_image_files')).toBe(0);
  });

  it('stops reading a file over 10 MB (413), and refuses a body without the one file (400, 415)', async () => {
    expect((await upload(oversizedFile, 'huge.png').expect(413)).body).toEqual({ error: portfolioMessages.fileTooLarge });
    expect((await upload(await picture('png', 100, 100), 'a.png', 'image').expect(400)).body.error).toMatch(/only "file" takes a file/);
    expect((await api().post('/api/content/images').set(admin.headers).field('name', 'x').expect(400)).body.error).toMatch(/Choose an image/);
    expect((await api().post('/api/content/images').set(admin.headers).send({ src: 'x' }).expect(415)).body.error).toMatch(/multipart/);
    expect(await count('content_images')).toBe(0);
  });

  it('refuses anonymous visitors (401) and a write without the CSRF token (403)', async () => {
    const png = await picture('png', 100, 100);
    expect((await api().post('/api/content/images').attach('file', png, 'a.png').expect(401)).body).toEqual({ error: messages.admin.notSignedIn });
    await api().get('/api/content/images').expect(401);
    await api().post('/api/content/images').set({ Cookie: admin.cookie, Origin: admin.headers.Origin }).attach('file', png, 'a.png').expect(403);
    expect(await count('content_images')).toBe(0);
  });

  it('accepts exactly /media/content/<uuid> or a shipped image as an image field', () => {
    const field = image('Banner');
    const ok = (src: string) => field.safeParse({ src, alt: 'x', decorative: false }).success;
    expect(ok('/media/content/0b6a1c9e-1d2f-4c1e-9a3b-1234567890ab')).toBe(true);
    expect(ok('images/hero.svg')).toBe(true);
    for (const src of ['/media/content/0B6A1C9E-1D2F-4C1E-9A3B-1234567890AB', '/media/content/0b6a1c9e-1d2f-4c1e-9a3b-1234567890ab/x', '/media/0123.jpg', '/media/content/../admin', 'https://evil.example/x.png', 'images/../x.svg']) {
      expect(ok(src)).toBe(false);
    }
  });
});
