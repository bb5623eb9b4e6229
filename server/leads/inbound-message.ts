import { createHash } from 'node:crypto';
import { ATTACHMENT_LIMITS } from '../../shared/inbound-mail';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';

/**
 * One message from the agency's mailbox, read by `mailparser` into what we store: plain text only
 * (an HTML-only message becomes mailparser's text of it; HTML is never kept to be rendered), names
 * and subjects on one line without control characters, and the limits of
 * docs/decisions/incoming-mail.md applied to its attachments.
 */

/** What an incoming message may bring: beyond these, attachments are listed without their bytes, or only counted. */
export const INBOUND_LIMITS = {
  /** An attachment larger than this is listed (name, size), not stored. */
  attachmentBytes: ATTACHMENT_LIMITS.bytes,
  /** A message's stored attachments together; the ones after are listed, not stored. */
  messageBytes: ATTACHMENT_LIMITS.perMessage,
  /** Attachments listed per message; more are only counted (`attachmentsOmitted`). */
  listedAttachments: 50,
  /** Characters of text kept (a message's own words are far shorter; the rest is cut and said so). */
  textChars: 100_000,
  subjectChars: 500,
  nameChars: 200,
} as const;

export interface ReadAttachment {
  name: string;
  bytes: number;
  /** Null: over the limits, listed but not stored. */
  data: Buffer | null;
}

export interface ReadMessage {
  /** `<…>`: its own, or for a message without one a hash of its header section (stable across copies). */
  messageId: string;
  fromAddress: string | null;
  fromName: string | null;
  /** Who it was sent to, as one line ("Agency <hello@agency.test>, …"). */
  to: string;
  subject: string;
  sentAt: Date | null;
  text: string;
  quoted: string | null;
  inReplyTo: string | null;
  /** Message-IDs of the thread, oldest first. */
  references: string[];
  /** Every address it was delivered to: To, Cc, Delivered-To, X-Original-To (lower case). */
  deliveredTo: string[];
  attachments: ReadAttachment[];
  attachmentsOmitted: number;
}

/** Control characters (but tab and line breaks) and lone surrogates: PostgreSQL refuses NUL, and none belongs in text we show. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|\p{Cs}/gu;

/** Text as we keep it: line breaks as `\n`, no control characters. */
export function cleanText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(CONTROL, '');
}

/** A header value as one line: no line breaks or other control characters (a name can never start a header of ours). */
export function cleanLine(value: string | null | undefined, max: number): string {
  const line = cleanText(value ?? '').replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

const ATTRIBUTION = /^(On\b.{0,300}\bwrote:|Le\b.{0,300}\ba écrit\s?:|Am\b.{0,300}\bschrieb:|El\b.{0,300}\bescribió:)\s*$/i;
const FORWARD_BLOCK = /^(-{2,}\s*Original Message\s*-{2,}|_{10,})\s*$/i;
const isQuoteLine = (line: string) => line.startsWith('>');

/**
 * A message's own words and the quoted history below them, folded apart as mail programs show it:
 * the history starts at an attribution line ("On … wrote:") or an "Original Message" block, or at
 * a run of `>` lines that goes on to the end. A signature above it stays with the words.
 */
export function foldQuoted(text: string): { text: string; quoted: string | null } {
  const lines = text.split('\n');
  let cut = -1;
  for (let i = 0; i < lines.length && cut < 0; i += 1) {
    const line = lines[i]!.trim();
    // "On Tuesday, Maria Lopez <maria@…>\nwrote:" is sometimes broken over two lines.
    const twoLines = i + 1 < lines.length ? `${line} ${lines[i + 1]!.trim()}` : line;
    if (ATTRIBUTION.test(line) || FORWARD_BLOCK.test(line)) cut = i;
    else if (/^On\b/i.test(line) && ATTRIBUTION.test(twoLines)) cut = i;
    else if (isQuoteLine(line) && lines.slice(i).every((rest) => rest.trim() === '' || isQuoteLine(rest.trim()))) cut = i;
  }
  if (cut < 0) return { text: text.trim(), quoted: null };
  const quoted = lines.slice(cut).join('\n').trim();
  return { text: lines.slice(0, cut).join('\n').trim(), quoted: quoted || null };
}

/** A Message-ID as stored: `<…>`, trimmed; null when there is none or it is not one. */
export function normalMessageId(value: string | null | undefined): string | null {
  const id = cleanLine(value, 998).replace(/\s/g, '');
  if (!id) return null;
  const bare = id.replace(/^<|>$/g, '');
  if (!bare || bare.length > 500 || /[<>]/.test(bare)) return null;
  return `<${bare}>`;
}

/** Every `<…>` id in a References or In-Reply-To header value (mailparser gives a string or a list). */
function idsIn(value: string | string[] | undefined): string[] {
  const text = Array.isArray(value) ? value.join(' ') : (value ?? '');
  return [...text.matchAll(/<[^<>\s]+>/g)].map((match) => normalMessageId(match[0])).filter((id): id is string => id !== null);
}

/** The header section of a raw message (up to the first empty line). */
function headerSection(raw: Buffer): Buffer {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  const ends = [crlf, lf].filter((at) => at >= 0);
  return ends.length > 0 ? raw.subarray(0, Math.min(...ends)) : raw;
}

/** The stand-in Message-ID of a message without one: the same message read twice (another UID, a copy) hashes the same. */
export function headerHashId(raw: Buffer): string {
  return `<${createHash('sha256').update(headerSection(raw)).digest('hex')}@no-message-id.invalid>`;
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) => (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value);

/** Every e-mail address written in a header line (Delivered-To and X-Original-To have no group syntax to parse). */
const ADDRESS_IN_LINE = /[^\s<>,;:"()]+@[^\s<>,;:"()]+/g;

function readAttachments(parsed: ParsedMail): { attachments: ReadAttachment[]; omitted: number } {
  const listed = parsed.attachments.slice(0, INBOUND_LIMITS.listedAttachments);
  let storedBytes = 0;
  const attachments = listed.map((attachment, index) => {
    const bytes = attachment.content.length;
    const fits = bytes <= INBOUND_LIMITS.attachmentBytes && storedBytes + bytes <= INBOUND_LIMITS.messageBytes;
    if (fits) storedBytes += bytes;
    const name = cleanLine(attachment.filename, INBOUND_LIMITS.nameChars).replace(/[/\\]/g, '_') || `attachment-${index + 1}`;
    return { name, bytes, data: fits ? attachment.content : null };
  });
  return { attachments, omitted: parsed.attachments.length - listed.length };
}

/**
 * Reads a raw message. Throws only when mailparser cannot read it at all (the caller refuses it
 * with that reason); everything a hostile message can put in its fields comes out as plain text.
 */
export async function readMessage(raw: Buffer): Promise<ReadMessage> {
  const parsed = await simpleParser(raw, { skipTextToHtml: true, skipImageLinks: true });
  const from = addressesOf(parsed.from)[0];
  const recipients = [...addressesOf(parsed.to), ...addressesOf(parsed.cc)];
  const deliveredLines = parsed.headerLines.filter((header) => header.key === 'delivered-to' || header.key === 'x-original-to').map((header) => header.line);
  const deliveredTo = [...recipients.map((address) => address.address ?? ''), ...deliveredLines.flatMap((line) => line.replace(/^[^:]*:/, '').match(ADDRESS_IN_LINE) ?? [])]
    .map((address) => address.toLowerCase())
    .filter(Boolean);
  let body = cleanText(parsed.text ?? '');
  if (body.length > INBOUND_LIMITS.textChars) body = `${body.slice(0, INBOUND_LIMITS.textChars)}\n\n[The rest of this message, ${body.length - INBOUND_LIMITS.textChars} characters, was not kept.]`;
  const { attachments, omitted } = readAttachments(parsed);
  const inReplyTo = idsIn(parsed.inReplyTo)[0] ?? null;
  return {
    messageId: normalMessageId(parsed.messageId) ?? headerHashId(raw),
    fromAddress: from?.address ? cleanLine(from.address, 254).toLowerCase() || null : null,
    fromName: cleanLine(from?.name, INBOUND_LIMITS.nameChars) || null,
    to: cleanLine(recipients.map((address) => (address.name ? `${address.name} <${address.address ?? ''}>` : (address.address ?? ''))).join(', '), 2000),
    subject: cleanLine(parsed.subject, INBOUND_LIMITS.subjectChars),
    sentAt: parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : null,
    ...foldQuoted(body),
    inReplyTo,
    references: idsIn(parsed.references),
    deliveredTo: [...new Set(deliveredTo)],
    attachments,
    attachmentsOmitted: omitted,
  };
}
