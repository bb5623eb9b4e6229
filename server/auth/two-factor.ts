import { createHash, randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { secretPurpose, type Keyring } from '../app-key';
import { findAdminUserById, updateAdminUser } from '../db/admin-users';
import { acceptTotpStep, countUnusedRecoveryCodes, deleteRecoveryCodes, replaceRecoveryCodes, useRecoveryCode } from '../db/two-factor';
import type { AdminUserRow } from '../db/tables';
import { ConflictError, ValidationError } from '../errors';
import { messages } from '../messages';
import type { AuditActor, AuditTrail } from '../services/audit';
import type { Passwords } from './passwords';
import type { SignedInAdmin } from './sessions';
import type { RecoveryCodesJson, TwoFactorSetupJson } from '../../shared/admin-account';
import { business } from '../../shared/content/defaults/business';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** Codes of the step before and after the current one are accepted too (clock drift, typing time). */
const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32 alphabet without look-alikes (no I, L, O, U). */
const RECOVERY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function totpOf(username: string, secret: string): TOTP {
  return new TOTP({ issuer: business.name, label: username, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/**
 * A recovery code: 16 characters of a 32-letter alphabet (80 random bits), shown as XXXX-XXXX-XXXX-XXXX.
 * With that much entropy a plain SHA-256 is enough to store it: nobody can try 2^80 guesses
 * offline, and a slow password hash would make each sign-in with a code cost ten Argon2 runs.
 */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 16 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return [0, 4, 8, 12].map((start) => chars.slice(start, start + 4).join('')).join('-');
}

/** The code as typed, in its stored form: upper case, without spaces or dashes, hashed. */
function recoveryCodeHash(typed: string): string {
  return createHash('sha256').update(typed.toUpperCase().replace(/[\s-]/g, '')).digest('hex');
}

/**
 * TOTP two-factor sign-in (RFC 6238): setting it up (a secret, shown as a QR code rendered on the
 * server, confirmed by a first code), ten one-time recovery codes, and checking a code at sign-in.
 * A code is accepted once: the step of the last code accepted is stored and only later steps pass.
 */
export function createTwoFactor({ db, audit, keyring, now }: { db: Knex; audit: AuditTrail; keyring: Keyring; now: () => Date }) {
  /** The TOTP step the code belongs to, if it is valid now (±1 step); null otherwise. */
  function stepOfCode(user: Pick<AdminUserRow, 'id' | 'username' | 'totp_secret'>, code: string): number | null {
    if (!user.totp_secret || !/^\d{6}$/.test(code)) return null;
    const at = now().getTime();
    // Stored sealed with the application key (docs/decisions/secrets.md).
    const secret = keyring.open(user.totp_secret, secretPurpose.totp(user.id));
    const delta = totpOf(user.username, secret).validate({ token: code, timestamp: at, window: TOTP_WINDOW });
    return delta === null ? null : Math.floor(at / 1000 / TOTP_PERIOD_SECONDS) + delta;
  }

  return {
    /** Starts (or restarts) setting up: a new secret, not in force until `enable` confirms a code. */
    async setup(actor: AuditActor & { id: number }): Promise<TwoFactorSetupJson> {
      const user = await findAdminUserById(db, actor.id);
      if (user?.totp_enabled_at) throw new ConflictError(messages.twoFactor.alreadyOn);
      const secret = new Secret({ size: 20 }).base32;
      await updateAdminUser(db, actor.id, { totp_secret: keyring.seal(secret, secretPurpose.totp(actor.id)), totp_last_step: null, updated_at: now() });
      const otpauthUrl = totpOf(actor.name, secret).toString();
      const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { secret, otpauthUrl, qrSvg };
    },

    /** Confirms the setup with a code from the app: two-factor is on, and the recovery codes are shown this once. */
    async enable(actor: AuditActor & { id: number }, input: unknown): Promise<RecoveryCodesJson> {
      const code = typeof (input as { code?: unknown } | null)?.code === 'string' ? (input as { code: string }).code.replace(/\s/g, '') : '';
      const user = await findAdminUserById(db, actor.id);
      if (user?.totp_enabled_at) throw new ConflictError(messages.twoFactor.alreadyOn);
      if (!user?.totp_secret) throw new ConflictError(messages.twoFactor.setupFirst);
      const step = stepOfCode(user, code);
      if (step === null) throw new ValidationError(messages.twoFactor.wrongCode, { code: messages.twoFactor.wrongCode });
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const at = now();
      await db.transaction(async (trx) => {
        // The confirming code's step counts as used: it cannot sign in afterwards.
        await updateAdminUser(trx, user.id, { totp_enabled_at: at, totp_last_step: step, updated_at: at });
        await replaceRecoveryCodes(trx, user.id, recoveryCodes.map(recoveryCodeHash), at);
        await audit.record(actor, { action: 'two-factor.enable', target: { type: 'user', id: user.username }, summary: `${RECOVERY_CODE_COUNT} recovery codes issued` }, trx);
      });
      return { recoveryCodes };
    },

    /** Turns two-factor off for an account (its own owner, or an owner for a lost phone). */
    async disable(actor: AuditActor, user: AdminUserRow, trx: Knex = db): Promise<void> {
      if (!user.totp_secret) return;
      await updateAdminUser(trx, user.id, { totp_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: now() });
      await deleteRecoveryCodes(trx, user.id);
      await audit.record(actor, { action: 'two-factor.disable', target: { type: 'user', id: user.username } }, trx);
    },

    /**
     * Whether `code` completes this account's sign-in: a TOTP code of a step not used before, or an
     * unused recovery code (then used up). Either way a code works once.
     */
    async verify(user: AdminUserRow, code: string): Promise<{ ok: boolean; recoveryCode?: boolean }> {
      const typed = code.trim();
      const step = stepOfCode(user, typed.replace(/\s/g, ''));
      if (step !== null) return { ok: await acceptTotpStep(db, user.id, step) };
      if (typed.replace(/[\s-]/g, '').length !== 16) return { ok: false };
      return { ok: await useRecoveryCode(db, user.id, recoveryCodeHash(typed), now()), recoveryCode: true };
    },

    recoveryCodesLeft: (adminUserId: number) => countUnusedRecoveryCodes(db, adminUserId),
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;

/**
 * The signed-in admin turning off their own two-factor sign-in: `proveOwnPassword` (`passwords.ts`)
 * makes sure it is them, throttled like a sign-in.
 */
export function createOwnTwoFactorSwitch({ db, twoFactor, proveOwnPassword }: { db: Knex; twoFactor: TwoFactor; proveOwnPassword: Passwords['proveOwnPassword'] }) {
  return async function turnOffOwnTwoFactor(admin: SignedInAdmin, input: unknown, ip: string): Promise<void> {
    const actor = { id: admin.id, name: admin.username };
    await proveOwnPassword(actor, (input as { password?: unknown } | null)?.password, ip);
    await db.transaction(async (trx) => {
      const user = await findAdminUserById(trx, admin.id);
      if (user) await twoFactor.disable(actor, user, trx);
    });
  };
}
