import { z } from 'zod';
import { ADMIN_ROLES, LOGIN_INPUT_MAX, type AdminRole } from './admin-auth';

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
  activeSessions: number;
  /** The account's e-mail address, if it has one, and whether a link mailed to it proved it. */
  email: string | null;
  emailVerified: boolean;
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

const role = z.enum(ADMIN_ROLES, 'Choose owner or editor.');
const passwordSetup = z.enum(PASSWORD_SETUPS, 'Choose generate, link or email.');

export const createUserSchema = z.strictObject({
  username: z.string('Enter a username.'),
  role,
  passwordSetup: passwordSetup.default('generate'),
  /** The invitee's address: with `passwordSetup: 'email'` the link goes there, and setting the password through it verifies it. */
  email: staffEmailSchema.optional(),
}).refine((input) => input.passwordSetup !== 'email' || input.email, { path: ['email'], message: 'Enter the address to send the link to.' });

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
