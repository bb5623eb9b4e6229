import { FORM_TYPE_LABELS, isFormType, type FormType } from '../../shared/form-types';

/** Where the dashboard lives; every view is a path below it, so reload and Back keep the view. */
export const DASHBOARD_BASE = '/admin/dashboard';

/** Sections the spec leaves as placeholders ("content will go here"). */
export const PLACEHOLDER_SECTIONS = ['users', 'projects', 'messages', 'tasks', 'settings'] as const;
export type PlaceholderSection = (typeof PLACEHOLDER_SECTIONS)[number];

export const PLACEHOLDER_LABELS: Record<PlaceholderSection, string> = {
  users: 'Users',
  projects: 'Projects',
  messages: 'Messages',
  tasks: 'Tasks',
  settings: 'Settings',
};

export type DashboardView =
  | { name: 'home' }
  | { name: 'forms'; type: FormType }
  | { name: 'portfolio' }
  | { name: 'portfolio-detail'; id: string }
  | { name: 'analytics' }
  | { name: 'placeholder'; section: PlaceholderSection }
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
  if (section === 'analytics' && detail === undefined) return { name: 'analytics' };
  if (detail === undefined && isPlaceholderSection(section)) return { name: 'placeholder', section };
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
    case 'analytics':
      return `${DASHBOARD_BASE}/analytics`;
    case 'placeholder':
      return `${DASHBOARD_BASE}/${view.section}`;
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
    case 'analytics':
      return 'Analytics';
    case 'placeholder':
      return PLACEHOLDER_LABELS[view.section];
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
    default:
      return view.name;
  }
}
