import { FORM_TYPES } from '../../shared/form-types';
import { OWNER_SECTIONS, PLACEHOLDER_SECTIONS, SIDEBAR_ENTRIES, VIEW_TABLE, isOwnerView, pathOfView, sidebarKeyOfView, titleOfView, viewFromPath, type DashboardView } from './views';

describe('dashboard views in the URL path', () => {
  const views: DashboardView[] = [
    { name: 'home' },
    ...FORM_TYPES.map((type) => ({ name: 'forms' as const, type, filters: {} })),
    { name: 'forms', type: 'quote', filters: { status: 'quoted', q: 'a&b c', from: '2026-01-01', to: '2026-01-31', folder: 'spam', unread: true } },
    { name: 'messages', filters: {} },
    { name: 'messages', filters: { type: 'quote', status: 'quoted', q: 'a&b c', from: '2026-01-01', to: '2026-01-31', folder: 'spam', unread: true } },
    { name: 'lead', type: 'contact', id: '6f1c2a9e-7d0b-4a55-9e3f-0d6a1b2c3d4e' },
    { name: 'lead', type: 'quote', id: '6f1c2a9e-7d0b-4a55-9e3f-0d6a1b2c3d4e', reply: true },
    { name: 'unmatched-mail' },
    { name: 'portfolio' },
    { name: 'portfolio-detail', id: '6f1c2a9e-7d0b-4a55-9e3f-0d6a1b2c3d4e' },
    { name: 'analytics' },
    { name: 'projects' },
    { name: 'projects', filters: { stage: 'in-progress', q: 'a&b c' } },
    { name: 'portfolio', fromProject: '6f1c2a9e-7d0b-4a55-9e3f-0d6a1b2c3d4e' },
    { name: 'website' },
    { name: 'website-document', key: 'business' },
    { name: 'website-document', key: 'services/seo' },
    { name: 'redirects' },
    ...PLACEHOLDER_SECTIONS.map((section) => ({ name: 'placeholder' as const, section })),
  ];

  it.each(views.map((view) => [pathOfView(view), view]))('%s round-trips to its view', (path, view) => {
    expect(viewFromPath(path)).toEqual(view);
  });

  it('maps the contract paths', () => {
    expect(viewFromPath('/admin/dashboard')).toEqual({ name: 'home' });
    expect(viewFromPath('/admin/dashboard/')).toEqual({ name: 'home' });
    expect(viewFromPath('/admin/dashboard/forms/free-offer')).toEqual({ name: 'forms', type: 'free-offer', filters: {} });
    expect(viewFromPath('/admin/dashboard/portfolio/')).toEqual({ name: 'portfolio' });
    expect(viewFromPath('/admin/dashboard/tasks')).toEqual({ name: 'tasks' });
    expect(viewFromPath('/admin/dashboard/tasks?type=quote')).toEqual({ name: 'tasks', type: 'quote' });
    // A form the API would refuse shows every form rather than an error.
    expect(viewFromPath('/admin/dashboard/tasks?type=spam&status=new')).toEqual({ name: 'tasks' });
    expect(pathOfView({ name: 'tasks', type: 'free-offer' })).toBe('/admin/dashboard/tasks?type=free-offer');
    expect(pathOfView({ name: 'tasks' })).toBe('/admin/dashboard/tasks');
    expect(pathOfView({ name: 'forms', type: 'quote' })).toBe('/admin/dashboard/forms/quote');
    // Tasks' "Reply" opens the lead at its composer; the marker means nothing else.
    expect(pathOfView({ name: 'lead', type: 'quote', id: '6f1c2a9e-7d0b-4a55-9e3f-0d6a1b2c3d4e', reply: true })).toBe('/admin/dashboard/messages/quote/6f1c2a9e-7d0b-4a55-9e3f-0d6a1b2c3d4e?reply');
    expect(viewFromPath('/admin/dashboard/messages/quote/6f1c2a9e-7d0b-4a55-9e3f-0d6a1b2c3d4e?reply=')).toEqual({ name: 'lead', type: 'quote', id: '6f1c2a9e-7d0b-4a55-9e3f-0d6a1b2c3d4e', reply: true });
    expect(viewFromPath('/admin/dashboard/messages/quote/6f1c2a9e-7d0b-4a55-9e3f-0d6a1b2c3d4e?replies')).toEqual({ name: 'lead', type: 'quote', id: '6f1c2a9e-7d0b-4a55-9e3f-0d6a1b2c3d4e' });
    expect(viewFromPath('/admin/dashboard/unmatched-mail')).toEqual({ name: 'unmatched-mail' });
    expect(sidebarKeyOfView({ name: 'unmatched-mail' })).toBe('unmatched-mail');
  });

  it('reads the inbox filters from the query, leaving out values the API would refuse', () => {
    expect(viewFromPath('/admin/dashboard/messages?type=quote&status=quoted&unread=true')).toEqual({ name: 'messages', filters: { type: 'quote', status: 'quoted', unread: true } });
    expect(viewFromPath('/admin/dashboard/messages?type=newsletter&status=archived&from=soon&folder=bin&q=%20')).toEqual({ name: 'messages', filters: {} });
    expect(pathOfView({ name: 'messages', filters: { q: 'ada@example.com' } })).toBe('/admin/dashboard/messages?q=ada%40example.com');
    expect(viewFromPath('/admin/dashboard/messages/quote/not-an-id')).toEqual({ name: 'not-found' });
    expect(sidebarKeyOfView({ name: 'lead', type: 'quote', id: '6f1c2a9e-7d0b-4a55-9e3f-0d6a1b2c3d4e' })).toBe('messages');
  });

  it('reads the Projects filters from the query, leaving out a stage or search the API would refuse', () => {
    expect(viewFromPath('/admin/dashboard/projects?stage=delivered&q=bakery')).toEqual({ name: 'projects', filters: { stage: 'delivered', q: 'bakery' } });
    expect(viewFromPath('/admin/dashboard/projects?stage=shipped&q=ab')).toEqual({ name: 'projects' });
    expect(pathOfView({ name: 'projects', filters: {} })).toBe('/admin/dashboard/projects');
    expect(sidebarKeyOfView({ name: 'projects', filters: { stage: 'accepted' } })).toBe('projects');
  });

  it('keeps Forms > type to its type: the path names it, a type in the query is dropped', () => {
    expect(viewFromPath('/admin/dashboard/forms/quote?type=contact&status=new&unread=true')).toEqual({ name: 'forms', type: 'quote', filters: { status: 'new', unread: true } });
    expect(pathOfView({ name: 'forms', type: 'quote', filters: { type: 'contact', q: 'ada' } })).toBe('/admin/dashboard/forms/quote?q=ada');
    expect(titleOfView({ name: 'forms', type: 'quote', filters: { folder: 'spam' } })).toBe('Quotes submissions');
    expect(sidebarKeyOfView({ name: 'forms', type: 'quote', filters: { status: 'new' } })).toBe('forms/quote');
  });

  it('opens a content document by its key, slash included, and nothing else', () => {
    expect(viewFromPath('/admin/dashboard/website/industries/real-estate')).toEqual({ name: 'website-document', key: 'industries/real-estate' });
    expect(pathOfView({ name: 'website-document', key: 'industries/real-estate' })).toBe('/admin/dashboard/website/industries/real-estate');
    // Any service or industry staff may add has an address of its own; one no slug can be has none.
    expect(viewFromPath('/admin/dashboard/website/services/video-production')).toEqual({ name: 'website-document', key: 'services/video-production' });
    expect(viewFromPath('/admin/dashboard/website/services/Not_A_Slug')).toEqual({ name: 'not-found' });
    expect(viewFromPath('/admin/dashboard/website/pricing')).toEqual({ name: 'not-found' });
    expect(viewFromPath('/admin/dashboard/website/business/extra')).toEqual({ name: 'not-found' });
    expect(titleOfView({ name: 'website-document', key: 'business' })).toBe('Edit Agency details');
    expect(sidebarKeyOfView({ name: 'website-document', key: 'home' })).toBe('website');
    expect(isOwnerView({ name: 'website' })).toBe(false);
    // Redirects live in the Website section's path, before the documents' keys.
    expect(viewFromPath('/admin/dashboard/website/redirects')).toEqual({ name: 'redirects' });
    expect(pathOfView({ name: 'redirects' })).toBe('/admin/dashboard/website/redirects');
    expect(titleOfView({ name: 'redirects' })).toBe('Redirects');
    expect(sidebarKeyOfView({ name: 'redirects' })).toBe('redirects');
    expect(isOwnerView({ name: 'redirects' })).toBe(false);
  });

  it('encodes a detail id so no id can change the path shape', () => {
    const view: DashboardView = { name: 'portfolio-detail', id: 'a/b?c#d' };
    expect(pathOfView(view)).toBe('/admin/dashboard/portfolio/a%2Fb%3Fc%23d');
    expect(viewFromPath(pathOfView(view))).toEqual(view);
  });

  it.each([
    '/admin/dashboard/forms',
    '/admin/dashboard/forms/newsletter',
    '/admin/dashboard/forms/contact/extra',
    '/admin/dashboard/portfolio/a/b',
    '/admin/dashboard/portfolio/%E0%A4%A',
    '/admin/dashboard/users/1',
    '/admin/dashboard/unknown',
    '/admin/dashboardx',
    '/',
  ])('%s names no view', (path) => {
    expect(viewFromPath(path)).toEqual({ name: 'not-found' });
  });

  it('gives headings and the sidebar entry that lights up', () => {
    expect(titleOfView({ name: 'forms', type: 'free-offer' })).toBe('Free Offers submissions');
    expect(titleOfView({ name: 'analytics' })).toBe('Analytics');
    expect(sidebarKeyOfView({ name: 'portfolio-detail', id: 'x' })).toBe('portfolio');
    expect(sidebarKeyOfView({ name: 'forms', type: 'contact' })).toBe('forms/contact');
    expect(sidebarKeyOfView({ name: 'tasks' })).toBe('tasks');
    expect(sidebarKeyOfView({ name: 'admin', section: 'audit' })).toBe('settings');
    expect(viewFromPath('/admin/dashboard/settings/audit')).toEqual({ name: 'admin', section: 'audit' });
    expect(viewFromPath('/admin/dashboard/users')).toEqual({ name: 'admin', section: 'users' });
    expect(pathOfView({ name: 'admin', section: 'audit' })).toBe('/admin/dashboard/settings/audit');
  });

  it('keeps accounts, settings, the audit trail and Find by e-mail to owners', () => {
    const ownerOnly = ['users', 'settings', 'settings/audit', 'privacy'].map((path) => viewFromPath(`/admin/dashboard/${path}`));
    expect(ownerOnly.map(isOwnerView)).toEqual([true, true, true, true]);
    const everyone = ['', '/account', '/tasks', '/messages', '/unmatched-mail', '/forms/contact', '/portfolio', '/projects', '/analytics'].map((path) => viewFromPath(`/admin/dashboard${path}`));
    expect(everyone.map(isOwnerView)).toEqual(everyone.map(() => false));
  });

  describe('the table of views', () => {
    it.each(VIEW_TABLE.map((entry) => [entry.key, entry]))('%s: its path opens its view, titled and guarded as the table says', (_key, entry) => {
      const view = entry.open('');
      const path = `/admin/dashboard${entry.path ? `/${entry.path}` : ''}`;
      expect(viewFromPath(path)).toEqual(view);
      expect(pathOfView(view)).toBe(path);
      expect(titleOfView(view)).toBe(entry.title);
      expect(isOwnerView(view)).toBe(entry.ownersOnly === true);
      expect(sidebarKeyOfView(view)).toBe(entry.within ?? entry.key);
    });

    it('gives every entry its own key and path', () => {
      expect(new Set(VIEW_TABLE.map((entry) => entry.key)).size).toBe(VIEW_TABLE.length);
      expect(new Set(VIEW_TABLE.map((entry) => entry.path)).size).toBe(VIEW_TABLE.length);
    });

    it('lists the sidebar in its order, Backups an owners\' entry of its own, the audit trail a page of Settings', () => {
      expect(SIDEBAR_ENTRIES.map((entry) => entry.sidebar?.label ?? entry.title)).toEqual(['Dashboard', 'Users', 'Projects', 'Portfolio', 'Website', 'Redirects', 'Messages', 'Unmatched mail', 'Tasks', 'Find by e-mail', 'Analytics', 'Settings', 'Backups', 'Your account']);
      expect([...OWNER_SECTIONS].sort()).toEqual(['backups', 'privacy', 'settings', 'users']);
      expect(sidebarKeyOfView(viewFromPath('/admin/dashboard/settings/backups'))).toBe('backups');
      expect(viewFromPath('/admin/dashboard/settings/audit/x')).toEqual({ name: 'not-found' });
      expect(viewFromPath('/admin/dashboard/audit')).toEqual({ name: 'not-found' });
    });

    it('titles the spam folder after the folder', () => {
      expect(titleOfView({ name: 'messages', filters: { folder: 'spam' } })).toBe('Spam');
      expect(titleOfView({ name: 'not-found' })).toBe('Page not found');
    });
  });
});
