import { useCallback, useRef, useState, type FormEvent } from 'react';
import { errorText, fieldErrorsOf } from './errors';

export interface SubmitState {
  /** The form is being sent: its button is disabled and says so. */
  pending: boolean;
  /** Why the last send failed (the server's message when it gave one), shown by `<FormError>`. */
  error: string;
  /** The server's message per field of a refused form (400), for each `<Field error>`. */
  fields: Record<string, string>;
  /** The form's `onSubmit`: sends it once (a second press while pending is ignored). */
  onSubmit: (event?: FormEvent) => void;
  /** Forgets the last failure (the person started over). */
  reset: () => void;
}

/** What a failed send shows: a message per field the server named, else one message for the form. */
export function submitFailure(failure: unknown, fallback: string): { error: string; fields: Record<string, string> } {
  const fields = fieldErrorsOf(failure);
  // With fields named, each field says what is wrong and the form's own line would only repeat it.
  return Object.keys(fields).length > 0 ? { error: '', fields } : { error: errorText(failure, fallback), fields: {} };
}

/** A form's send: `send` runs on submit; its failure is kept for the form to show. */
export function useSubmit(send: () => Promise<void>, fallback: string): SubmitState {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ error: string; fields: Record<string, string> }>({ error: '', fields: {} });
  const sendRef = useRef(send);
  sendRef.current = send;
  const running = useRef(false);
  const onSubmit = useCallback(
    (event?: FormEvent) => {
      event?.preventDefault();
      if (running.current) return;
      running.current = true;
      setPending(true);
      setFailure({ error: '', fields: {} });
      sendRef
        .current()
        .catch((caught: unknown) => setFailure(submitFailure(caught, fallback)))
        .finally(() => {
          running.current = false;
          setPending(false);
        });
    },
    [fallback],
  );
  const reset = useCallback(() => setFailure({ error: '', fields: {} }), []);
  return { pending, ...failure, onSubmit, reset };
}
