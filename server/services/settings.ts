import type { Knex } from 'knex';
import { CONFIRMATION_TEXT } from './visitor-confirmation';
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
import { DEFAULT_TIME_ZONE } from '../../views/content/business';
import type { AuditActor, AuditTrail } from './audit';
import { checkTypedMailServer, createMailServerCheck, type CheckMailServer } from './mail-destination';

export interface SettingsServiceDeps {
  db: Knex;
  config: Pick<Config, 'notifyTo'>;
  audit: AuditTrail;
  /** Seals the SMTP password before it is stored (tools that never save one leave it out). */
  keyring?: Keyring;
  /** Where a saved mail server may be (`SMTP_ALLOW_PRIVATE`); public mail servers only unless given. */
  checkMailServer?: CheckMailServer;
  logger?: Logger;
  now?: () => Date;
}

/** The mail set-up as stored: the password (when there is one) sealed with the application key. */
const storedSmtpSchema = smtpSetupSchema.extend({ password: z.string().optional() });
export type StoredSmtp = z.infer<typeof storedSmtpSchema>;

/**
 * The saved password (sealed) for a set-up typed with an empty password, when `savedPasswordFits`
 * lets it go there; otherwise a `ValidationError` saying, next to the password field, that it must
 * be typed (again). The one place the save and the test e-mail decide it.
 */
export function savedPasswordFor(typed: SmtpAccount, saved: StoredSmtp | null | undefined): string {
  if (saved?.password && savedPasswordFits(saved, typed)) return saved.password;
  throw new ValidationError(messages.settings.invalid, { 'smtp.password': saved?.password ? retypePasswordMessage(saved) : messages.settings.smtpPasswordMissing });
}

/** The stored mail set-up as the browser may see it. */
export function smtpView(smtp: StoredSmtp | null): SmtpSetupView | null {
  if (!smtp) return null;
  const { password, ...shown } = smtp;
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

type Stored = Partial<Settings> & { smtp?: StoredSmtp };

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
    const schema = name === 'smtp' ? storedSmtpSchema : settingsSchema.shape[name as SettingName];
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

function describeChange(before: Settings & { smtp?: StoredSmtp }, after: Settings & { smtp?: StoredSmtp }): string {
  const changes: string[] = [];
  for (const name of Object.keys(after) as SettingName[]) {
    if ((name as string) === 'smtp') continue;
    const [was, now] = [JSON.stringify(shortened(before[name])), JSON.stringify(shortened(after[name]))];
    if (was !== now) changes.push(`${name} ${was} → ${now}`);
  }
  const [smtpWas, smtpNow] = [smtpView(before.smtp ?? null), smtpView(after.smtp ?? null)];
  if (JSON.stringify(smtpWas) !== JSON.stringify(smtpNow)) {
    const text = (view: SmtpSetupView | null) => (view ? `${view.security} ${view.user ? `${view.user}@` : ''}${view.host}:${view.port} from ${view.fromAddress}` : 'none');
    changes.push(`smtp ${text(smtpWas)} → ${text(smtpNow)}`);
  }
  if (after.smtp?.password && after.smtp.password !== before.smtp?.password) changes.push('smtp password changed');
  return changes.join('; ');
}

/** A field of the mail set-up named as the Settings form knows it (`smtp.host`), for per-field errors. */
function smtpFieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.path[0] !== 'smtp') continue;
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) fields[`smtp.${key}`] ??= messages.settings.unknown;
    else if (issue.path.length > 1) fields[`smtp.${String(issue.path[1])}`] ??= issue.message;
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
    const { smtp: _smtp, ...settings } = stored;
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

  return {
    current: () => current,
    defaults,
    overridden: () => Object.keys(stored).filter((name) => name !== 'smtp') as SettingName[],
    smtp: () => stored.smtp ?? null,

    async update(patch, actor) {
      const parsed = settingsPatchSchema.safeParse(patch);
      if (!parsed.success) {
        throw new ValidationError(messages.settings.invalid, { ...fieldErrorsOf(parsed.error, { unknownField: messages.settings.unknown }), ...smtpFieldErrors(parsed.error) });
      }
      // Looked up before the settings row is locked: a slow DNS answer must not hold other saves.
      if (parsed.data.smtp) await checkTypedMailServer(checkMailServer, parsed.data.smtp);
      const at = now();
      const text = await db.transaction(async (trx) => {
        const before = parseStored(await lockStoredSettings(trx, at), logger);
        const next: Record<string, unknown> = { ...before };
        for (const [name, value] of Object.entries(parsed.data)) {
          if (value === undefined) continue;
          if (value === null) delete next[name];
          else if (name === 'smtp') next.smtp = nextSmtp(parsed.data.smtp!, before.smtp);
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
