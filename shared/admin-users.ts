import { z } from 'zod';
import { ADMIN_ROLES, LOGIN_INPUT_MAX, type AdminRole } from './admin-auth';

/**
 * Accounts as the Users view and `GET/POST/PATCH/DELETE /api/users` see them. Isomorphic: the
 * server validates with these schemas and the view builds its requests from them.
 */

/** How a new account (or a reset one) gets its password: generated and shown once, or set by its user through a link. */
export const PASSWORD_SETUPS = ['generate', 'link'] as const;
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
}

const role = z.enum(ADMIN_ROLES, 'Choose owner or editor.');
const passwordSetup = z.enum(PASSWORD_SETUPS, 'Choose generate or link.');

export const createUserSchema = z.strictObject({
  username: z.string('Enter a username.'),
  role,
  passwordSetup: passwordSetup.default('generate'),
});

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
