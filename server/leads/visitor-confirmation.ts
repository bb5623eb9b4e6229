import type { Knex } from 'knex';
import { replyToFor } from './reply-tags';
import { queueMail } from '../outbox/queries';
import { countHit, hitsInWindow } from '../db/rate-limit-windows';
import type { Logger } from '../logger';
import { SYSTEM_ACTOR, type AuditTrail } from '../services/audit';
import { messageIdFrom } from '../services/mail-transport';
import { networkOf } from '../services/visitor-network';
import { FORM_DEFINITIONS } from '../../shared/forms';
import type { FormType } from '../../shared/form-types';
import type { FormValues } from '../../shared/form-schemas';
import type { ReplyPromise } from '../../shared/reply-clock';
import { fillPlaceholders, placeholdersOf, type AgencyDetails } from '../../shared/replies';
import { CONFIRMATION_LIMITS, CONFIRMATION_TEXT, greetingName, normalisedAddress } from '../../shared/visitor-confirmation';

const DAY_SECONDS = 24 * 3600;
const SITE_KEY = 'confirmation:site';

/** Who is warned when the site's daily ceiling stops the acknowledgements: the audit trail (owners read it) and the log. */
export interface CeilingWarning {
  audit: AuditTrail;
  logger?: Logger;
}

/**
 * Counts one acknowledgement against each limit in turn (the network it was asked from, the
 * address, the site's day) and says whether it may go. A limit counts only what the ones before it
 * let through, so a flood at one address or from one network never uses up the site's ceiling for
 * everyone else, and a network that used its share adds no more address counters. The first one
 * the ceiling stops warns the owners: one audit entry a day, whose repeats count those withheld.
 */
async function withinLimits(db: Knex, email: string, ip: string, warning: CeilingWarning | undefined): Promise<boolean> {
  const { perNetwork, perAddress, perDay } = CONFIRMATION_LIMITS;
  if ((await countHit(db, `confirmation:network:${networkOf(ip)}`, DAY_SECONDS)).hits > perNetwork) return false;
  if ((await countHit(db, `confirmation:address:${normalisedAddress(email)}`, DAY_SECONDS)).hits > perAddress) return false;
  const site = await countHit(db, SITE_KEY, DAY_SECONDS);
  if (site.hits <= perDay) return true;
  if (warning) {
    // The day by the database's clock: the window ends `secondsLeft` from now, at a UTC midnight.
    const day = new Date((Math.round((Date.now() / 1000 + site.secondsLeft) / DAY_SECONDS) - 1) * DAY_SECONDS * 1000).toISOString().slice(0, 10);
    const summary = `daily limit of ${perDay} reached on ${day} (UTC); no more acknowledgements that day; leads still arrive`;
    const count = await warning.audit.recordRepeat(SYSTEM_ACTOR, { action: 'acknowledgements.withheld', summary }, [day]);
    if (count === 1) warning.logger?.warn({ day, perDay }, 'daily acknowledgement ceiling reached; no more acknowledgements today');
  }
  return false;
}

/**
 * While the site's daily most of acknowledgements is used up, how many were withheld since and when
 * they start again; null otherwise (the owners' mail banner).
 */
export async function confirmationsWithheld(db: Knex): Promise<{ limit: number; withheld: number; resumesAt: Date } | null> {
  const { hits, windowEnd } = await hitsInWindow(db, SITE_KEY, DAY_SECONDS);
  const limit = CONFIRMATION_LIMITS.perDay;
  return hits > limit ? { limit, withheld: hits - limit, resumesAt: windowEnd } : null;
}

/**
 * The only values of the visitor's the acknowledgement carries: their first name reduced to letters
 * (`greetingName`; "there" without one), and the service they chose only when it is one of the
 * options the form offered when it was sent, `choices` (else the form's noun). Whatever else they
 * typed (a link, an offer, a phone number) stays in the lead, never in a mail the site sends to an
 * address nobody proved.
 */
function visitorValues(data: FormValues, choices: readonly string[]): { name: string | null; service: string | null } {
  const service = typeof data.service === 'string' && choices.includes(data.service) ? data.service : null;
  return { name: greetingName(typeof data.name === 'string' ? data.name : null), service };
}

/**
 * Queues the acknowledgement of a new (not spam) lead to the address it gave, unless a limit says
 * otherwise (`CONFIRMATION_LIMITS`: per address, per network of `ip`, per day for the site). Returns
 * whether one was queued.
 */
export async function queueVisitorConfirmation(
  db: Knex,
  { type, leadId, data, services, ip, promise, agency, from, text = CONFIRMATION_TEXT, warning }: { type: FormType; leadId: string; data: FormValues; services: readonly string[]; ip: string; promise: ReplyPromise; agency: AgencyDetails; from: string; text?: string; warning?: CeilingWarning },
): Promise<boolean> {
  const email = typeof data.email === 'string' ? data.email : null;
  if (!email) return false;
  if (!(await withinLimits(db, email, ip, warning))) return false;
  const lead = { type, ...visitorValues(data, services) };
  await queueMail(db, {
    kind: 'confirmation',
    formType: type,
    leadId,
    to: email,
    fromName: agency.name,
    // Answers reach the agency's reply address (Settings), else its public inbox; never a no-reply sender.
    replyTo: await replyToFor(db, leadId, agency.replyAddress ?? agency.email, agency),
    subject: `We received your ${FORM_DEFINITIONS[type].noun}`,
    body: `${fillPlaceholders(text, placeholdersOf(lead, promise, agency))}\n`,
    messageId: messageIdFrom(from),
  });
  return true;
}
