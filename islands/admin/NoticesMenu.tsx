import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import type { NoticeList } from '../../shared/inbound-mail';
import { useDashboard } from './context';
import { AdminIcon } from './icons';
import { errorText, useData, useDates } from './kit';
import { noticesApi } from './notices-api';
import { counted } from './text';
import { DASHBOARD_BASE, viewFromPath, type DashboardView } from './views';

/** How often the notices are asked for while the page stays open (and again whenever it gets focus). */
export const NOTICES_POLL_MS = 60_000;

/** The notices with one marked read (the count goes down only if it was unread). */
export function withNoticeRead(data: NoticeList, id: string): NoticeList {
  const wasUnread = data.notices.some((notice) => notice.id === id && !notice.read);
  return { notices: data.notices.map((notice) => (notice.id === id ? { ...notice, read: true } : notice)), unread: wasUnread ? Math.max(0, data.unread - 1) : data.unread };
}

export function withAllNoticesRead(data: NoticeList): NoticeList {
  return { notices: data.notices.map((notice) => ({ ...notice, read: true })), unread: 0 };
}

/** The dashboard view a notice's link opens; null for a link that is not one of the dashboard's own (it is then not a link). */
export function noticeView(href: string): DashboardView | null {
  if (href !== DASHBOARD_BASE && !href.startsWith(`${DASHBOARD_BASE}/`) && !href.startsWith(`${DASHBOARD_BASE}?`)) return null;
  const view = viewFromPath(href);
  return view.name === 'not-found' ? null : view;
}

/** What the button says: the word, and how many are unread (also its accessible name). */
export function noticesLabel(unread: number | null): string {
  return unread === null ? 'Notices' : unread === 0 ? 'Notices, none unread' : `Notices, ${unread} unread`;
}

/**
 * The top bar's notices: a button with the number unread that opens the latest notices (a client
 * answered a lead one replied to). Each opens its lead and is marked read; "Mark all read" marks
 * the rest. Asked for again every minute and when the page gets focus. Escape or a click outside
 * closes the list and focus goes back to the button.
 */
export function NoticesMenu() {
  const { api, navigate, notify } = useDashboard();
  const { formatDateTime } = useDates();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [round, setRound] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const { data, error, setData } = useData((dashboardApi) => noticesApi(dashboardApi).list(), 'Failed to load the notices.', 'notices', round);

  useEffect(() => {
    const again = () => setRound((value) => value + 1);
    const timer = window.setInterval(again, NOTICES_POLL_MS);
    window.addEventListener('focus', again);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', again);
    };
  }, []);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const close = (returnFocus: boolean) => {
      setOpen(false);
      if (returnFocus) buttonRef.current?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const unread = data && !error ? data.unread : null;

  const follow = (event: MouseEvent<HTMLAnchorElement>, id: string, view: DashboardView) => {
    // Read however it is opened (a new tab too); only a plain click switches the view in the page.
    setData((current) => current && withNoticeRead(current, id));
    noticesApi(api).read(id).catch(() => undefined);
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setOpen(false);
    navigate(view);
  };

  const readAll = async () => {
    try {
      await noticesApi(api).readAll();
      setData((current) => current && withAllNoticesRead(current));
    } catch (failure) {
      notify({ tone: 'error', text: errorText(failure, 'Failed to mark the notices read.') });
    }
  };

  return (
    <div className="admin-notices-menu">
      <button ref={buttonRef} type="button" className="admin-topbar__notices" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <AdminIcon name="bell" />
        {unread !== null && unread > 0 && (
          <span className="admin-topbar__badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
        <span className="visually-hidden">{noticesLabel(unread)}</span>
      </button>
      <div ref={panelRef} id={panelId} className="admin-notices-menu__panel" role="region" aria-label="Notices" tabIndex={-1} hidden={!open}>
        <div className="admin-notices-menu__head">
          <h2 className="admin-card__title">Notices</h2>
          {unread !== null && unread > 0 && (
            <button type="button" className="admin-button admin-button--ghost admin-button--small" onClick={() => void readAll()}>
              Mark all read
            </button>
          )}
        </div>
        {error ? (
          <p className="admin-muted">{error}</p>
        ) : !data ? (
          <p className="admin-muted">Loading the notices…</p>
        ) : data.notices.length === 0 ? (
          <p className="admin-muted">No notices. You are told here when a client answers a lead you replied to.</p>
        ) : (
          <ul className="admin-notices-menu__list">
            {data.notices.map((notice) => {
              const view = noticeView(notice.href);
              const text = (
                <>
                  {!notice.read && <span className="admin-notices-menu__new">New: </span>}
                  {notice.text}
                </>
              );
              return (
                <li key={notice.id} className={notice.read ? 'admin-notices-menu__item' : 'admin-notices-menu__item admin-notices-menu__item--unread'}>
                  {view ? (
                    <a href={notice.href} onClick={(event) => follow(event, notice.id, view)}>
                      {text}
                    </a>
                  ) : (
                    <span>{text}</span>
                  )}
                  <time className="admin-muted" dateTime={notice.at}>
                    {formatDateTime(notice.at)}
                  </time>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {/* Announced when the number changes (a client answered), not only when the button is reached. */}
      <span className="visually-hidden" role="status">
        {unread !== null && unread > 0 ? `${counted(unread, 'unread notice')}.` : ''}
      </span>
    </div>
  );
}
