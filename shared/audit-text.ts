import type { AuditAction, AuditEntryJson } from './audit';
import { FORM_TYPES, FORM_TYPE_LABELS, isFormType, statusLabel } from './form-types';
import { settingsSchema, type SettingName, type Settings } from './settings';
import { counted } from './text';

/**
 * The audit trail's "What changed" in sentences, for the Audit view and a lead's history. The rows
 * keep their summaries as recorded (the table is append-only, and a year of rows is read back), so
 * the wording happens here, when shown: a summary this does not recognise is shown as recorded.
 */
export function auditChangeText(entry: Pick<AuditEntryJson, 'summary'> & { action: AuditAction | string }): string {
  const summary = entry.summary.trim();
  if (!summary) return '';
  const special = WORDERS[entry.action as AuditAction]?.(summary);
  if (special !== undefined) return special ?? summary;
  return sentences(summary.split('; '));
}

/** Each action's own wording; `null` when the summary is not in the form it expects. */
const WORDERS: Partial<Record<AuditAction, (summary: string) => string | null | undefined>> = {
  'settings.update': settingsText,
  'lead.status': (summary) => changedText('Status', summary, statusLabel),
  'project.stage': (summary) => changedText('Stage', summary),
  'user.update': (summary) => (summary.startsWith('role ') ? changedText('Role', summary.slice('role '.length)) : undefined),
  'lead.delete': (summary) => (Object.values(FORM_TYPE_LABELS).includes(summary) ? `A lead of the ${summary} form.` : undefined),
  'auth.throttled': throttledText,
  'auth.sign-in': signInText,
  'leads.export': exportText,
};

/** "A → B" as "{what} changed from A to B." */
function changedText(what: string, summary: string, word: (value: string) => string = (value) => value): string | null {
  const [was, now, ...rest] = summary.split(' → ');
  if (was === undefined || now === undefined || rest.length > 0) return null;
  return `${what} changed from ${word(was)} to ${word(now)}.`;
}

/** Phrases separated by "; ", each made a sentence. */
function sentences(phrases: string[]): string {
  return phrases
    .map((phrase) => phrase.trim())
    .filter(Boolean)
    .map((phrase) => `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}${/[.!?]$/.test(phrase) ? '' : '.'}`)
    .join(' ');
}

const SETTING_NAMES = Object.keys(settingsSchema.shape) as SettingName[];

/** How the trail names each setting (the Settings view's labels, without their hints). */
const SETTING_LABELS: Record<SettingName, string> = {
  notificationRecipients: 'Notification recipients',
  replyPromiseHours: 'Reply promise',
  workingHoursOnly: 'Working hours only',
  timeZone: 'Time zone',
  digestTime: 'Morning digest time',
  retentionDays: 'Keeping leads',
  requireTwoFactor: 'Two-factor sign-in for every account',
  visitorConfirmation: 'Acknowledgement to visitors',
  visitorConfirmationText: 'Words of the acknowledgement',
  replyAddress: 'Reply address',
  replyAddressTags: 'The lead’s tag on the reply address',
};

const keptFor = (days: unknown) => (typeof days === 'number' ? counted(days, 'day') : 'until deleted');

/** One setting's change in words; `null` for values not of the setting's kind. */
function settingText(name: SettingName, was: unknown, now: unknown): string | null {
  const label = SETTING_LABELS[name];
  switch (name) {
    case 'workingHoursOnly':
    case 'requireTwoFactor':
    case 'replyAddressTags':
      return typeof now === 'boolean' ? `${label} turned ${now ? 'on' : 'off'}.` : null;
    case 'notificationRecipients': {
      if (!Array.isArray(was) || !Array.isArray(now)) return null;
      const list = (addresses: unknown[]) => (addresses.length ? addresses.join(', ') : 'nobody');
      return `${label} changed from ${list(was)} to ${list(now)}.`;
    }
    case 'replyPromiseHours':
      return typeof was === 'number' && typeof now === 'number' ? `${label} changed from ${counted(was, 'hour')} to ${counted(now, 'hour')}.` : null;
    case 'retentionDays': {
      if (!isRecord(was) || !isRecord(now)) return null;
      const kinds = [...FORM_TYPES, 'spam'] as const;
      const changes = kinds
        .filter((kind) => was[kind] !== now[kind])
        .map((kind) => `${kind === 'spam' ? 'Spam' : `Leads of the ${FORM_TYPE_LABELS[kind]} form`} kept ${keptFor(now[kind])} instead of ${keptFor(was[kind])}.`);
      return changes.join(' ');
    }
    case 'visitorConfirmation': {
      if (!isRecord(was) || !isRecord(now)) return null;
      return FORM_TYPES.filter((type) => was[type] !== now[type])
        .map((type) => `${label} for the ${FORM_TYPE_LABELS[type]} form turned ${now[type] ? 'on' : 'off'}.`)
        .join(' ');
    }
    case 'replyAddress':
      if (now === null) return typeof was === 'string' ? `${label} ${was} removed.` : null;
      if (typeof now !== 'string') return null;
      return typeof was === 'string' ? `${label} changed from ${was} to ${now}.` : `${label} set to ${now}.`;
    default:
      return typeof was === 'string' && typeof now === 'string' ? `${label} changed from ${was} to ${now}.` : null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `name <JSON> → <JSON>; name …` (as the settings service records it) in sentences. A value's JSON
 * may hold "; " or " → " itself, so each change runs up to the next "; <setting name> ".
 */
function settingsText(summary: string): string | null {
  const names = SETTING_NAMES.join('|');
  const pattern = new RegExp(`(?:^|; )(${names}) (.+?) → (.+?)(?=; (?:${names}) |$)`, 'gs');
  const texts: string[] = [];
  let end = 0;
  for (const match of summary.matchAll(pattern)) {
    if (match.index !== end) return null;
    end = match.index + match[0].length;
    try {
      const text = settingText(match[1] as keyof Settings, JSON.parse(match[2]!), JSON.parse(match[3]!));
      if (text === null) return null;
      texts.push(text);
    } catch {
      return null;
    }
  }
  return end === summary.length && texts.length > 0 ? texts.join(' ') : null;
}

const SIGN_IN_FACTORS: Record<string, string> = {
  password: 'the password',
  'password and code': 'the password and a code',
  'password and recovery code': 'the password and a recovery code',
};

/** `<factors>[; remember me]`, as the sign-in records it. */
function signInText(summary: string): string | null {
  const [factors, remember, ...rest] = summary.split('; ');
  if (!factors || !Object.hasOwn(SIGN_IN_FACTORS, factors) || rest.length || (remember !== undefined && remember !== 'remember me')) return null;
  return `With ${SIGN_IN_FACTORS[factors]}${remember ? '; remember me ticked' : ''}.`;
}

const THROTTLE_RULES: Record<string, string> = {
  'account-and-address': 'Too many failures for this username from one address',
  address: 'Too many failures from one address',
  'account-daily': "The username's daily ceiling was reached",
  device: 'Too many failures from this browser',
};

/** `rule <name>[ (any username)]`. */
function throttledText(summary: string): string | null {
  const match = /^rule (\S+)( \(any username\))?$/.exec(summary);
  const words = match && Object.hasOwn(THROTTLE_RULES, match[1]!) ? THROTTLE_RULES[match[1]!] : undefined;
  if (!words) return null;
  return `${words}${match![2] ? ', any username' : ''}.`;
}

/** `folder=inbox, type=quote, status=new, from=…, to=…, unread=true, search=yes`. */
function exportText(summary: string): string | null {
  const filters = new Map<string, string>();
  for (const part of summary.split(', ')) {
    const [name, value, ...rest] = part.split('=');
    if (!name || value === undefined || rest.length) return null;
    filters.set(name, value);
  }
  const folder = filters.get('folder') === 'spam' ? 'the spam folder' : 'the inbox';
  const type = filters.get('type');
  const words = [
    type && (isFormType(type) ? `${FORM_TYPE_LABELS[type]} form` : `form ${type}`),
    filters.has('status') && `status ${statusLabel(filters.get('status')!)}`,
    filters.has('from') && `from ${filters.get('from')}`,
    filters.has('to') && `to ${filters.get('to')}`,
    filters.get('unread') === 'true' && 'unread only',
    filters.get('search') === 'yes' && 'with a search',
  ].filter(Boolean);
  return `Exported ${folder}${words.length ? `: ${words.join(', ')}` : ''}.`;
}
