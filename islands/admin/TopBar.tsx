import type { FormEvent } from 'react';
import { useDashboard } from './context';
import { counted } from './text';
import { AdminIcon } from './icons';
import { ViewLink } from './ViewLink';
import { SEARCH_LENGTH } from '../../shared/search';
import { useData } from './kit';
import { leadsApi } from './leads-api';
import { NoticesMenu } from './NoticesMenu';

interface TopBarProps {
  username: string;
  /** The account's display name; null: the account link asks for one. */
  displayName: string | null;
  navOpen: boolean;
  onOpenNav: () => void;
  /** Changes whenever leads change in the dashboard, so the unread count is fetched again. */
  leadsVersion: number;
}

/**
 * The top bar: a search over leads and portfolio titles (it opens Messages with the search), the
 * notices (a client answered), the number of unread leads (a link to them) and the avatar with the account's name, a link to Your
 * account (which asks an account without a name for one).
 */
export function TopBar({ username, displayName, navOpen, onOpenNav, leadsVersion }: TopBarProps) {
  const { navigate } = useDashboard();
  // Counted again whenever leads change here; on a failure the bell shows no number.
  const { data: unread, error } = useData((api) => leadsApi(api).unreadCount(), 'Failed to count unread messages.', 'unread-count', leadsVersion);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    navigate({ name: 'messages', filters: q ? { q } : {} });
  };

  const unreadText = unread === null || error ? 'Unread messages' : counted(unread, 'unread message');
  return (
    <header className="admin-topbar">
      <button type="button" className="admin-icon-button admin-topbar__menu" aria-expanded={navOpen} aria-controls="admin-sidebar" onClick={onOpenNav}>
        <AdminIcon name="menu" />
        <span className="visually-hidden">Open navigation</span>
      </button>
      <form className="admin-search" role="search" action="/admin/dashboard/messages" onSubmit={search}>
        <label htmlFor="admin-search" className="visually-hidden">
          Search messages and portfolio titles
        </label>
        <AdminIcon name="search" size={18} />
        <input id="admin-search" name="q" type="search" placeholder="Search…" autoComplete="off" minLength={SEARCH_LENGTH.min} maxLength={SEARCH_LENGTH.max} />
      </form>
      <div className="admin-topbar__end">
        <NoticesMenu />
        <ViewLink to={{ name: 'messages', filters: { unread: true } }} className="admin-topbar__bell">
          <AdminIcon name="messages" />
          {!error && unread !== null && unread > 0 && (
            <span className="admin-topbar__badge" aria-hidden="true">
              {unread > 99 ? '99+' : unread}
            </span>
          )}
          <span className="visually-hidden">{unreadText}</span>
        </ViewLink>
        <ViewLink to={{ name: 'admin', section: 'account' }} className="admin-topbar__user">
          <span className="admin-avatar" aria-hidden="true">
            {Array.from(displayName ?? username)[0]!.toUpperCase()}
          </span>
          {displayName === null && (
            <span className="admin-topbar__badge admin-topbar__badge--account" aria-hidden="true">
              !
            </span>
          )}
          {/* The visible words are in the link's name below as well, which phones (where they are hidden) read alone. */}
          <span className="admin-topbar__name" aria-hidden="true">
            {displayName ?? 'Add your name'}
          </span>
          <span className="visually-hidden">{displayName === null ? 'Your account: add your name, replies to clients are signed with it' : `Your account (${displayName})`}</span>
        </ViewLink>
      </div>
    </header>
  );
}
