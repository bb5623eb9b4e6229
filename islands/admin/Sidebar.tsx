import { useEffect, useState, type RefObject } from 'react';
import { useDashboard } from './context';
import { FORM_TYPES, FORM_TYPE_LABELS } from '../../shared/form-types';
import { taskCountText } from '../../shared/reply-queue';
import { AdminIcon } from './icons';
import { ViewLink } from './ViewLink';
import { useData } from './kit';
import { tasksApi } from './tasks-api';
import { unmatchedMailApi } from './unmatched-mail-api';
import { SIDEBAR_ENTRIES, sidebarKeyOfView, type DashboardView, type ViewEntry } from './views';
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

/** The spec's sidebar: the sections, the Forms group, back to website, logout and the collapse toggle. */
export function Sidebar({ view, role, collapsed, onToggleCollapsed, open, onClose, onLogout, loggingOut, panelRef, leadsVersion }: SidebarProps) {
  const { api } = useDashboard();
  const current = sidebarKeyOfView(view);
  const { overdue, unmatched } = useSidebarCounts(leadsVersion);
  const [formsOpen, setFormsOpen] = useState(true);
  const label = (text: string) => <span className="admin-nav__label">{text}</span>;
  // The Forms group sits after the first entry (the home view); editors do not see the owners' entries.
  const [home, ...rest] = SIDEBAR_ENTRIES.filter((entry) => role === 'owner' || !entry.ownersOnly);
  const entryLink = (entry: ViewEntry) => {
    const text = entry.sidebar?.label ?? entry.title;
    const badge = entry.key === 'tasks' ? overdue : entry.key === 'unmatched-mail' ? unmatched : 0;
    return (
      <li key={entry.key}>
        <ViewLink to={entry.open('')} className="admin-nav__link" current={current === entry.key} title={collapsed ? text : undefined}>
          {entry.sidebar && <AdminIcon name={entry.sidebar.icon} />}
          {label(text)}
          {badge > 0 && (
            <>
              {/* Worded as the dashboard and Tasks word the same count ("1000+"). */}
              <span className="admin-nav__badge" aria-hidden="true">
                {taskCountText(badge)}
              </span>
              <span className="visually-hidden">, {taskCountText(badge)} {entry.key === 'tasks' ? 'overdue' : 'waiting'}</span>
            </>
          )}
        </ViewLink>
      </li>
    );
  };

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
          {home && entryLink(home)}
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
          {rest.map(entryLink)}
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

/**
 * Overdue leads (the reply promise broken) and mail that matched no lead, counted again whenever
 * leads change or every minute. A count that fails to load shows no badge.
 */
function useSidebarCounts(leadsVersion: number): { overdue: number; unmatched: number } {
  const [minute, setMinute] = useState(0);
  useEffect(() => {
    // Leads fall overdue as time passes, with nobody changing anything.
    const timer = window.setInterval(() => setMinute((value) => value + 1), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const { data } = useData((api) => tasksApi(api).counts(), 'Failed to count the tasks.', 'task-counts', `${leadsVersion}-${minute}`);
  // Mail is filed as it arrives, with nobody changing anything here.
  const unmatched = useData((api) => unmatchedMailApi(api).count(), 'Failed to count the unmatched mail.', 'unmatched-count', `${leadsVersion}-${minute}`);
  return { overdue: data?.overdue ?? 0, unmatched: unmatched.error ? 0 : (unmatched.data ?? 0) };
}
