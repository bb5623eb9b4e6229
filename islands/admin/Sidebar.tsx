import { useEffect, useState, type RefObject } from 'react';
import { useDashboard } from './context';
import { FORM_TYPES, FORM_TYPE_LABELS } from '../../shared/form-types';
import { AdminIcon, type AdminIconName } from './icons';
import { ViewLink } from './ViewLink';
import { ADMIN_SECTIONS, OWNER_SECTIONS, PLACEHOLDER_LABELS, sidebarKeyOfView, type AdminSection, type DashboardView, type PlaceholderSection } from './views';
import type { AdminRole } from '../../shared/admin-auth';

interface SidebarProps {
  view: DashboardView;
  /** Editors do not see the owners' sections. */
  role: AdminRole;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  /** Phones: the sidebar is an overlay, open or closed. */
  open: boolean;
  onClose: () => void;
  onLogout: () => void;
  loggingOut: boolean;
  panelRef: RefObject<HTMLElement | null>;
  /** Changes whenever leads change in the dashboard, so the overdue count is fetched again. */
  leadsVersion: number;
}

/** Sections that are views of their own (the rest are the admin's sections and placeholders). */
const SECTION_LABELS = { projects: 'Projects', portfolio: 'Portfolio', messages: 'Messages', tasks: 'Tasks', privacy: 'Find by e-mail', analytics: 'Analytics' } as const;
type OwnSection = keyof typeof SECTION_LABELS;

const SECTIONS_AFTER_FORMS: { key: PlaceholderSection | AdminSection | OwnSection; icon: AdminIconName }[] = [
  { key: 'users', icon: 'users' },
  { key: 'projects', icon: 'projects' },
  { key: 'portfolio', icon: 'portfolio' },
  { key: 'messages', icon: 'messages' },
  { key: 'tasks', icon: 'tasks' },
  { key: 'privacy', icon: 'search' },
  { key: 'analytics', icon: 'analytics' },
  { key: 'settings', icon: 'settings' },
  { key: 'account', icon: 'user' },
];

function viewOfSection(key: PlaceholderSection | AdminSection | OwnSection): { to: DashboardView; text: string } {
  if (key === 'messages') return { to: { name: 'messages', filters: {} }, text: SECTION_LABELS.messages };
  if (key === 'portfolio' || key === 'projects' || key === 'analytics' || key === 'tasks' || key === 'privacy') return { to: { name: key }, text: SECTION_LABELS[key] };
  if (key in ADMIN_SECTIONS) return { to: { name: 'admin', section: key as AdminSection }, text: ADMIN_SECTIONS[key as AdminSection] };
  return { to: { name: 'placeholder', section: key as PlaceholderSection }, text: PLACEHOLDER_LABELS[key as PlaceholderSection] };
}

/** The spec's sidebar: the sections, the Forms group, back to website, logout and the collapse toggle. */
export function Sidebar({ view, role, collapsed, onToggleCollapsed, open, onClose, onLogout, loggingOut, panelRef, leadsVersion }: SidebarProps) {
  const { api } = useDashboard();
  const current = sidebarKeyOfView(view);
  const overdue = useOverdueCount(leadsVersion);
  const [formsOpen, setFormsOpen] = useState(true);
  const label = (text: string) => <span className="admin-nav__label">{text}</span>;

  const toggleForms = () => {
    // Collapsed, the sub-items have no room: open the sidebar and show them.
    if (collapsed) {
      onToggleCollapsed();
      setFormsOpen(true);
    } else setFormsOpen(!formsOpen);
  };

  return (
    <aside
      ref={panelRef as RefObject<HTMLElement>}
      id="admin-sidebar"
      className="admin-sidebar"
      data-open={open}
      aria-label="Dashboard navigation"
      tabIndex={-1}
    >
      <div className="admin-sidebar__brand">
        <span className="admin-sidebar__logo" aria-hidden="true">
          B
        </span>
        {label('Brightpath Admin')}
        <button type="button" className="admin-sidebar__close admin-icon-button" onClick={onClose}>
          <AdminIcon name="close" />
          <span className="visually-hidden">Close navigation</span>
        </button>
      </div>
      <nav aria-label="Dashboard" className="admin-nav">
        <ul className="admin-nav__list">
          <li>
            <ViewLink to={{ name: 'home' }} className="admin-nav__link" current={current === 'home'} title={collapsed ? 'Dashboard' : undefined}>
              <AdminIcon name="dashboard" />
              {label('Dashboard')}
            </ViewLink>
          </li>
          <li>
            <button
              type="button"
              className="admin-nav__link admin-nav__group"
              aria-expanded={formsOpen && !collapsed}
              aria-controls="admin-nav-forms"
              onClick={toggleForms}
              title={collapsed ? 'Forms' : undefined}
            >
              <AdminIcon name="forms" />
              {label('Forms')}
              <span className="admin-nav__chevron" aria-hidden="true">
                <AdminIcon name="chevron" size={16} />
              </span>
            </button>
            <ul id="admin-nav-forms" className="admin-nav__sublist" hidden={!formsOpen || collapsed}>
              {FORM_TYPES.map((type) => (
                <li key={type}>
                  <ViewLink to={{ name: 'forms', type }} className="admin-nav__sublink" current={current === `forms/${type}`}>
                    {FORM_TYPE_LABELS[type]}
                  </ViewLink>
                </li>
              ))}
            </ul>
          </li>
          {SECTIONS_AFTER_FORMS.filter(({ key }) => role === 'owner' || !OWNER_SECTIONS.includes(key)).map(({ key, icon }) => {
            const { to, text } = viewOfSection(key);
            const badge = key === 'tasks' && overdue > 0 ? overdue : 0;
            return (
              <li key={key}>
                <ViewLink to={to} className="admin-nav__link" current={current === key} title={collapsed ? text : undefined}>
                  <AdminIcon name={icon} />
                  {label(text)}
                  {badge > 0 && (
                    <>
                      <span className="admin-nav__badge" aria-hidden="true">
                        {badge > 99 ? '99+' : badge}
                      </span>
                      <span className="visually-hidden">, {badge} overdue</span>
                    </>
                  )}
                </ViewLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="admin-sidebar__footer">
        <a href="/" className="admin-nav__link" title={collapsed ? 'Back to website' : undefined}>
          <AdminIcon name="back" />
          {label('Back to website')}
        </a>
        {/* A plain form post, so Logout works before the island hydrates (or without JavaScript);
            once hydrated, the island signs out by its own call and reports a failure in the page. */}
        <form
          method="post"
          action="/admin/logout"
          className="admin-sidebar__logout"
          onSubmit={(event) => {
            event.preventDefault();
            onLogout();
          }}
        >
          <input type="hidden" name="csrf" value={api.csrfToken} />
          <button type="submit" className="admin-nav__link" disabled={loggingOut} title={collapsed ? 'Logout' : undefined}>
            <AdminIcon name="logout" />
            {label(loggingOut ? 'Logging out…' : 'Logout')}
          </button>
        </form>
        <button
          type="button"
          className="admin-nav__link admin-sidebar__collapse"
          aria-expanded={!collapsed}
          aria-controls="admin-sidebar"
          onClick={onToggleCollapsed}
          title={collapsed ? 'Expand sidebar' : undefined}
        >
          <AdminIcon name="collapse" />
          {label(collapsed ? 'Expand sidebar' : 'Collapse sidebar')}
        </button>
      </div>
    </aside>
  );
}

/** Overdue leads (the reply promise broken), counted again whenever leads change or every minute. */
function useOverdueCount(leadsVersion: number): number {
  const { api } = useDashboard();
  const [overdue, setOverdue] = useState(0);
  useEffect(() => {
    let current = true;
    const load = () =>
      api.taskCounts().then(
        (counts) => current && setOverdue(counts.overdue),
        () => undefined,
      );
    void load();
    // Leads fall overdue as time passes, with nobody changing anything.
    const timer = window.setInterval(() => void load(), 60_000);
    return () => {
      current = false;
      window.clearInterval(timer);
    };
  }, [api, leadsVersion]);
  return overdue;
}
