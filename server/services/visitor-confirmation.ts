import type { Knex } from 'knex';
import { queueVisitorMail } from '../db/lead-replies';
import { countHit } from '../db/rate-limit-windows';
import { messageIdFrom } from './mail-transport';
import { FORM_DEFINITIONS } from '../../shared/forms';
import type { FormType } from '../../shared/form-types';
import type { FormValues } from '../../shared/form-schemas';
import type { ReplyPromise } from '../../shared/reply-clock';
import { fillPlaceholders, placeholdersOf, type AgencyDetails } from '../../shared/replies';

/**
 * The acknowledgement's words until the agency writes its own (on the Saved replies page, the
 * `visitorConfirmationText` setting); `{name}`, `{service}` and `{replyPromise}` as in saved replies.
 */
export const CONFIRMATION_TEXT = `Hello {name},

Thank you for getting in touch. We have your message and a member of our team will reply {replyPromise}.

There is no need to answer this e-mail; if something is urgent, call us on {phone}.

{agency}`;

/** Acknowledgements one address receives at most per day: the forms cannot be used to mail a stranger over and over. */
export const CONFIRMATIONS_PER_ADDRESS_PER_DAY = 3;

/**
 * Queues the acknowledgement of a new (not spam) lead to the address it gave, unless that address
 * had its share today. Returns whether one was queued.
 */
export async function queueVisitorConfirmation(
  db: Knex,
  { type, leadId, data, promise, agency, from, text = CONFIRMATION_TEXT }: { type: FormType; leadId: string; data: FormValues; promise: ReplyPromise; agency: AgencyDetails; from: string; text?: string },
): Promise<boolean> {
  const email = typeof data.email === 'string' ? data.email : null;
  if (!email) return false;
  const { hits } = await countHit(db, `confirmation:${email.toLowerCase()}`, 24 * 3600);
  if (hits > CONFIRMATIONS_PER_ADDRESS_PER_DAY) return false;
  const lead = { type, name: typeof data.name === 'string' ? data.name : null, service: typeof data.service === 'string' ? data.service : null };
  await queueVisitorMail(db, {
    kind: 'confirmation',
    formType: type,
    leadId,
    to: email,
    fromName: agency.name,
    // Answers reach the agency's reply address (Settings), else its public inbox; never a no-reply sender.
    replyTo: agency.replyAddress ?? agency.email,
    subject: `We received your ${FORM_DEFINITIONS[type].noun}`,
    body: `${fillPlaceholders(text, placeholdersOf(lead, promise, agency))}\n`,
    messageId: messageIdFrom(from),
  });
  return true;
}
