import type { PreviewNotice } from '../render-context';

const EXPIRY_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The band at the top of a preview: the page shows a draft visitors do not see. In the page's flow
 * (not fixed), so it pushes the site's header down rather than covering any of it, and scrolls away.
 */
export function PreviewBar({ notice }: { notice: PreviewNotice }) {
  return (
    <aside className="preview-bar" aria-label="Preview">
      <p className="preview-bar__text">
        <strong>Preview — not published.</strong>
        {` Showing the draft of “${notice.documentTitle}”; visitors still see the published page.`}
        {notice.expiresAt && ` This link works until ${EXPIRY_FORMAT.format(new Date(notice.expiresAt))}.`}
      </p>
    </aside>
  );
}
