import type { Knex } from 'knex';
import { z } from 'zod';
import { NO_KEYRING, secretPurpose, type Keyring } from '../app-key';
import type { Config } from '../config';
import { lockStoredSettings, readStoredSettings, writeStoredSettings } from '../db/settings';
import { ValidationError } from '../errors';
import type { Logger } from '../logger';
import { messages } from '../messages';
import { fieldErrorsOf } from '../../shared/zod-errors';
import {
  BUILT_IN_DEFAULTS,
  imapSetupSchema,
  type ImapSetup,
  type ImapSetupView,
  retypePasswordMessage,
  savedPasswordFits,
  settingsPatchSchema,
  settingsSchema,
  smtpSetupSchema,
  type SettingName,
  type Settings,
  type SmtpAccount,
  type SmtpSetupInput,
  type SmtpSetupView,
} from '../../shared/settings';
import { DEFAULT_TIME_ZONE } from '../../shared/content/defaults/business';
import { CONFIRMATION_TEXT } from '../../shared/visitor-confirmation';
import type { AuditActor, AuditTrail } from './audit';
import { checkTypedMailServer, createMailServerCheck, type CheckMailServer, type MailServerSetting } from './mail-destination';

export interface SettingsServiceDeps {
  db: Knex;
  config: Pick<Config, 'notifyTo'>;
  audit: AuditTrail;
  /** Seals the SMTP and mailbox passwords before they are stored (tools that never save one leave it out). */
  keyring?: Keyring;
  /** Where a saved mail server may be (`SMTP_ALLOW_PRIVATE`); public mail servers only unless given. */
  checkMailServer?: CheckMailServer;
  logger?: Logger;
  now?: () => Date;
}

/** The mail set-up as stored: the password (when there is one) sealed with the application key. */
const storedSmtpSchema = smtpSetupSchema.extend({ password: z.string().optional() });
export type StoredSmtp = z.infer<typeof storedSmtpSchema>;

/** The mailbox set-up as stored: its password always there (the mailbox always signs in), sealed with the application key. */
const storedImapSchema = imapSetupSchema.extend({ password: z.string().min(1) });
export type StoredImap = z.infer<typeof storedImapSchema>;

/**
 * The saved password (sealed) for a set-up typed with an empty password, when `savedPasswordFits`
 * lets it go there; otherwise a `ValidationError` saying, next to the password field of `setting`,
 * that it must be typed (again). The one place the saves, the test e-mail and the mailbox test
 * decide it.
 */
export function savedPasswordFor(typed: SmtpAccount, saved: (SmtpAccount & { password?: string }) | null | undefined, setting: MailServerSetting = 'smtp'): string {
  if (saved?.password && savedPasswordFits(saved, typed)) return saved.password;
  throw new ValidationError(messages.settings.invalid, { [`${setting}.password`]: saved?.password ? retypePasswordMessage(saved) : messages.settings.smtpPasswordMissing });
}

/** The stored mail set-up as the browser may see it. */
export function smtpView(smtp: StoredSmtp | null): SmtpSetupView | null {
  if (!smtp) return null;
  const { password, ...shown } = smtp;
  return { ...shown, passwordSet: Boolean(password) };
}

/** The stored mailbox set-up as the browser may see it. */
export function imapView(imap: StoredImap | null): ImapSetupView | null {
  if (!imap) return null;
  const { password, ...shown } = imap;
  return { ...shown, passwordSet: Boolean(password) };
}

export interface SettingsService {
  /** The settings in force: what staff set, and the defaults for the rest. */
  current(): Settings;
  /** The defaults (environment and built-in), shown beside each field in the admin. */
  readonly defaults: Settings;
  /** The names of the settings staff have set (the others follow their defaults). */
  overridden(): SettingName[];
  /** The mail set-up saved in Settings (its password sealed), or null; the same object until it changes. */
  smtp(): StoredSmtp | null;
  /** The agency's mailbox saved in Settings (its password sealed), or null; the same object until it changes. */
  imap(): StoredImap | null;
  /** Validates and stores a change (`null` resets a setting); every instance follows within a second. */
  update(patch: unknown, actor: AuditActor): Promise<Settings>;
  /** Reads the stored settings now (the poller's tick). */
  refresh(): Promise<void>;
  /** Called with the new settings whenever they change, on this instance or another. */
  onChange(listener: (settings: Settings) => void): void;
  /** Polls every `intervalMs` (500 by default: changes reach every instance within a second). */
  start(intervalMs?: number): void;
  stop(): void;
}

type Stored = Partial<Settings> & { smtp?: StoredSmtp; imap?: StoredImap };

/** The stored documents that are set-ups of a server rather than settings with a default. */
const SERVER_SETUPS: Record<MailServerSetting, z.ZodType> = { smtp: storedSmtpSchema, imap: storedImapSchema };
const isServerSetup = (name: string): name is MailServerSetting => Object.hasOwn(SERVER_SETUPS, name);

/** The stored document, keeping only settings that are still valid (a bad row never breaks start-up). */
function parseStored(text: string | null, logger?: Logger): Stored {
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    logger?.warn('stored settings are not JSON; using the defaults');
    return {};
  }
  if (typeof value !== 'object' || value === null) return {};
  const stored: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(value)) {
    const schema = isServerSetup(name) ? SERVER_SETUPS[name] : settingsSchema.shape[name as SettingName];
    const parsed = schema?.safeParse(raw);
    if (parsed?.success) stored[name] = parsed.data;
    else logger?.warn({ setting: name }, 'a stored setting is not valid any more; using its default');
  }
  return stored as Stored;
}

/**
 * "replyPromiseHours 24 → 48; workingHoursOnly false → true": what a change did, for the audit
 * trail. The mail set-up is shown as the browser sees it: a new password is named, never shown.
 */
/** A long text's beginning (the acknowledgement's words): the trail says it changed without copying pages of it. */
function shortened(value: unknown): unknown {
  if (typeof value !== 'string' || value.length <= 80) return value;
  return `${value.replace(/\s+/g, ' ').slice(0, 80)}…`;
}

function describeChange(before: Settings & Pick<Stored, MailServerSetting>, after: Settings & Pick<Stored, MailServerSetting>): string {
  const changes: string[] = [];
  for (const name of Object.keys(after) as SettingName[]) {
    if (isServerSetup(name)) continue;
    const [was, now] = [JSON.stringify(shortened(before[name])), JSON.stringify(shortened(after[name]))];
    if (was !== now) changes.push(`${name} ${was} → ${now}`);
  }
  const [smtpWas, smtpNow] = [smtpView(before.smtp ?? null), smtpView(after.smtp ?? null)];
  if (JSON.stringify(smtpWas) !== JSON.stringify(smtpNow)) {
    const text = (view: SmtpSetupView | null) => (view ? `${view.security} ${view.user ? `${view.user}@` : ''}${view.host}:${view.port} from ${view.fromAddress}` : 'none');
    changes.push(`smtp ${text(smtpWas)} → ${text(smtpNow)}`);
  }
  if (after.smtp?.password && after.smtp.password !== before.smtp?.password) changes.push('smtp password changed');
  const [imapWas, imapNow] = [imapView(before.imap ?? null), imapView(after.imap ?? null)];
  if (JSON.stringify(imapWas) !== JSON.stringify(imapNow)) {
    const text = (view: ImapSetupView | null) => (view ? `${view.security} ${view.user}@${view.host}:${view.port} ${JSON.stringify(view.mailbox)}` : 'none');
    changes.push(`imap ${text(imapWas)} → ${text(imapNow)}`);
  }
  if (after.imap?.password && after.imap.password !== before.imap?.password) changes.push('imap password changed');
  return changes.join('; ');
}

/** A field of a server's set-up named as the Settings form knows it (`smtp.host`, `imap.mailbox`), for per-field errors. */
function serverFieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const setting = String(issue.path[0]);
    if (!isServerSetup(setting)) continue;
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) fields[`${setting}.${key}`] ??= messages.settings.unknown;
    else if (issue.path.length > 1) fields[`${setting}.${String(issue.path[1])}`] ??= issue.message;
  }
  return fields;
}

/**
 * The back office's settings. One JSON document in `app_settings` holds what staff set; each
 * instance keeps the settings in force in memory and polls the row, so a change made on one
 * instance applies on all of them within a second. Changes are audited.
 */
export function createSettingsService({
  db,
  config,
  audit,
  keyring = NO_KEYRING,
  checkMailServer = createMailServerCheck({ allowPrivate: false }),
  logger,
  now = () => new Date(),
}: SettingsServiceDeps): SettingsService {
  const defaults: Settings = {
    ...BUILT_IN_DEFAULTS,
    notificationRecipients: config.notifyTo ? [config.notifyTo] : [],
    timeZone: DEFAULT_TIME_ZONE,
    // The agency's name and phone number are in it, so it comes from the site's content.
    visitorConfirmationText: CONFIRMATION_TEXT,
  };
  let storedText: string | null = null;
  let stored: Stored = {};
  let current: Settings = defaults;
  let timer: NodeJS.Timeout | undefined;
  let failing = false;
  const listeners: ((settings: Settings) => void)[] = [];

  const apply = (text: string | null) => {
    if (text === storedText) return;
    storedText = text;
    stored = parseStored(text, logger);
    const { smtp: _smtp, imap: _imap, ...settings } = stored;
    current = { ...defaults, ...settings };
    for (const listener of listeners) listener(current);
  };

  const refresh = async () => {
    try {
      apply(await readStoredSettings(db));
      if (failing) logger?.info('settings readable again');
      failing = false;
    } catch (error) {
      if (!failing) logger?.warn({ err: error }, 'cannot read the settings; the ones in force stay');
      failing = true;
    }
  };

  /**
   * The mail set-up to store: a typed password sealed, an empty one keeping the saved one (for the
   * same server and user only); no user, no password.
   */
  const nextSmtp = ({ password, ...entered }: SmtpSetupInput, saved: StoredSmtp | undefined): StoredSmtp => {
    if (!entered.user) return entered;
    if (password) return { ...entered, password: keyring.seal(password, secretPurpose.smtpPassword) };
    return { ...entered, password: savedPasswordFor(entered, saved) };
  };

  /** The mailbox set-up to store: a typed password sealed, an empty one keeping the saved one (same server and user only). */
  const nextImap = ({ password, ...entered }: ImapSetup, saved: StoredImap | undefined): StoredImap => ({
    ...entered,
    password: password ? keyring.seal(password, secretPurpose.imapPassword) : savedPasswordFor(entered, saved, 'imap'),
  });

  return {
    current: () => current,
    defaults,
    overridden: () => Object.keys(stored).filter((name) => !isServerSetup(name)) as SettingName[],
    smtp: () => stored.smtp ?? null,
    imap: () => stored.imap ?? null,

    async update(patch, actor) {
      const parsed = settingsPatchSchema.safeParse(patch);
      if (!parsed.success) {
        throw new ValidationError(messages.settings.invalid, { ...fieldErrorsOf(parsed.error, { unknownField: messages.settings.unknown }), ...serverFieldErrors(parsed.error) });
      }
      // Looked up before the settings row is locked: a slow DNS answer must not hold other saves.
      if (parsed.data.smtp) await checkTypedMailServer(checkMailServer, parsed.data.smtp);
      if (parsed.data.imap) await checkTypedMailServer(checkMailServer, parsed.data.imap, 'imap');
      const at = now();
      const text = await db.transaction(async (trx) => {
        const before = parseStored(await lockStoredSettings(trx, at), logger);
        const next: Record<string, unknown> = { ...before };
        for (const [name, value] of Object.entries(parsed.data)) {
          if (value === undefined) continue;
          if (value === null) delete next[name];
          else if (name === 'smtp') next.smtp = nextSmtp(parsed.data.smtp!, before.smtp);
          else if (name === 'imap') next.imap = nextImap(parsed.data.imap!, before.imap);
          else next[name] = value;
        }
        const nextText = JSON.stringify(next);
        await writeStoredSettings(trx, nextText, at);
        const summary = describeChange({ ...defaults, ...before }, { ...defaults, ...(next as Stored) });
        if (summary) await audit.record(actor, { action: 'settings.update', target: { type: 'settings', id: 'back-office' }, summary }, trx);
        return nextText;
      });
      apply(text);
      return current;
    },

    refresh,
    onChange(listener) {
      listeners.push(listener);
    },
    start(intervalMs = 500) {
      if (timer) return;
      timer = setInterval(() => void refresh(), intervalMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
