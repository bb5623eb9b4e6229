import { AdminIcon } from './icons';
import { DEMO_NOTIFICATION_COUNT } from './demo-content';

interface TopBarProps {
  username: string;
  navOpen: boolean;
  onOpenNav: () => void;
}

/** SPEC §2's top bar: a search box (no behaviour yet), the notification badge and the avatar. */
export function TopBar({ username, navOpen, onOpenNav }: TopBarProps) {
  return (
    <header className="admin-topbar">
      <button type="button" className="admin-icon-button admin-topbar__menu" aria-expanded={navOpen} aria-controls="admin-sidebar" onClick={onOpenNav}>
        <AdminIcon name="menu" />
        <span className="visually-hidden">Open navigation</span>
      </button>
      <form className="admin-search" role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="admin-search" className="visually-hidden">
          Search the dashboard
        </label>
        <AdminIcon name="search" size={18} />
        <input id="admin-search" type="search" placeholder="Search…" autoComplete="off" />
      </form>
      <div className="admin-topbar__end">
        <span className="admin-topbar__bell">
          <AdminIcon name="bell" />
          <span className="admin-topbar__badge" aria-hidden="true">
            {DEMO_NOTIFICATION_COUNT}
          </span>
          <span className="visually-hidden">{DEMO_NOTIFICATION_COUNT} notifications</span>
        </span>
        <span className="admin-topbar__user">
          <span className="admin-avatar" aria-hidden="true">
            {username.slice(0, 1).toUpperCase()}
          </span>
          <span className="admin-topbar__name">{username}</span>
        </span>
      </div>
    </header>
  );
}
