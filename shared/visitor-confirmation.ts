/**
 * The acknowledgement e-mailed to a visitor who sent a form: how many may go out, and the one piece
 * of the visitor's own text it may carry. Anyone can type any address into a form, so the
 * acknowledgement must not become a way to mail strangers: few of them, and nothing in them the
 * sender chose but a first name. Isomorphic: the server counts and writes with these, the
 * Saved replies page describes them.
 */

/**
 * How many acknowledgements go out per day (UTC, counted in the database across instances): to one
 * address (letter case and `+tag` ignored, see `normalisedAddress`), asked for from one network (an
 * IPv4 address, an IPv6 /64), and from the whole site. The site's ceiling is far above a small
 * agency's busiest day of real enquiries; reaching it means someone is sending the forms in bulk,
 * and the owners are warned. The leads themselves are always stored and notified: only the courtesy
 * e-mail is left out.
 */
export const CONFIRMATION_LIMITS = { perAddress: 3, perNetwork: 10, perDay: 100 } as const;

/**
 * The acknowledgement's words until the agency writes its own (on the Saved replies page, the
 * `visitorConfirmationText` setting); the placeholders as in saved replies, except that `{name}` is
 * only the visitor's first name reduced to letters and `{service}` only one of the form's choices
 * (`visitorValues` in server/leads/visitor-confirmation.ts).
 */
export const CONFIRMATION_TEXT = `Hello {name},

Thank you for getting in touch. We have your message and a member of our team will reply {replyPromise}.

There is no need to answer this e-mail; if something is urgent, call us on {phone}.

{agency}`;

/** The longest first name an acknowledgement greets; a longer one is more likely a message than a name. */
export const GREETING_NAME_MAX = 20;

// Letters (with their combining accents), joined by single hyphens or apostrophes: "Ada", "José",
// "Jean-Luc", "D'Arcy". No digits, dots, slashes, colons or `@`, so never a link or an address.
const NAME_WORD = /^[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*$/u;
const NOT_A_LETTER_AT_ENDS = /^[^\p{L}]+|[^\p{L}\p{M}]+$/gu;

/**
 * The one word of a visitor's name an acknowledgement may greet them with: the first word, without
 * the punctuation around it, when it is only letters and short; otherwise null (the greeting falls
 * back to a neutral one). "Claim your refund at http://…" gives "Claim", "http://evil.example" or
 * "R2D2" nothing.
 */
export function greetingName(name: string | null | undefined): string | null {
  const first = (name ?? '').normalize('NFC').trim().split(/\s+/u)[0]!.replace(NOT_A_LETTER_AT_ENDS, '');
  return first && Array.from(first).length <= GREETING_NAME_MAX && NAME_WORD.test(first) ? first : null;
}

/**
 * An address as the per-address limit counts it: lower case, and without the `+tag` of its local
 * part (`Victim+7@Example.com` is `victim@example.com`), which most mail providers deliver to the
 * same inbox. Gmail also ignores dots in the local part and answers to googlemail.com, so those are
 * folded too. Other providers' tricks (another tag separator, catch-all domains) are bounded by the
 * per-network limit and the site's daily ceiling instead.
 */
export function normalisedAddress(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at).toLowerCase().replace(/\+.*$/s, '');
  const domain = email.slice(at + 1).toLowerCase();
  if (domain === 'gmail.com' || domain === 'googlemail.com') return `${local.replaceAll('.', '')}@gmail.com`;
  return `${local}@${domain}`;
}
