import type { FormType } from '../shared/form-types';
import type { FieldErrors } from '../shared/forms';
import { VisitorForm } from './lib/visitor-form';

export interface InlineFormProps {
  type: FormType;
  /** A rejected no-JavaScript post: the visitor's values and the errors to show beside them. */
  values?: Record<string, string>;
  errors?: FieldErrors;
  /** The reply promise in force, for the success message. */
  replyPromise: string;
  /** The service options the form offers now (`serviceOptionsOf`); none for a form without a service field. */
  services?: readonly string[];
}

/**
 * A form in the page itself (the contact form, and the no-JavaScript pages of the other three):
 * plain HTML that posts without JavaScript, enhanced when the visitor starts using it.
 */
export default function InlineForm({ type, values, errors, replyPromise, services }: InlineFormProps) {
  return <VisitorForm type={type} idPrefix={`${type}-form`} values={values} errors={errors} replyPromise={replyPromise} services={services} />;
}
