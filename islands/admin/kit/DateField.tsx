import { useEffect, useRef, useState } from 'react';
import { agencyDay, readDay } from '../../../shared/local-date';
import { Field } from './Field';

interface DateFieldProps {
  label: string;
  /** The day as `YYYY-MM-DD`, or "" for none. */
  value: string;
  /** A readable day as `YYYY-MM-DD`; "" when the field is emptied or holds text that is no day. */
  onChange: (day: string) => void;
  /** Sent with the form as `YYYY-MM-DD` (a hidden input), for forms read with `FormData`. */
  name?: string;
  id?: string;
  /** The latest day allowed, `YYYY-MM-DD`. */
  max?: string;
  /** Further descriptions of the field (a message about the form as a whole). */
  describedBy?: string;
}

export const DATE_HINT = 'For example 15 Mar 2025';

/** What the field says about `text`: its day, or why it has none. */
function judge(text: string, max?: string): { day: string; error?: string } {
  if (text.trim() === '') return { day: '' };
  const day = readDay(text);
  if (!day) return { day: '', error: 'Write the date like 15 Mar 2025, 15/03/2025 or 2025-03-15.' };
  if (max && day > max) return { day: '', error: `Choose a day up to ${agencyDay(max)}.` };
  return { day };
}

/**
 * A day typed the way the agency writes it ("15 Mar 2025"; also "15/03/2025" and "2025-03-15"),
 * kept as `YYYY-MM-DD`. A native date input would show the browser's locale (mm/dd/yyyy in an
 * American Chromium). Text it cannot read is shown as an error beside the field once the field is
 * left or its form sent, and keeps the form from being sent (the browser's own check, quietened so
 * that only this error shows).
 */
export function DateField({ label, value, onChange, name, id, max, describedBy }: DateFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => agencyDay(value));
  const [showError, setShowError] = useState(false);
  const { day, error } = judge(text, max);

  // A day set from outside (a preset range, the filters cleared) replaces what was typed.
  useEffect(() => {
    if (value !== day) {
      setText(agencyDay(value));
      setShowError(false);
    }
    // Only a new `value` is news; `day` follows the typing.
  }, [value]);

  useEffect(() => inputRef.current?.setCustomValidity(error ?? ''), [error]);

  // A form that skips the browser's checks (`noValidate`) is still sent with this field's text:
  // its error shows then too.
  const errorRef = useRef(error);
  errorRef.current = error;
  const pressing = useRef(false);
  useEffect(() => {
    const form = inputRef.current?.form;
    const onSubmit = () => errorRef.current && setShowError(true);
    const onPointerDown = () => (pressing.current = true);
    const onPointerUp = () => (pressing.current = false);
    form?.addEventListener('submit', onSubmit, true);
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('pointerup', onPointerUp, true);
    return () => {
      form?.removeEventListener('submit', onSubmit, true);
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('pointerup', onPointerUp, true);
    };
  }, []);

  /**
   * The error appears when the field is left. Left by pressing another control (Apply), it waits
   * until the press is over: appearing at once would move that control from under the pointer,
   * and the click would be lost.
   */
  const revealError = () => {
    if (!pressing.current) return setShowError(true);
    document.addEventListener('pointerup', () => setTimeout(() => setShowError(errorRef.current !== undefined)), { once: true });
  };

  const shownError = showError ? error : undefined;
  return (
    <>
      <Field label={label} hint={DATE_HINT} error={shownError} className="admin-date-field">
        <input
          ref={inputRef}
          id={id}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={text}
          aria-describedby={describedBy}
          onChange={(event) => {
            setText(event.target.value);
            const next = judge(event.target.value, max);
            if (!next.error) setShowError(false);
            if (next.day !== value) onChange(next.day);
          }}
          onBlur={() => {
            if (error) return revealError();
            // A readable day is written back the agency's way, so what is shown is what was understood.
            if (day) setText(agencyDay(day));
          }}
          onInvalid={(event) => {
            // The form was sent with unreadable text: show this field's own error, not the browser's bubble.
            event.preventDefault();
            setShowError(true);
            event.currentTarget.focus();
          }}
        />
      </Field>
      {name && <input type="hidden" name={name} value={day} />}
    </>
  );
}
