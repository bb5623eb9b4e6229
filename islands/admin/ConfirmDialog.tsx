import { useId } from 'react';
import { useOverlay } from '../lib/use-overlay';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  /** While the confirmed action runs the buttons are disabled. */
  busy?: boolean;
  /** What the confirm button says while the action runs. */
  busyLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before a destructive action. Modal: focus starts on Cancel (the safe choice), stays inside,
 * Escape cancels and focus returns to the button that opened it. Render it only while needed.
 */
export function ConfirmDialog({ title, message, confirmLabel, busy = false, busyLabel = 'Deleting…', onConfirm, onCancel }: ConfirmDialogProps) {
  const id = useId();
  const ref = useOverlay<HTMLDivElement>({ open: true, onClose: () => !busy && onCancel(), lockScroll: true });
  return (
    <div className="admin-modal">
      <div className="admin-modal__backdrop" aria-hidden="true" onClick={() => !busy && onCancel()} />
      <div ref={ref} className="admin-dialog" role="alertdialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-message`} tabIndex={-1}>
        <h2 id={`${id}-title`} className="admin-dialog__title">
          {title}
        </h2>
        <p id={`${id}-message`}>{message}</p>
        <div className="admin-dialog__actions">
          <button type="button" className="admin-button admin-button--ghost" onClick={onCancel} disabled={busy} data-autofocus>
            Cancel
          </button>
          <button type="button" className="admin-button admin-button--danger" onClick={onConfirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
