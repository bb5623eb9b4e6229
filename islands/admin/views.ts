import { FORM_TYPE_LABELS, isFormType, type FormType } from '../../shared/form-types';
import { LEAD_FOLDERS, LEAD_STATUSES, type LeadFilters } from '../../shared/leads';
import { SEARCH_LENGTH } from '../../shared/search';
import { isProjectStage, type ProjectFilters } from '../../shared/projects';

import { DASHBOARD_PATH } from '../../shared/lead-facts';

/** Where the dashboard lives; every view is a path below it, so reload and Back keep the view. */
export const DASHBOARD_BASE = DASHBOARD_PATH;

/** Sections the spec leaves as placeholders ("content will go here"): none left. */
export const PLACEHOLDER_SECTIONS = [] as const;
export type PlaceholderSection = (typeof PLACEHOLDER_SECTIONS)[number];

export const PLACEHOLDER_LABELS: Record<PlaceholderSection, string> = {
};

/** The back office's own views: accounts and settings (owners), and one's own account (everyone). */
export const ADMIN_SECTIONS = { users: 'Users', account: 'Your account', settings: 'Settings', audit: 'Audit trail' } as const;
export type AdminSection = keyof typeof ADMIN_SECTIONS;
/**
 * The sidebar sections only owners see (the audit trail is a page of Settings; Find by e-mail is
 * `privacy`); the server refuses their calls to editors anyway.
 */
export const OWNER_SECTIONS: readonly string[] = ['users', 'settings', 'privacy'];

export type DashboardView =
  | { name: 'home' }
  /** Forms > type: the Messages inbox with the type fixed; `filters` are the others (never `type`). */
  | { name: 'forms'; type: FormType; filters?: LeadFilters }
  | { name: 'messages'; filters: LeadFilters }
  | { name: 'lead'; type: FormType; id: string }
  /** `fromProject`: the add panel opens filled in from that project (won quote). */
  | { name: 'portfolio'; fromProject?: string }
  /** `filters`: the stage and search chosen (left out when none). */
  | { name: 'projects'; filters?: ProjectFilters }
  | { name: 'portfolio-detail'; id: string }
  | { name: 'analytics' }
  | { name: 'tasks' }
  | { name: 'privacy' }
  | { name: 'placeholder'; section: PlaceholderSection }
  | { name: 'admin'; section: AdminSection }
  | { name: 'not-found' };

function isPlaceholderSection(value: string): value is PlaceholderSection {
  return (PLACEHOLDER_SECTIONS as readonly string[]).includes(value);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The inbox's filters from a query string; values the API would refuse are left out, so a
 * mistyped link shows the unfiltered inbox rather than an error.
 */
export function filtersFromQuery(query: string): LeadFilters {
  const params = new URLSearchParams(query);
  const filters: LeadFilters = {};
  const type = params.get('type');
  if (type && isFormType(type)) filters.type = type;
  const status = params.get('status');
  if (status && LEAD_STATUSES.includes(status)) filters.status = status;
  const q = params.get('q')?.trim();
  if (q) filters.q = q.slice(0, 200);
  for (const bound of ['from', 'to'] as const) {
    const value = params.get(bound);
    if (value && DAY.test(value)) filters[bound] = value;
  }
  const folder = params.get('folder');
  if (folder === 'spam' && (LEAD_FOLDERS as readonly string[]).includes(folder)) filters.folder = 'spam';
  if (params.get('unread') === 'true') filters.unread = true;
  return filters;
}

/** The query string of the inbox's filters (`?type=quote&q=…`, or "" when unfiltered), in a fixed order. */
export function queryOfFilters(filters: LeadFilters): string {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  if (filters.status) params.set('status', filters.status);
  if (filters.q) params.set('q', filters.q);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.folder === 'spam') params.set('folder', 'spam');
  if (filters.unread) params.set('unread', 'true');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The Projects list's filters from a query string; values the API would refuse (an unknown stage,
 * a search too short to look up) are left out, as the inbox's are.
 */
export function projectFiltersFromQuery(query: string): ProjectFilters {
  const params = new URLSearchParams(query);
  const filters: ProjectFilters = {};
  const stage = params.get('stage');
  if (isProjectStage(stage)) filters.stage = stage;
  const q = params.get('q')?.trim().slice(0, SEARCH_LENGTH.max).trim();
  if (q && q.length >= SEARCH_LENGTH.min) filters.q = q;
  return filters;
}

/** The query string of the Projects list's filters (`?stage=delivered&q=…`, or "" when unfiltered). */
export function queryOfProjectFilters(filters: ProjectFilters): string {
  const params = new URLSearchParams();
  if (filters.stage) params.set('stage', filters.stage);
  if (filters.q) params.set('q', filters.q);
  const text = params.toString();
  return text ? `?${text}` : '';
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
  const parts = trimmed.slice(DASHBOARD_BASE.length + 1).split('/');
  const [section, detail, ...rest] = parts;
  if (!section) return { name: 'not-found' };
  if (section === 'messages') {
    if (detail === undefined) return { name: 'messages', filters: filtersFromQuery(query) };
    const [id, ...more] = rest;
    if (isFormType(detail) && id && more.length === 0 && /^[0-9a-f-]{36}$/i.test(id)) return { name: 'lead', type: detail, id: id.toLowerCase() };
    return { name: 'not-found' };
  }
  if (rest.length > 0) return { name: 'not-found' };
  if (section === 'forms') {
    if (!detail || !isFormType(detail)) return { name: 'not-found' };
    // The path names the type; a `type` in the query would contradict it and is dropped.
    const { type: _ignored, ...filters } = filtersFromQuery(query);
    return { name: 'forms', type: detail, filters };
  }
  if (section === 'portfolio') {
    if (detail === undefined) {
      const fromProject = new URLSearchParams(query).get('from-project');
      return fromProject && /^[0-9a-f-]{36}$/i.test(fromProject) ? { name: 'portfolio', fromProject: fromProject.toLowerCase() } : { name: 'portfolio' };
    }
    let id: string;
    try {
      id = decodeURIComponent(detail);
    } catch {
      return { name: 'not-found' };
    }
    return id ? { name: 'portfolio-detail', id } : { name: 'not-found' };
  }
  if (section === 'analytics' && detail === undefined) return { name: 'analytics' };
  if (section === 'tasks' && detail === undefined) return { name: 'tasks' };
  if (section === 'privacy' && detail === undefined) return { name: 'privacy' };
  if (section === 'projects' && detail === undefined) {
    const filters = projectFiltersFromQuery(query);
    return Object.keys(filters).length > 0 ? { name: 'projects', filters } : { name: 'projects' };
  }
  if (detail === undefined && isPlaceholderSection(section)) return { name: 'placeholder', section };
  if (section === 'settings' && detail === 'audit') return { name: 'admin', section: 'audit' };
  if (detail === undefined && (section === 'users' || section === 'account' || section === 'settings')) return { name: 'admin', section };
  return { name: 'not-found' };
}

/** The URL path of a view (the inverse of `viewFromPath`). */
export function pathOfView(view: DashboardView): string {
  switch (view.name) {
    case 'home':
    case 'not-found':
      return DASHBOARD_BASE;
    case 'forms':
      return `${DASHBOARD_BASE}/forms/${view.type}${queryOfFilters({ ...view.filters, type: undefined })}`;
    case 'messages':
      return `${DASHBOARD_BASE}/messages${queryOfFilters(view.filters)}`;
    case 'lead':
      return `${DASHBOARD_BASE}/messages/${view.type}/${view.id}`;
    case 'portfolio':
      return `${DASHBOARD_BASE}/portfolio${view.fromProject ? `?from-project=${view.fromProject}` : ''}`;
    case 'projects':
      return `${DASHBOARD_BASE}/projects${queryOfProjectFilters(view.filters ?? {})}`;
    case 'portfolio-detail':
      return `${DASHBOARD_BASE}/portfolio/${encodeURIComponent(view.id)}`;
    case 'analytics':
      return `${DASHBOARD_BASE}/analytics`;
    case 'tasks':
      return `${DASHBOARD_BASE}/tasks`;
    case 'privacy':
      return `${DASHBOARD_BASE}/privacy`;
    case 'placeholder':
      return `${DASHBOARD_BASE}/${view.section}`;
    case 'admin':
      return view.section === 'audit' ? `${DASHBOARD_BASE}/settings/audit` : `${DASHBOARD_BASE}/${view.section}`;
  }
}

/** The heading of a view (also the document title's first part). */
export function titleOfView(view: DashboardView): string {
  switch (view.name) {
    case 'home':
      return 'Dashboard';
    case 'forms':
      return `${FORM_TYPE_LABELS[view.type]} submissions`;
    case 'messages':
      return view.filters.folder === 'spam' ? 'Spam' : 'Messages';
    case 'lead':
      return 'Message';
    case 'portfolio':
      return 'Portfolio';
    case 'portfolio-detail':
      return 'Portfolio item';
    case 'analytics':
      return 'Analytics';
    case 'tasks':
      return 'Tasks';
    case 'privacy':
      return 'Find by e-mail';
    case 'projects':
      return 'Projects';
    case 'placeholder':
      return PLACEHOLDER_LABELS[view.section];
    case 'admin':
      return ADMIN_SECTIONS[view.section];
    case 'not-found':
      return 'Page not found';
  }
}

/** Whether only owners may use `view` (an editor is told so instead of shown it). */
export function isOwnerView(view: DashboardView): boolean {
  return OWNER_SECTIONS.includes(sidebarKeyOfView(view));
}

/** The sidebar entry a view belongs to, for `aria-current` (a detail view lights up Portfolio). */
export function sidebarKeyOfView(view: DashboardView): string {
  switch (view.name) {
    case 'forms':
      return `forms/${view.type}`;
    case 'portfolio-detail':
      return 'portfolio';
    case 'messages':
    case 'lead':
      return 'messages';
    case 'placeholder':
      return view.section;
    case 'admin':
      // The audit trail is a page of Settings.
      return view.section === 'audit' ? 'settings' : view.section;
    default:
      return view.name;
  }
}
