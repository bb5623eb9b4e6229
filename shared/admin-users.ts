import { z } from 'zod';
import { ADMIN_ROLES, LOGIN_INPUT_MAX, type AdminRole } from './admin-auth';
import { FORBIDDEN_IN_LINE } from './text';
import { firstErrorOf } from './zod-errors';

/**
 * Accounts as the Users view and `GET/POST/PATCH/DELETE /api/users` see them. Isomorphic: the
 * server validates with these schemas and the view builds its requests from them.
 */

/**
 * How a new account (or a reset one) gets its password: generated and shown once, set by its user
 * through a link passed by hand, or through the same link sent to the account's e-mail address.
 */
export const PASSWORD_SETUPS = ['generate', 'link', 'email'] as const;
export type PasswordSetup = (typeof PASSWORD_SETUPS)[number];

/** How long a set-password link works. */
export const PASSWORD_LINK_HOURS = 24;

export interface AdminUserJson {
  username: string;
  role: AdminRole;
  createdAt: string;
  lastSignInAt: string | null;
  disabled: boolean;
  twoFactor: boolean;
  /** How many passkeys the account signs in with (an owner can remove them all: `DELETE /api/users/{username}/passkeys`). */
  passkeys: number;
  activeSessions: number;
  /** The account's e-mail address, if it has one, and whether a link mailed to it proved it. */
  email: string | null;
  emailVerified: boolean;
  /** What replies are sent and signed as ("Maria Lopez"); null on an account that has not given one. */
  displayName: string | null;
}

/** A new password's one-time disclosure: a generated `password`, or the `setPasswordUrl` to pass on. */
export interface PasswordDisclosure {
  password?: string;
  setPasswordUrl?: string;
  /** When the link stops working. */
  setPasswordUrlExpiresAt?: string;
}

/** `POST /api/users` → 201, and `PATCH` with `resetPassword`. */
export interface AdminUserAnswer extends PasswordDisclosure {
  user: AdminUserJson;
  /** `email` setup: the address the link went to (the link itself is not disclosed then). */
  emailedTo?: string;
  /** `email` setup the mail server refused: why; the link is disclosed instead, to pass by hand. */
  emailError?: string;
}

/** A staff member's own e-mail address (as mail servers take it: at most 254 characters). */
export const staffEmailSchema = z.email('Enter an e-mail address such as ada@example.com.').max(254, 'At most 254 characters.');

/** The longest display name, in characters (the database's check says the same). */
export const DISPLAY_NAME_MAX = 80;

/** Line breaks of every kind, the ones Unicode adds (NEL, line and paragraph separators) included. */
const LINE_BREAK = /[\n\r\u0085\u2028\u2029]/u;
/**
 * Invisible characters that change what is shown: the C1 controls beside the C0 ones, and the
 * direction overrides and isolates, which could make "at Brightpath Digital" read backwards.
 */
const INVISIBLE_CONTROL = /[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/u;
/** What would break out of a mail header's display name (`"Maria Lopez at …" <hello@…>`) or pass for an address. */
const MAIL_SYNTAX = /[<>@"]/;

/**
 * An account's display name, as replies to clients are sent and signed ("Maria Lopez at Brightpath
 * Digital"): one line of 1 to 80 characters (counted as people count them, so an accented or
 * non-Latin name is not cut short), without control characters or the marks of a mail address.
 * Trimmed. The one rule for the API, the set-password page, the CLI, the configuration and the views.
 */
export const displayNameSchema = z
  .string('Enter a name, such as Maria Lopez.')
  .trim()
  .min(1, 'Enter a name, such as Maria Lopez.')
  .refine((name) => Array.from(name).length <= DISPLAY_NAME_MAX, `A name has at most ${DISPLAY_NAME_MAX} characters.`)
  .refine((name) => !LINE_BREAK.test(name), 'Keep the name on one line.')
  .refine((name) => !FORBIDDEN_IN_LINE.test(name) && !INVISIBLE_CONTROL.test(name), 'Leave out tabs and invisible control characters.')
  .refine((name) => !MAIL_SYNTAX.test(name), 'Leave out < > @ and ": the name is shown as the sender of our e-mails.');

/** What is wrong with a display name, in the schema's words, or undefined: for a form to check before it sends. */
export function displayNameProblem(value: string): string | undefined {
  const parsed = displayNameSchema.safeParse(value);
  return parsed.success ? undefined : firstErrorOf(parsed.error).message;
}

const role = z.enum(ADMIN_ROLES, 'Choose owner or editor.');
const passwordSetup = z.enum(PASSWORD_SETUPS, 'Choose generate, link or email.');

export const createUserSchema = z.strictObject({
  username: z.string('Enter a username.'),
  /** The new account's name as clients will read it on replies. */
  displayName: displayNameSchema,
  role,
  passwordSetup: passwordSetup.default('generate'),
  /** The invitee's address: with `passwordSetup: 'email'` the link goes there, and setting the password through it verifies it. */
  email: staffEmailSchema.optional(),
}).refine((input) => input.passwordSetup !== 'email' || input.email, { path: ['email'], message: 'Enter the address to send the link to.' });

/** What `POST /api/users` takes (`passwordSetup` defaults to a generated password). */
export type NewUser = z.input<typeof createUserSchema>;

export const updateUserSchema = z.strictObject({
  role: role.optional(),
  disabled: z.boolean('disabled is true or false.').optional(),
  resetPassword: passwordSetup.optional(),
  /** `false` turns the account's two-factor sign-in off (a lost phone); it is turned on by its user only. */
  twoFactor: z.literal(false, 'Only false: two-factor is turned on by the account itself.').optional(),
  /**
   * The caller's current password: needed when the change is to their own account's secrets
   * (turning off their own two-factor, resetting their own password), as Your account asks for it.
   */
  password: z.string('The password is text.').max(LOGIN_INPUT_MAX.password, `At most ${LOGIN_INPUT_MAX.password} characters.`).optional(),
});
export type UpdateUser = z.infer<typeof updateUserSchema>;

export const ROLE_LABELS: Record<AdminRole, string> = { owner: 'Owner', editor: 'Editor' };
