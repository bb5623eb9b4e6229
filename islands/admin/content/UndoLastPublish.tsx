import { useState } from 'react';
import { useDashboard } from '../context';
import { ConfirmDialog, errorText } from '../kit';

/**
 * "Undo the last publish": puts back what the site showed before the latest publish (the server
 * publishes the previous revision again, so the undo is itself in the history and the audit trail).
 * Asks first.
 */
export function UndoLastPublish({ onUndone }: { onUndone: () => void }) {
  const { api, notify } = useDashboard();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const undo = async () => {
    setBusy(true);
    try {
      await api.send('POST', '/api/content/undo', 'The last publish could not be undone.', {});
      notify({ tone: 'success', text: 'The last publish was undone: the site shows what it showed before.' });
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
          message="The site goes back to what it showed before the most recent publish, on every page at once. Drafts are kept."
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
