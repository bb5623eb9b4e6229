import { FORM_TYPE_LABELS, isFormType, type FormType } from '../../shared/form-types';

/** Where the dashboard lives; every view is a path below it, so reload and Back keep the view. */
export const DASHBOARD_BASE = '/admin/dashboard';

/** Sections the spec leaves as placeholders ("content will go here"). */
export const PLACEHOLDER_SECTIONS = ['projects', 'messages', 'tasks', 'analytics'] as const;
export type PlaceholderSection = (typeof PLACEHOLDER_SECTIONS)[number];

export const PLACEHOLDER_LABELS: Record<PlaceholderSection, string> = {
  projects: 'Projects',
  messages: 'Messages',
  tasks: 'Tasks',
  analytics: 'Analytics',
};

/** The back office's own views: accounts and settings (owners), and one's own account (everyone). */
export const ADMIN_SECTIONS = { users: 'Users', account: 'Your account', settings: 'Settings', audit: 'Audit trail' } as const;
export type AdminSection = keyof typeof ADMIN_SECTIONS;
/** The sections only owners see; the server refuses their calls to editors anyway. */
export const OWNER_SECTIONS: readonly AdminSection[] = ['users', 'settings', 'audit'];

export type DashboardView =
  | { name: 'home' }
  | { name: 'forms'; type: FormType }
  | { name: 'portfolio' }
  | { name: 'portfolio-detail'; id: string }
  | { name: 'placeholder'; section: PlaceholderSection }
  | { name: 'admin'; section: AdminSection }
  | { name: 'not-found' };

function isPlaceholderSection(value: string): value is PlaceholderSection {
  return (PLACEHOLDER_SECTIONS as readonly string[]).includes(value);
}

/**
 * The view a dashboard URL path shows. Paths outside the dashboard, or below it but naming no view,
 * give `not-found` (the page says so and links home) rather than silently showing another view.
 */
export function viewFromPath(path: string): DashboardView {
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed === DASHBOARD_BASE) return { name: 'home' };
  if (!trimmed.startsWith(`${DASHBOARD_BASE}/`)) return { name: 'not-found' };
  const parts = trimmed.slice(DASHBOARD_BASE.length + 1).split('/');
  const [section, detail, ...rest] = parts;
  if (rest.length > 0 || !section) return { name: 'not-found' };
  if (section === 'forms') return detail && isFormType(detail) ? { name: 'forms', type: detail } : { name: 'not-found' };
  if (section === 'portfolio') {
    if (detail === undefined) return { name: 'portfolio' };
    let id: string;
    try {
      id = decodeURIComponent(detail);
    } catch {
      return { name: 'not-found' };
    }
    return id ? { name: 'portfolio-detail', id } : { name: 'not-found' };
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
      return `${DASHBOARD_BASE}/forms/${view.type}`;
    case 'portfolio':
      return `${DASHBOARD_BASE}/portfolio`;
    case 'portfolio-detail':
      return `${DASHBOARD_BASE}/portfolio/${encodeURIComponent(view.id)}`;
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
    case 'portfolio':
      return 'Portfolio';
    case 'portfolio-detail':
      return 'Portfolio item';
    case 'placeholder':
      return PLACEHOLDER_LABELS[view.section];
    case 'admin':
      return ADMIN_SECTIONS[view.section];
    case 'not-found':
      return 'Page not found';
  }
}

/** The sidebar entry a view belongs to, for `aria-current` (a detail view lights up Portfolio). */
export function sidebarKeyOfView(view: DashboardView): string {
  switch (view.name) {
    case 'forms':
      return `forms/${view.type}`;
    case 'portfolio-detail':
      return 'portfolio';
    case 'placeholder':
      return view.section;
    case 'admin':
      // The audit trail is a page of Settings.
      return view.section === 'audit' ? 'settings' : view.section;
    default:
      return view.name;
  }
}
