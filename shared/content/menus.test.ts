import { DEFAULT_DOCUMENTS } from './defaults';
import { contentDocument } from './documents';
import { footerMenuSchema, mainMenuSchema, navigationOf, type MenuContent } from './menus';
import { assembleSiteContent, siteFactsOf } from './site-content';

const mainMenu = DEFAULT_DOCUMENTS['menus/main'] as MenuContent;
const issuesOf = (data: unknown) => {
  const result = mainMenuSchema.safeParse(data);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

describe('menus', () => {
  it('are two site-wide documents shown on every page, valid as shipped', () => {
    expect(contentDocument('menus/main')).toMatchObject({ title: 'Main menu', group: 'Site-wide', paths: ['/', '*'] });
    expect(contentDocument('menus/footer')).toMatchObject({ title: 'Footer links', group: 'Site-wide', paths: ['/', '*'] });
    expect(mainMenuSchema.safeParse(mainMenu).success).toBe(true);
    expect(footerMenuSchema.safeParse(DEFAULT_DOCUMENTS['menus/footer']).success).toBe(true);
  });

  it('refuse a link nested under a link of a dropdown, saying menus nest one level', () => {
    const nested = { items: [{ kind: 'link', label: 'About', href: '/about', children: [{ label: 'Team', href: '/about', children: [{ label: 'Ann', href: '/about' }] }] }] };
    expect(issuesOf(nested)).toEqual([{ path: 'items.0.children.0.children', message: expect.stringMatching(/^Menus nest one level/) }]);
    // An automatic list is a top item: under another it is no link at all.
    expect(issuesOf({ items: [{ kind: 'link', label: 'More', href: '/about', children: [{ kind: 'services', label: 'Services', href: '/services' }] }] })).not.toEqual([]);
  });

  it('take a page of this site or an https address, and nothing else', () => {
    const withHref = (href: string) => ({ items: [{ kind: 'link', label: 'Go', href, children: [] }] });
    for (const href of ['/about', '/#industries', '/services/web-development', 'https://partner.example/a']) expect([href, issuesOf(withHref(href))]).toEqual([href, []]);
    for (const href of ['http://partner.example', 'mailto:hello@example.com', 'tel:+15550102030', 'javascript:alert(1)', '//evil.example', 'about']) {
      expect([href, issuesOf(withHref(href))]).toEqual([href, [{ path: 'items.0.href', message: expect.stringContaining('https://') }]]);
    }
    expect(issuesOf({ items: [] })).toEqual([{ path: 'items', message: 'Menu items: keep at least one.' }]);
  });

  it('fill the automatic lists with the services and industries shown in menus, in their order', () => {
    const service = (slug: string, title: string) => ({ slug, title });
    const menu: MenuContent = {
      items: [
        { kind: 'services', label: 'Services', href: '/services' },
        { kind: 'industries', label: 'Sectors', href: '/#industries' },
        { kind: 'link', label: 'About', href: '/about', children: [] },
        { kind: 'link', label: 'More', href: '/about', children: [{ label: 'Team', href: '/about#team' }] },
      ],
    };
    expect(navigationOf(menu, { services: [service('seo', 'SEO'), service('web', 'Web')], industries: [] })).toEqual([
      { label: 'Services', href: '/services', children: [{ label: 'SEO', href: '/services/seo' }, { label: 'Web', href: '/services/web' }] },
      { label: 'Sectors', href: '/#industries', children: [] },
      { label: 'About', href: '/about' },
      { label: 'More', href: '/about', children: [{ label: 'Team', href: '/about#team' }] },
    ]);
    const hidden = { ...(DEFAULT_DOCUMENTS['services/seo'] as object), listing: { order: 1, showInMenus: false } };
    const content = assembleSiteContent({ ...DEFAULT_DOCUMENTS, 'services/seo': hidden }, siteFactsOf({ replyPromiseHours: 24, workingHoursOnly: false }));
    expect(content.menus.main[2]!.children!.map((link) => link.href)).not.toContain('/services/seo');
    expect(content.menus.footer[0]!.children!.map((link) => link.href)).not.toContain('/services/seo');
  });
});
