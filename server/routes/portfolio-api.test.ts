import request from 'supertest';
import { createPortfolioService } from '../services/portfolio';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { htmlFile, oversizedFile, picture, pngHeaderOnly, submission, svgWithScript } from '../../tests/helpers/portfolio-fixtures';
import { messages } from '../messages';

const { badCsrfToken, notSignedIn } = messages.admin;

describe('portfolio API', () => {
  let t: TestApp;
  let admin: AdminTestSession;
  const count = async (table: string) => Number((await t.db(table).count<{ count: string }[]>('* as count'))[0]!.count);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAsAdmin(t);
  });
  afterEach(async () => {
    await t.db('portfolio_items').delete();
  });
  afterAll(() => t.destroy());

  /** A signed-in admin's request (session cookie, CSRF token, same origin). */
  const asAdmin = (method: 'post' | 'put' | 'delete', path: string) => request(t.app.callback())[method](path).set(admin.headers);
  const post = () =>
    asAdmin('post', '/api/portfolio')
      .field('title', 'Harbour Website')
      .field('client', 'Harbour Ltd')
      .field('description', 'A new website for a harbour.')
      .field('categories', 'web')
      .field('displayCategories', 'Web Development')
      .field('displayCategories', 'Real Estate');

  it('refuses a signed-in write without its CSRF token and stores nothing', async () => {
    const res = await request(t.app.callback())
      .post('/api/portfolio')
      .set({ Cookie: admin.cookie, Origin: admin.headers.Origin })
      .field('title', 'X')
      .field('client', 'Y')
      .field('description', 'Z');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: badCsrfToken });
    expect(await count('portfolio_items')).toBe(0);
  });

  it('refuses every write without an admin session (401) and stores nothing', async () => {
    const app = t.app.callback();
    const item = await createPortfolioService({ db: t.db, contentVersion: t.contentVersion }).create(submission());
    for (const call of [
      request(app).post('/api/portfolio').field('title', 'X').field('client', 'Y').field('description', 'Z'),
      request(app).put(`/api/portfolio/${item._id}`).field('title', 'X'),
      request(app).delete(`/api/portfolio/${item._id}`),
    ]) {
      const res = await call.expect(401);
      expect(res.body).toEqual({ error: notSignedIn });
    }
    expect(await count('portfolio_items')).toBe(1);
  });

  it('lists and reads items publicly with the spec names', async () => {
    const service = createPortfolioService({ db: t.db, contentVersion: t.contentVersion });
    const item = await service.create(submission({}, { mainImage: { label: 'Main image', data: await picture('png', 600, 400) } }));
    const list = await request(t.app.callback()).get('/api/portfolio').expect(200);
    expect(list.body).toHaveLength(1);
    expect(Object.keys(list.body[0]).sort()).toEqual(
      [
        '_id', 'title', 'description', 'client', 'date', 'completionDate', 'technologies', 'websiteLink', 'challenge', 'solution', 'results', 'bgColor',
        'testimonial', 'whatWeDelivered', 'categories', 'displayCategories', 'image', 'images', 'imageSet', 'heroImageSet', 'sliderImageSets', 'thumbnailSets',
        'createdAt', 'updatedAt',
      ].sort(),
    );
    expect(list.body[0].image).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
    const one = await request(t.app.callback()).get(`/api/portfolio/${item._id}`).expect(200);
    expect(one.body).toEqual(list.body[0]);
    const missing = await request(t.app.callback()).get('/api/portfolio/5b0d8c1e-0000-4000-8000-000000000000').expect(404);
    expect(missing.body).toEqual({ error: 'Portfolio not found' });
    await request(t.app.callback()).get('/api/portfolio/not-an-id').expect(404);
  });

  it('serves stored images by content address, immutable, nosniff and typed', async () => {
    const service = createPortfolioService({ db: t.db, contentVersion: t.contentVersion });
    const item = await service.create(submission({}, { mainImage: { label: 'Main image', data: await picture('jpeg', 600, 400) } }));
    for (const [source, type] of [
      [item.imageSet!.avif[0]!, 'image/avif'],
      [item.imageSet!.webp[0]!, 'image/webp'],
      [item.imageSet!.jpeg[0]!, 'image/jpeg'],
    ] as const) {
      const res = await request(t.app.callback()).get(source.url).buffer(true).expect(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const jpeg = item.imageSet!.jpeg[0]!.url;
    await request(t.app.callback()).get(jpeg.replace('.jpg', '.webp')).expect(404);
    await request(t.app.callback()).get(`/media/${'0'.repeat(64)}.jpg`).expect(404);
    await request(t.app.callback()).get('/media/../../etc/passwd').expect(404);
  });

  it('creates from the multipart form the spec describes, keeping three of four slider images', async () => {
    const [main, ...sliders] = await Promise.all([picture('jpeg', 900, 600), ...['#f00', '#0f0', '#00f', '#ff0'].map((c) => picture('png', 800, 600, c))]);
    let call = post()
      .field('completionDate', '')
      .field('technologies', 'Astro, Tailwind')
      .field('websiteLink', 'https://harbour.example.com')
      .field('challenge', 'Slow site')
      .field('solution', 'Fast site')
      .field('results', 'Happy harbour')
      .field('bgColor', '#112233')
      .field('testimonial', JSON.stringify({ text: 'Superb', author: 'Ann', position: 'CEO' }))
      .field('whatWeDelivered', JSON.stringify({ description: 'Everything', items: [{ title: 'Speed', icon: 'speed' }] }))
      .attach('image', main, 'main.jpg');
    sliders.forEach((data, index) => (call = call.attach('sliderImages', data, `slide-${index}.png`)));
    const res = await call.expect(201);
    expect(res.headers.location).toBe(`/api/portfolio/${res.body._id}`);
    expect(res.body).toMatchObject({
      title: 'Harbour Website',
      categories: ['web', 'real-estate'],
      displayCategories: ['Web Development', 'Real Estate'],
      technologies: 'Astro, Tailwind',
      websiteLink: 'https://harbour.example.com',
      bgColor: '#112233',
      testimonial: { text: 'Superb', author: 'Ann', position: 'CEO' },
      whatWeDelivered: { description: 'Everything', items: [{ title: 'Speed', icon: 'speed' }] },
    });
    expect(res.body.completionDate).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(res.body.images).toHaveLength(3);
    expect(await count('portfolio_images')).toBe(4);
  });

  it('edits with PUT: fields saved, main image kept, slider images kept by id and added', async () => {
    const created = await post().attach('image', await picture('png', 600, 400), 'a.png').attach('sliderImages', await picture('png', 800, 600), 'b.png').expect(201);
    const keep = created.body.sliderImageSets[0].id as string;
    const res = await asAdmin('put', `/api/portfolio/${created.body._id}`)
      .field('title', 'Harbour Website (relaunch)')
      .field('client', 'Harbour Ltd')
      .field('description', 'Relaunched.')
      .field('displayCategories', 'App Development')
      .field('keepSliderImages', keep)
      .attach('sliderImages', await picture('webp', 800, 600), 'c.webp')
      .expect(200);
    expect(res.body).toMatchObject({ title: 'Harbour Website (relaunch)', categories: ['app-development'], image: created.body.image });
    expect(res.body.images).toEqual([created.body.images[0], expect.stringMatching(/^\/media\//)]);
    expect((await request(t.app.callback()).get(`/api/portfolio/${created.body._id}`)).body.title).toBe('Harbour Website (relaunch)');
  });

  it('deletes with 204, then 404', async () => {
    const created = await post().expect(201);
    await asAdmin('delete', `/api/portfolio/${created.body._id}`).expect(204);
    const again = await asAdmin('delete', `/api/portfolio/${created.body._id}`).expect(404);
    expect(again.body).toEqual({ error: 'Portfolio not found' });
    expect(await count('portfolio_items')).toBe(0);
  });

  it.each([
    ['an HTML file named .png', htmlFile, 'page.png', 415],
    ['an SVG with script', svgWithScript, 'logo.png', 415],
    ['an empty file', Buffer.alloc(0), 'empty.png', 400],
    ['a 50000×50000 PNG', pngHeaderOnly(50_000, 50_000), 'bomb.png', 422],
  ])('rejects %s in the form and stores nothing', async (_name, data, filename, status) => {
    const res = await post().attach('image', data, { filename, contentType: 'image/png' }).expect(status);
    expect(res.body.error).toContain(filename);
    expect(await count('portfolio_items')).toBe(0);
    expect(await count('portfolio_image_files')).toBe(0);
  });

  it('stops reading a file over 10 MB while it streams (413) and stores nothing', async () => {
    const res = await post().attach('sliderImages', oversizedFile, 'huge.png').expect(413);
    expect(res.body.error).toBe('Each image must be at most 10 MB.');
    expect(await count('portfolio_items')).toBe(0);
  });

  it('answers form mistakes with 400 and the field messages, and non-multipart bodies with 415', async () => {
    const res = await asAdmin('post', '/api/portfolio').field('client', 'Harbour').field('websiteLink', 'harbour.com').expect(400);
    expect(res.body.error).toBe('Title is required.');
    expect(res.body.fields).toMatchObject({ title: 'Title is required.', description: 'Description is required.', websiteLink: expect.stringContaining('http') });
    await post().attach('photo', await picture('png', 10, 10), 'x.png').expect(400);
    await asAdmin('post', '/api/portfolio').send({ title: 'JSON' }).expect(415);
    expect(await count('portfolio_items')).toBe(0);
  });

  it('refuses text PostgreSQL cannot store (a NUL byte, a lone surrogate) with 400, in any field', async () => {
    for (const field of ['title', 'client', 'description', 'technologies', 'challenge', 'completionDate', 'categories', 'displayCategories']) {
      const res = await asAdmin('post', '/api/portfolio')
        .field('title', 'Harbour Website')
        .field('client', 'Harbour Ltd')
        .field('description', 'A new website for a harbour.')
        .field(field, 'bad\u0000text\ud800')
        .attach('image', await picture('png', 600, 400), 'cover.png');
      expect(res.status).toBe(400);
      expect(res.body.fields[field]).toMatch(/not allowed/);
    }
    const testimonial = await post().field('testimonial', JSON.stringify({ text: 'a\u0000b', author: 'A', position: 'B' })).expect(400);
    expect(testimonial.body.fields).toHaveProperty('testimonial');
    expect(await count('portfolio_items')).toBe(0);
  });
});
