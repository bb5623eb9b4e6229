import { FORM_TYPE_LABELS, isFormType, isLeadType, type FormType, type LeadType } from '../../shared/form-types';
import type { LeadFilters } from '../../shared/leads';
import type { ProjectFilters } from '../../shared/projects';
import { filtersFromQuery, queryOfFilters } from './lead-filters';
import { projectFiltersFromQuery, queryOfProjectFilters } from './project-filters';
import { DASHBOARD_PATH } from '../../shared/lead-facts';
import { contentDocument } from '../../shared/content/documents';
import type { AdminIconName } from './icons';

/** Where the dashboard lives; every view is a path below it, so reload and Back keep the view. */
export const DASHBOARD_BASE = DASHBOARD_PATH;

/** Sections the spec leaves as placeholders ("content will go here"): none left. */
export const PLACEHOLDER_SECTIONS = [] as const;
export type PlaceholderSection = (typeof PLACEHOLDER_SECTIONS)[number];

export const PLACEHOLDER_LABELS: Record<PlaceholderSection, string> = {
};

/** The back office's own views: accounts and settings (owners), and one's own account (everyone). */
export const ADMIN_SECTIONS = { users: 'Users', account: 'Your account', settings: 'Settings', audit: 'Audit trail', backups: 'Backups' } as const;
export type AdminSection = keyof typeof ADMIN_SECTIONS;

export type DashboardView =
  | { name: 'home' }
  /** Forms > type: the Messages inbox with the type fixed; `filters` are the others (never `type`). */
  | { name: 'forms'; type: FormType; filters?: LeadFilters }
  | { name: 'messages'; filters: LeadFilters }
  /** `reply`: opened at the reply composer (Tasks' "Reply"); carried as `?reply`. */
  | { name: 'lead'; type: LeadType; id: string; reply?: true }
  /** Mail from the agency's mailbox that matched no lead. */
  | { name: 'unmatched-mail' }
  /** `fromProject`: the add panel opens filled in from that project (won quote). */
  | { name: 'portfolio'; fromProject?: string }
  /** `filters`: the stage and search chosen (left out when none). */
  | { name: 'projects'; filters?: ProjectFilters }
  | { name: 'portfolio-detail'; id: string }
  | { name: 'analytics' }
  /** `type`: the form Tasks is narrowed to (left out for every form). */
  | { name: 'tasks'; type?: LeadType }
  | { name: 'privacy' }
  /** The saved replies staff start a reply from (within Messages). */
  | { name: 'saved-replies' }
  /** Website: the site's content documents, grouped by page. */
  | { name: 'website' }
  /** One content document's editor; `key` as the API names it (`business`, `services/seo`). */
  | { name: 'website-document'; key: string }
  /** Website > Redirects: old addresses sent on to the page they look for. */
  | { name: 'redirects' }
  | { name: 'placeholder'; section: PlaceholderSection }
  | { name: 'admin'; section: AdminSection }
  | { name: 'not-found' };

function isPlaceholderSection(value: string): value is PlaceholderSection {
  return (PLACEHOLDER_SECTIONS as readonly string[]).includes(value);
}

/** One of the dashboard's views: where it lives, what it is called, who may see it, its sidebar entry. */
export interface ViewEntry {
  /** Names the entry; the sidebar entry of its views (what `sidebarKeyOfView` answers). */
  key: string;
  /** Its path below the dashboard ("" for the home view). */
  path: string;
  /** Its heading (and the document title's first part). */
  title: string;
  /** The view its path shows, given the URL's query string. */
  open: (query: string) => DashboardView;
  /** The query string of one of its views ("" by default). */
  queryOf?: (view: DashboardView) => string;
  /** Only owners may use it (an editor is told so; the server refuses their calls anyway). */
  ownersOnly?: boolean;
  /** Listed in the sidebar, in this table's order, with this icon (and this label, when not the title). */
  sidebar?: { icon: AdminIconName; label?: string };
  /** A page within another entry's section: that sidebar entry lights up. */
  within?: string;
}

/**
 * Every view with a path of its own, in the sidebar's order. The URL parsing, the titles, the
 * owners-only rule and the sidebar all read this table, so a new view is one entry here (and
 * its component in AdminDashboard's `CurrentView`). The Forms group and a lead's or portfolio
 * item's own page have parameters in their paths and are read by `viewFromPath` itself.
 */
export const VIEW_TABLE: readonly ViewEntry[] = [
  { key: 'home', path: '', title: 'Dashboard', open: () => ({ name: 'home' }), sidebar: { icon: 'dashboard' } },
  { key: 'users', path: 'users', title: ADMIN_SECTIONS.users, open: () => ({ name: 'admin', section: 'users' }), ownersOnly: true, sidebar: { icon: 'users' } },
  {
    key: 'projects',
    path: 'projects',
    title: 'Projects',
    open: (query) => {
      const filters = projectFiltersFromQuery(query);
      return Object.keys(filters).length > 0 ? { name: 'projects', filters } : { name: 'projects' };
    },
    queryOf: (view) => (view.name === 'projects' ? queryOfProjectFilters(view.filters ?? {}) : ''),
    sidebar: { icon: 'projects' },
  },
  {
    key: 'portfolio',
    path: 'portfolio',
    title: 'Portfolio',
    open: (query) => {
      const fromProject = new URLSearchParams(query).get('from-project');
      return fromProject && UUID.test(fromProject) ? { name: 'portfolio', fromProject: fromProject.toLowerCase() } : { name: 'portfolio' };
    },
    queryOf: (view) => (view.name === 'portfolio' && view.fromProject ? `?from-project=${view.fromProject}` : ''),
    sidebar: { icon: 'portfolio' },
  },
  { key: 'website', path: 'website', title: 'Website', open: () => ({ name: 'website' }), sidebar: { icon: 'website' } },
  { key: 'redirects', path: 'website/redirects', title: 'Redirects', open: () => ({ name: 'redirects' }), sidebar: { icon: 'redirect' } },
  {
    key: 'messages',
    path: 'messages',
    title: 'Messages',
    open: (query) => ({ name: 'messages', filters: filtersFromQuery(query) }),
    queryOf: (view) => (view.name === 'messages' ? queryOfFilters(view.filters) : ''),
    sidebar: { icon: 'messages' },
  },
  { key: 'unmatched-mail', path: 'unmatched-mail', title: 'Unmatched mail', open: () => ({ name: 'unmatched-mail' }), sidebar: { icon: 'mail' } },
  {
    key: 'tasks',
    path: 'tasks',
    title: 'Tasks',
    // The form filter is carried as the inbox carries it (`?type=quote`).
    open: (query) => {
      const { type } = filtersFromQuery(query);
      return type ? { name: 'tasks', type } : { name: 'tasks' };
    },
    queryOf: (view) => (view.name === 'tasks' ? queryOfFilters({ type: view.type }) : ''),
    sidebar: { icon: 'tasks' },
  },
  { key: 'saved-replies', path: 'saved-replies', title: 'Saved replies', open: () => ({ name: 'saved-replies' }), within: 'messages' },
  { key: 'privacy', path: 'privacy', title: 'Find by e-mail', open: () => ({ name: 'privacy' }), ownersOnly: true, sidebar: { icon: 'search' } },
  { key: 'analytics', path: 'analytics', title: 'Analytics', open: () => ({ name: 'analytics' }), sidebar: { icon: 'analytics' } },
  { key: 'settings', path: 'settings', title: ADMIN_SECTIONS.settings, open: () => ({ name: 'admin', section: 'settings' }), ownersOnly: true, sidebar: { icon: 'settings' } },
  { key: 'audit', path: 'settings/audit', title: ADMIN_SECTIONS.audit, open: () => ({ name: 'admin', section: 'audit' }), ownersOnly: true, within: 'settings' },
  // Its own sidebar entry: where the site's data is kept is worth one click, not a link at Settings' end.
  { key: 'backups', path: 'settings/backups', title: ADMIN_SECTIONS.backups, open: () => ({ name: 'admin', section: 'backups' }), ownersOnly: true, sidebar: { icon: 'backups' } },
  { key: 'account', path: 'account', title: ADMIN_SECTIONS.account, open: () => ({ name: 'admin', section: 'account' }), sidebar: { icon: 'user' } },
];

/** The sidebar's entries, in order (the Forms group goes after the first, the home view). */
export const SIDEBAR_ENTRIES = VIEW_TABLE.filter((entry) => entry.sidebar);

/** The sidebar sections only owners see; the server refuses their calls to editors anyway. */
export const OWNER_SECTIONS: readonly string[] = SIDEBAR_ENTRIES.filter((entry) => entry.ownersOnly).map((entry) => entry.key);

const UUID = /^[0-9a-f-]{36}$/i;

/** The table's entry of a view (none for the Forms group, a lead's or a portfolio item's page, or "not found"). */
export function entryOfView(view: DashboardView): ViewEntry | undefined {
  const key = view.name === 'admin' || view.name === 'placeholder' ? view.section : view.name;
  return VIEW_TABLE.find((entry) => entry.key === key);
}

/**
 * The view a dashboard URL (path and query) shows. Paths outside the dashboard, or below it but naming no view,
 * give `not-found` (the page says so and links home) rather than silently showing another view.
 */
export function viewFromPath(url: string): DashboardView {
  const [path = '', query = ''] = url.split('?', 2);
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed === DASHBOARD_BASE) return { name: 'home' };
  if (!trimmed.startsWith(`${DASHBOARD_BASE}/`)) return { name: 'not-found' };
  const below = trimmed.slice(DASHBOARD_BASE.length + 1);
  const [section, detail, ...rest] = below.split('/');
  if (!section) return { name: 'not-found' };
  if (section === 'messages' && detail !== undefined) {
    const [id, ...more] = rest;
    if (isLeadType(detail) && id && more.length === 0 && UUID.test(id)) {
      const lead = { name: 'lead', type: detail, id: id.toLowerCase() } as const;
      return new URLSearchParams(query).has('reply') ? { ...lead, reply: true } : lead;
    }
    return { name: 'not-found' };
  }
  // A document's key may hold a slash (`services/seo`): its segments are the rest of the path.
  if (section === 'website' && detail !== undefined) {
    // The Website section's own views (Redirects) before the documents' keys.
    const own = VIEW_TABLE.find((candidate) => candidate.path === below);
    if (own) return own.open(query);
    const key = [detail, ...rest].join('/');
    return contentDocument(key) ? { name: 'website-document', key } : { name: 'not-found' };
  }
  if (rest.length > 0) return { name: 'not-found' };
  if (section === 'forms') {
    if (!detail || !isFormType(detail)) return { name: 'not-found' };
    // The path names the type; a `type` in the query would contradict it and is dropped.
    const { type: _ignored, ...filters } = filtersFromQuery(query);
    return { name: 'forms', type: detail, filters };
  }
  if (section === 'portfolio' && detail !== undefined) {
    let id: string;
    try {
      id = decodeURIComponent(detail);
    } catch {
      return { name: 'not-found' };
    }
    return id ? { name: 'portfolio-detail', id } : { name: 'not-found' };
  }
  if (detail === undefined && isPlaceholderSection(section)) return { name: 'placeholder', section };
  const entry = VIEW_TABLE.find((candidate) => candidate.path === below);
  return entry ? entry.open(query) : { name: 'not-found' };
}

/** The URL path of a view (the inverse of `viewFromPath`). */
export function pathOfView(view: DashboardView): string {
  switch (view.name) {
    case 'not-found':
      return DASHBOARD_BASE;
    case 'forms':
      return `${DASHBOARD_BASE}/forms/${view.type}${queryOfFilters({ ...view.filters, type: undefined })}`;
    case 'lead':
      return `${DASHBOARD_BASE}/messages/${view.type}/${view.id}${view.reply ? '?reply' : ''}`;
    case 'portfolio-detail':
      return `${DASHBOARD_BASE}/portfolio/${encodeURIComponent(view.id)}`;
    case 'placeholder':
      return `${DASHBOARD_BASE}/${view.section}`;
    case 'website-document':
      return `${DASHBOARD_BASE}/website/${view.key}`;
  }
  const entry = entryOfView(view);
  if (!entry) return DASHBOARD_BASE;
  return `${DASHBOARD_BASE}${entry.path ? `/${entry.path}` : ''}${entry.queryOf?.(view) ?? ''}`;
}

/** The heading of a view (also the document title's first part). */
export function titleOfView(view: DashboardView): string {
  switch (view.name) {
    case 'forms':
      return `${FORM_TYPE_LABELS[view.type]} submissions`;
    case 'messages':
      if (view.filters.folder === 'spam') return 'Spam';
      break;
    case 'lead':
      return 'Message';
    case 'portfolio-detail':
      return 'Portfolio item';
    case 'placeholder':
      return PLACEHOLDER_LABELS[view.section];
    case 'website-document':
      return `Edit ${contentDocument(view.key)?.title ?? view.key}`;
    case 'not-found':
      return 'Page not found';
  }
  return entryOfView(view)?.title ?? 'Page not found';
}

/** Whether only owners may use `view` (an editor is told so instead of shown it). */
export function isOwnerView(view: DashboardView): boolean {
  return entryOfView(view)?.ownersOnly === true;
}

/** The sidebar entry a view belongs to, for `aria-current` (a detail view lights up Portfolio). */
export function sidebarKeyOfView(view: DashboardView): string {
  switch (view.name) {
    case 'forms':
      return `forms/${view.type}`;
    case 'portfolio-detail':
      return 'portfolio';
    case 'lead':
      return 'messages';
    case 'website-document':
      return 'website';
  }
  const entry = entryOfView(view);
  return entry ? (entry.within ?? entry.key) : view.name;
}
