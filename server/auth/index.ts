import type { Knex } from 'knex';
import { NO_KEYRING, type Keyring } from '../app-key';
import type { Logger } from '../logger';
import { createAuditTrail, type AuditTrail } from '../services/audit';
import { createAccounts } from './accounts';
import { createFirstAdmin } from './first-admin';
import { createLoginThrottle } from './login-throttle';
import { createPasskeys } from './passkeys';
import { createPasswords } from './passwords';
import { createSessions } from './sessions';
import { createSignIn, LOGIN_FAILURE_DELAY_MS } from './sign-in';
import { createOwnTwoFactorSwitch, createTwoFactor } from './two-factor';

// What the rest of the server uses of the feature: it reaches the folder only through this file.
export { createAccountMail } from './account-mail';
export { createAdminUsers, type AdminUsers, type NewPassword } from './admin-users';
export { adminUsernameSchema } from './credentials';
export { createForgotPassword, FORGOT_PASSWORD_INPUT_MAX, type ForgotPassword } from './forgot-password';
export { DEVICE_COOKIE_MS, REMEMBER_ME_MS, type AdminSessionState, type DeviceCookie } from './sessions';
export { PASSKEY_CHALLENGE_MS, type Passkeys, type PasskeySignInResult } from './passkeys';
export { CHALLENGE_MS, type LoginResult } from './sign-in';
export { createStaffEmail, type StaffEmail } from './staff-email';

export interface AdminAuthDeps {
  db: Knex;
  logger: Logger;
  /** The clock every timeout is measured against (tests move it forward). */
  now?: () => Date;
  /** Least time a failed login takes to answer; only tests shorten it. */
  failureDelayMs?: number;
  /** How a failed login waits out the rest of that delay (tests record the wait instead of taking it). */
  sleep?: (ms: number) => Promise<void>;
  /** Where sign-ins, sign-outs and account changes are recorded (one on the same database by default). */
  audit?: AuditTrail;
  /** The owners' setting: every account must sign in with two-factor (read at each sign-in). */
  requireTwoFactor?: () => boolean;
  /**
   * The application key sealing the two-factor secrets. The command-line tools that never touch
   * two-factor leave it out; setting up or checking a code then fails.
   */
  keyring?: Keyring;
  /** The site's public address: passkeys are bound to its host (the relying party) and origin. */
  publicUrl?: string;
}

export type AdminAuth = ReturnType<typeof createAdminAuth>;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Admin accounts, sign-in and sessions, one file per concern in this folder: `sign-in.ts` (the
 * password, the second factor and the throttle), `sessions.ts`, `passwords.ts`, `two-factor.ts`,
 * `passkeys.ts` (WebAuthn), `accounts.ts` and `first-admin.ts`; `credentials.ts` holds the hashes, tokens and account rules
 * they share with the rest of the server.
 */
export function createAdminAuth({ db, logger, now = () => new Date(), failureDelayMs = LOGIN_FAILURE_DELAY_MS, sleep = realSleep, audit = createAuditTrail({ db, now }), requireTwoFactor = () => false, keyring = NO_KEYRING, publicUrl = 'http://localhost' }: AdminAuthDeps) {
  const throttle = createLoginThrottle({ db });
  const twoFactor = createTwoFactor({ db, audit, keyring, now });
  const sessions = createSessions({ db, logger, now, audit, requireTwoFactor });
  const signIn = createSignIn({ db, logger, now, audit, throttle, twoFactor, sessions, failureDelayMs, sleep });
  const passwords = createPasswords({ db, logger, now, audit, throttle });
  const accounts = createAccounts({ db, logger, now });
  const firstAdmin = createFirstAdmin({ db, logger, now, audit });
  const passkeys = createPasskeys({ db, logger, now, audit, throttle, sessions, proveOwnPassword: passwords.proveOwnPassword, recordThrottled: signIn.recordThrottled, publicUrl, failureDelayMs, sleep });

  return {
    login: signIn.login,
    completeChallenge: signIn.completeChallenge,

    resolveSession: sessions.resolveSession,
    logout: sessions.logout,
    listSessions: sessions.listSessions,
    endSession: sessions.endSession,
    setupRequired: sessions.setupRequired,

    passwordMatches: passwords.passwordMatches,
    proveOwnPassword: passwords.proveOwnPassword,
    changeOwnPassword: passwords.changeOwnPassword,
    setPassword: passwords.setPassword,
    unlock: passwords.unlock,

    twoFactor,
    passkeys,
    turnOffOwnTwoFactor: createOwnTwoFactorSwitch({ db, twoFactor, proveOwnPassword: passwords.proveOwnPassword }),

    hasAnyAdmin: accounts.hasAnyAdmin,
    createAdmin: accounts.createAdmin,
    ensureFirstAdmin: firstAdmin.ensureFirstAdmin,
  };
}
