import { FORM_TYPE_LABELS, type FormType } from '../../shared/form-types';
import type { FormValues } from '../../shared/form-schemas';
import { FORM_DEFINITIONS, labelWithUnit } from '../../shared/forms';
import type { StaffNotice } from '../outbox/queries';

/**
 * The e-mail telling staff of a form's lead: every field by its label, in the form's order, and
 * where to review it; answers go to the visitor. Queued with a new lead (`storeLead`) and with a
 * lead taken out of spam, so both read the same.
 */
export function staffNoticeOf(type: FormType, id: string, data: FormValues, publicUrl: string): StaffNotice {
  const definition = FORM_DEFINITIONS[type];
  const who = typeof data.name === 'string' ? data.name : String(data.email);
  const lines = definition.fields.map((field) => `${labelWithUnit(field)}: ${data[field.name] ?? '(not given)'}`);
  return {
    formType: type,
    leadId: id,
    subject: `New ${definition.noun} from ${who}`,
    body: [`A visitor sent the ${FORM_TYPE_LABELS[definition.type]} form.`, '', ...lines, '', `Reference: ${id}`, `Review it in the admin area: ${publicUrl}/admin/dashboard`].join('\n'),
    replyTo: typeof data.email === 'string' ? data.email : null,
  };
}
