import type { PageMeta } from '../page-meta';
import { useRenderContext } from '../render-context';
import { Island } from '../components/Island';
import type { AdminRole } from '../../shared/admin-auth';

export const adminDashboardMeta: PageMeta = {
  title: 'Admin dashboard',
  description: 'Back office of the agency: portfolio and form submissions.',
  noindex: true,
};

export interface AdminDashboardPageProps {
  admin: { username: string; role: AdminRole; displayName: string | null };
  /** The owners require two-factor sign-in and this account has none: only its setup is shown. */
  twoFactorSetupRequired?: boolean;
  /** Per-session token the dashboard sends as X-CSRF-Token on every state-changing call. */
  csrfToken: string;
  /** Request path (`/admin/dashboard/…`): which view to show. Defaults to the rendered page's path. */
  path?: string;
  /** The agency's time zone (Settings): the dashboard shows every date in it. */
  timeZone: string;
}

/**
 * The signed-in admin's dashboard (no public chrome): one island, hydrated at once, that renders
 * the view of the request path on the server so the first paint and hydration agree.
 */
export function AdminDashboardPage({ admin, csrfToken, path, timeZone, twoFactorSetupRequired = false }: AdminDashboardPageProps) {
  const context = useRenderContext();
  return <Island name="AdminDashboard" hydrate="load" props={{ username: admin.username, role: admin.role, displayName: admin.displayName, csrfToken, path: path ?? context.path, timeZone, twoFactorSetupRequired }} />;
}
