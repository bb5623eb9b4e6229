import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * The `+tag` on the agency's reply address (`hello+k2m7…@agency.com`) that mail about a lead
 * carries when Settings > Mail turns it on: an answer that lost its thread headers still names its
 * lead. Each lead's tag is random (60 bits) and stored, so nobody can make one up for a lead they
 * only know the id of, and a new application key changes nothing.
 */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const TAG_LENGTH = 12;

export function newReplyTag(): string {
  return [...randomBytes(TAG_LENGTH)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** The lead's tag, made and stored the first time mail about it needs one (the first writer wins). */
export async function replyTagOf(db: Knex, leadId: string): Promise<string> {
  await db('leads').where({ id: leadId }).whereNull('reply_tag').update({ reply_tag: newReplyTag() });
  const row = await db('leads').where({ id: leadId }).first<{ reply_tag: string }>('reply_tag');
  return row.reply_tag;
}

/** `address` with `tag` after its local part: `hello@agency.com` → `hello+tag@agency.com` (an existing `+…` is replaced). */
export function taggedAddress(address: string, tag: string): string {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at).replace(/\+.*$/, '');
  return `${local}+${tag}${address.slice(at)}`;
}

/** The tags of ours among addresses a message was delivered to. */
export function tagsIn(addresses: readonly string[]): string[] {
  const tags = addresses.map((address) => new RegExp(`\\+([${ALPHABET}]{${TAG_LENGTH}})@`).exec(address.toLowerCase())?.[1]).filter((tag): tag is string => Boolean(tag));
  return [...new Set(tags)];
}

/**
 * Where a client's answer to mail about the lead goes: `replyTo` itself, or, when tags are on and
 * it is the agency's reply address (the mailbox the app reads), that address with the lead's tag.
 */
export async function replyToFor(db: Knex, leadId: string, replyTo: string, agency: { replyAddress?: string | null; replyAddressTags?: boolean }): Promise<string> {
  if (!agency.replyAddressTags || !agency.replyAddress || replyTo.toLowerCase() !== agency.replyAddress.toLowerCase()) return replyTo;
  return taggedAddress(replyTo, await replyTagOf(db, leadId));
}
