import { useMemo, useState } from 'react';
import { useDashboard } from '../context';
import { ConfirmDialog, DataTable, errorText, LoadStatus, useDates, usePagedData, type Column } from '../kit';
import { ChangeList } from './ChangeList';
import { contentApi, type ContentDocumentJson, type ContentRevision } from './content-api';
import { changedFields, type FieldNode } from './schema-fields';
import { UndoLastPublish } from './UndoLastPublish';

interface HistoryPanelProps {
  documentKey: string;
  tree: FieldNode;
  doc: ContentDocumentJson;
  /** Changes after each publish made in the editor, so the list shows it. */
  round: number;
  /** The form has typing not saved: restoring replaces it, so it asks first. */
  hasTyping: boolean;
  onRestored: () => void;
  onUndone: () => void;
}

/** Which two versions are compared: a revision with the published one or with the one before it. */
interface Comparison {
  version: number;
  against: 'published' | 'previous';
}

/**
 * History: every published version, newest first (a page at a time), each comparable with what is
 * published or with the version before it (changed fields only), and restorable as a new draft.
 */
export function HistoryPanel({ documentKey, tree, doc, round, hasTyping, onRestored, onUndone }: HistoryPanelProps) {
  const { api, notify } = useDashboard();
  const { formatDateTime } = useDates();
  const calls = useMemo(() => contentApi(api, documentKey), [api, documentKey]);
  const revisions = usePagedData((cursor) => calls.revisions(cursor), { key: `revisions:${documentKey}:${round}:${doc.published.version}`, fallback: 'Failed to load the history.' });
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const [restoring, setRestoring] = useState<ContentRevision | null>(null);
  const [busy, setBusy] = useState(false);

  const restore = async (revision: ContentRevision) => {
    setBusy(true);
    try {
      await calls.restore(revision.version);
      notify({ tone: 'success', text: `Version ${revision.version} is now the draft. Publish it to put it back on the site.` });
      onRestored();
    } catch (failure) {
      notify({ tone: 'error', text: errorText(failure, 'The version could not be restored.') });
    } finally {
      setBusy(false);
      setRestoring(null);
    }
  };

  const items = revisions.items;
  const compared = comparison ? items.findIndex((item) => item.version === comparison.version) : -1;
  const changes = useMemo(() => {
    if (!comparison || compared < 0) return null;
    const revision = items[compared]!;
    if (comparison.against === 'published') return { title: `Version ${revision.version} against the published version ${doc.published.version}`, before: 'Published', after: `Version ${revision.version}`, list: changedFields(tree, doc.published.data, revision.data) };
    const previous = items[compared + 1];
    if (!previous) return { title: `Version ${revision.version} is the first one kept`, before: '', after: '', list: [] };
    return { title: `What version ${revision.version} changed from version ${previous.version}`, before: `Version ${previous.version}`, after: `Version ${revision.version}`, list: changedFields(tree, previous.data, revision.data) };
  }, [comparison, compared, items, doc, tree]);

  const columns: Column<ContentRevision>[] = [
    {
      key: 'version',
      header: 'Version',
      rowHeader: true,
      cell: (row) => (
        <>
          Version {row.version}
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
            <button type="button" className="admin-button admin-button--ghost admin-button--small" onClick={() => setComparison({ version: row.version, against: 'published' })}>
              Compare with published<span className="visually-hidden"> (version {row.version})</span>
            </button>
          )}
          <button type="button" className="admin-button admin-button--ghost admin-button--small" onClick={() => setComparison({ version: row.version, against: 'previous' })}>
            Compare with previous<span className="visually-hidden"> (version {row.version})</span>
          </button>
          {/* The version on the site is already what a discarded draft goes back to. */}
          {(row.version !== doc.published.version || doc.draft) && (
            <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={busy} onClick={() => (hasTyping || doc.draft ? setRestoring(row) : void restore(row))}>
              Restore as draft<span className="visually-hidden"> (version {row.version})</span>
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
      <UndoLastPublish onUndone={onUndone} />
      <LoadStatus of={revisions} loadingText="Loading the history…" />
      {revisions.data && <DataTable label="Published versions, newest first" columns={columns} rows={items} rowKey={(row) => String(row.version)} empty="Nothing published yet." more={revisions.more} busy={busy} />}
      {changes && (
        <div className="admin-content-compare" role="region" aria-label={changes.title}>
          <h3 className="admin-content-compare__title">{changes.title}</h3>
          {changes.list.length > 0 ? <ChangeList changes={changes.list} beforeLabel={changes.before} afterLabel={changes.after} /> : <p className="admin-muted">No field differs.</p>}
          <button type="button" className="admin-button admin-button--ghost admin-button--small" onClick={() => setComparison(null)}>
            Close the comparison
          </button>
        </div>
      )}
      {restoring && (
        <ConfirmDialog
          title={`Restore version ${restoring.version} as the draft?`}
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
