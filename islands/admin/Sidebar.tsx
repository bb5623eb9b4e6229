import { useState, type RefObject } from 'react';
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
}

const SECTION_LABELS = { projects: 'Projects', portfolio: 'Portfolio', messages: 'Messages', analytics: 'Analytics' } as const;

const SECTIONS_AFTER_FORMS: { key: PlaceholderSection | 'projects' | 'portfolio' | 'messages' | 'analytics'; icon: AdminIconName }[] = [
  { key: 'users', icon: 'users' },
  { key: 'projects', icon: 'projects' },
  { key: 'portfolio', icon: 'portfolio' },
  { key: 'messages', icon: 'messages' },
  { key: 'tasks', icon: 'tasks' },
  { key: 'analytics', icon: 'analytics' },
  { key: 'settings', icon: 'settings' },
];

/** SPEC §2's sidebar: the sections, the Forms group, back to website, logout and the collapse toggle. */
export function Sidebar({ view, collapsed, onToggleCollapsed, open, onClose, onLogout, loggingOut, panelRef }: SidebarProps) {
  const current = sidebarKeyOfView(view);
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
            const text = key === 'portfolio' || key === 'messages' || key === 'analytics' || key === 'projects' ? SECTION_LABELS[key] : PLACEHOLDER_LABELS[key];
            const to: DashboardView =
              key === 'portfolio' || key === 'analytics' || key === 'projects' ? { name: key } : key === 'messages' ? { name: 'messages', filters: {} } : { name: 'placeholder', section: key };
            return (
              <li key={key}>
                <ViewLink to={to} className="admin-nav__link" current={current === key} title={collapsed ? text : undefined}>
                  <AdminIcon name={icon} />
                  {label(text)}
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
