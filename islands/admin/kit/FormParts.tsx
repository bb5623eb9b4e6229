import type { ReactNode } from 'react';

interface SubmitButtonProps {
  pending: boolean;
  /** Said while sending ("Adding…"). */
  pendingText: string;
  children: ReactNode;
  className?: string;
  disabled?: boolean;
  /** The id of what says why the button is disabled (or what it will do). */
  describedBy?: string;
}

/** A form's submit button: disabled while the form is sent, and saying so. */
export function SubmitButton({ pending, pendingText, children, className = 'admin-button', disabled = false, describedBy }: SubmitButtonProps) {
  return (
    <button type="submit" className={className} disabled={pending || disabled} aria-describedby={describedBy}>
      {pending ? pendingText : children}
    </button>
  );
}

/** The form's failure, announced at once; nothing when there is none. */
export function FormError({ error }: { error: string }) {
  return error ? (
    <p className="admin-field__error" role="alert">
      {error}
    </p>
  ) : null;
}

/** A form's end: its failure, if any, then its submit button (`of` is the form's `useSubmit` state). */
export function FormSubmit({ of, ...button }: Omit<SubmitButtonProps, 'pending'> & { of: { error: string; pending: boolean } }) {
  return (
    <>
      <FormError error={of.error} />
      <SubmitButton pending={of.pending} {...button} />
    </>
  );
}
