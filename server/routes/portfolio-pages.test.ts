import request from 'supertest';
import { industries } from '../../shared/content/defaults/industries';
import { createPortfolioService, type PortfolioService } from '../services/portfolio';
import { PORTFOLIO_CATEGORY_PAGES } from '../../shared/portfolio/category-pages';
import type { PortfolioItemJson } from '../../shared/portfolio/item';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { picture, submission } from '../../tests/helpers/portfolio-fixtures';

const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
const LONG = 'Twelve words describe this project so the card has to cut it short here.';

describe('portfolio pages', () => {
  let t: TestApp;
  let portfolio: PortfolioService;
  const get = (path: string) => request(t.app.callback()).get(path).set('Accept', 'text/html');

  beforeAll(async () => {
    t = await createTestApp();
    portfolio = createPortfolioService({ db: t.db, contentVersion: t.contentVersion });
  });
  afterEach(async () => {
    await t.db('portfolio_items').delete();
    await t.contentVersion.bump(t.db);
  });
  afterAll(() => t.destroy());

  const add = (fields: Record<string, string | string[]>, withImages = false): Promise<PortfolioItemJson> =>
    withImages
      ? Promise.all([picture('png', 900, 600), picture('png', 800, 600, '#aa0000'), picture('png', 800, 600, '#00aa00')]).then(([main, a, b]) =>
          portfolio.create(submission(fields, { mainImage: { label: 'Main image', data: main! }, sliderImages: [a!, b!].map((data) => ({ label: 'Slider', data })) })),
        )
      : portfolio.create(submission(fields));

  it('shows every item on /portfolio with All plus each distinct display category, as links without JavaScript', async () => {
    const web = await add({ title: 'Harbour Website', displayCategories: ['Web Development', 'Real Estate'] }, true);
    const logo = await add({ title: 'Bakery Logo', displayCategories: ['Graphic Designing'] });
    const res = await get('/portfolio').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, must-revalidate');
    for (const item of [web, logo]) expect(res.text).toContain(`href="/portfolio/${item._id}"`);
    expect(res.text).toMatch(/data-island="PortfolioFilter"/);
    const filterLinks = [...res.text.matchAll(/class="portfolio-filter__button" href="([^"]+)"[^>]*>([^<]+)</g)].map((m) => [m[1], m[2]]);
    expect(filterLinks).toEqual([
      ['/portfolio', 'All'],
      ['/portfolio?category=Graphic%20Designing', 'Graphic Designing'],
      ['/portfolio?category=Web%20Development', 'Web Development'],
      ['/portfolio?category=Real%20Estate', 'Real Estate'],
    ]);
    // Cards come as <picture> with AVIF and WebP sources, srcset and fixed dimensions.
    expect(res.text).toMatch(/<source type="image\/avif" srcSet="\/media\/[0-9a-f]{64}\.avif 300w, \/media\/[0-9a-f]{64}\.avif 600w"/);
    expect(res.text).toMatch(/<img src="\/media\/[0-9a-f]{64}\.jpg" srcSet="[^"]+ 300w, [^"]+ 600w" sizes="[^"]+" alt="" width="600" height="400"/);

    const filtered = await get('/portfolio?category=Graphic%20Designing').expect(200);
    expect(filtered.text).toMatch(/aria-current="true"[^>]*>Graphic Designing</);
    expect(filtered.text).toContain(`data-categories="${html(JSON.stringify(['Web Development', 'Real Estate']))}" hidden=""`);
    expect(filtered.text).not.toContain(`data-categories="${html(JSON.stringify(['Graphic Designing']))}" hidden=""`);
  });

  it('shows the empty message, and refreshes the cached page as soon as an item is added', async () => {
    const empty = await get('/portfolio').expect(200);
    expect(empty.text).toContain('No portfolio items found. Please check back later.');
    await add({ title: 'Fresh Project' });
    expect((await get('/portfolio').expect(200)).text).toContain('Fresh Project');
  });

  it('renders each category page with its breadcrumb, matching cards, empty text and Contact Us', async () => {
    await add({ title: 'Harbour Website', displayCategories: ['Web Development'] });
    await add({ title: 'Story Templates', categories: ['social-design'], displayCategories: [] });
    for (const page of PORTFOLIO_CATEGORY_PAGES) {
      const { text } = await get(`/portfolio/${page.slug}`).expect(200);
      expect(text).toMatch(new RegExp(`<li><a href="/">Home</a></li><li><a href="/portfolio">Portfolio</a></li><li aria-current="page">${page.label}</li>`));
      expect(text).toContain('>Contact Us<');
      expect(text.includes('Harbour Website')).toBe(page.slug === 'web-development');
      expect(text.includes('Story Templates')).toBe(page.slug === 'social-media-design');
      if (!['web-development', 'social-media-design'].includes(page.slug)) {
        expect(text).toContain(page.slug === 'app-development' ? 'No portfolio items found in this category.<' : 'No portfolio items found in this category. Please check back later.');
      }
    }
  });

  it('renders an item page with every section, the slider island, JSON-LD and the sharing image', async () => {
    const item = await add(
      {
        title: 'Harbour Website',
        displayCategories: ['Web Development', 'App Development'],
        description: 'Overview text',
        challenge: 'Challenge text',
        solution: 'Solution text',
        results: 'Results text',
        completionDate: '3 Mar 2025',
        technologies: 'React, Node.js',
        testimonial: JSON.stringify({ text: 'Superb work', author: 'Ann Lee', position: 'CEO' }),
      },
      true,
    );
    const { text } = await get(`/portfolio/${item._id}`).expect(200);
    for (const part of ['Project Overview', 'Overview text', 'The Challenge', 'Challenge text', 'Our Solution', 'Solution text', 'Results text', 'What We Delivered', 'Attractive Design', 'Accessibility', 'Harbour Ltd', '3 Mar 2025', '>React<', '>Node.js<', 'Superb work', 'Ann Lee']) {
      expect(text).toContain(part);
    }
    expect(text).toContain('href="/services/web-development"');
    expect(text).toContain('href="/services/app-development"');
    expect(text).toMatch(/data-island="PortfolioSlider"/);
    expect(text).toContain('aria-label="Show image 2"');
    expect(text).toContain(`<meta property="og:image" content="https://agency.test${item.heroImageSet!.jpeg.at(-1)!.url}"/>`);
    const jsonLd = [...text.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    expect(jsonLd).toContainEqual(expect.objectContaining({ '@type': 'CreativeWork', name: 'Harbour Website', url: `https://agency.test/portfolio/${item._id}` }));
  });

  it('shows a single image without a slider when the item has no slider list', async () => {
    const item = await add({ title: 'Single' });
    await portfolio.update(item._id, { ...submission({ title: 'Single' }), mainImage: { label: 'Main image', data: await picture('jpeg', 1200, 900) } });
    const { text } = await get(`/portfolio/${item._id}`).expect(200);
    expect(text).not.toContain('data-island="PortfolioSlider"');
    expect(text).toMatch(/<picture class="project__hero">/);
  });

  it('answers an unknown item with the 404 page "Portfolio not found"', async () => {
    for (const id of ['5b0d8c1e-0000-4000-8000-000000000000', 'no-such-project']) {
      const res = await get(`/portfolio/${id}`).expect(404);
      expect(res.text).toContain('Portfolio not found');
      expect(res.text).toContain('href="/portfolio">Back to Portfolio');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('fills industry pages with matching items, else four sample cards, except IT and jewellery', async () => {
    const food = await add({ title: 'Bakery Website', displayCategories: ['Web Development', 'Food'], description: LONG });
    const foodPage = await get('/industries/food').expect(200);
    expect(foodPage.text).toMatch(/<li><a href="\/">Home<\/a><\/li><li><a href="\/#industries">Core Industries<\/a><\/li><li aria-current="page">Food<\/li>/);
    expect(foodPage.text).toContain(`href="/portfolio/${food._id}"`);
    expect(foodPage.text).toContain('>Twelve words describe this project so the card has to...<');
    expect(foodPage.text).toContain('data-source="portfolio"');
    expect(foodPage.text).not.toContain('data-source="samples"');

    for (const industry of industries.filter((i) => i.slug !== 'food')) {
      const { text } = await get(`/industries/${industry.slug}`).expect(200);
      const cards = text.match(/class="industry-card"/g) ?? [];
      if (industry.slug === 'it' || industry.slug === 'jewellery') {
        expect(cards).toHaveLength(0);
      } else {
        expect(cards).toHaveLength(4);
        expect(text).toContain(html(industry.sampleCards[0]!.title));
        expect(text.match(/class="industry-card__badge">([^<]+)</)![1]).toBe(html(industry.label));
      }
    }
  });

  it('moves /industries/automobile permanently to /industries/automotive', async () => {
    const res = await get('/industries/automobile').expect(301);
    expect(res.headers.location).toBe('/industries/automotive');
    await get('/industries/unknown').expect(404);
  });

  it('lists every public page and item in /sitemap.xml and points robots.txt at it', async () => {
    const item = await add({ title: 'Mapped' });
    const sitemap = await get('/sitemap.xml').expect(200);
    expect(sitemap.headers['content-type']).toMatch(/application\/xml/);
    for (const path of ['/', '/about', '/portfolio', '/portfolio/web-development', '/industries/it', '/services/seo', '/contact']) {
      expect(sitemap.text).toContain(`<loc>https://agency.test${path}</loc>`);
    }
    expect(sitemap.text).toContain(`<url><loc>https://agency.test/portfolio/${item._id}</loc><lastmod>${item.updatedAt}</lastmod></url>`);
    const robots = await get('/robots.txt').expect(200);
    expect(robots.text).toContain('Sitemap: https://agency.test/sitemap.xml');
    expect(robots.text).toContain('Disallow: /admin');
  });
});

describe('portfolio pages when the database fails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Every portfolio query now fails as it would with a broken database.
    await t.db.schema.renameTable('portfolio_items', 'portfolio_items_gone');
  });
  afterAll(() => t.destroy());
  const get = (path: string) => request(t.app.callback()).get(path).set('Accept', 'text/html');

  it('answers the detail page with 503 and Back to Portfolio, and lists with the list failure text', async () => {
    const detail = await get('/portfolio/5b0d8c1e-0000-4000-8000-000000000000').expect(503);
    expect(detail.text).toContain('Failed to load portfolio details. Please try again later.');
    expect(detail.text).toContain('href="/portfolio">Back to Portfolio');
    expect(detail.headers['cache-control']).toBe('no-store');
    for (const path of ['/portfolio', '/portfolio/web-development']) {
      const res = await get(path).expect(503);
      expect(res.text).toContain('Failed to load portfolio items. Please try again later.');
    }
    // An industry page still shows its sample cards, but is not cached (it must show the items once the database is back).
    const industry = await get('/industries/food').expect(200);
    expect((industry.text.match(/class="industry-card"/g) ?? []).length).toBe(4);
    expect(industry.headers['cache-control']).toBe('no-store');
  });
});
