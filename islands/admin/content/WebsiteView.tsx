import { useState } from 'react';
import { SLUG_KIND_NAMES, SLUG_KINDS, type ContentGroup, type SlugKind } from '../../../shared/content/documents';
import { DataTable, LoadStatus, useData, useDates, type Column } from '../kit';
import { ViewHeading } from '../ViewHeading';
import { ViewLink } from '../ViewLink';
import type { ContentListItem } from './content-api';
import { AddDocumentDialog } from './AddDocumentDialog';
import { scheduledTimeText } from './schedule-time';
import { UpcomingPublishes } from './UpcomingPublishes';

/** The groups in the order the section lists them (by where on the site their words are). */
export const CONTENT_GROUPS: readonly ContentGroup[] = ['Site-wide', 'Pages', 'Home page sections', 'Services', 'Industries'];

/** A document's state in words: when its planned publish runs (on the agency's clock), else whether a draft waits. */
export function statusText(row: Pick<ContentListItem, 'status' | 'scheduledAt' | 'neverPublished'>, timeZone: string): string {
  if (row.scheduledAt) return `Scheduled for ${scheduledTimeText(row.scheduledAt, timeZone)}`;
  if (row.status === 'retired') return 'Retired';
  if (row.neverPublished) return 'Draft, never published';
  return row.status === 'published' ? 'Published' : 'Draft waiting';
}

/**
 * Website: the publishes planned, then every document of the site's content, grouped as the site
 * is, each with when its planned publish runs or whether a draft is waiting, and who changed it
 * last; a title opens its editor. Every staff member may edit, and add a service, an industry or
 * a page (`AddDocumentDialog`), listed under its group once added.
 */
export function WebsiteView() {
  const documents = useData<ContentListItem[]>('/api/content', 'Failed to load the website’s pages.');
  const { formatDateTime, timeZone } = useDates();
  const [adding, setAdding] = useState<SlugKind | null>(null);

  const columns: Column<ContentListItem>[] = [
    {
      key: 'title',
      header: 'Page or part',
      rowHeader: true,
      cell: (row) => <ViewLink to={{ name: 'website-document', key: row.key }}>{row.title}</ViewLink>,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (row) => <span className={`admin-content-status admin-content-status--${row.scheduledAt ? 'scheduled' : row.status === 'published' ? 'published' : 'draft'}`}>{statusText(row, timeZone)}</span>,
    },
    {
      key: 'updated',
      header: 'Last changed',
      className: 'admin-table__date',
      cell: (row) => (row.updatedAt ? `${formatDateTime(row.updatedAt)}${row.updatedBy ? ` by ${row.updatedBy}` : ''}` : '—'),
    },
  ];

  return (
    <>
      <ViewHeading
        title="Website"
        actions={SLUG_KIND_NAMES.map((kind) => (
          <button key={kind} type="button" className="admin-button admin-button--ghost" onClick={() => setAdding(kind)}>
            Add {SLUG_KINDS[kind].noun}
          </button>
        ))}
      >
        <p className="admin-view__lead">Every word of the public site. Save a draft, preview it, then publish now or at a time: the site changes then, and each page's last publish can be undone from its history.</p>
      </ViewHeading>
      <UpcomingPublishes />
      <LoadStatus of={documents} loadingText="Loading the website’s pages…" />
      {documents.data && (
        <>
          {CONTENT_GROUPS.map((group) => {
            const rows = documents.data!.filter((row) => row.group === group);
            if (rows.length === 0) return null;
            // The table is its own labelled region already: the group is a heading and its table.
            return (
              <section key={group} className="admin-content-group">
                <h2 className="admin-card__title">
                  {group}
                </h2>
                <DataTable label={group} columns={columns} rows={rows} rowKey={(row) => row.key} empty="None." />
              </section>
            );
          })}
        </>
      )}
      {adding && <AddDocumentDialog kind={adding} onClose={() => setAdding(null)} />}
    </>
  );
}
