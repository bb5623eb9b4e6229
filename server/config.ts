import path from 'node:path';
import { z } from 'zod';

/** Region codes the region modal offers; their site addresses come from `REGION_SITES`. */
const REGION_CODES = ['us', 'uk', 'eu', 'uae', 'in'] as const;
export type RegionCode = (typeof REGION_CODES)[number];

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
    PUBLIC_URL: optionalUrl(['http', 'https']),
    ADMIN_USERNAME: optionalText.pipe(z.string().min(3, 'must be at least 3 characters').max(64).optional()),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(12, 'must be at least 12 characters').max(256).optional()),
    SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    NOTIFY_TO: optionalText.pipe(z.email('must be an e-mail address').optional()),
    REGION_SITES: regionSites,
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0', ''])
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  })
  .refine((env) => Boolean(env.ADMIN_USERNAME) === Boolean(env.ADMIN_PASSWORD), {
    message: 'must be set together with ADMIN_PASSWORD (or neither)',
    path: ['ADMIN_USERNAME'],
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
  /** Origin used for canonical links, Open Graph and the sitemap, without a trailing slash. */
  publicUrl: string;
  admin?: { username: string; password: string };
  sessionSecret?: string;
  smtpUrl?: string;
  notifyTo?: string;
  regionSites: Partial<Record<RegionCode, string>>;
  trustProxy: boolean;
  logLevel: string;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; throws a `ConfigError` whose message names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = issue.path.join('.') || 'environment';
    throw new ConfigError(`Invalid configuration: ${variable} ${issue.message}`);
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
    publicUrl,
    admin: e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : undefined,
    sessionSecret: e.SESSION_SECRET,
    smtpUrl: e.SMTP_URL,
    notifyTo: e.NOTIFY_TO,
    regionSites: e.REGION_SITES ?? {},
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
  };
}
