import { CONTENT_DOCUMENTS, contentDocument } from './documents';
import { isAllowedHref } from './fields';
import { richTextHtml, richTextLinks, singleParagraphHtml } from './rich-text';
import { DEFAULT_DOCUMENTS } from './defaults';
import { assembleSiteContent, siteFactsOf } from './site-content';

describe('content documents', () => {
  it('start with the content the site shipped with, valid against each schema, and nothing else', () => {
    for (const document of CONTENT_DOCUMENTS) {
      const parsed = document.schema.safeParse(DEFAULT_DOCUMENTS[document.key]);
      expect({ key: document.key, issues: parsed.success ? [] : parsed.error.issues }).toEqual({ key: document.key, issues: [] });
    }
    expect(Object.keys(DEFAULT_DOCUMENTS).sort()).toEqual(CONTENT_DOCUMENTS.map((document) => document.key).sort());
  });

  it('name each service and industry page by its address', () => {
    expect(contentDocument('services/seo')?.paths[0]).toBe('/services/seo');
    expect(contentDocument('industries/real-estate')?.paths[0]).toBe('/industries/real-estate');
    // Any slug a service could take names one (whether it exists the store says); others none.
    expect(contentDocument('services/nope')?.paths[0]).toBe('/services/nope');
    // A page staff make is at /{slug}, and shows there only.
    expect(contentDocument('pages/careers')).toMatchObject({ group: 'Pages', paths: ['/careers'] });
    for (const key of ['services/Nope', 'services/n', 'services/admin', 'services/a--b', 'home/x', 'nope', 'pages/admin', 'pages/Careers', 'things/x']) expect([key, contentDocument(key)]).toEqual([key, undefined]);
  });

  it('refuse the old separate phone link and a link with a script scheme', () => {
    const business = contentDocument('business')!.schema;
    const base = DEFAULT_DOCUMENTS.business as Record<string, unknown>;
    expect(business.safeParse({ ...base, phoneHref: 'tel:+15550102030' }).success).toBe(false);
    expect(business.safeParse({ ...base, mapLink: 'javascript:alert(1)' }).success).toBe(false);
    expect(business.safeParse({ ...base, phone: '' }).success).toBe(false);
  });
});

describe('links', () => {
  it.each(['https://example.com/a', 'http://example.com', 'mailto:hello@example.com', 'tel:+15550102030', '/contact', '/about#profile'])('allow %s', (href) => {
    expect(isAllowedHref(href)).toBe(true);
  });

  it.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<script>', '//evil.example', 'vbscript:x', 'https://', 'mailto:', 'ftp://example.com', '/a b'])('refuse %s', (href) => {
    expect(isAllowedHref(href)).toBe(false);
  });
});

describe('rich text', () => {
  it('renders the subset: paragraphs, bold, italic, links and bulleted lists', () => {
    expect(richTextHtml('One **two** *three* [four](/contact)\n\n- a\n- b')).toBe('<p>One <strong>two</strong> <em>three</em> <a href="/contact">four</a></p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n');
  });

  it('shows HTML, script links and event handlers as text', () => {
    const html = richTextHtml('<script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1))');
    expect(html).not.toMatch(/<script|<img|href="javascript/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('[x](javascript:alert(1))');
  });

  it('leaves headings and code as typed, and never shows an image', () => {
    const html = richTextHtml('# Title\n\n![i](/x.png) `code`');
    expect(html).toContain('<p># Title</p>');
    expect(html).toContain('`code`');
    expect(html).not.toContain('<img');
  });

  it('gives a single paragraph as inline HTML, so a view keeps its own <p>', () => {
    expect(singleParagraphHtml('Plain & **bold**')).toBe('Plain &amp; <strong>bold</strong>');
    expect(singleParagraphHtml('One\n\nTwo')).toBeUndefined();
  });

  it('lists every link, including those it would not render', () => {
    expect(richTextLinks('[a](/about) [b](mailto:x@example.com) [c](javascript:alert(1))')).toEqual(['/about', 'mailto:x@example.com', 'javascript:alert(1']);
  });
});

describe('assembled site content', () => {
  it('puts the reply promise from Settings and the opening hours from the agency details where the texts say so', () => {
    const content = assembleSiteContent(DEFAULT_DOCUMENTS, siteFactsOf({ replyPromiseHours: 48, workingHoursOnly: true }));
    expect(content.contact.lead).toContain('we will reply within 48 working hours.');
    expect(content.home.replyPromise.heading).toBe('A reply within 48 working hours');
    expect(content.business.hours).toBe('Monday to Friday, 9 AM to 6 PM');
    expect(content.privacy.sections[2]?.body).toContain('[hello@brightpath.example](mailto:hello@brightpath.example)');
    expect(content.home.seo.title).toBe('Brightpath Digital');
  });

  it('follows the agency name wherever a text names it', () => {
    const business = { ...(DEFAULT_DOCUMENTS.business as object), name: 'Northlight Studio' };
    const content = assembleSiteContent({ ...DEFAULT_DOCUMENTS, business }, siteFactsOf({ replyPromiseHours: 24, workingHoursOnly: false }));
    expect(content.home.seo.title).toBe('Northlight Studio');
    expect(content.about.seo.description).toContain('Meet Northlight Studio:');
  });

  it('keeps services and industries in the order of the menus, with their slugs', () => {
    const content = assembleSiteContent(DEFAULT_DOCUMENTS, siteFactsOf({ replyPromiseHours: 24, workingHoursOnly: false }));
    expect(content.services.map((service) => service.slug).slice(0, 2)).toEqual(['web-development', 'graphic-designing']);
    expect(content.industries).toHaveLength(12);
  });
});
