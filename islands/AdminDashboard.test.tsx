import { startingSiteContent } from '../shared/content/defaults';
import { renderToStaticMarkup } from 'react-dom/server';
import { loadConfig } from '../server/config';
import { loadManifest } from '../server/render/manifest';
import { createPageRenderer } from '../server/render/render-page';
import { TEST_ASSETS_DIR } from '../tests/helpers/test-app';
import { AdminDashboardPage, adminDashboardMeta } from '../views/pages/AdminDashboardPage';
import { RowActions } from './admin/LeadInbox';
import { FORM_TYPES } from '../shared/form-types';
import type { AdminRole } from '../shared/admin-auth';

const renderPage = createPageRenderer(loadConfig({ PUBLIC_URL: 'https://agency.test' }), loadManifest(TEST_ASSETS_DIR), startingSiteContent);
/** The page's HTML, without the `<!-- -->` separators React puts between adjacent text nodes. */
const render = (path: string, role: AdminRole = 'owner', displayName: string | null = null) =>
  renderPage({ path, meta: adminDashboardMeta, page: <AdminDashboardPage admin={{ username: 'ada', role, displayName }} csrfToken="csrf-123" timeZone="Europe/London" /> }).replace(/<!-- -->/g, '');

function decodeAttribute(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

describe('admin dashboard page (server render)', () => {
  it('is one island hydrated at load, carrying the user, the token and the path', () => {
    const html = render('/admin/dashboard/forms/quote');
    expect(html.match(/data-island=/g)).toHaveLength(1);
    expect(html).toMatch(/data-island="AdminDashboard" data-hydrate="load"/);
    const props = JSON.parse(decodeAttribute(html.match(/data-props="([^"]*)"/)![1]!));
    expect(props).toEqual({ username: 'ada', role: 'owner', displayName: null, csrfToken: 'csrf-123', path: '/admin/dashboard/forms/quote', timeZone: 'Europe/London', twoFactorSetupRequired: false });
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });

  it('has the sidebar, top bar and no public chrome', () => {
    const html = render('/admin/dashboard');
    for (const label of ['Dashboard', 'Forms', 'Contact', 'Enquiry', 'Quotes', 'Free Offers', 'Users', 'Projects', 'Portfolio', 'Messages', 'Unmatched mail', 'Tasks', 'Analytics', 'Settings', 'Back to website', 'Logout', 'Collapse sidebar']) {
      expect(html).toContain(`>${label}<`);
    }
    expect(html).toMatch(/aria-expanded="true" aria-controls="admin-sidebar"/);
    // Logout is a form post with the session's token, so it works before the island hydrates.
    expect(html).toMatch(/<form [^>]*action="\/admin\/logout" method="post"><input type="hidden" name="csrf" value="csrf-123"\/><button type="submit"/);
    expect(html).toContain('role="search"');
    expect(html).toContain('href="/admin/dashboard/messages?unread=true" class="admin-topbar__bell"');
    // The notices: a button that opens their list, closed until used.
    expect(html).toMatch(/<button type="button" class="admin-topbar__notices" aria-expanded="false" aria-controls="[^"]+">/);
    expect(html).not.toContain('site-header');
    expect(html).not.toContain('site-footer');
    expect(html).not.toContain('mobile-bar');
  });

  it('renders the home loading its live figures, with no sample data, and the current entry marked', () => {
    const html = render('/admin/dashboard');
    expect(html).toContain('Welcome back, ada.');
    expect(html).toContain('Loading the dashboard…');
    expect(html).not.toContain('sample data');
    expect(html).toMatch(/href="\/admin\/dashboard" class="admin-nav__link" aria-current="page"/);
  });

  it('greets the admin by display name and shows it in the top bar, a link to Your account', () => {
    const html = render('/admin/dashboard', 'editor', 'Ada Lovelace');
    expect(html).toContain('Welcome back, Ada Lovelace.');
    expect(html).toMatch(/<a href="\/admin\/dashboard\/account" class="admin-topbar__user">.*?<span class="admin-topbar__name" aria-hidden="true">Ada Lovelace<\/span><span class="visually-hidden">Your account \(Ada Lovelace\)<\/span><\/a>/);
    expect(html).not.toContain('Add your name');
    expect(render('/admin/dashboard/account', 'editor', 'Ada Lovelace')).toContain('Replies to clients are sent and signed as <strong>Ada Lovelace</strong>.');
  });

  it('asks an account without a display name for one: in the top bar and first thing in Your account', () => {
    const html = render('/admin/dashboard', 'editor');
    expect(html).toContain('Welcome back, ada.');
    expect(html).toContain('<span class="admin-topbar__name" aria-hidden="true">Add your name</span><span class="visually-hidden">Your account: add your name, replies to clients are signed with it</span>');
    const account = render('/admin/dashboard/account', 'editor');
    expect(account).toContain('Add your name: replies to clients are signed with it.');
    // The name comes before every other card of the view.
    expect(account.indexOf('id="account-displayName"')).toBeGreaterThan(0);
    expect(account.indexOf('id="account-displayName"')).toBeLessThan(account.indexOf('Loading your account…'));
  });

  it.each([
    ['users', 'Users'],
    ['account', 'Your account'],
    ['settings', 'Settings'],
  ])('renders the %s view with its heading, lit in the sidebar', (section, title) => {
    const html = render(`/admin/dashboard/${section}`);
    expect(html).toContain(`data-view-heading="true">${title}</h1>`);
    expect(html).toMatch(new RegExp(`href="/admin/dashboard/${section}" class="admin-nav__link" aria-current="page"`));
  });

  it.each(FORM_TYPES)('renders the %s inbox loading until the browser fetches it', (type) => {
    const html = render(`/admin/dashboard/forms/${type}`);
    expect(html).toContain('role="status">Loading messages…');
    expect(html).toMatch(new RegExp(`href="/admin/dashboard/forms/${type}" class="admin-nav__sublink" aria-current="page"`));
  });

  it('renders Tasks loading until the browser fetches the reply queue', () => {
    const html = render('/admin/dashboard/tasks');
    expect(html).toContain('Loading the overdue tasks…');
    expect(html).toContain('Loading the tasks due today…');
    expect(html).toMatch(/href="\/admin\/dashboard\/tasks" class="admin-nav__link" aria-current="page"/);
  });

  it('renders Projects loading until the browser fetches them', () => {
    const html = render('/admin/dashboard/projects');
    expect(html).toContain('Loading projects…');
    expect(html).toMatch(/href="\/admin\/dashboard\/projects" class="admin-nav__link" aria-current="page"/);
  });

  it('renders Analytics loading until the browser reads its range and fetches it', () => {
    const html = render('/admin/dashboard/analytics');
    expect(html).toContain('Loading the analytics…');
    expect(html).toMatch(/href="\/admin\/dashboard\/analytics" class="admin-nav__link" aria-current="page"/);
  });

  it('renders the portfolio views loading, and says so for an unknown dashboard path', () => {
    expect(render('/admin/dashboard/portfolio')).toContain('Add Portfolio');
    expect(render('/admin/dashboard/portfolio/abc')).toContain('Loading portfolio items…');
    expect(render('/admin/dashboard/nope')).toContain('This dashboard page does not exist.');
  });

  it("shows an editor no owners' sections, and says so instead of showing one reached by its address", () => {
    const owner = render('/admin/dashboard');
    const editor = render('/admin/dashboard', 'editor');
    for (const label of ['Users', 'Find by e-mail', 'Settings', 'Backups']) {
      expect(owner).toContain(`>${label}<`);
      expect(editor).not.toContain(`>${label}<`);
    }
    expect(editor).toContain('>Tasks<');
    expect(editor).toContain('>Your account<');
    for (const path of ['privacy', 'users', 'settings', 'settings/audit', 'settings/backups']) {
      const html = render(`/admin/dashboard/${path}`, 'editor');
      expect(html).toContain('Only owners can use this page.');
      expect(html).not.toContain('E-mail address');
    }
    expect(render('/admin/dashboard/privacy')).toContain('E-mail address');
  });
});

describe('Forms > type: the Messages inbox with the type fixed', () => {
  const html = render('/admin/dashboard/forms/quote?status=quoted&type=contact');

  it("lists that type only, whatever the query says, with the other filters kept", () => {
    expect(html).toContain('Quotes submissions</h1>');
    // The CSV and the list ask for the path's type; the query's contradicting `type` is dropped.
    expect(html).toContain('href="/api/leads.csv?type=quote&amp;status=quoted"');
    expect(html).toContain('Loading messages…');
  });

  it("hides the Form filter and offers the type's own statuses", () => {
    expect(html).not.toContain('All forms');
    const statusFilter = html.match(/<select[^>]*name="status"[^>]*>(.*?)<\/select>/)?.[1] ?? '';
    expect([...statusFilter.matchAll(/<option value="([^"]*)"/g)].map((match) => match[1])).toEqual(['', 'new', 'read', 'quoted', 'accepted', 'rejected']);
    // Staff read the statuses in words; the values sent stay the API's.
    expect([...statusFilter.matchAll(/<option [^>]*>([^<]*)</g)].map((match) => match[1])).toEqual(['Any status', 'New', 'Read', 'Quoted', 'Accepted', 'Rejected']);
  });

  it('keeps its folder tabs in Forms', () => {
    expect(html).toContain('href="/admin/dashboard/forms/quote?status=quoted&amp;folder=spam"');
  });
});

describe('a row of the inbox', () => {
  const hostile = '<img src=x onerror="window.__pwned=1">';
  const lead = { _id: 'r1', type: 'quote', submittedAt: '2026-03-15T09:30:00.000Z', status: 'quoted', readAt: null, respondedAt: null, dueAt: null, name: hostile, email: 'a@example.com', subject: null, summary: 'p', spamReason: null } as const;
  const html = renderToStaticMarkup(<RowActions lead={lead} pending={false} onStatusChange={() => {}} onDelete={() => {}} />);

  it("offers its form's statuses with its own selected, named after the sender shown as text", () => {
    expect(html.match(/<option /g)).toHaveLength(5);
    expect(html).toContain('<option value="quoted" selected="">Quoted</option>');
    expect(html).toContain('<option value="new">New</option>');
    expect(html).toContain('aria-label="Status of the submission from &lt;img');
    expect(html).toContain('Delete<span class="visually-hidden"> the submission from &lt;img');
    expect(html).not.toContain('<img');
  });
});
