import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useOverlay } from './lib/use-overlay';
import type { AdminRole } from '../shared/admin-auth';
import { createDashboardApi } from './admin/api';
import { DashboardContext, type DashboardServices, type Notice } from './admin/context';
import { useDateOptions } from './admin/kit/use-dates';
import { AnalyticsView } from './admin/AnalyticsView';
import { ProjectsView } from './admin/ProjectsView';
import { DashboardHome, PlaceholderView } from './admin/DashboardHome';
import { AccountView } from './admin/AccountView';
import { AuditView } from './admin/AuditView';
import { BackupsView } from './admin/BackupsView';
import { SettingsView } from './admin/settings/SettingsView';
import { MailHealthBanner } from './admin/MailHealthBanner';
import { UsersView } from './admin/UsersView';
import { SavedRepliesView } from './admin/SavedRepliesView';
import { LeadDetailView } from './admin/LeadDetail';
import { LeadInbox } from './admin/LeadInbox';
import { AdminIcon } from './admin/icons';
import { PortfolioSection } from './admin/PortfolioSection';
import { Sidebar } from './admin/Sidebar';
import { TasksView } from './admin/TasksView';
import { PersonalDataView } from './admin/PersonalDataView';
import { TopBar } from './admin/TopBar';
import { UnmatchedMailView } from './admin/UnmatchedMailView';
import { ViewHeading } from './admin/ViewHeading';
import { ViewLink } from './admin/ViewLink';
import { ContentEditor } from './admin/content/ContentEditor';
import { WebsiteView } from './admin/content/WebsiteView';
import { RedirectsView } from './admin/RedirectsView';
import { PLACEHOLDER_LABELS, isOwnerView, pathOfView, titleOfView, viewFromPath, type DashboardView } from './admin/views';

export interface AdminDashboardProps {
  username: string;
  role: AdminRole;
  /** The name replies to clients are signed with; null until the account gives one (Your account asks for it). */
  displayName?: string | null;
  /** The owners require two-factor sign-in and this account has none: only its setup is shown. */
  twoFactorSetupRequired?: boolean;
  /** The session's CSRF token, sent as `X-CSRF-Token` on every state-changing call. */
  csrfToken: string;
  /** The request path: the server and the first browser render show the same view. */
  path: string;
  /** The agency's time zone (Settings): every date in the dashboard is shown in it. */
  timeZone: string;
}

/** Remembered per browser; read after hydration so the server HTML and the first render agree. */
const COLLAPSED_KEY = 'admin.sidebarCollapsed';

/**
 * The whole admin dashboard the spec describes: sidebar, top bar and the current view. The view lives in
 * the URL path, so reload and Back keep it; switching views uses `history.pushState`.
 */
export default function AdminDashboard({ username, role, displayName: signedInName = null, csrfToken, path, timeZone, twoFactorSetupRequired = false }: AdminDashboardProps) {
  // Saved in Your account, the name shows in the top bar at once.
  const [displayName, setDisplayName] = useState(signedInName);
  // An account the owners' two-factor rule holds back sees its account's setup only.
  const [view, setView] = useState<DashboardView>(() => (twoFactorSetupRequired ? { name: 'admin', section: 'account' } : viewFromPath(path)));
  const [collapsed, setCollapsed] = useState(false);
  const [navOpen, setNavOpen] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [loggingOut, setLoggingOut] = useState(false);
  // Bumped whenever leads change here, so the top bar counts the unread ones again.
  const [leadsVersion, setLeadsVersion] = useState(0);
  const [mailVersion, setMailVersion] = useState(0);
  const [logoutFailed, setLogoutFailed] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  const focusHeadingRef = useRef(false);
  const api = useMemo(() => createDashboardApi({ csrfToken }), [csrfToken]);
  const dates = useDateOptions(timeZone);
  const narrow = useNarrowScreen();
  // On narrow screens the sidebar is an overlay with full labels; collapsing is a wide-screen choice.
  const effectiveCollapsed = collapsed && !narrow;
  // Leaving the narrow layout closes the overlay (it would otherwise keep page scroll locked).
  useEffect(() => {
    if (!narrow) setNavOpen(false);
  }, [narrow]);
  const sidebarRef = useOverlay<HTMLElement>({ open: navOpen, onClose: () => setNavOpen(false), lockScroll: true });

  useEffect(() => {
    try {
      setCollapsed(window.localStorage.getItem(COLLAPSED_KEY) === 'true');
    } catch {
      // Storage can be blocked (privacy settings); the sidebar then simply starts expanded.
    }
    const onPopState = () => {
      focusHeadingRef.current = true;
      setView(viewFromPath(window.location.pathname + window.location.search));
      setNotice(null);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const siteTitleRef = useRef<string | null>(null);
  useEffect(() => {
    // The server titles every view "Admin dashboard | <site>"; name the view after that first part.
    siteTitleRef.current ??= document.title.split(' | ').slice(1).join(' | ');
    const viewTitle = view.name === 'home' ? 'Admin dashboard' : `Admin dashboard: ${titleOfView(view)}`;
    document.title = siteTitleRef.current ? `${viewTitle} | ${siteTitleRef.current}` : viewTitle;
    // After an in-page view switch, focus the new heading so keyboard and screen reader users land there.
    if (focusHeadingRef.current) {
      focusHeadingRef.current = false;
      mainRef.current?.querySelector<HTMLElement>('[data-view-heading]')?.focus();
    }
  }, [view]);

  const toggleCollapsed = useCallback(() => {
    setCollapsed((previous) => {
      try {
        window.localStorage.setItem(COLLAPSED_KEY, String(!previous));
      } catch {
        // Not remembered, still toggled.
      }
      return !previous;
    });
  }, []);

  const services = useMemo<DashboardServices>(
    () => ({
      api,
      navigate: (next) => {
        const nextPath = pathOfView(next);
        if (nextPath !== window.location.pathname + window.location.search) window.history.pushState(null, '', nextPath);
        focusHeadingRef.current = true;
        setNavOpen(false);
        setNotice(null);
        setView(next);
      },
      notify: setNotice,
      leadsChanged: () => setLeadsVersion((version) => version + 1),
      mailChanged: () => setMailVersion((version) => version + 1),
      dates,
    }),
    [api, dates],
  );

  const logout = async () => {
    setLoggingOut(true);
    setLogoutFailed(false);
    try {
      const response = await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin', headers: { 'X-CSRF-Token': csrfToken } });
      // 401: the session was already gone; either way the visitor is signed out.
      if (response.ok || response.status === 401) return window.location.assign('/');
    } catch {
      // Reported below.
    }
    setLoggingOut(false);
    setLogoutFailed(true);
  };

  return (
    <DashboardContext.Provider value={services}>
      <div className="admin-app" data-collapsed={effectiveCollapsed}>
        <a className="skip-link" href="#admin-main">
          Skip to content
        </a>
        <Sidebar
          view={view}
          role={role}
          collapsed={effectiveCollapsed}
          onToggleCollapsed={toggleCollapsed}
          open={navOpen}
          onClose={() => setNavOpen(false)}
          onLogout={() => void logout()}
          loggingOut={loggingOut}
          panelRef={sidebarRef}
          leadsVersion={leadsVersion}
        />
        <div className="admin-app__backdrop" data-open={navOpen} aria-hidden="true" onClick={() => setNavOpen(false)} />
        <div className="admin-app__body">
          <TopBar username={username} displayName={displayName} navOpen={navOpen} onOpenNav={() => setNavOpen(true)} leadsVersion={leadsVersion} />
          <main id="admin-main" ref={mainRef} className="admin-main" tabIndex={-1}>
            <div className="admin-notices">
              <div role="status">{notice?.tone === 'success' && <NoticeBox notice={notice} onDismiss={() => setNotice(null)} />}</div>
              <div role="alert">
                {notice?.tone === 'error' && <NoticeBox notice={notice} onDismiss={() => setNotice(null)} />}
                {logoutFailed && <p className="admin-notice admin-notice--error">Logout failed. Check your connection and try again.</p>}
              </div>
            </div>
            {!twoFactorSetupRequired && <MailHealthBanner role={role} viewKey={pathOfView(view)} mailVersion={mailVersion} />}
            <CurrentView view={view} username={username} role={role} account={{ displayName, onDisplayNameChange: setDisplayName }} twoFactorSetupRequired={twoFactorSetupRequired} />
          </main>
        </div>
      </div>
    </DashboardContext.Provider>
  );
}

/** Where the sidebar turns into an overlay; keep in step with `admin.css`. */
const NARROW_QUERY = '(max-width: 899px)';

/** Whether the screen is narrow. False on the server and in the first render, so hydration matches. */
function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(NARROW_QUERY);
    const update = () => setNarrow(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return narrow;
}

function NoticeBox({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  return (
    <p className={`admin-notice admin-notice--${notice.tone}`}>
      <span>{notice.text}</span>
      <button type="button" className="admin-icon-button" onClick={onDismiss}>
        <AdminIcon name="close" size={16} />
        <span className="visually-hidden">Dismiss</span>
      </button>
    </p>
  );
}

/** The signed-in account's display name, and how Your account reports a new one. */
interface AccountName {
  displayName: string | null;
  onDisplayNameChange: (displayName: string) => void;
}

function CurrentView({ view, username, role, account, twoFactorSetupRequired }: { view: DashboardView; username: string; role: AdminRole; account: AccountName; twoFactorSetupRequired: boolean }) {
  if (twoFactorSetupRequired) return <AccountView username={username} {...account} twoFactorSetupRequired />;
  // An editor who follows a link to an owners' view learns why it is not there (its calls would answer 403).
  if (role !== 'owner' && isOwnerView(view)) {
    return (
      <>
        <ViewHeading title={titleOfView(view)} />
        <p className="admin-card">
          Only owners can use this page. <ViewLink to={{ name: 'home' }}>Go to the dashboard</ViewLink>
        </p>
      </>
    );
  }
  switch (view.name) {
    case 'home':
      return <DashboardHome name={account.displayName ?? username} owner={role === 'owner'} />;
    case 'forms':
      // The Messages inbox with the type fixed; keyed by type, so another form starts afresh.
      return <LeadInbox key={view.type} filters={view.filters ?? {}} formType={view.type} />;
    case 'messages':
      return <LeadInbox filters={view.filters} />;
    case 'lead':
      // Keyed by lead: another lead starts from its own load.
      return <LeadDetailView key={view.id} type={view.type} id={view.id} isOwner={role === 'owner'} reply={view.reply === true} />;
    case 'unmatched-mail':
      return <UnmatchedMailView />;
    case 'saved-replies':
      return <SavedRepliesView isOwner={role === 'owner'} />;
    case 'website':
      return <WebsiteView />;
    case 'redirects':
      return <RedirectsView />;
    case 'website-document':
      // Keyed by document: another one starts from its own load.
      return <ContentEditor key={view.key} documentKey={view.key} username={username} role={role} />;
    case 'portfolio':
    case 'portfolio-detail':
      return <PortfolioSection view={view} />;
    case 'analytics':
      return <AnalyticsView />;
    case 'tasks':
      return <TasksView type={view.type} />;
    case 'privacy':
      return <PersonalDataView />;
    case 'projects':
      return <ProjectsView filters={view.filters ?? {}} />;
    case 'placeholder':
      return <PlaceholderView title={PLACEHOLDER_LABELS[view.section]} />;
    case 'admin':
      switch (view.section) {
        case 'users':
          return <UsersView username={username} />;
        case 'account':
          return <AccountView username={username} {...account} twoFactorSetupRequired={false} />;
        case 'settings':
          return <SettingsView />;
        case 'audit':
          return <AuditView />;
        case 'backups':
          return <BackupsView />;
      }
      break;
    case 'not-found':
      return (
        <>
          <ViewHeading title="Page not found" />
          <p className="admin-card">
            This dashboard page does not exist. <ViewLink to={{ name: 'home' }}>Go to the dashboard</ViewLink>
          </p>
        </>
      );
  }
}
