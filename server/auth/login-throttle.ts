import type { Knex } from 'knex';
import {
  countLoginFailures,
  deleteLoginFailure,
  deleteLoginFailures,
  deleteLoginFailuresBefore,
  deleteLoginFailuresOfUsername,
  insertLoginFailure,
  nthOldestLoginFailureAt,
  setLoginFailureKind,
  type LoginFailureScope,
} from '../db/login-failures';
import type { LoginFailureKind } from '../db/tables';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Who is trying to sign in: the account as typed, the client's address, and its known device, if it proved one. */
export interface LoginClient {
  /** The username lower-cased as typed (the account may not exist). */
  usernameKey: string;
  ip: string;
  /** The device cookie's row, when the request carried a valid one for this very account; else null. */
  deviceId: string | null;
}

export interface ThrottleRule {
  /** Named in the log when it refuses an attempt. */
  name: string;
  /** Failures allowed within the window; the next attempt is refused. */
  limit: number;
  windowMs: number;
  /** The earlier failures this rule counts for a client. */
  scope: (client: LoginClient) => LoginFailureScope;
}

/** A client's own failures on the account: what its success forgives and its tightest rule counts. */
function ownFailures(client: LoginClient): LoginFailureScope {
  return client.deviceId === null ? { usernameKey: client.usernameKey, ip: client.ip, deviceId: null } : { deviceId: client.deviceId };
}

/**
 * Browsers without a device cookie for the account. Guessing from one address is slow (5 per
 * account, 20 across accounts, per 15 minutes), and a guess spread over many addresses stops at
 * 100 failures per account per 24 hours: NIST SP 800-63B (§5.2.2) allows at most 100 consecutive
 * failures per account, and a real admin never comes near it. None of these can lock out a known
 * device, so spending them only slows the attacker and browsers new to the account.
 */
export const UNKNOWN_BROWSER_RULES: readonly ThrottleRule[] = [
  { name: 'account-and-address', limit: 5, windowMs: 15 * MINUTE, scope: ownFailures },
  { name: 'address', limit: 20, windowMs: 15 * MINUTE, scope: (client) => ({ ip: client.ip, deviceId: null }) },
  { name: 'account-daily', limit: 100, windowMs: DAY, scope: (client) => ({ usernameKey: client.usernameKey, deviceId: null }) },
];

/**
 * The per-username daily ceiling: the one limit a right password with a valid second factor may
 * still pass. Reached by guesses spread over many addresses, it would otherwise lock the account
 * out of every browser it does not know (all of them after a password reset) for a day.
 */
export const ACCOUNT_CEILING_RULE = 'account-daily';

/**
 * Above the ceiling, wrong second factors after a right password that close that way for the day:
 * whoever has the password gets 10 tries at the code, not 20 per address they can muster.
 */
export const SECOND_FACTOR_DAILY_LIMIT = 10;

/**
 * A browser that signed in to the account before (its device cookie): only its own failures count,
 * 5 per 15 minutes, so a stolen or shared device that keeps failing is locked out on its own.
 */
export const KNOWN_DEVICE_RULES: readonly ThrottleRule[] = [{ name: 'device', limit: 5, windowMs: 15 * MINUTE, scope: ownFailures }];

/** Failures older than the longest window count for nothing and are deleted. */
const LONGEST_WINDOW_MS = Math.max(...[...UNKNOWN_BROWSER_RULES, ...KNOWN_DEVICE_RULES].map((rule) => rule.windowMs));

export type ThrottleVerdict =
  /** Allowed: the attempt is recorded as a failure under `attemptId` until forgiven or released. */
  | { throttled: false; attemptId: string }
  | {
      throttled: true;
      /** The rule that keeps the client out longest. */
      rule: string;
      /** That rule's window: repeats within one are recorded once (audit row, log line). */
      windowMs: number;
      /** That rule's failures within its window. */
      failures: number;
      /** Seconds until that rule would let the client try again. */
      retryAfterSeconds: number;
      /**
       * Set when only the account's daily ceiling refused a browser it does not know: the attempt
       * stays recorded as a failure under this id (so the address's own limits keep counting), and
       * a right password with a valid second factor may still pass (`forgive` then clears it).
       */
      ceilingAttemptId?: string;
    };

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/**
 * Bounds the guessing of login secrets, with failures counted in the database so every instance
 * throttles the same guesses. One throttle for every kind of secret (a password now, a one-time
 * code later): a check of a secret calls `checkThrottle` first, and `forgive` when it was right.
 */
export function createLoginThrottle({ db }: { db: Knex }) {
  /**
   * Records the attempt as a failure BEFORE its secret is checked, then counts: a burst of
   * parallel guesses cannot all pass, as each one's count includes every attempt recorded before
   * it. A refused attempt checked no secret and is deleted again, so it does not count; an allowed
   * one stays a failure unless `forgive` follows.
   */
  async function checkThrottle(kind: LoginFailureKind, client: LoginClient, at: Date): Promise<ThrottleVerdict> {
    const attemptId = await insertLoginFailure(db, { kind, ...client, failedAt: at });
    const rules = client.deviceId === null ? UNKNOWN_BROWSER_RULES : KNOWN_DEVICE_RULES;
    const exceeded: { rule: ThrottleRule; failures: number }[] = [];
    for (const rule of rules) {
      const failures = await countLoginFailures(db, rule.scope(client), new Date(at.getTime() - rule.windowMs));
      if (failures > rule.limit) exceeded.push({ rule, failures: failures - 1 });
    }
    if (exceeded.length === 0) return { throttled: false, attemptId };
    const ceilingOnly = exceeded.length === 1 && exceeded[0]!.rule.name === ACCOUNT_CEILING_RULE;
    if (!ceilingOnly) await deleteLoginFailure(db, attemptId);

    const verdicts: (ThrottleVerdict & { throttled: true })[] = [];
    for (const { rule, failures } of exceeded) {
      // The rule lets the client in again once enough of its oldest failures have left the window.
      const since = new Date(at.getTime() - rule.windowMs);
      const freedBy = await nthOldestLoginFailureAt(db, rule.scope(client), since, failures - rule.limit + 1);
      const retryAfterMs = (freedBy ?? at).getTime() + rule.windowMs - at.getTime();
      verdicts.push({ throttled: true, rule: rule.name, windowMs: rule.windowMs, failures, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) });
    }
    const longest = verdicts.reduce((longest, verdict) => (verdict.retryAfterSeconds > longest.retryAfterSeconds ? verdict : longest));
    return ceilingOnly ? { ...longest, ceilingAttemptId: attemptId } : longest;
  }

  /** Whether the account's wrong second factors after a right password reached the daily limit that closes the ceiling's way through. */
  async function secondFactorLimitReached(usernameKey: string, at: Date): Promise<boolean> {
    const failures = await countLoginFailures(db, { usernameKey, deviceId: null, kind: 'second-factor' }, new Date(at.getTime() - DAY));
    return failures >= SECOND_FACTOR_DAILY_LIMIT;
  }

  /** The attempt's password was right and its second factor wrong: it counts as a wrong code. */
  async function markSecondFactorFailure(attemptId: string): Promise<void> {
    await setLoginFailureKind(db, attemptId, 'second-factor');
  }

  /** The secret was right: the client's earlier failures on this account (and this attempt) are forgiven. */
  async function forgive(trx: Knex, client: LoginClient): Promise<void> {
    await deleteLoginFailures(trx, ownFailures(client));
  }

  /**
   * This one attempt was no failure, but no earlier one is forgiven (a right password whose second
   * factor is still to come: the wrong codes before it must keep counting).
   */
  async function release(attemptId: string): Promise<void> {
    await deleteLoginFailure(db, attemptId);
  }

  /** Forgets every failure counted against the username (an owner's unlock); returns how many. */
  async function clearUsername(trx: Knex, usernameKey: string): Promise<number> {
    return deleteLoginFailuresOfUsername(trx, usernameKey);
  }

  /** Deletes failures too old for any rule to count. */
  async function deleteExpiredFailures(at: Date): Promise<void> {
    await deleteLoginFailuresBefore(db, new Date(at.getTime() - LONGEST_WINDOW_MS));
  }

  return { checkThrottle, forgive, release, clearUsername, secondFactorLimitReached, markSecondFactorFailure, deleteExpiredFailures };
}
