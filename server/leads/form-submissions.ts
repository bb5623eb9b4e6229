import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from '../config';
import { countHit } from '../db/rate-limit-windows';
import { purgeSpam, storeLead, type LeadOrigin } from './queries';
import type { VisitSource } from '../db/analytics';
import type { VisitorSignals } from '../services/analytics';
import { RateLimitedError, ValidationError } from '../errors';
import type { Logger } from '../logger';
import type { AuditTrail } from '../services/audit';
import { networkOf } from '../services/visitor-network';
import { DEFAULT_REPLY_PROMISE, replyDueAt, type ReplyPromise } from '../../shared/reply-clock';
import { messages } from '../messages';
import type { FormType } from '../../shared/form-types';
import { CLIENT_TOKEN_FIELD, FILL_TIME_FIELD, HONEYPOT_FIELD, NOT_A_FORM_MESSAGE, serviceOptionsOf, type FieldErrors, type FormServiceOptions } from '../../shared/forms';
import { queueVisitorConfirmation } from './visitor-confirmation';
import type { AgencyDetails } from '../../shared/replies';
import { business } from '../../shared/content/defaults/business';
import { validateForm } from '../../shared/form-schemas';

export interface FormServiceDeps {
  db: Knex;
  config: Pick<Config, 'formRateLimit' | 'formRateWindowSeconds' | 'formMinFillSeconds' | 'publicUrl'>;
  logger: Logger;
  /**
   * The service options the enquiry and quote forms offer now (`formServiceOptions` of the published
   * services), read at each submission: a form accepts exactly those.
   */
  serviceOptions: () => FormServiceOptions;
  /** Called after a new submission's notification is committed (wakes the outbox worker). */
  onQueued?: () => void;
  /** Days spam stays in its folder (the `retentionDays.spam` setting); 30 when not given. */
  spamRetentionDays?: () => number;
  /** Most spam kept (SPAM_FOLDER_CAP unless given). */
  spamFolderCap?: number;
  /** How the visitor sending a form arrived today, from the page views (analytics). */
  visitOf?: (visitor: VisitorSignals) => Promise<VisitSource | undefined>;
  /** The reply promise in force (the settings), read for each new lead's due time. */
  replyPromise?: () => ReplyPromise;
  /** The forms whose visitors get an acknowledgement e-mail (Settings; none unless given). */
  visitorConfirmation?: () => Record<FormType, boolean>;
  /** The acknowledgement's words in force (Settings), read at each submission. */
  visitorConfirmationText?: () => string;
  /** Who mail goes out from now (`Mailer.sender`): acknowledgements' Message-IDs are on its domain. */
  mailFrom?: () => string;
  /** The agency's name, phone and e-mail as published (acknowledgements are signed with them), and its reply address (Settings). */
  agency?: () => AgencyDetails;
  /** Where the owners are warned when the site's daily most of acknowledgements is reached. */
  audit?: AuditTrail;
  now?: () => Date;
}

/** Most spam the folder keeps: beyond it the oldest goes, so a flood cannot fill the disk. */
export const SPAM_FOLDER_CAP = 10_000;
const DAY_MS = 24 * 3600_000;

/**
 * Deletes spam past its retention, then the oldest beyond the folder's cap; returns how many went.
 * Runs after each spam submission (so a flood stays capped) and hourly (so old spam goes when none
 * arrives).
 */
export function purgeSpamFolder(db: Knex, { now, retentionDays, cap = SPAM_FOLDER_CAP }: { now: Date; retentionDays: number; cap?: number }): Promise<number> {
  return purgeSpam(db, { before: new Date(now.getTime() - retentionDays * DAY_MS), cap });
}

/** Where a submission came from: the islands' JSON call, or a plain form post without JavaScript. */
export type SubmissionChannel = 'api' | 'page';

/** Who sent a submission, as far as the request tells. */
export interface Sender {
  ip: string;
  channel: SubmissionChannel;
  /** The page of ours it was sent from (its path), when known. */
  sourcePath?: string | null;
  /** The address and browser, to find the visit in today's page views (never stored). */
  visitor?: VisitorSignals;
}

/**
 * What became of a submission. `stored`: a new row; `duplicate`: the same client token as an
 * earlier row (whose id it carries); `spam`: answered as if stored, kept in the spam folder and
 * never mailed; `invalid`: the
 * visitor has fields to correct, one message per field.
 */
export type SubmitResult = { outcome: 'stored' | 'duplicate' | 'spam'; id: string } | { outcome: 'invalid'; fields: FieldErrors };

const CLIENT_TOKEN = /^[A-Za-z0-9_-]{8,100}$/;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface SpamSignals {
  honeypot: unknown;
  fillMs?: number;
  clientToken: string | null;
}

/**
 * Takes the honeypot, fill time and client token off the body; the rest is the form's own fields.
 * `errors` names the signals that are malformed (checked before the form's own fields).
 */
function splitMeta(body: Record<string, unknown>): { fields: Record<string, unknown>; meta: SpamSignals; errors: FieldErrors } {
  const { [HONEYPOT_FIELD]: honeypot, [FILL_TIME_FIELD]: fill, [CLIENT_TOKEN_FIELD]: token, ...fields } = body;
  const errors: FieldErrors = {};
  let fillMs: number | undefined;
  if (fill !== undefined && fill !== '') {
    fillMs = typeof fill === 'string' && /^\d{1,12}$/.test(fill) ? Number(fill) : typeof fill === 'number' ? fill : NaN;
    if (!Number.isFinite(fillMs) || fillMs < 0) errors[FILL_TIME_FIELD] = messages.forms.badFillTime;
  }
  if (token !== undefined && token !== '' && (typeof token !== 'string' || !CLIENT_TOKEN.test(token))) {
    errors[CLIENT_TOKEN_FIELD] = messages.forms.badClientToken;
  }
  return { fields, meta: { honeypot, fillMs, clientToken: typeof token === 'string' && token !== '' ? token : null }, errors };
}

/**
 * The one flow every visitor form goes through — validate, rate-limit, store the submission and
 * its staff notification together, answer — and the spam folder's purge. What differs between the
 * four forms is data (`shared/forms.ts`, the table map), not code. Once stored, a lead is the lead
 * service's (`server/leads/service.ts`).
 */
export function createFormService({ db, config, logger, serviceOptions, onQueued, spamRetentionDays = () => 30, spamFolderCap = SPAM_FOLDER_CAP, visitOf, replyPromise = () => DEFAULT_REPLY_PROMISE, visitorConfirmation, visitorConfirmationText, mailFrom = () => 'no-reply@localhost', agency = () => business, audit, now = () => new Date() }: FormServiceDeps) {
  const minFillMs = config.formMinFillSeconds * 1000;

  /**
   * Counted per network (an IPv4 address, an IPv6 /64), so a client cannot get a fresh allowance,
   * or a fresh counter row, from each address of its /64. Ended windows are cleared by the server's
   * sweep (`deleteEndedWindows`), never from here.
   */
  async function enforceRateLimit(ip: string): Promise<void> {
    const { hits, secondsLeft } = await countHit(db, networkOf(ip), config.formRateWindowSeconds);
    if (hits > config.formRateLimit) throw new RateLimitedError(messages.forms.rateLimited, secondsLeft);
  }

  /**
   * Why a submission looks automated, or null. The fill time is measured by the island (from the
   * first render of the form to the submit) and sent with the JSON, so the public HTML stays the
   * same for everyone and cacheable. A plain no-JavaScript post cannot carry that measure without a
   * per-visitor value in the page, so it is judged by the honeypot alone (plus the rate limit). So
   * is a JSON call without a fill time: the spec's call has none, and a real enquiry from another
   * client must never be thrown away on a guess.
   */
  function spamReason(meta: SpamSignals): string | null {
    if (meta.honeypot !== undefined && meta.honeypot !== '') return 'honeypot filled';
    if (meta.fillMs === undefined) return null;
    if (meta.fillMs < minFillMs) return 'filled too fast';
    return null;
  }

  function purgeExpiredSpam(): Promise<number> {
    return purgeSpamFolder(db, { now: now(), retentionDays: spamRetentionDays(), cap: spamFolderCap });
  }

  /** The page a lead was sent from and, when the visitor's views were counted today, how they arrived. */
  async function originOf(sender: Sender): Promise<LeadOrigin> {
    const visit = sender.visitor && (await visitOf?.(sender.visitor).catch(() => undefined));
    const orNull = (value: string | undefined) => (value ? value : null);
    return {
      sourcePath: sender.sourcePath ?? null,
      landingPath: orNull(visit?.landingPath),
      referrerHost: orNull(visit?.referrerHost),
      utmSource: orNull(visit?.utmSource),
      utmMedium: orNull(visit?.utmMedium),
      utmCampaign: orNull(visit?.utmCampaign),
    };
  }

  return {
    purgeExpiredSpam,

    /**
     * Takes one submission through the flow. A form with fields to correct is a result (`invalid`),
     * not an error, so each channel answers it its own way; a body that is not a form at all throws
     * a `ValidationError`, too many submissions a `RateLimitedError`.
     */
    async submit(type: FormType, body: unknown, sender: Sender): Promise<SubmitResult> {
      const { ip, channel } = sender;
      if (!isPlainObject(body)) throw new ValidationError(NOT_A_FORM_MESSAGE);
      const { fields, meta, errors } = splitMeta(body);
      if (Object.keys(errors).length > 0) return { outcome: 'invalid', fields: errors };
      const services = serviceOptionsOf(type, serviceOptions());
      const validation = validateForm(type, fields, services);
      if (!validation.ok) return { outcome: 'invalid', fields: validation.fields };
      await enforceRateLimit(ip);

      const data = validation.data;
      const id = randomUUID();
      const submittedAt = now();
      const reason = spamReason(meta);
      if (reason) {
        // A normal-looking answer so the bot learns nothing; kept in the spam folder, nobody notified.
        await storeLead(db, type, { id, data, clientToken: null, submittedAt, spamReason: reason, origin: await originOf(sender) }, null);
        logger.info({ form: type, id, reason, channel }, 'form submission stored as spam');
        await purgeExpiredSpam();
        return { outcome: 'spam', id };
      }

      const dueAt = replyDueAt(submittedAt, replyPromise());
      const result = await storeLead(db, type, { id, data, clientToken: meta.clientToken, submittedAt, dueAt, origin: await originOf(sender) }, { publicUrl: config.publicUrl });
      if (result.created) {
        logger.info({ form: type, id: result.id, channel }, 'form submission stored');
        if (visitorConfirmation?.()[type]) {
          // The lead is stored already: an acknowledgement that cannot be queued costs the visitor nothing.
          const warning = audit && { audit, logger };
          await queueVisitorConfirmation(db, { type, leadId: result.id, data, services, ip, promise: replyPromise(), agency: agency(), from: mailFrom(), text: visitorConfirmationText?.(), warning }).catch((error: unknown) => logger.warn({ err: error, id: result.id }, 'acknowledgement not queued'));
        }
        onQueued?.();
      }
      return { outcome: result.created ? 'stored' : 'duplicate', id: result.id };
    },
  };
}

export type FormService = ReturnType<typeof createFormService>;
