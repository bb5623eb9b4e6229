import request from 'supertest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { business } from '../../shared/content/defaults/business';
import { industries } from '../../shared/content/defaults/industries';
import { processSteps } from '../../shared/content/defaults/process';
import { services } from '../../shared/content/defaults/services';
import { stats } from '../../shared/content/defaults/stats';
import { technologies } from '../../shared/content/defaults/technologies';
import { testimonials } from '../../shared/content/defaults/testimonials';

/** HTML-escaped text as React writes it, so assertions can look for content verbatim. */
const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
/** A longer text as the rich-text renderer writes it (markdown-it leaves apostrophes as they are). */
const richHtml = (text: string) => html(text).replace(/&#x27;/g, "'");

describe('public pages', () => {
  let t: TestApp;
  const get = (path: string) => request(t.app.callback()).get(path).set('Accept', 'text/html');
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.destroy());

  it('renders the home page with every section of the spec in the server HTML', async () => {
    const { text } = await get('/').expect(200);
    for (const service of services) expect(text).toContain(`href="/services/${service.slug}"`);
    for (const industry of industries) expect(text).toContain(`href="/industries/${industry.slug}"`);
    expect(text).toContain('>Medical<');
    for (const stat of ['98+', '80K+', '500+', '25%']) expect(text).toContain(`<span class="stats__value">${stat}</span>`);
    expect(stats).toHaveLength(4);
    for (const testimonial of testimonials) expect(text).toContain(html(testimonial.description));
    for (const technology of technologies) expect(text).toContain(`alt="${html(technology.name)}"`);
    for (const step of processSteps) expect(text).toContain(`<h3>${html(step.title)}</h3>`);
    expect(text).toContain('A reply within 24 hours');
    expect(text).toMatch(/data-island="TestimonialsSlider" data-hydrate="visible"/);
  });

  it('renders about with its banner, why choose us, mission, vision and values', async () => {
    const { text } = await get('/about').expect(200);
    expect(text).toContain('About Brightpath Digital');
    expect(text).toContain('Why choose us');
    expect(text).toMatch(/<h3>[^<]*Mission[^<]*<\/h3>/i);
    expect(text).toMatch(/<h3>[^<]*Vision[^<]*<\/h3>/i);
    expect(text).toContain('Our values');
    expect(text).toContain('id="profile"');
  });

  it('renders the services index and each of the nine service pages', async () => {
    const index = await get('/services').expect(200);
    for (const service of services) expect(index.text).toContain(html(service.title));
    expect(services).toHaveLength(9);
    for (const service of services) {
      const { text } = await get(`/services/${service.slug}`).expect(200);
      expect(text).toContain(`<h1>${html(service.title)}</h1>`);
      expect(text).toContain(richHtml(service.intro));
      for (const section of service.sections) expect(text).toContain(html(section.heading));
      for (const deliverable of service.deliverables) expect(text).toContain(html(deliverable));
      expect(text).toContain(`<meta name="description" content="${html(service.metaDescription)}"/>`);
    }
  });

  it('answers an unknown service with the 404 page', async () => {
    const { text } = await get('/services/time-travel').expect(404);
    expect(text).toContain('Page not found');
  });

  it('renders the toolkit coming-soon page with its animation', async () => {
    const { text } = await get('/toolkit').expect(200);
    expect(text).toContain('<h1>Free Toolkit</h1>');
    expect(text).toContain('Coming soon');
    expect(text).toContain('toolkit__animation');
  });

  it('renders contact with the four contact boxes, working hours and the map', async () => {
    const { text } = await get('/contact').expect(200);
    for (const value of [business.phone, business.socialHandle, business.email, business.location.display]) expect(text).toContain(html(value));
    expect(text).toContain('Monday to Friday, 9 AM to 6 PM');
    expect(text).toMatch(/<img src="\/assets\/images\/map-[\w-]+\.svg" alt="Map showing our office/);
  });

  it('gives every page one h1, its own title and description, a canonical URL and JSON-LD', async () => {
    const paths = ['/', '/about', '/services', ...services.map((s) => `/services/${s.slug}`), '/toolkit', '/contact'];
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of paths) {
      const { text } = await get(path).expect(200);
      expect(text.match(/<h1[ >]/g)).toHaveLength(1);
      titles.add(text.match(/<title>([^<]+)<\/title>/)![1]!);
      descriptions.add(text.match(/<meta name="description" content="([^"]+)"/)![1]!);
      expect(text).toContain(`<link rel="canonical" href="https://agency.test${path}"/>`);
      expect(text).toContain('"@type":"ProfessionalService"');
      expect(text).toMatch(/<meta name="twitter:card" content="summary_large_image"\/>/);
      if (path !== '/') expect(text).toContain('"@type":"BreadcrumbList"');
    }
    expect(titles.size).toBe(paths.length);
    expect(descriptions.size).toBe(paths.length);
  });

  it('puts the chrome on every public page: top bar, navigation, footer with the year, mobile bar', async () => {
    const { text } = await get('/about').expect(200);
    for (const label of ['Download E-Profile', 'Free Offers', 'Region', 'Call Now', 'Let&#x27;s Chat Now', 'Enquire Now', 'Admin']) expect(text).toContain(label);
    expect(text).toContain('href="/admin/dashboard"');
    expect(text).toContain('<summary>Services</summary>');
    expect(text).toContain('<summary>Core Industries</summary>');
    expect(text).toContain(`© ${new Date().getUTCFullYear()} `);
    expect(text).toContain('class="social-bar"');
    expect(text).toMatch(/<nav class="mobile-bar" aria-label="Quick actions">/);
    for (const label of ['Social', 'Quote', 'Home', 'Enquire', 'Top']) expect(text).toMatch(new RegExp(`</svg></span>${label}</a>`));
    // Controls that open panels are real links that work without JavaScript.
    for (const href of ['/enquire', '/quote', '/free-offer', '/regions']) expect(text).toContain(`href="${href}"`);
  });
});
