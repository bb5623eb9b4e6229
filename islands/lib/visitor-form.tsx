import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FormType } from '../../shared/form-types';
import {
  BUDGET,
  CLIENT_TOKEN_FIELD,
  FILL_TIME_FIELD,
  HONEYPOT_FIELD,
  INVALID_FORM_MESSAGE,
  SUCCESS_POPUP_MS,
  coerceFormPost,
  formatBudget,
  formDefinition,
  formFieldLabel,
  type FieldDefinition,
  type FieldErrors,
  withReplyPromise,
} from '../../shared/forms';

/**
 * The forms' zod schemas are a sizeable chunk of their own: fetched when the visitor starts filling
 * a form (or at the latest on send), never just because a panel or the home dialog opened.
 */
const loadSchemas = () => import('../../shared/form-schemas');

export interface VisitorFormProps {
  type: FormType;
  /** Prefix of the field ids, unique on the page (a form can be both on a page and in a panel). */
  idPrefix: string;
  /** Values and errors of a rejected no-JavaScript post, rendered back beside the fields. */
  values?: Record<string, string>;
  errors?: FieldErrors;
  /** The reply promise in force ("within 24 hours"), for the success message. */
  replyPromise: string;
  /**
   * The service options the form offers (the enquiry and quote forms: the published services',
   * `serviceOptionsOf`), read by the page that renders it; the server accepts exactly these.
   */
  services?: readonly string[];
  /** After the success popup has closed and the form is reset (a panel closes itself here). */
  onDone?: () => void;
}

type Status = 'idle' | 'submitting' | 'success';

/** A random token naming one filling of the form: a double submit of it stores one row. */
function newClientToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function Field({ field, id, value, error, budget, onBudget }: { field: FieldDefinition; id: string; value?: string; error?: string; budget: number; onBudget: (value: number) => void }) {
  const errorId = `${id}-error`;
  // `required` only where a control can be left empty: a slider always has a value, and so has a
  // select whose first option is a real one (HTML forbids `required` on both); such a select says
  // it is required with `aria-required` instead.
  const canBeEmpty = field.kind !== 'range' && (field.kind !== 'select' || field.placeholder !== undefined);
  const common = {
    id,
    name: field.name,
    required: field.required && canBeEmpty,
    'aria-required': field.required && !canBeEmpty && field.kind === 'select' ? true : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const;
  let control;
  switch (field.kind) {
    case 'select':
      control = (
        <select {...common} defaultValue={value ?? field.defaultValue ?? ''}>
          {field.placeholder && (
            <option value="" disabled>
              {field.placeholder}
            </option>
          )}
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
      break;
    case 'textarea':
      control = <textarea {...common} rows={4} maxLength={field.maxLength} defaultValue={value} />;
      break;
    case 'range':
      control = (
        <>
          <output htmlFor={id} className="field__output" aria-live="polite">
            {formatBudget(budget)}
          </output>
          <input {...common} type="range" min={field.bounds.min} max={field.bounds.max} step={field.bounds.step} value={budget} onChange={(event) => onBudget(Number(event.target.value))} aria-valuetext={formatBudget(budget)} />
          <span className="field__range-labels" aria-hidden="true">
            <span>{formatBudget(field.bounds.min)}</span>
            <span>{formatBudget(field.bounds.max)}</span>
          </span>
        </>
      );
      break;
    default:
      control = <input {...common} type={field.kind} autoComplete={field.autoComplete} maxLength={field.maxLength} defaultValue={value} />;
  }
  return (
    <div className={`field field--${field.kind}`}>
      <label htmlFor={id}>
        {formFieldLabel(field)}
        {field.required && <span aria-hidden="true"> *</span>}
      </label>
      {control}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * One visitor form, the same for all four types: a real `<form method="post">` that works without
 * JavaScript, enhanced once hydrated with the shared schema's checks, the JSON call, and the spec's
 * states (busy label, success popup for 3 s then reset, error text or alert).
 */
export function VisitorForm({ type, idPrefix, values, errors, replyPromise, services = [], onDone }: VisitorFormProps) {
  const definition = formDefinition(type, services);
  const formRef = useRef<HTMLFormElement>(null);
  const startedAt = useRef(0);
  const token = useRef<string | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(errors ?? {});
  const [failure, setFailure] = useState<string | null>(null);
  const initialBudget = Number(values?.budget ?? BUDGET.default);
  const [budget, setBudget] = useState(Number.isFinite(initialBudget) ? initialBudget : BUDGET.default);

  useEffect(() => {
    startedAt.current = performance.now();
    // Our own messages replace the browser's once the form is live (set here, not in the HTML,
    // so the server and client renders match and the no-JS form keeps native checks).
    if (formRef.current) formRef.current.noValidate = true;
  }, []);

  useEffect(() => {
    if (status !== 'success') return;
    const timer = setTimeout(() => {
      formRef.current?.reset();
      setBudget(BUDGET.default);
      setStatus('idle');
      token.current = null;
      startedAt.current = performance.now();
      onDone?.();
    }, SUCCESS_POPUP_MS);
    return () => clearTimeout(timer);
  }, [status, onDone]);

  const showFailure = (message: string) => {
    // The spec's free-offer form reports failure in an alert; the others in the form itself.
    if (type === 'free-offer') window.alert(message);
    else setFailure(message);
  };

  const focusFirstError = (fields: FieldErrors) => {
    const first = definition.fields.find((field) => fields[field.name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${idPrefix}-${first.name}`)?.focus();
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status !== 'idle') return;
    const form = event.currentTarget;
    const entries = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const { [HONEYPOT_FIELD]: honeypot, ...fields } = entries;
    const body = coerceFormPost(type, fields);
    const { validateForm } = await loadSchemas();
    const check = validateForm(type, body, services);
    setFailure(null);
    if (!check.ok) {
      setFieldErrors(check.fields);
      focusFirstError(check.fields);
      return;
    }
    setFieldErrors({});
    setStatus('submitting');
    token.current ??= newClientToken();
    try {
      const response = await fetch(`/api/forms/${type}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ ...body, [HONEYPOT_FIELD]: honeypot, [FILL_TIME_FIELD]: Math.round(performance.now() - startedAt.current), [CLIENT_TOKEN_FIELD]: token.current }),
      });
      if (response.ok) {
        setStatus('success');
        return;
      }
      const answer = (await response.json().catch(() => ({}))) as { error?: string; fields?: FieldErrors };
      setStatus('idle');
      if (answer.fields) {
        setFieldErrors(answer.fields);
        focusFirstError(answer.fields);
      }
      showFailure(answer.error || definition.failureText);
    } catch {
      setStatus('idle');
      showFailure(definition.failureText);
    }
  }

  const errorCount = Object.keys(fieldErrors).length;
  const buttonLabel = status === 'submitting' ? definition.busyLabel : status === 'success' && definition.doneLabel ? definition.doneLabel : definition.submitLabel;
  // Errors no field shows (unknown fields, a broken request) are listed in the summary.
  const unplaced = Object.entries(fieldErrors).filter(([name]) => !definition.fields.some((field) => field.name === name));

  return (
    <>
      <form ref={formRef} className="visitor-form" method="post" action={definition.pagePath} onSubmit={submit} onFocus={() => void loadSchemas()} aria-label={definition.title}>
        <div role="alert" className="visitor-form__alerts">
          {errorCount > 0 && (
            <div className="visitor-form__summary">
              <p>{INVALID_FORM_MESSAGE}</p>
              {unplaced.length > 0 && (
                <ul>
                  {unplaced.map(([name, message]) => (
                    <li key={name}>{message}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {failure && failure !== INVALID_FORM_MESSAGE && <p className="visitor-form__failure">{failure}</p>}
        </div>
        {/* The honeypot: hidden from people and assistive technology, tempting to bots. */}
        <div className="visitor-form__trap" aria-hidden="true">
          <label htmlFor={`${idPrefix}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
          <input id={`${idPrefix}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div className="visitor-form__fields">
          {definition.fields.map((field) => (
            <Field key={field.name} field={field} id={`${idPrefix}-${field.name}`} value={values?.[field.name]} error={fieldErrors[field.name]} budget={budget} onBudget={setBudget} />
          ))}
        </div>
        <button type="submit" className="button visitor-form__submit" disabled={status === 'submitting'}>
          {buttonLabel}
        </button>
      </form>
      {status === 'success' && (
        <div className="form-popup" role="status">
          <div className="form-popup__card">
            <p className="form-popup__title">{definition.successTitle}</p>
            <p>{withReplyPromise(definition.successText, replyPromise)}</p>
          </div>
        </div>
      )}
    </>
  );
}
