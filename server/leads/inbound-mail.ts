import type { Knex } from 'knex';
import { z } from 'zod';
import { cursorPosition, encodeCursor } from '../db/keyset-cursor';
import {
  countUnmatched,
  decideUnmatched,
  findAttachment,
  findInboundMessage,
  inboundMessageExists,
  insertInboundAttachments,
  insertInboundMessage,
  insertNotice,
  leadOfMessageIds,
  leadsByReplyTag,
  listUnmatched,
  openLeadsBySender,
} from '../db/inbound-mail';
import { lastReplierOf, queueMail } from '../outbox/queries';
import type { InboundMessageRow, LeadRow } from '../db/tables';
import { isUuid } from '../db/uuid';
import { ConflictError, NotFoundError, optionalParam, parseInput, ValidationError } from '../errors';
import { messages } from '../messages';
import type { AuditActor, AuditTrail } from '../services/audit';
import type { InboundPlace, InboundSource } from '../services/mailbox-reader';
export type { InboundPlace, InboundSource };
import { SYSTEM_ACTOR } from '../services/audit';
import { cleanLine, headerHashId, readMessage, type ReadMessage } from './inbound-message';
import { attachmentsByMessage, inboundMessageJson } from './conversation';
import { tagsIn } from './reply-tags';
import { leadTarget } from './state';
import { isLeadType, LEAD_TYPE_LABELS, LEAD_TYPES } from '../../shared/form-types';
import { INBOUND_PAGE_SIZE, type FiledLead, type UnmatchedMessageJson, type UnmatchedPage } from '../../shared/inbound-mail';
import { leadAdminPath, senderName } from '../../shared/lead-facts';
import { DEFAULT_REPLY_PROMISE, replyDueAt, type ReplyPromise } from '../../shared/reply-clock';
import { oneLine } from '../../shared/replies';

export type FilingOutcome =
  | { outcome: 'filed'; messageId: string; leadId: string }
  | { outcome: 'unmatched'; messageId: string }
  /** The same place or the same Message-ID is stored already. */
  | { outcome: 'duplicate' }
  /** Stored as a refusal with the reason, so it is never retried forever. */
  | { outcome: 'refused'; reason: string };

export const INBOUND_MESSAGES = {
  notFound: 'Message not found',
  decided: 'This message is not waiting any more: someone filed or dismissed it.',
  noSender: 'This message has no sender address to make a lead of.',
  leadNotFound: 'Lead not found',
  attachmentNotFound: 'Attachment not found',
  notStored: 'This attachment was too large to keep: it is only in the mailbox.',
  unknownField: 'This is not a field of this call.',
  noLead: 'No lead has the sender’s address, and the message answers none of ours.',
  severalLeads: 'Several open leads have the sender’s address: choose the one it belongs to.',
  noSenderAddress: 'The message has no sender address, and it answers none of ours.',
  tooManyParts: 'The message has more parts (attachments) than mail is read with: it is only in the mailbox.',
  unreadable: (why: string) => `The message could not be read as e-mail (${cleanLine(why, 200)}).`,
  tooLarge: (bytes: number) => `The message is ${Math.ceil(bytes / (1024 * 1024))} MB, more than the reader downloads: it is only in the mailbox.`,
} as const;

const attachSchema = z.strictObject({
  type: z.enum(LEAD_TYPES, { error: `Give the lead's type: one of ${LEAD_TYPES.join(', ')}.` }),
  id: z.string({ error: 'Give the lead’s id.' }).max(64, 'Give the lead’s id.'),
});
const pageSchema = z.strictObject({ before: optionalParam(z.string({ error: 'Give one cursor.' })) });

export interface InboundMailDeps {
  db: Knex;
  audit: AuditTrail;
  /** The reply promise in force: a client's answer is due by it, as a new lead is. */
  replyPromise?: () => ReplyPromise;
  /** The site's address, before the lead's path in the e-mail telling staff the client answered. */
  publicUrl: string;
  /** Called after an e-mail was queued (wakes the outbox worker). */
  onQueued?: () => void;
  now?: () => Date;
}

type Match = { lead: LeadRow; reason?: undefined } | { lead?: undefined; reason: string };

/**
 * Mail from the agency's mailbox, filed (docs/decisions/incoming-mail.md): each message stored once
 * and matched to its lead by its thread headers, then by the reply address's `+tag`, then by its
 * sender when exactly one open lead has that address; the rest waits as "unmatched" for staff to
 * attach, make a lead of, or dismiss. A client's answer makes its lead work again.
 */
export function createInboundMail({ db, audit, replyPromise = () => DEFAULT_REPLY_PROMISE, publicUrl, onQueued, now = () => new Date() }: InboundMailDeps) {
  async function matchLead(message: ReadMessage): Promise<Match> {
    // The thread first: the message it answers, then the chain from its latest end.
    const threadIds = [...new Set([message.inReplyTo, ...[...message.references].reverse()].filter((id): id is string => id !== null))];
    const threaded = await leadOfMessageIds(db, threadIds);
    if (threaded) return { lead: threaded };
    const tagged = await leadsByReplyTag(db, tagsIn(message.deliveredTo));
    if (tagged.length === 1) return { lead: tagged[0]! };
    if (!message.fromAddress) return { reason: INBOUND_MESSAGES.noSenderAddress };
    // A From can be forged: it decides only when one open lead has it, so a forger lands at most there.
    const bySender = await openLeadsBySender(db, message.fromAddress);
    if (bySender.length === 1) return { lead: bySender[0]! };
    return { reason: bySender.length === 0 ? INBOUND_MESSAGES.noLead : INBOUND_MESSAGES.severalLeads };
  }

  /**
   * The client answered: the lead is unread work again, due by the reply promise from the message's
   * arrival (a spam-folder lead stays where it is), its history says so, and the account that
   * replied last hears of it, in the app and by e-mail when it has a confirmed address.
   */
  async function clientAnswered(trx: Knex, leadId: string, message: InboundMessageRow, actor: AuditActor, notify: boolean): Promise<boolean> {
    const lead = await trx<LeadRow>('leads').where({ id: leadId }).forUpdate().first();
    if (!lead) return false;
    if (!lead.spam_at) {
      await trx('leads')
        .where({ id: lead.id })
        .update({ status: 'new', read_at: null, responded_at: null, due_at: replyDueAt(new Date(message.received_at), replyPromise()) });
    }
    await audit.record(actor, { action: 'lead.email-answer', target: leadTarget(lead.id) }, trx);
    if (!notify) return false;
    const replier = await lastReplierOf(trx, lead);
    if (!replier) return false;
    const who = senderName(lead);
    const subject = message.subject ? `: “${cleanLine(message.subject, 120)}”` : '';
    await insertNotice(trx, { admin_user_id: replier.id, text: `${who} answered${subject}`, lead_type: lead.type, lead_id: lead.id, created_at: now() });
    if (!replier.email || !replier.email_verified_at) return false;
    const link = `${publicUrl}${leadAdminPath(lead)}`;
    await queueMail(trx, {
      kind: 'client-answer',
      formType: lead.type,
      leadId: lead.id,
      to: replier.email,
      subject: oneLine(`${cleanLine(who, 120)} answered your reply`),
      body: `${who} (${LEAD_TYPE_LABELS[lead.type]}) answered your reply by e-mail${subject}.\n\n${message.text.slice(0, 2000)}\n\nAnswer it from the lead: ${link}\n`,
    });
    return true;
  }

  /** Stores a message the reader could not file, with why, so it is never read again. */
  async function refuse(place: InboundPlace, source: InboundSource, reason: string, read?: ReadMessage): Promise<FilingOutcome> {
    const stored = await insertInboundMessage(db, {
      ...rowOf(place, read, source.raw),
      state: 'refused',
      reason,
      lead_id: null,
    });
    return stored ? { outcome: 'refused', reason } : { outcome: 'duplicate' };
  }

  function rowOf(place: InboundPlace, read: ReadMessage | undefined, raw: Buffer) {
    return {
      mailbox: place.mailbox,
      uid_validity: place.uidValidity,
      uid: place.uid,
      message_id: read?.messageId ?? headerHashId(raw),
      from_address: read?.fromAddress ?? null,
      from_name: read?.fromName ?? null,
      to_text: read?.to ?? '',
      subject: read?.subject ?? '',
      sent_at: read?.sentAt ?? null,
      received_at: now(),
      text: read?.text ?? '',
      quoted: read?.quoted ?? null,
      in_reply_to: read?.inReplyTo ?? null,
      thread_references: read && read.references.length > 0 ? read.references.join(' ') : null,
      attachments_omitted: read?.attachmentsOmitted ?? 0,
      reason: null,
    };
  }

  async function unmatchedOf(id: string, trx: Knex): Promise<InboundMessageRow> {
    const message = isUuid(id) ? await findInboundMessage(trx, id) : undefined;
    if (!message) throw new NotFoundError(INBOUND_MESSAGES.notFound);
    if (message.state !== 'unmatched') throw new ConflictError(INBOUND_MESSAGES.decided);
    return message;
  }

  async function toUnmatchedJson(rows: InboundMessageRow[]): Promise<UnmatchedMessageJson[]> {
    const attachments = await attachmentsByMessage(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...inboundMessageJson(row, attachments), reason: row.reason }));
  }

  return {
    /**
     * Files one message read from the mailbox. Idempotent: the same place or Message-ID again, or
     * two calls at once, store it once (the second answers `duplicate`). Never throws for what a
     * message holds: an unreadable or oversized one is stored as refused, with the reason.
     */
    async file(place: InboundPlace, source: InboundSource): Promise<FilingOutcome> {
      if (await inboundMessageExists(db, place)) return { outcome: 'duplicate' };
      let read: ReadMessage;
      try {
        read = await readMessage(source.raw);
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        // mailparser's own bound on MIME parts (a message of a thousand attachments): said in words.
        return refuse(place, source, /child nodes/i.test(why) ? INBOUND_MESSAGES.tooManyParts : INBOUND_MESSAGES.unreadable(why));
      }
      if (source.truncatedFrom !== undefined) return refuse(place, source, INBOUND_MESSAGES.tooLarge(source.truncatedFrom), read);
      if (await inboundMessageExists(db, place, read.messageId)) return { outcome: 'duplicate' };
      const match = await matchLead(read);
      let queued = false;
      const outcome = await db.transaction(async (trx): Promise<FilingOutcome> => {
        const row = await insertInboundMessage(trx, { ...rowOf(place, read, source.raw), state: match.lead ? 'filed' : 'unmatched', lead_id: match.lead?.id ?? null, reason: match.reason ?? null });
        if (!row) return { outcome: 'duplicate' };
        await insertInboundAttachments(trx, row.id, read.attachments);
        if (!match.lead) return { outcome: 'unmatched', messageId: row.id };
        queued = await clientAnswered(trx, match.lead.id, row, SYSTEM_ACTOR, true);
        return { outcome: 'filed', messageId: row.id, leadId: match.lead.id };
      });
      if (queued) onQueued?.();
      return outcome;
    },

    /** Unmatched messages, newest first, a page at a time (`before`: the previous page's `next`). */
    async listUnmatched(rawQuery: unknown): Promise<UnmatchedPage> {
      const { before } = parseInput(pageSchema, rawQuery, { unknownField: messages.leads.unknownParameter });
      const after = cursorPosition(before, 'before');
      const rows = await listUnmatched(db, { after, limit: INBOUND_PAGE_SIZE + 1 });
      const page = rows.slice(0, INBOUND_PAGE_SIZE);
      const last = page.at(-1);
      return { messages: await toUnmatchedJson(page), next: rows.length > INBOUND_PAGE_SIZE && last ? encodeCursor({ at: new Date(last.received_at), id: last.id }) : null };
    },

    async countUnmatched(): Promise<{ unmatched: number }> {
      return { unmatched: await countUnmatched(db) };
    },

    /** Files an unmatched message on the lead staff chose: the client's answer, so the lead is work again. */
    async attach(id: string, rawBody: unknown, actor: AuditActor): Promise<FiledLead> {
      const target = parseInput(attachSchema, rawBody, { unknownField: INBOUND_MESSAGES.unknownField });
      return db.transaction(async (trx) => {
        const message = await unmatchedOf(id, trx);
        const lead = isLeadType(target.type) && isUuid(target.id) ? await trx<LeadRow>('leads').where({ type: target.type, id: target.id }).first() : undefined;
        if (!lead) throw new NotFoundError(INBOUND_MESSAGES.leadNotFound);
        if (!(await decideUnmatched(trx, message.id, { state: 'filed', leadId: lead.id, at: now() }))) throw new ConflictError(INBOUND_MESSAGES.decided);
        await audit.record(actor, { action: 'lead.email-attach', target: leadTarget(lead.id) }, trx);
        // Staff filed it themselves: no notice, but the lead owes the client an answer again.
        await clientAnswered(trx, lead.id, message, actor, false);
        return { lead: { type: lead.type, id: lead.id } };
      });
    },

    /** Makes a lead of the fifth source, "E-mail", of an unmatched message: its sender, subject and text. */
    async newLead(id: string, actor: AuditActor): Promise<FiledLead> {
      return db.transaction(async (trx) => {
        const message = await unmatchedOf(id, trx);
        if (!message.from_address) throw new ValidationError(INBOUND_MESSAGES.noSender);
        const arrived = new Date(message.received_at);
        const [lead] = (await trx('leads')
          .insert({
            type: 'email',
            name: message.from_name,
            email: message.from_address,
            subject: message.subject || null,
            message: message.text,
            submitted_at: arrived,
            status: 'new',
            due_at: replyDueAt(arrived, replyPromise()),
          })
          .returning('*')) as LeadRow[];
        if (!(await decideUnmatched(trx, message.id, { state: 'filed', leadId: lead!.id, at: now() }))) throw new ConflictError(INBOUND_MESSAGES.decided);
        await audit.record(actor, { action: 'lead.email-create', target: leadTarget(lead!.id) }, trx);
        return { lead: { type: 'email' as const, id: lead!.id } };
      });
    },

    async dismiss(id: string, actor: AuditActor): Promise<void> {
      await db.transaction(async (trx) => {
        const message = await unmatchedOf(id, trx);
        if (!(await decideUnmatched(trx, message.id, { state: 'dismissed', leadId: null, at: now() }))) throw new ConflictError(INBOUND_MESSAGES.decided);
        await audit.record(actor, { action: 'inbound-mail.dismiss', target: { type: 'inbound-mail', id: message.id } }, trx);
      });
    },

    /** An attachment's name and bytes, for its download; one listed but not kept is "not found" with why. */
    async attachment(id: string): Promise<{ name: string; data: Buffer }> {
      const row = isUuid(id) ? await findAttachment(db, id) : undefined;
      if (!row) throw new NotFoundError(INBOUND_MESSAGES.attachmentNotFound);
      if (!row.data) throw new NotFoundError(INBOUND_MESSAGES.notStored);
      // PGlite gives bytea as a Uint8Array, PostgreSQL as a Buffer: Koa sends only a Buffer as bytes.
      return { name: row.name, data: Buffer.from(row.data) };
    },
  };
}

export type InboundMail = ReturnType<typeof createInboundMail>;
