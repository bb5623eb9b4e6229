import { DEFAULT_OPENING_HOURS } from './opening-hours';
import { phoneProblem } from './phone';

/**
 * Content written with an older shape of the documents (`CONTENT_SCHEMA_VERSION`), brought to the
 * current one: the stored documents (a migration) and a content file exported before (import).
 *
 * - 1 → 2: the agency details had "Phone number (as shown)", "Phone link" (`tel:`) and "Chat link
 *   (WhatsApp)", three spellings of one number that drifted apart; now one `phone` makes all three.
 *   The shown number is kept when it is a number (it is what staff changed last), else the dialled
 *   one. Opening hours were fixed text; a document without them gets the hours the site showed.
 */
export function upgradeDocument(key: string, data: unknown, fromVersion: number): unknown {
  if (key !== 'business' || fromVersion >= 2 || !data || typeof data !== 'object') return data;
  const { phoneHref, chatHref: _chat, ...rest } = data as Record<string, unknown>;
  const shown = typeof rest.phone === 'string' ? rest.phone : '';
  const dialled = typeof phoneHref === 'string' ? phoneHref.replace(/^tel:/, '') : '';
  const phone = phoneProblem(shown) === null || !dialled ? shown : dialled;
  return { ...rest, phone, openingHours: rest.openingHours ?? DEFAULT_OPENING_HOURS };
}

/** The shape a version-2 `business` document had in version 1 (the migration's way back). */
export function downgradeBusiness(data: Record<string, unknown>, forms: { tel: string; whatsapp: string }): Record<string, unknown> {
  const { openingHours: _hours, ...rest } = data;
  return { ...rest, phoneHref: forms.tel, chatHref: forms.whatsapp };
}
