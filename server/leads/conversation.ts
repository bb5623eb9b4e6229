import type { Knex } from 'knex';
import { attachmentsOf, inboundMessagesOf } from '../db/inbound-mail';
import { outgoingMessagesOf } from '../outbox/queries';
import type { FormNotificationRow, InboundAttachmentRow, InboundMessageRow, LeadRow } from '../db/tables';
import { foldQuoted } from './inbound-message';
import { outboxStateText } from '../services/mail-answer';
import type { MailAttachmentJson, OutgoingState, ThreadMessageJson } from '../../shared/inbound-mail';

/**
 * A lead's conversation: the replies and acknowledgement we sent and the client's messages filed
 * on it, as one thread in time order. The same order threads our next reply (`threadIdsOf`).
 */

const STATE_OF: Record<FormNotificationRow['status'], OutgoingState> = { pending: 'waiting', sent: 'sent', failed: 'failed' };

export const attachmentUrl = (id: string) => `/api/mail-attachments/${id}`;

type ListedAttachment = Omit<InboundAttachmentRow, 'data'> & { stored: boolean };

export function toAttachmentJson(row: ListedAttachment): MailAttachmentJson {
  return { name: row.name, bytes: Number(row.bytes), url: row.stored ? attachmentUrl(row.id) : null };
}

/** A sender as one line: "Ada Client <ada@example.com>", or the address alone. */
export function senderLine(message: Pick<InboundMessageRow, 'from_name' | 'from_address'>): string {
  if (message.from_name && message.from_address) return `${message.from_name} <${message.from_address}>`;
  return message.from_address ?? message.from_name ?? 'Unknown sender';
}

/** Attachments of these messages, grouped by message. */
export async function attachmentsByMessage(db: Knex, ids: readonly string[]): Promise<Map<string, MailAttachmentJson[]>> {
  const byMessage = new Map<string, MailAttachmentJson[]>();
  for (const row of (await attachmentsOf(db, ids)) as ListedAttachment[]) {
    byMessage.set(row.message_id, [...(byMessage.get(row.message_id) ?? []), toAttachmentJson(row)]);
  }
  return byMessage;
}

/** An incoming message as the API shows it, on a lead or in Unmatched mail. */
export function inboundMessageJson(row: InboundMessageRow, attachments: Map<string, MailAttachmentJson[]>) {
  return {
    id: row.id,
    from: senderLine(row),
    to: row.to_text,
    subject: row.subject,
    text: row.text,
    quoted: row.quoted,
    at: new Date(row.received_at).toISOString(),
    attachments: attachments.get(row.id) ?? [],
    attachmentsOmitted: row.attachments_omitted,
  };
}

/** The client's messages filed on a lead with their attachments (read only when there are messages). */
export async function withAttachments(db: Knex, messages: InboundMessageRow[]): Promise<{ messages: InboundMessageRow[]; attachments: Map<string, MailAttachmentJson[]> }> {
  return {
    messages,
    attachments: await attachmentsByMessage(
      db,
      messages.map((row) => row.id),
    ),
  };
}

/** A lead's thread from what was read for its page: every e-mail about it and the messages filed on it (`readLeadPage`). */
export function conversationFrom(mailAboutLead: readonly FormNotificationRow[], filed: Awaited<ReturnType<typeof withAttachments>>): ThreadMessageJson[] {
  const sent: ThreadMessageJson[] = mailAboutLead
    .filter((row) => row.kind === 'reply' || row.kind === 'confirmation')
    .map((row) => ({
      id: String(row.id),
      direction: 'out',
      // Staff see who wrote it (the account's display name); an acknowledgement has the agency's name.
      from: row.author ?? row.from_name ?? '',
      to: row.to_address ?? '',
      subject: row.subject,
      ...foldQuoted(row.body),
      at: new Date(row.created_at).toISOString(),
      attachments: [],
      state: STATE_OF[row.status],
      stateText: outboxStateText(row),
    }));
  const received: ThreadMessageJson[] = filed.messages.map((row) => ({ ...inboundMessageJson(row, filed.attachments), direction: 'in' }));
  return [...sent, ...received].sort((a, b) => a.at.localeCompare(b.at));
}

/** How many Message-IDs a reply's References carries: the thread's start and its latest, as RFC 5322 §3.6.4 suggests trimming. */
const REFERENCES_KEPT = 20;

/**
 * The Message-IDs of the lead's conversation in time order, ours and theirs: a new reply answers
 * the latest (`In-Reply-To`) and lists the chain (`References`, its first and latest ids).
 */
export async function threadIdsOf(db: Knex, lead: Pick<LeadRow, 'type' | 'id'>): Promise<{ inReplyTo: string | null; references: string | null }> {
  const [ours, theirs] = await Promise.all([outgoingMessagesOf(db, lead.type, lead.id), inboundMessagesOf(db, lead.id)]);
  const ids = [
    ...ours.filter((row) => row.message_id).map((row) => ({ id: row.message_id!, at: +new Date(row.created_at) })),
    ...theirs.filter((row) => !row.message_id.endsWith('@no-message-id.invalid>')).map((row) => ({ id: row.message_id, at: +new Date(row.received_at) })),
  ]
    .sort((a, b) => a.at - b.at)
    .map((entry) => entry.id);
  if (ids.length === 0) return { inReplyTo: null, references: null };
  const kept = ids.length > REFERENCES_KEPT ? [ids[0]!, ...ids.slice(-(REFERENCES_KEPT - 1))] : ids;
  return { inReplyTo: ids.at(-1)!, references: kept.join(' ') };
}
