import { parsePhoneNumberFromString, validatePhoneNumberLength } from 'libphonenumber-js';

/**
 * The agency's phone number: typed once, with its country code, and everything else made from it:
 * the number as the site shows it, every `tel:` link, the WhatsApp link and the structured data's
 * `telephone`. Isomorphic (the editor checks it as the server does).
 */

export const PHONE_EXAMPLE = '+1 555 010 2030';

const LENGTH_PROBLEMS: Record<string, string> = {
  INVALID_COUNTRY: `Start the number with + and its country code, such as ${PHONE_EXAMPLE}.`,
  NOT_A_NUMBER: `This is not a phone number: give the digits with the country code, such as ${PHONE_EXAMPLE}.`,
  TOO_SHORT: 'The phone number is too short for its country: check the digits.',
  TOO_LONG: 'The phone number is too long for its country: check the digits.',
  INVALID_LENGTH: 'The phone number has the wrong number of digits for its country: check them.',
};

/**
 * What is wrong with `value` as the agency's number, in words, or null when it is one. A number is
 * checked for its country's lengths, not against the allocated ranges: the fictional 555 numbers
 * the site ships with are accepted, a number one digit short is not.
 */
export function phoneProblem(value: string): string | null {
  const typed = value.trim();
  if (!typed.startsWith('+')) return LENGTH_PROBLEMS.INVALID_COUNTRY!;
  if (/[^\d\s().+-]/.test(typed)) return LENGTH_PROBLEMS.NOT_A_NUMBER!;
  const problem = validatePhoneNumberLength(typed);
  if (problem) return LENGTH_PROBLEMS[problem] ?? LENGTH_PROBLEMS.NOT_A_NUMBER!;
  return parsePhoneNumberFromString(typed)?.isPossible() ? null : LENGTH_PROBLEMS.NOT_A_NUMBER!;
}

export interface PhoneForms {
  /** As the site shows it: "+1 (555) 010-2030", "+44 20 7946 0000". */
  shown: string;
  /** `tel:+15550102030`. */
  tel: string;
  /** `https://wa.me/15550102030`. */
  whatsapp: string;
  /** `+15550102030`. */
  e164: string;
}

/** The forms of a number `phoneProblem` accepts (anything else is shown as typed, with links that dial its digits). */
export function phoneForms(value: string): PhoneForms {
  const number = parsePhoneNumberFromString(value.trim());
  const e164 = number ? number.number : `+${value.replace(/\D/g, '')}`;
  // North American numbers are written "+1 (555) 010-2030"; elsewhere the international format
  // is how agencies print them (a national one would carry a trunk prefix, "020 …").
  const shown = !number ? value.trim() : number.countryCallingCode === '1' ? `+1 ${number.formatNational()}` : number.formatInternational();
  return { shown, tel: `tel:${e164}`, whatsapp: `https://wa.me/${e164.slice(1)}`, e164 };
}
