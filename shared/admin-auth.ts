import { z } from 'zod';
import { FORBIDDEN_IN_LINE } from './text';

/**
 * Admin accounts' bounds and the login: its request, its answers and its messages. Isomorphic: the
 * configuration, the account service, the login API, the no-JavaScript login form and the login
 * island all read these.
 */

/**
 * What an account may do: an owner everything (accounts, settings, the audit trail included), an
 * editor the leads, the portfolio and the website's content, but not publishing a change to the
 * agency details (`shared/content/agency-details.ts`). The first account is an owner.
 */
export const ADMIN_ROLES = ['owner', 'editor'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export function isAdminRole(value: string): value is AdminRole {
  return (ADMIN_ROLES as readonly string[]).includes(value);
}

/** Bounds of an account's username and password, wherever one is set (start-up, CLI). */
export const ADMIN_USERNAME_MIN = 3;
export const ADMIN_USERNAME_MAX = 64;
export const ADMIN_PASSWORD_MIN = 12;
export const ADMIN_PASSWORD_MAX = 256;

/**
 * Longest username and password the login form takes. Looser than the account bounds on purpose:
 * a login never says which rule a guess broke, it is simply wrong.
 */
export const LOGIN_INPUT_MAX = { username: 256, password: 1024, code: 64 } as const;

export const adminLoginMessages = {
  /** The spec's text, the same for an unknown user and a wrong password. */
  invalid: 'Invalid username or password',
  required: 'Enter your username and password.',
  /** A wrong, used or expired second factor (the password was right). */
  invalidCode: 'Invalid code. Enter the 6 digits your app shows now, or a recovery code.',
  codeRequired: 'Enter the code from your authenticator app, or a recovery code.',
  challengeExpired: 'The sign-in took too long. Enter your username and password again.',
  /** The 429 answer; the wait is the answer's `Retry-After`, which depends on the limit reached. */
  throttled: (retryAfterSeconds: number) => `Too many failed sign-in attempts. Please wait ${describeWait(retryAfterSeconds)} and try again.`,
  /**
   * The 429 answer when only the username's daily ceiling holds the browser: the same whatever
   * the password, and a right one with a valid second factor still signs in.
   */
  throttledCodeMayPass: (retryAfterSeconds: number) =>
    `Too many failed sign-in attempts for this username. Please wait ${describeWait(retryAfterSeconds)} and try again — or, if your account uses two-factor sign-in, enter your password with a code from your app.`,
  network: 'Could not reach the server. Check your connection and try again.',
} as const;

/** A wait in words, rounded up: "1 minute", "15 minutes", "3 hours". */
export function describeWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 120) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/** Checkbox values a browser may send for a ticked "remember me" (JSON sends a boolean). */
const remember = z
  .union([z.boolean(), z.enum(['on', 'true', '1']).transform(() => true), z.enum(['', 'false', '0']).transform(() => false)])
  .optional()
  .transform((value) => value ?? false);

export const adminLoginSchema = z.object({
  username: z.string().trim().min(1).max(LOGIN_INPUT_MAX.username).refine((value) => !FORBIDDEN_IN_LINE.test(value)),
  // Length is checked only loosely here: a too-short password is simply a wrong one.
  password: z.string().min(1).max(LOGIN_INPUT_MAX.password),
  remember,
  /** The second factor, for accounts with two-factor sign-in: a TOTP code or a recovery code. */
  code: z.string().trim().min(1).max(LOGIN_INPUT_MAX.code).optional().or(z.literal('').transform(() => undefined)),
});

/** `POST /api/auth/login` success body. */
export interface AdminLoginAnswer {
  username: string;
  role: AdminRole;
  csrfToken: string;
  /** The owners require two-factor sign-in and this account has none: the dashboard opens its setup. */
  twoFactorSetupRequired: boolean;
}

/**
 * After a password is set through a link: `yes`, or on the first owner's set-up how the e-mail
 * address given there stands (its confirmation link `sent`, or `waiting` for mail to be set up).
 */
export type PasswordSetNotice = 'yes' | 'sent' | 'waiting';

const PASSWORD_SET_NOTICES: Record<PasswordSetNotice, string> = {
  yes: 'Your password is set. Sign in with it.',
  sent: 'Your password is set. We sent a link to confirm your e-mail address: open it, so that "Forgot password?" can reach you. Sign in now.',
  waiting:
    'Your password is set. Your e-mail address waits to be confirmed: mail is not set up yet. Once it is, the dashboard\'s first-run checklist sends the confirmation. Sign in now.',
};

/** Where a set password leads: the sign-in form, the username filled in (`GET /admin/dashboard?username=…&passwordSet=…`). */
export function signInAfterPasswordUrl(username: string, email?: Exclude<PasswordSetNotice, 'yes'>): string {
  return `/admin/dashboard?${new URLSearchParams({ username, passwordSet: email ?? 'yes' }).toString()}`;
}

/**
 * What the sign-in form takes from its address: the username to fill in (one line, bounded) and
 * the notice after a set password; anything else is ignored.
 */
export function signInPrefill(query: Record<string, unknown>): { username?: string; notice?: string } {
  const username = typeof query.username === 'string' && query.username.length <= LOGIN_INPUT_MAX.username && !FORBIDDEN_IN_LINE.test(query.username) ? query.username : undefined;
  const set = typeof query.passwordSet === 'string' && Object.hasOwn(PASSWORD_SET_NOTICES, query.passwordSet) ? PASSWORD_SET_NOTICES[query.passwordSet as PasswordSetNotice] : undefined;
  return { username, notice: set };
}
