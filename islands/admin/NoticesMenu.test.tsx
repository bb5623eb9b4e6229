import { renderToStaticMarkup } from 'react-dom/server';
import type { NoticeList } from '../../shared/inbound-mail';
import { DashboardContext } from './context';
import { NoticesMenu, noticesLabel, noticeView, withAllNoticesRead, withNoticeRead } from './NoticesMenu';
import { offlineServices } from './test-services';

const NOTICES: NoticeList = {
  notices: [
    { id: 'n2', text: 'Carla Contact answered your reply.', href: '/admin/dashboard/messages/contact/6f1c2a9e-7d0b-4a55-9e3f-0d6a1b2c3d4e', at: '2026-03-02T15:30:00.000Z', read: false },
    { id: 'n1', text: 'Olivia answered your reply.', href: '/admin/dashboard/messages/quote/7f1c2a9e-7d0b-4a55-9e3f-0d6a1b2c3d4e', at: '2026-03-01T15:30:00.000Z', read: true },
  ],
  unread: 1,
};

describe('the notices in the top bar', () => {
  it('is a closed button naming itself and the count, controlling a hidden list, before anything loads', () => {
    const html = renderToStaticMarkup(
      <DashboardContext.Provider value={offlineServices}>
        <NoticesMenu />
      </DashboardContext.Provider>,
    );
    const button = /<button type="button" class="admin-topbar__notices" aria-expanded="false" aria-controls="([^"]+)">/.exec(html);
    expect(button).not.toBeNull();
    expect(html).toContain(`<div id="${button![1]}" class="admin-notices-menu__panel" role="region" aria-label="Notices" tabindex="-1" hidden="">`);
    expect(html).toContain('<span class="visually-hidden">Notices</span>');
    expect(html).toContain('Loading the notices…');
  });

  it('names the unread count in the button', () => {
    expect(noticesLabel(null)).toBe('Notices');
    expect(noticesLabel(0)).toBe('Notices, none unread');
    expect(noticesLabel(3)).toBe('Notices, 3 unread');
  });

  it('marks one read (the count goes down once) and all read', () => {
    const once = withNoticeRead(NOTICES, 'n2');
    expect(once.unread).toBe(0);
    expect(once.notices.map((notice) => notice.read)).toEqual([true, true]);
    expect(withNoticeRead(once, 'n2').unread).toBe(0);
    expect(withNoticeRead(NOTICES, 'n1').unread).toBe(1);
    expect(withAllNoticesRead({ ...NOTICES, unread: 7 })).toEqual({ notices: NOTICES.notices.map((notice) => ({ ...notice, read: true })), unread: 0 });
  });

  it('opens only the dashboard’s own links, in the page', () => {
    expect(noticeView(NOTICES.notices[0]!.href)).toEqual({ name: 'lead', type: 'contact', id: '6f1c2a9e-7d0b-4a55-9e3f-0d6a1b2c3d4e' });
    for (const href of ['https://evil.example/admin/dashboard', '//evil.example/admin/dashboard', 'javascript:alert(1)', '/admin/dashboardx', '/admin/dashboard/nowhere', '/admin/login']) {
      expect(noticeView(href)).toBeNull();
    }
  });
});
