/**
 * Characters no input of ours may carry: text PostgreSQL cannot store (NUL), text that would not
 * survive UTF-8 unchanged (lone surrogates), and control characters no person types. Tabs and line
 * breaks stay allowed in long texts. Isomorphic: every schema that takes text uses these.
 */
/* eslint-disable no-control-regex -- matching control characters is the point of these two */
export const FORBIDDEN_IN_LINE = /[\u0000-\u001f\u007f]|\p{Cs}/u;
export const FORBIDDEN_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|\p{Cs}/u;
/* eslint-enable no-control-regex */

/**
 * A count with its noun, singular for exactly one: "1 message", "3 messages", "2 replies" (with
 * `plural`). The one plural rule of the admin's words, server summaries included.
 */
export function counted(count: number, noun: string, plural = `${noun}s`): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? noun : plural}`;
}

/** Admin tables show long texts cut to this many characters (the spec cuts messages to 50). */
export const TABLE_TEXT_LIMIT = 50;

/**
 * `text` cut to `limit` characters with an ellipsis when longer. Counts code points, so an emoji or
 * other astral character is never split into a broken half.
 */
export function truncate(text: string, limit: number = TABLE_TEXT_LIMIT): string {
  const characters = Array.from(text);
  if (characters.length <= limit) return text;
  return `${characters.slice(0, limit).join('').trimEnd()}…`;
}
