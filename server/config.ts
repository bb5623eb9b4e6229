import path from 'node:path';
import { z } from 'zod';
import { business } from '../shared/content/defaults/business';
import { REGION_CODES, type RegionCode } from '../shared/content/site-types';
import { ADMIN_PASSWORD_MAX, ADMIN_PASSWORD_MIN, ADMIN_USERNAME_MAX, ADMIN_USERNAME_MIN } from '../shared/admin-auth';
import { displayNameSchema } from '../shared/admin-users';
import { firstErrorOf, WHOLE_VALUE } from '../shared/zod-errors';
import { parseS3Url, type S3Target } from './backup/s3-target';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const url = (schemes: string[]) =>
  z.string().trim().refine(
    (value) => {
      try {
        return schemes.includes(new URL(value).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${schemes.map((s) => `${s}://`).join(' or ')}` },
  );

const optionalUrl = (schemes: string[]) =>
  optionalText.pipe(url(schemes).optional());

/** `REGION_SITES="us=https://us.example.com,uk=https://uk.example.com"` overrides the content defaults. */
const regionSites = optionalText.transform((value, ctx) => {
  const sites: Partial<Record<RegionCode, string>> = {};
  if (!value) return sites;
  for (const pair of value.split(',')) {
    const [code, address] = pair.split('=').map((part) => part.trim());
    const check = url(['https', 'http']).safeParse(address);
    if (!REGION_CODES.includes(code as RegionCode) || !check.success) {
      ctx.addIssue({ code: 'custom', message: `"${pair}" must look like us=https://us.example.com (codes: ${REGION_CODES.join(', ')})` });
      return z.NEVER;
    }
    sites[code as RegionCode] = address;
  }
  return sites;
});

const positiveInt = (fallback: number) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').default(fallback),
  );

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535, 'must be a port number').default(3000),
    ),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    DATA_DIR: z.string().default('./data'),
    BACKUP_DIR: z.string().default('./backups'),
    BACKUP_SCHEDULE: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['off', 'embedded', 'always'], { error: 'must be off, embedded or always' }).default('embedded')),
    BACKUP_TIME: z.preprocess((value) => (value === '' ? undefined : value), z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day like 02:30').default('02:30')),
    BACKUP_KEEP_DAILY: positiveInt(7),
    BACKUP_KEEP_MANUAL: positiveInt(5),
    BACKUP_KEEP_WEEKLY: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be 0 or more').default(4),
    ),
    BACKUP_S3_URL: optionalText.pipe(z.string().refine((value) => parseS3Url(value) !== null, 'must look like s3://bucket or s3://bucket/prefix').optional()),
    AWS_REGION: optionalText,
    AWS_ENDPOINT_URL_S3: optionalUrl(['http', 'https']),
    AWS_ENDPOINT_URL: optionalUrl(['http', 'https']),
    PUBLIC_URL: optionalUrl(['http', 'https']),
    ADMIN_USERNAME: optionalText.pipe(z.string().min(ADMIN_USERNAME_MIN, `must be at least ${ADMIN_USERNAME_MIN} characters`).max(ADMIN_USERNAME_MAX).optional()),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(ADMIN_PASSWORD_MIN, `must be at least ${ADMIN_PASSWORD_MIN} characters`).max(ADMIN_PASSWORD_MAX).optional()),
    ADMIN_DISPLAY_NAME: optionalText.pipe(displayNameSchema.optional()),
    APP_KEY: optionalText,
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    SMTP_ALLOW_PRIVATE: z
      .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
    NOTIFY_TO: optionalText.pipe(z.email('must be an e-mail address').optional()),
    REGION_SITES: regionSites,
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0', ''])
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
    SEED_SAMPLE_PORTFOLIO: z.enum(['true', 'false', '1', '0', '']).optional(),
    FORM_RATE_LIMIT: positiveInt(10),
    FORM_RATE_WINDOW_SECONDS: positiveInt(600),
    FORM_MIN_FILL_SECONDS: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.coerce.number({ error: 'must be a number of seconds' }).min(0, 'must be 0 or more').max(600).default(3),
    ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    SHUTDOWN_DRAIN_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(8000, 'must be at most 8000 (shutdown ends within 10 s)').default(0),
  })
  .refine((env) => Boolean(env.ADMIN_USERNAME) === Boolean(env.ADMIN_PASSWORD), {
    message: 'must be set together with ADMIN_PASSWORD (or neither)',
    path: ['ADMIN_USERNAME'],
  })
  .refine((env) => !env.ADMIN_DISPLAY_NAME || Boolean(env.ADMIN_USERNAME), {
    message: 'is the name of the ADMIN_USERNAME account: set ADMIN_USERNAME and ADMIN_PASSWORD too',
    path: ['ADMIN_DISPLAY_NAME'],
  });

/** The resolved configuration: every field filled in, read once at start-up. */
export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** Unset: the embedded PGlite database in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /** Where backups are written: outside `dataDir`, so losing one does not lose the other. */
  backupDir: string;
  /**
   * The nightly backup: `embedded` (the default) runs it when the site runs on the embedded
   * database, `always` on PostgreSQL too, `off` never; at `time` in the agency's zone, keeping the
   * newest of `keepDaily` days and then of `keepWeekly` weeks; and, apart from those, the last
   * `keepManual` backups made by hand.
   */
  backupSchedule: { mode: 'off' | 'embedded' | 'always'; time: string; keepDaily: number; keepWeekly: number; keepManual: number };
  /** Where each verified backup is also uploaded (BACKUP_S3_URL and the AWS SDK's settings); none when unset. */
  backupS3?: S3Target;
  /** Origin used for canonical links, Open Graph and the sitemap, without a trailing slash. */
  publicUrl: string;
  /** The start-up admin (ADMIN_USERNAME / ADMIN_PASSWORD), with the name its replies are signed with (ADMIN_DISPLAY_NAME). */
  admin?: { username: string; password: string; displayName?: string };
  /** The application key(s) sealing stored secrets (server/app-key.ts); unset: the data folder's key file (embedded database only). */
  appKey?: string;
  /** Mail through this server, whatever Settings say (`SMTP_URL`). */
  smtpUrl?: string;
  /**
   * The mail server set up in Settings may be on a private network or this machine, on any port
   * (`SMTP_ALLOW_PRIVATE`, for a relay beside the site); otherwise only public mail servers on the
   * mail ports. `SMTP_URL`, the operator's own, is never restricted.
   */
  smtpAllowPrivate: boolean;
  notifyTo?: string;
  regionSites: Partial<Record<RegionCode, string>>;
  trustProxy: boolean;
  logLevel: string;
  /** Load the sample portfolio on the first start (default: only with the embedded database, never in tests). */
  seedSamplePortfolio: boolean;
  /** Form submissions one IP may make per window, across all instances. */
  formRateLimit: number;
  formRateWindowSeconds: number;
  /** Faster than this, a form was filled by a bot: answered normally, never stored. */
  formMinFillSeconds: number;
  /**
   * On SIGTERM, how long readiness answers 503 while connections are still accepted, so a load
   * balancer stops sending traffic before the listener closes.
   */
  shutdownDrainMs: number;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; throws a `ConfigError` whose message names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const { field, message } = firstErrorOf(parsed.error);
    throw new ConfigError(`Invalid configuration: ${field === WHOLE_VALUE ? 'environment' : field} ${message}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    backupDir: path.resolve(e.BACKUP_DIR),
    backupSchedule: { mode: e.BACKUP_SCHEDULE, time: e.BACKUP_TIME, keepDaily: e.BACKUP_KEEP_DAILY, keepWeekly: e.BACKUP_KEEP_WEEKLY, keepManual: e.BACKUP_KEEP_MANUAL },
    backupS3: e.BACKUP_S3_URL ? { ...parseS3Url(e.BACKUP_S3_URL)!, region: e.AWS_REGION ?? 'us-east-1', endpoint: e.AWS_ENDPOINT_URL_S3 ?? e.AWS_ENDPOINT_URL } : undefined,
    publicUrl,
    admin: e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD, ...(e.ADMIN_DISPLAY_NAME ? { displayName: e.ADMIN_DISPLAY_NAME } : {}) } : undefined,
    appKey: e.APP_KEY,
    smtpUrl: e.SMTP_URL,
    smtpAllowPrivate: e.SMTP_ALLOW_PRIVATE,
    notifyTo: e.NOTIFY_TO,
    regionSites: e.REGION_SITES ?? {},
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    seedSamplePortfolio:
      e.SEED_SAMPLE_PORTFOLIO === undefined || e.SEED_SAMPLE_PORTFOLIO === ''
        ? !e.DATABASE_URL && e.NODE_ENV !== 'test'
        : e.SEED_SAMPLE_PORTFOLIO === 'true' || e.SEED_SAMPLE_PORTFOLIO === '1',
    formRateLimit: e.FORM_RATE_LIMIT,
    formRateWindowSeconds: e.FORM_RATE_WINDOW_SECONDS,
    formMinFillSeconds: e.FORM_MIN_FILL_SECONDS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
  };
}

/** The sender of staff e-mails (notifications, the settings' test e-mail). */
export function staffMailFrom(config: Pick<Config, 'publicUrl'>): string {
  return `"${business.name} website" <no-reply@${new URL(config.publicUrl).hostname}>`;
}
