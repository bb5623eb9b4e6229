import type { Knex } from 'knex';
import type { Config } from '../config';
import { lockStoredSettings, readStoredSettings, writeStoredSettings } from '../db/settings';
import { ValidationError } from '../errors';
import type { Logger } from '../logger';
import { messages } from '../messages';
import { fieldErrorsOf } from '../../shared/zod-errors';
import { BUILT_IN_DEFAULTS, settingsPatchSchema, settingsSchema, type SettingName, type Settings } from '../../shared/settings';
import { business } from '../../views/content/business';
import type { AuditActor, AuditTrail } from './audit';

export interface SettingsServiceDeps {
  db: Knex;
  config: Pick<Config, 'notifyTo'>;
  audit: AuditTrail;
  logger?: Logger;
  now?: () => Date;
}

export interface SettingsService {
  /** The settings in force: what staff set, and the defaults for the rest. */
  current(): Settings;
  /** The defaults (environment and built-in), shown beside each field in the admin. */
  readonly defaults: Settings;
  /** The names of the settings staff have set (the others follow their defaults). */
  overridden(): SettingName[];
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

type Stored = Partial<Settings>;

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
    const schema = settingsSchema.shape[name as SettingName];
    const parsed = schema?.safeParse(raw);
    if (parsed?.success) stored[name] = parsed.data;
    else logger?.warn({ setting: name }, 'a stored setting is not valid any more; using its default');
  }
  return stored as Stored;
}

/** "replyPromiseHours 24 → 48; workingHoursOnly false → true": what a change did, for the audit trail. */
function describeChange(before: Settings, after: Settings): string {
  const changes: string[] = [];
  for (const name of Object.keys(after) as SettingName[]) {
    const [was, now] = [JSON.stringify(before[name]), JSON.stringify(after[name])];
    if (was !== now) changes.push(`${name} ${was} → ${now}`);
  }
  return changes.join('; ');
}

/**
 * The back office's settings. One JSON document in `app_settings` holds what staff set; each
 * instance keeps the settings in force in memory and polls the row, so a change made on one
 * instance applies on all of them within a second. Changes are audited.
 */
export function createSettingsService({ db, config, audit, logger, now = () => new Date() }: SettingsServiceDeps): SettingsService {
  const defaults: Settings = {
    ...BUILT_IN_DEFAULTS,
    notificationRecipients: config.notifyTo ? [config.notifyTo] : [],
    timeZone: business.timeZone,
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
    current = { ...defaults, ...stored };
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

  return {
    current: () => current,
    defaults,
    overridden: () => Object.keys(stored) as SettingName[],

    async update(patch, actor) {
      const parsed = settingsPatchSchema.safeParse(patch);
      if (!parsed.success) throw new ValidationError(messages.settings.invalid, fieldErrorsOf(parsed.error, { unknownField: messages.settings.unknown }));
      const at = now();
      const text = await db.transaction(async (trx) => {
        const before = parseStored(await lockStoredSettings(trx, at), logger);
        const next: Record<string, unknown> = { ...before };
        for (const [name, value] of Object.entries(parsed.data)) {
          if (value === undefined) continue;
          if (value === null) delete next[name];
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
