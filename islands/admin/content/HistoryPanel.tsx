import { useMemo, useRef, useState } from 'react';
import { useDashboard } from '../context';
import { ConfirmDialog, DataTable, errorText, LoadStatus, useDates, usePagedData, type Column } from '../kit';
import { ChangeList, showsUploads, ThumbnailContext, useThumbnails } from './ChangeList';
import { contentApi, type ContentDocumentJson, type ContentRevision } from './content-api';
import { changedFields, type FieldChange, type FieldNode } from './schema-fields';
import { UndoLastPublish } from './UndoLastPublish';

interface HistoryPanelProps {
  documentKey: string;
  tree: FieldNode;
  doc: ContentDocumentJson;
  /** Changes after each publish made in the editor, so the list shows it. */
  round: number;
  /** The form has typing not saved: restoring replaces it, so it asks first. */
  hasTyping: boolean;
  /** The version the form was loaded at: a restore over a newer one (someone saved since) is refused. */
  baseVersion: number;
  onRestored: () => void;
  onUndone: () => void;
}

/** A comparison shown: its fields that changed, or why there are none to show (yet). */
interface Comparison {
  title: string;
  note?: string;
  beforeLabel?: string;
  afterLabel?: string;
  changes?: FieldChange[];
}

/**
 * History: every published version, newest first (a page at a time), each comparable with what is
 * published or with the version before it (changed fields only), and restorable as a new draft.
 */
export function HistoryPanel({ documentKey, tree, doc, round, hasTyping, baseVersion, onRestored, onUndone }: HistoryPanelProps) {
  const { api, notify } = useDashboard();
  const { formatDateTime } = useDates();
  const calls = useMemo(() => contentApi(api, documentKey), [api, documentKey]);
  const revisions = usePagedData((cursor) => calls.revisions(cursor), { key: `revisions:${documentKey}:${round}:${doc.published.version}`, fallback: 'Failed to load the history.' });
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const [restoring, setRestoring] = useState<ContentRevision | null>(null);
  const [busy, setBusy] = useState(false);
  // A version's data never changes: each is loaded once.
  const loadedData = useRef(new Map<number, unknown>());
  const dataOf = async (version: number) => {
    if (!loadedData.current.has(version)) loadedData.current.set(version, await calls.revisionData(version));
    return loadedData.current.get(version);
  };

  const restore = async (revision: ContentRevision) => {
    setBusy(true);
    try {
      await calls.restore(revision.version, baseVersion);
      notify({ tone: 'success', text: `Version ${revision.number} is now the draft. Publish it to put it back on the site.` });
      onRestored();
    } catch (failure) {
      notify({ tone: 'error', text: errorText(failure, 'The version could not be restored.') });
    } finally {
      setBusy(false);
      setRestoring(null);
    }
  };

  const items = revisions.items;
  /** The version on the site, as staff count it (its row is in the list once the list has loaded). */
  const publishedNumber = items.find((item) => item.version === doc.published.version)?.number;
  const thumbnailOf = useThumbnails(calls.images, showsUploads(comparison?.changes));

  /** Shows the fields `revision` changed, against what is published or against the version before it. */
  const compare = async (revision: ContentRevision, against: 'published' | 'previous') => {
    const previous = items[items.findIndex((item) => item.version === revision.version) + 1];
    const title =
      against === 'published'
        ? `Version ${revision.number} against the version on the site${publishedNumber ? ` (version ${publishedNumber})` : ''}`
        : previous
          ? `What version ${revision.number} changed from version ${previous.number}`
          : `Version ${revision.number}`;
    if (against === 'previous' && !previous) {
      const note = revisions.more.available ? 'Show more versions to compare it with the one before.' : 'It is the first version kept: there is none before it.';
      return setComparison({ title, note });
    }
    setComparison({ title, note: 'Loading the two versions…' });
    try {
      const after = await dataOf(revision.version);
      const before = against === 'published' ? doc.published.data : await dataOf(previous!.version);
      setComparison({ title, beforeLabel: against === 'published' ? 'On the site' : `Version ${previous!.number}`, afterLabel: `Version ${revision.number}`, changes: changedFields(tree, before, after) });
    } catch (failure) {
      setComparison({ title, note: errorText(failure, 'Failed to load the versions to compare.') });
    }
  };

  const columns: Column<ContentRevision>[] = [
    {
      key: 'version',
      header: 'Version',
      rowHeader: true,
      cell: (row) => (
        <>
          Version {row.number}
          {row.version === doc.published.version && <span className="admin-content-status admin-content-status--published"> On the site</span>}
        </>
      ),
    },
    { key: 'published', header: 'Published', cell: (row) => `${formatDateTime(row.publishedAt)}${row.publishedBy ? ` by ${row.publishedBy}` : ''}` },
    {
      key: 'actions',
      header: 'Actions',
      phoneLabel: '',
      cell: (row) => (
        <span className="admin-row-actions">
          {row.version !== doc.published.version && (
            <button type="button" className="admin-button admin-button--ghost admin-button--small" onClick={() => void compare(row, 'published')}>
              Compare with published<span className="visually-hidden"> (version {row.number})</span>
            </button>
          )}
          <button type="button" className="admin-button admin-button--ghost admin-button--small" onClick={() => void compare(row, 'previous')}>
            Compare with previous<span className="visually-hidden"> (version {row.number})</span>
          </button>
          {/* The version on the site is already what a discarded draft goes back to. */}
          {(row.version !== doc.published.version || doc.draft) && (
            <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={busy} onClick={() => (hasTyping || doc.draft ? setRestoring(row) : void restore(row))}>
              Restore as draft<span className="visually-hidden"> (version {row.number})</span>
            </button>
          )}
        </span>
      ),
    },
  ];

  return (
    <section className="admin-card admin-content-history" aria-labelledby="content-history-title">
      <h2 id="content-history-title" className="admin-card__title">
        History
      </h2>
      <UndoLastPublish documentKey={documentKey} onUndone={onUndone} />
      <LoadStatus of={revisions} loadingText="Loading the history…" />
      {revisions.data && <DataTable label="Published versions, newest first" columns={columns} rows={items} rowKey={(row) => String(row.version)} empty="Nothing published yet." more={revisions.more} busy={busy} />}
      {comparison && (
        <div className="admin-content-compare" role="region" aria-label={comparison.title}>
          <h3 className="admin-content-compare__title">{comparison.title}</h3>
          {comparison.note && (
            <p className="admin-muted" role="status">
              {comparison.note}
            </p>
          )}
          {comparison.changes &&
            (comparison.changes.length > 0 ? (
              <ThumbnailContext.Provider value={thumbnailOf}>
                <ChangeList changes={comparison.changes} beforeLabel={comparison.beforeLabel ?? ''} afterLabel={comparison.afterLabel ?? ''} />
              </ThumbnailContext.Provider>
            ) : (
              <p className="admin-muted">No field differs.</p>
            ))}
          <button type="button" className="admin-button admin-button--ghost admin-button--small" onClick={() => setComparison(null)}>
            Close the comparison
          </button>
        </div>
      )}
      {restoring && (
        <ConfirmDialog
          title={`Restore version ${restoring.number} as the draft?`}
          message="It replaces the current draft and any changes not saved. The site does not change until the draft is published."
          confirmLabel="Restore as draft"
          busyLabel="Restoring…"
          busy={busy}
          onConfirm={() => void restore(restoring)}
          onCancel={() => setRestoring(null)}
        />
      )}
    </section>
  );
}
