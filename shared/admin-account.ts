import { z } from 'zod';
import { displayNameSchema, staffEmailSchema } from './admin-users';

/** The signed-in admin's own account: `GET /api/account`, its sessions and its password change. */

export interface AccountJson {
  username: string;
  role: 'owner' | 'editor';
  twoFactor: boolean;
  /** Unused recovery codes (0 without two-factor). */
  recoveryCodesLeft: number;
  /** True when the owners require two-factor and this account has none yet: only its setup is open. */
  twoFactorSetupRequired: boolean;
  /** The account's e-mail address and whether it is verified (only then can it receive password resets). */
  email: string | null;
  emailVerified: boolean;
  /** The name replies to clients are sent and signed as; null until the account gives one. */
  displayName: string | null;
}

export interface SessionJson {
  /** Opaque id for `DELETE /api/account/sessions/{id}`. */
  id: string;
  /** The session of this very request. */
  current: boolean;
  /** "Firefox on Windows", from the browser's User-Agent. */
  device: string;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

/** `POST /api/account/totp/setup`: a new two-factor key, to type or to scan. */
export interface TwoFactorSetupJson {
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code (SVG), for the authenticator app to scan. */
  qrSvg: string;
}

/** `POST /api/account/totp/enable`: the recovery codes, shown this once. */
export interface RecoveryCodesJson {
  recoveryCodes: string[];
}

/** The account's address as `GET /api/account`, `POST /api/account/email` and its `/confirmation` answer it. */
export interface OwnEmailJson {
  email: string | null;
  emailVerified: boolean;
  /** After a change: the address the link went to, or why the mail server refused it. */
  verificationSentTo?: string;
  verificationError?: string;
}

/** `POST /api/account/display-name`: the name as saved. */
export interface DisplayNameJson {
  displayName: string;
}

export const passwordChangeSchema = z.strictObject({
  currentPassword: z.string('Enter your current password.').min(1, 'Enter your current password.'),
  newPassword: z.string('Enter a new password.'),
});

/** `POST /api/account/email`: a new address (or `null` to remove it), with the current password. */
export const emailChangeSchema = z.strictObject({
  email: staffEmailSchema.nullable(),
  password: z.string('Enter your current password.').min(1, 'Enter your current password.'),
});

/** `POST /api/account/display-name`: the name replies to clients are signed with. */
export const displayNameChangeSchema = z.strictObject({
  displayName: displayNameSchema,
});

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/iPhone|iPad/, 'iOS'],
  [/Android/, 'Android'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Firefox on Windows" from a User-Agent; good enough to tell one's sessions apart, nothing more. */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser && !system) return userAgent.slice(0, 60);
  return `${browser ?? 'A browser'} on ${system ?? 'an unknown system'}`;
}
