import { useState } from 'react';
import { contentDocument } from '../../../shared/content/documents';
import { useDashboard } from '../context';
import { ConfirmDialog, errorText } from '../kit';

/**
 * "Undo the last publish": puts back what the site showed before its latest publish, of whichever
 * documents that was (the server publishes their previous revisions again, so the undo is itself in
 * the history and the audit trail). Asks first.
 */
export function UndoLastPublish({ onUndone }: { onUndone: () => void }) {
  const { api, notify } = useDashboard();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const undo = async () => {
    setBusy(true);
    try {
      const { items } = await api.send<{ items: { key: string }[] }>('POST', '/api/content/undo', 'The last publish could not be undone.', {});
      // The last publish may have been of another page (or of several): say which went back.
      const names = items.map(({ key }) => contentDocument(key)?.title ?? key).join(', ');
      notify({ tone: 'success', text: `The last publish was undone: ${names || 'the site'} went back to what it showed before.` });
      onUndone();
    } catch (failure) {
      notify({ tone: 'error', text: errorText(failure, 'The last publish could not be undone.') });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <>
      <p className="admin-content-undo">
        <button type="button" className="admin-button admin-button--ghost admin-button--small" onClick={() => setAsking(true)}>
          Undo the last publish
        </button>
      </p>
      {asking && (
        <ConfirmDialog
          title="Undo the last publish?"
          message="The site goes back to what it showed before its most recent publish, whichever page that changed. Drafts are kept."
          confirmLabel="Undo the publish"
          busyLabel="Undoing…"
          busy={busy}
          onConfirm={() => void undo()}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}
