/**
 * The main navigation and the footer's links as content documents (`menus/main`, `menus/footer`):
 * as shipped they draw the header and footer exactly as the site did before they were documents;
 * a menu staff publish is on every page (desktop bar, phone menu, footer), here and on a second
 * instance; a link to no page is refused beside its field.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { DEFAULT_DOCUMENTS } from '../../shared/content/defaults';
import type { MenuContent } from '../../shared/content/menus';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

const mainMenu = DEFAULT_DOCUMENTS['menus/main'] as MenuContent;
const footerMenu = DEFAULT_DOCUMENTS['menus/footer'] as MenuContent;

/**
 * The header and footer of three pages as the site drew them before the menus were documents,
 * captured from that code: asset hashes and the year taken out, as `chromeOf` takes them out.
 */
const SHIPPED = readFileSync(join(__dirname, 'site-menus.shipped-chrome.html'), 'utf8');

/** A page's header and footer, without what changes with a build or a year. */
const chromeOf = (html: string): string => {
  const header = /<header class="site-header">[\s\S]*?<\/header>/.exec(html)?.[0] ?? '(no header)';
  const footer = /<footer class="site-footer">[\s\S]*?<\/footer>/.exec(html)?.[0] ?? '(no footer)';
  return `${header}\n${footer}`.replace(/-[A-Za-z0-9_]{8,12}\.(\w+)"/g, '.$1"').replace(/© \d{4} /g, '© YEAR ');
};

/** The part of `html` between `start` and the next `end` (a region of a page to look in). */
const region = (html: string, start: RegExp, end: string): string => {
  const at = html.search(start);
  return at < 0 ? '' : html.slice(at, html.indexOf(end, at));
};
const desktopNav = (html: string) => region(html, /<nav class="main-nav"/, '</nav>');
const mobileMenu = (html: string) => region(html, /data-island="MobileMenu"/, '</nav>');
const footer = (html: string) => region(html, /<footer class="site-footer">/, '</footer>');

describe('site menus', () => {
  let t: TestApp;
  let ann: AdminTestSession;
  const api = () => request(t.app.callback());
  const page = async (path: string, app = t) => (await request(app.app.callback()).get(path).set('Accept', 'text/html').expect(200)).text;

  const latest = async (key: string): Promise<number> => {
    const item = (await api().get(`/api/content/${key}`).set(ann.headers).expect(200)).body as { published: { version: number }; draft: { version: number } | null };
    return item.draft?.version ?? item.published.version;
  };
  const draftAndPublish = async (key: string, data: unknown) => {
    const saved = await api().put(`/api/content/${key}/draft`).set(ann.headers).send({ data, baseVersion: await latest(key) });
    expect([saved.status, saved.body]).toEqual([200, expect.anything()]);
    return api().post(`/api/content/${key}/publish`).set(ann.headers).send({ version: saved.body.version });
  };

  beforeAll(async () => {
    t = await createTestApp();
    ann = await signInAsAdmin(t, { username: 'ann' });
  });
  afterAll(() => t.destroy());

  it('as shipped, draw the header and footer exactly as the site did', async () => {
    const drawn = [];
    for (const path of ['/about', '/industries/food', '/']) drawn.push(`<!-- ${path} -->\n${chromeOf(await page(path))}\n`);
    expect(drawn.join('')).toBe(SHIPPED);
  });

  it('are listed with the site-wide documents, shown on every page', async () => {
    const list = (await api().get('/api/content').set(ann.headers).expect(200)).body as { key: string; title: string; group: string; paths: string[] }[];
    expect(list.slice(0, 3).map(({ key, title, group }) => ({ key, title, group }))).toEqual([
      { key: 'business', title: 'Agency details', group: 'Site-wide' },
      { key: 'menus/main', title: 'Main menu', group: 'Site-wide' },
      { key: 'menus/footer', title: 'Footer links', group: 'Site-wide' },
    ]);
    expect(list.find((item) => item.key === 'menus/main')?.paths).toEqual(['/', '*']);
  });

  it('refuse a link to no page beside its field (422), and take an old address a redirect answers', async () => {
    const dead = { items: [...mainMenu.items, { kind: 'link', label: 'Careers', href: '/careers', children: [] }] };
    const refused = await draftAndPublish('menus/main', dead);
    expect(refused.status).toBe(422);
    expect(refused.body.problems).toEqual([expect.objectContaining({ key: 'menus/main', field: 'items.7.href', message: 'The link "/careers" goes to a page that does not exist.' })]);
    const inDropdown = { items: [{ ...mainMenu.items[1], children: [{ label: 'Team', href: '/about/team' }] }, ...mainMenu.items.slice(2)] };
    const checks = await api().put('/api/content/menus/main/draft').set(ann.headers).send({ data: inDropdown, baseVersion: await latest('menus/main') }).expect(200);
    expect((await api().get(`/api/content/menus/main/checks?version=${checks.body.version}`).set(ann.headers).expect(200)).body.problems).toEqual([
      expect.objectContaining({ field: 'items.0.children.0.href', message: expect.stringContaining('/about/team') }),
    ]);

    await api().post('/api/redirects').set(ann.headers).send({ from: '/careers', to: '/about' }).expect(201);
    expect((await draftAndPublish('menus/main', dead)).status).toBe(200);
    expect(desktopNav(await page('/contact'))).toContain('<a href="/careers">Careers</a>');
    expect((await draftAndPublish('menus/main', mainMenu)).status).toBe(200);
  });

  it('refuse a link nested under a link of a dropdown, saying why (400 beside the field)', async () => {
    const nested = { items: [{ kind: 'link', label: 'About', href: '/about', children: [{ label: 'Team', href: '/about', children: [{ label: 'Ann', href: '/about' }] }] }] };
    const refused = await api().put('/api/content/menus/main/draft').set(ann.headers).send({ data: nested, baseVersion: await latest('menus/main') });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ 'items.0.children.0.children': expect.stringContaining('Menus nest one level') });
  });

  it('show a published menu on every page, in the desktop bar, the phone menu and the footer, here and on a second instance', async () => {
    const second = await createTestApp({}, { testDb: t });
    if (t.databaseUrl) second.contentVersion.listen(t.databaseUrl);
    else second.contentVersion.start();
    try {
      expect(desktopNav(await page('/services', second))).not.toContain('Our team');
      const main = {
        items: [
          { kind: 'link', label: 'Company', href: '/about', children: [{ label: 'Our team', href: '/about#profile' }, { label: 'Work', href: '/portfolio' }] },
          { kind: 'industries', label: 'Sectors', href: '/#industries' },
          { kind: 'link', label: 'Say hello', href: '/contact', children: [] },
        ],
      };
      const footerLinks = { items: [{ kind: 'services', label: 'What We Do', href: '/services' }, { kind: 'link', label: 'Partner site', href: 'https://partner.example/', children: [] }] };
      expect((await draftAndPublish('menus/main', main)).status).toBe(200);
      expect((await draftAndPublish('menus/footer', footerLinks)).status).toBe(200);

      for (const path of ['/', '/services/seo', '/privacy']) {
        const html = await page(path);
        const nav = desktopNav(html);
        expect(nav).toContain('<summary>Company</summary><ul class="dropdown__menu"><li><a href="/about#profile">Our team</a></li><li><a href="/portfolio">Work</a></li></ul>');
        expect(nav).toContain('<summary>Sectors</summary>');
        expect(nav).toContain('<a href="/industries/food">Food</a>');
        expect(nav).toContain('<a href="/contact">Say hello</a>');
        expect(nav).not.toContain('Free Toolkit');
        expect(nav).not.toContain('<summary>Services</summary>');
        // The phone menu draws the same items (its props and its server HTML).
        const mobile = mobileMenu(html);
        expect(mobile).toContain('<a href="/about">All <!-- -->Company</a>');
        expect(mobile).toContain('<a href="/about#profile">Our team</a>');
        expect(mobile).toContain('&quot;label&quot;:&quot;Say hello&quot;');
        const foot = footer(html);
        expect(foot).toContain('<nav aria-label="What we do" class="site-footer__column"><h2 class="site-footer__heading">What We Do</h2><ul><li><a href="/services/web-development">Web Development</a></li>');
        expect(foot).toContain('<li><a href="https://partner.example/">Partner site</a></li>');
        expect(foot).not.toContain('Core Industries');
        expect(foot).not.toContain('>Privacy<');
      }

      // Every instance serves it: the second hears of the publish (NOTIFY, or polling embedded).
      let seen = '';
      for (let tries = 0; tries < 300 && !seen.includes('Say hello'); tries++) {
        seen = desktopNav(await page('/contact', second));
        if (!seen.includes('Say hello')) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(seen).toContain('<a href="/contact" aria-current="page">Say hello</a>');
    } finally {
      second.contentVersion.stop();
    }
    expect((await draftAndPublish('menus/main', mainMenu)).status).toBe(200);
    expect((await draftAndPublish('menus/footer', footerMenu)).status).toBe(200);
    expect(chromeOf(await page('/about'))).toBe(SHIPPED.split('<!-- /industries/food -->')[0]!.replace('<!-- /about -->\n', '').trimEnd());
  });
});
