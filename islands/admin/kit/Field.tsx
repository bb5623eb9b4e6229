import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';

interface ControlProps {
  id?: string;
  required?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

interface FieldProps {
  label: ReactNode;
  /** One input, select or textarea: it gets the field's id, `required` and the ARIA links. */
  children: ReactElement<ControlProps>;
  /** Guidance under the label ("At least 12 characters"). */
  hint?: ReactNode;
  /** The server's (or the form's) complaint about this field, shown beside it. */
  error?: string;
  required?: boolean;
  className?: string;
}

/**
 * A labelled form control. The hint and the error are tied to the control by `aria-describedby`
 * (so a screen reader reads them with it) and an error marks it `aria-invalid`; a required field
 * is marked * in its label and `required` on its control.
 */
export function Field({ label, children, hint, error, required = false, className }: FieldProps) {
  const generated = useId();
  const id = children.props.id ?? generated;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [children.props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `admin-field ${className}` : 'admin-field'}>
      <label htmlFor={id}>
        {label}
        {/* Part of the label's name ("Title *"), as the forms' "Fields marked * are required" reads. */}
        {required && <span className="admin-field__required"> *</span>}
      </label>
      {hint && (
        <p id={hintId} className="admin-field__hint">
          {hint}
        </p>
      )}
      {cloneElement(children, { id, required: required || children.props.required || undefined, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error && (
        <p id={errorId} className="admin-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
