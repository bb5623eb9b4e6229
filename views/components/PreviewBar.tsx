import type { PreviewNotice } from '../render-context';

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The band at the top of a preview, saying whether what it shows is live: a draft visitors do not
 * see (with the version they do see), or, once that draft was published (a client opening the link
 * afterwards), that this is the page as it is live. In the page's flow (not fixed), so it pushes
 * the site's header down rather than covering any of it, and scrolls away.
 */
export function PreviewBar({ notice }: { notice: PreviewNotice }) {
  const published = `version ${notice.published.version}, published on ${DATE_FORMAT.format(new Date(notice.published.at))}`;
  return (
    <aside className={`preview-bar${notice.draftVersion === null ? ' preview-bar--live' : ''}`} aria-label="Preview">
      <p className="preview-bar__text">
        {notice.draftVersion === null ? (
          <>
            <strong>This version is now live.</strong>
            {` “${notice.documentTitle}” as visitors see it (${published}); no change is waiting.`}
          </>
        ) : (
          <>
            <strong>Preview — not published.</strong>
            {` Showing the draft of “${notice.documentTitle}” (version ${notice.draftVersion}); visitors see ${published}.`}
          </>
        )}
        {notice.expiresAt && ` This link works until ${DATE_FORMAT.format(new Date(notice.expiresAt))}.`}
      </p>
    </aside>
  );
}
