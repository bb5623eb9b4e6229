import { useEffect, useState, type RefObject } from 'react';
import { useDashboard } from './context';
import { FORM_TYPES, FORM_TYPE_LABELS } from '../../shared/form-types';
import { AdminIcon, type AdminIconName } from './icons';
import { ViewLink } from './ViewLink';
import { PLACEHOLDER_LABELS, sidebarKeyOfView, type DashboardView, type PlaceholderSection } from './views';

interface SidebarProps {
  view: DashboardView;
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

const SECTIONS_AFTER_FORMS: { key: PlaceholderSection | 'portfolio' | 'messages' | 'analytics' | 'tasks' | 'privacy'; icon: AdminIconName }[] = [
  { key: 'users', icon: 'users' },
  { key: 'projects', icon: 'projects' },
  { key: 'portfolio', icon: 'portfolio' },
  { key: 'messages', icon: 'messages' },
  { key: 'tasks', icon: 'tasks' },
  { key: 'privacy', icon: 'search' },
  { key: 'analytics', icon: 'analytics' },
  { key: 'settings', icon: 'settings' },
];

/** SPEC §2's sidebar: the sections, the Forms group, back to website, logout and the collapse toggle. */
export function Sidebar({ view, collapsed, onToggleCollapsed, open, onClose, onLogout, loggingOut, panelRef, leadsVersion }: SidebarProps) {
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
          {SECTIONS_AFTER_FORMS.map(({ key, icon }) => {
            const text = key === 'portfolio' ? 'Portfolio' : key === 'messages' ? 'Messages' : key === 'analytics' ? 'Analytics' : key === 'tasks' ? 'Tasks' : key === 'privacy' ? 'Find by e-mail' : PLACEHOLDER_LABELS[key];
            const to: DashboardView =
              key === 'portfolio' || key === 'analytics' || key === 'tasks' || key === 'privacy' ? { name: key } : key === 'messages' ? { name: 'messages', filters: {} } : { name: 'placeholder', section: key };
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
        <button type="button" className="admin-nav__link" onClick={onLogout} disabled={loggingOut} title={collapsed ? 'Logout' : undefined}>
          <AdminIcon name="logout" />
          {label(loggingOut ? 'Logging out…' : 'Logout')}
        </button>
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
