import { createContext, useContext } from 'react';
import { pathKey, type FieldPath } from './schema-fields';

/** What every field of a SchemaForm reads: the messages by path, how to change a value, the icon suggestions. */
export interface FormServices {
  errors: Readonly<Record<string, string>>;
  warnings: Readonly<Record<string, string>>;
  change: (path: FieldPath, value: unknown) => void;
  iconListId: string;
}

export const FormContext = createContext<FormServices | null>(null);

export function useForm(): FormServices {
  const services = useContext(FormContext);
  if (!services) throw new Error('Schema fields must be inside <SchemaForm>');
  return services;
}

/** The id a field's input gets, so a summary of problems can link to it. */
export function fieldId(path: FieldPath): string {
  return `content-field-${pathKey(path).replace(/\./g, '-') || 'document'}`;
}

/** A message about a group as a whole (a list with too few items), under its legend. */
export function GroupMessage({ path }: { path: FieldPath }) {
  const { errors, warnings } = useForm();
  const key = pathKey(path);
  const error = errors[key];
  const warning = warnings[key];
  if (!error && !warning) return null;
  return (
    <p id={`${fieldId(path)}-error`} className={error ? 'admin-field__error' : 'admin-field__warning'}>
      {error ?? warning}
    </p>
  );
}

/** The message shown beside a field: its error, else a warning. */
export function useMessages(path: FieldPath): { error?: string; warning?: string } {
  const { errors, warnings } = useForm();
  const key = pathKey(path);
  return { error: errors[key], warning: errors[key] ? undefined : warnings[key] };
}
