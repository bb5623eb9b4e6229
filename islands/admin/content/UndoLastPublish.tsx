import { useState } from 'react';
import { useDashboard } from '../context';
import { ConfirmDialog, errorText, useDates } from '../kit';
import { contentApi, type UndoPlan } from './content-api';

/** What the question before an undo says: the page, the version it takes off the site (when, by whom) and the one it puts back. */
export function undoQuestion(plan: UndoPlan, formatDateTime: (iso: string) => string): string {
  const by = (name: string | null) => (name ? ` by ${name}` : '');
  const when = `${formatDateTime(plan.undoes.publishedAt)}${by(plan.undoes.publishedBy)}`;
  // A change of address, a retirement or a bringing back is undone as what it was; its content is the same.
  if (plan.event?.type === 'move') return `“${plan.title}” moves back to ${plan.event.to}, undoing the change of address of ${when}. Its current address then redirects there.`;
  if (plan.event?.type === 'retire') return `“${plan.title}” comes back on the site at its address, undoing its retirement of ${when}.`;
  if (plan.event?.type === 'return') return `“${plan.title}” is retired again, its visitors sent to ${plan.event.redirectTo}, undoing its bringing back of ${when}.`;
  return (
    `“${plan.title}” goes back to version ${plan.backTo.version} (published ${formatDateTime(plan.backTo.publishedAt)}${by(plan.backTo.publishedBy)}), ` +
    `undoing version ${plan.undoes.version}, published ${formatDateTime(plan.undoes.publishedAt)}${by(plan.undoes.publishedBy)}. ` +
    'It is published as a new version; the draft and every other page stay as they are.'
  );
}

/**
 * "Undo this page's last publish", in the page's History: it asks the server what that would do and
 * says so (page, versions, times and authors) before anything changes; the server publishes the
 * version before again, as a new version, only if the page was not published again meanwhile.
 * A page with nothing to undo is told so in words.
 */
export function UndoLastPublish({ documentKey, onUndone }: { documentKey: string; onUndone: () => void }) {
  const { api, notify, navigate } = useDashboard();
  const { formatDateTime } = useDates();
  const [plan, setPlan] = useState<UndoPlan | null>(null);
  const [busy, setBusy] = useState(false);
  const calls = contentApi(api, documentKey);

  const ask = async () => {
    setBusy(true);
    try {
      setPlan(await calls.undoPlan());
    } catch (failure) {
      notify({ tone: 'error', text: errorText(failure, 'Failed to see what undo would do.') });
    } finally {
      setBusy(false);
    }
  };

  const undo = async (asked: UndoPlan) => {
    setBusy(true);
    try {
      const { version, key } = await calls.undo(asked.undoes.version);
      // An undone move moved the document back: its editor is under that key (navigating clears notices, so it goes first).
      if (key && key !== documentKey) navigate({ name: 'website-document', key });
      else onUndone();
      if (asked.event) notify({ tone: 'success', text: `Undone: “${asked.title}” ${asked.event.type === 'move' ? `is back at ${asked.event.to}` : asked.event.type === 'retire' ? 'is on the site again' : 'is retired again'}.` });
      else notify({ tone: 'success', text: `“${asked.title}” is back to the content of version ${asked.backTo.version} (now published as version ${version}).` });
    } catch (failure) {
      notify({ tone: 'error', text: errorText(failure, 'The last publish could not be undone.') });
    } finally {
      setBusy(false);
      setPlan(null);
    }
  };

  return (
    <>
      <p className="admin-content-undo">
        <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={busy} onClick={() => void ask()}>
          Undo this page’s last publish
        </button>
      </p>
      {plan && (
        <ConfirmDialog
          title={`Undo the last publish of “${plan.title}”?`}
          message={undoQuestion(plan, formatDateTime)}
          confirmLabel="Undo the publish"
          busyLabel="Undoing…"
          busy={busy}
          onConfirm={() => void undo(plan)}
          onCancel={() => setPlan(null)}
        />
      )}
    </>
  );
}
