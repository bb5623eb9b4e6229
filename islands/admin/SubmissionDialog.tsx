import { useId } from 'react';
import { FORM_TYPE_LABELS, type FormType } from '../../shared/form-types';
import { useOverlay } from '../lib/use-overlay';
import { formColumns, senderOf, type FormRecord } from './form-columns';
import { AdminIcon } from './icons';
import { fieldText, formatSubmittedAt } from './text';

/**
 * One submission in full: the table cuts long texts to 50 characters, this shows every field as
 * typed (as text, line breaks kept). Modal: focus inside, Escape closes, focus returns.
 */
export function SubmissionDialog({ type, record, onClose }: { type: FormType; record: FormRecord; onClose: () => void }) {
  const id = useId();
  const ref = useOverlay<HTMLDivElement>({ open: true, onClose, lockScroll: true });
  return (
    <div className="admin-modal">
      <div className="admin-modal__backdrop" aria-hidden="true" onClick={onClose} />
      <div ref={ref} className="admin-dialog admin-dialog--wide" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} tabIndex={-1}>
        <div className="admin-dialog__head">
          <h2 id={`${id}-title`} className="admin-dialog__title">
            {`${FORM_TYPE_LABELS[type]} submission from ${senderOf(record)}`}
          </h2>
          <button type="button" className="admin-icon-button" onClick={onClose} data-autofocus>
            <AdminIcon name="close" />
            <span className="visually-hidden">Close</span>
          </button>
        </div>
        <dl className="admin-submission">
          <div className="admin-submission__row">
            <dt>Submitted</dt>
            <dd>
              <time dateTime={record.submittedAt}>{formatSubmittedAt(record.submittedAt)}</time>
            </dd>
          </div>
          {formColumns(type).map((column) => (
            <div key={column.key} className="admin-submission__row">
              <dt>{column.label}</dt>
              <dd className="admin-prewrap">{fieldText(record[column.key]) || '—'}</dd>
            </div>
          ))}
          <div className="admin-submission__row">
            <dt>Status</dt>
            <dd>{record.status}</dd>
          </div>
        </dl>
      </div>
    </div>
  );
}
