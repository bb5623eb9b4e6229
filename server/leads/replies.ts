import type { Knex } from 'knex';
import {
  countReplyTemplates,
  deleteReplyTemplate,
  findReplyTemplate,
  insertReplyTemplate,
  listReplyTemplates,
  replyWriterOf,
  updateReplyTemplate,
  type ReplyWriter,
} from '../db/lead-replies';
import { queueMail } from '../outbox/queries';
import { countHit } from '../db/rate-limit-windows';
import type { FormNotificationRow, LeadRow, ReplyTemplateRow } from '../db/tables';
import { isUuid } from '../db/uuid';
import { ConflictError, NotFoundError, parseInput, RateLimitedError, ValidationError } from '../errors';
import type { AuditActor, AuditTrail } from '../services/audit';
import { outboxStateText } from '../services/mail-answer';
import { messageIdFrom } from '../services/mail-transport';
import { leadTarget, readAtForStatus } from './state';
import { threadIdsOf } from './conversation';
import { replyToFor } from './reply-tags';
import { business } from '../../shared/content/defaults/business';
import type { AgencyDetails } from '../../shared/replies';
import { isLeadType } from '../../shared/form-types';
import { replySubject, senderName } from '../../shared/lead-facts';
import { RESPONDED_STATUS } from '../../shared/reply-queue';
import { DEFAULT_REPLY_PROMISE, type ReplyPromise } from '../../shared/reply-clock';
import {
  fillPlaceholders,
  oneLine,
  placeholdersOf,
  quoteOriginal,
  quoteTime,
  REPLY_LIMITS,
  replyBlockedText,
  replyBody,
  replyFromName,
  replyInputSchema,
  replySignature,
  replyTemplatePatchSchema,
  replyTemplateSchema,
  type ReplyBlocker,
  type ReplyComposer,
  type ReplyJson,
  type ReplySent,
  type ReplyState,
  type ReplyTemplateJson,
} from '../../shared/replies';

const STATE_OF: Record<FormNotificationRow['status'], ReplyState> = { pending: 'waiting', sent: 'delivered', failed: 'failed' };

export const REPLY_MESSAGES = {
  notFound: 'Lead not found',
  noAddress: 'This lead has no e-mail address to reply to.',
  noBody: 'Write the reply first, or choose a saved reply.',
  templateGone: 'This saved reply does not exist (it may have been deleted).',
  templateNotFound: 'Saved reply not found',
  nameTaken: 'A saved reply already has this name.',
  tooMany: `There are ${REPLY_LIMITS.templates} saved replies already: delete one first.`,
  unknownField: 'This is not a field of a reply.',
  tooManyReplies: (minutes: number) =>
    `You have sent ${REPLY_LIMITS.repliesPerHour} replies this hour, the most one account may send. The next can go in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

export function toReplyJson(row: FormNotificationRow): ReplyJson {
  return {
    id: String(row.id),
    subject: row.subject,
    body: row.body,
    author: row.author ?? 'Unknown',
    createdAt: new Date(row.created_at).toISOString(),
    state: STATE_OF[row.status],
    sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    attempts: row.attempts,
    smtpAnswer: row.status === 'sent' ? row.smtp_response : row.last_error,
    stateText: outboxStateText(row),
    messageId: row.message_id ?? '',
  };
}

function toTemplateJson(row: ReplyTemplateRow): ReplyTemplateJson {
  return { id: row.id, name: row.name, body: row.body, updatedAt: new Date(row.updated_at).toISOString() };
}

/** The visitor's message on a lead: a contact or enquiry's message, a quote's project details. */
const messageOf = (lead: LeadRow) => lead.message ?? lead.project_details ?? '';

export interface LeadRepliesDeps {
  db: Knex;
  audit: AuditTrail;
  /** Who mail goes out from now (`Mailer.sender`: the Settings sender, or `SMTP_URL`'s): replies' Message-IDs are on its domain. */
  sender: () => string;
  /** Called after a reply is stored (wakes the outbox worker). */
  onQueued?: () => void;
  replyPromise?: () => ReplyPromise;
  /** The agency's details as published (Website, Agency details), replies are signed with, and its reply address (Settings). */
  agency?: () => AgencyDetails;
  now?: () => Date;
}

/**
 * Replies to leads from the back office: each is stored in the outbox before it is sent (the
 * worker delivers and retries it), threaded under the replies before it, and recorded in the
 * lead's history. The first reply stops the reply clock.
 */
export function createLeadReplies({ db, audit, sender, onQueued, replyPromise = () => DEFAULT_REPLY_PROMISE, agency = () => business, now = () => new Date() }: LeadRepliesDeps) {
  /**
   * What the lead's page composes with, for one writer: its address, subject, quote and
   * placeholders, who the reply goes out as and where the answer comes back, and what stops the
   * writer from sending (null without an address). Sending checks the same answer.
   */
  function composerOf(lead: LeadRow, writer: ReplyWriter): ReplyComposer | null {
    if (!lead.email) return null;
    const promise = replyPromise();
    const details = agency();
    // The client's answer must reach someone: the writer, else the agency's shared inbox; never a no-reply sender.
    const replyTo = writer.confirmedEmail ?? details.replyAddress ?? null;
    const blockers: ReplyBlocker[] = [];
    if (!writer.displayName) blockers.push('display-name');
    if (!replyTo) blockers.push('reply-address');
    return {
      to: lead.email,
      subject: oneLine(replySubject(lead)),
      agency: details.name,
      quote: quoteOriginal({ sender: senderName(lead), when: quoteTime(new Date(lead.submitted_at), promise.timeZone), message: messageOf(lead) }),
      placeholders: placeholdersOf(lead, promise, details),
      author: writer.displayName,
      replyTo,
      blockers,
    };
  }

  async function templateOf(id: string, trx: Knex): Promise<ReplyTemplateRow> {
    const template = isUuid(id) ? await findReplyTemplate(trx, id) : undefined;
    if (!template) throw new NotFoundError(REPLY_MESSAGES.templateNotFound);
    return template;
  }

  /** A unique-name clash as the person editing understands it. */
  async function savingName<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new ConflictError(REPLY_MESSAGES.nameTaken);
      throw error;
    }
  }

  return {
    composerOf,

    /** The account as a reply's writer: its display name and confirmed address. */
    writerOf(adminId: number | null, trx: Knex = db): Promise<ReplyWriter> {
      return replyWriterOf(trx, adminId);
    },

    /** The replies among every e-mail about a lead (read with its page, `readLeadPage`), oldest first. */
    repliesFrom(mailAboutLead: readonly FormNotificationRow[]): ReplyJson[] {
      return mailAboutLead.filter((row) => row.kind === 'reply').map(toReplyJson);
    },

    /** Stores a reply to the lead in the outbox and answers where it is; the worker sends it. */
    async send(type: string, id: string, rawBody: unknown, actor: AuditActor): Promise<ReplySent> {
      const input = parseInput(replyInputSchema, rawBody, { unknownField: REPLY_MESSAGES.unknownField });
      const sent = await db.transaction(async (trx) => {
        // Locked, so two replies at once thread one under the other and only one stops the clock.
        const lead = isLeadType(type) && isUuid(id) ? await trx<LeadRow>('leads').where({ type, id }).forUpdate().first() : undefined;
        if (!lead) throw new NotFoundError(REPLY_MESSAGES.notFound);
        // The writer as the account is now, read with the reply: a name or address changed a moment ago counts.
        const composer = composerOf(lead, await replyWriterOf(trx, actor.id));
        if (!composer) throw new ValidationError(REPLY_MESSAGES.noAddress);
        const { author } = composer;
        if (composer.blockers.length > 0 || !author) throw new ValidationError(replyBlockedText(composer.blockers));
        let template: ReplyTemplateRow | undefined;
        if (input.templateId) {
          template = await findReplyTemplate(trx, input.templateId);
          if (!template) throw new ValidationError(`templateId: ${REPLY_MESSAGES.templateGone}`, { templateId: REPLY_MESSAGES.templateGone });
        }
        const written = input.body ?? template?.body;
        if (!written) throw new ValidationError(`body: ${REPLY_MESSAGES.noBody}`, { body: REPLY_MESSAGES.noBody });

        // Counted with the reply it lets through: a refused one (this limit or anything after) is not counted.
        const { hits, secondsLeft } = await countHit(trx, `reply:account:${actor.id}`, 3600);
        if (hits > REPLY_LIMITS.repliesPerHour) throw new RateLimitedError(REPLY_MESSAGES.tooManyReplies(Math.ceil(secondsLeft / 60)), secondsLeft);
        // Under the latest message of the conversation, ours or the client's, with the chain before it.
        const thread = await threadIdsOf(trx, lead);
        const row = await queueMail(trx, {
          kind: 'reply',
          formType: lead.type,
          leadId: lead.id,
          to: composer.to,
          fromName: replyFromName(author, composer.agency),
          replyTo: await replyToFor(trx, lead.id, composer.replyTo!, agency()),
          subject: oneLine(input.subject ?? composer.subject),
          body: replyBody({ text: fillPlaceholders(written, composer.placeholders), signature: replySignature(author, composer.agency), quote: composer.quote }),
          messageId: messageIdFrom(sender()),
          inReplyTo: thread.inReplyTo,
          references: thread.references,
          author: { id: actor.id, name: author },
        });
        await audit.record(actor, { action: 'lead.reply', target: leadTarget(lead.id), summary: template ? `saved reply "${template.name}"` : '' }, trx);

        // The first reply is the first response: the clock stops, and the lead reads as answered.
        // A quote's statuses (quoted, accepted…) say more than "responded" and stay staff's to set.
        if (!lead.responded_at) {
          const at = now();
          const status = lead.type === 'quote' ? lead.status : RESPONDED_STATUS[lead.type];
          await trx('leads').where({ id: lead.id }).update({ responded_at: at, status, read_at: readAtForStatus(lead, status, at) });
          if (status !== lead.status) await audit.record(actor, { action: 'lead.status', target: leadTarget(lead.id), summary: `${lead.status} → ${status}` }, trx);
        }
        return { id: String(row.id), messageId: row.message_id!, state: STATE_OF[row.status] };
      });
      onQueued?.();
      return sent;
    },

    async listTemplates(): Promise<ReplyTemplateJson[]> {
      return (await listReplyTemplates(db)).map(toTemplateJson);
    },

    async createTemplate(rawBody: unknown, actor: AuditActor): Promise<ReplyTemplateJson> {
      const values = parseInput(replyTemplateSchema, rawBody, { unknownField: REPLY_MESSAGES.unknownField });
      return db.transaction(async (trx) => {
        if ((await countReplyTemplates(trx)) >= REPLY_LIMITS.templates) throw new ConflictError(REPLY_MESSAGES.tooMany);
        const row = await savingName(() => insertReplyTemplate(trx, { ...values, now: now() }));
        await audit.record(actor, { action: 'reply-template.create', target: { type: 'reply-template', id: row.id }, summary: row.name }, trx);
        return toTemplateJson(row);
      });
    },

    async updateTemplate(id: string, rawBody: unknown, actor: AuditActor): Promise<ReplyTemplateJson> {
      const values = parseInput(replyTemplatePatchSchema, rawBody, { unknownField: REPLY_MESSAGES.unknownField });
      return db.transaction(async (trx) => {
        await templateOf(id, trx);
        const row = (await savingName(() => updateReplyTemplate(trx, id, { ...values, now: now() })))!;
        await audit.record(actor, { action: 'reply-template.update', target: { type: 'reply-template', id }, summary: row.name }, trx);
        return toTemplateJson(row);
      });
    },

    async deleteTemplate(id: string, actor: AuditActor): Promise<void> {
      await db.transaction(async (trx) => {
        const row = await templateOf(id, trx);
        await deleteReplyTemplate(trx, id);
        await audit.record(actor, { action: 'reply-template.delete', target: { type: 'reply-template', id }, summary: row.name }, trx);
      });
    },
  };
}

export type LeadReplies = ReturnType<typeof createLeadReplies>;
