import type { Knex } from 'knex';
import { findAdminUserById, findAdminUserByUsername } from '../db/admin-users';
import { findAdminDeviceOfUsername } from '../db/admin-devices';
import { deleteLoginChallenge, findLoginChallenge, insertLoginChallenge } from '../db/two-factor';
import type { AdminDeviceRow, AdminUserRow } from '../db/tables';
import type { Logger } from '../logger';
import type { AuditActor, AuditTrail } from '../services/audit';
import { generatePassword, hashPassword, hashToken, newToken, passwordFits, TOKEN_PATTERN } from './credentials';
import type { LoginClient, LoginThrottle, ThrottleVerdict } from './login-throttle';
import type { SessionStart, Sessions, StartedSession } from './sessions';
import type { TwoFactor } from './two-factor';

const MINUTE = 60_000;

/** The spec's delay before a failed login is answered. */
export const LOGIN_FAILURE_DELAY_MS = 1000;
/** How long the second step of a sign-in may take after the password. */
export const CHALLENGE_MS = 5 * MINUTE;

export interface LoginAttempt {
  username: string;
  password: string;
  remember: boolean;
  ip: string;
  /** The session id the browser still carried, ended whatever the outcome of a successful login. */
  previousSessionId?: string;
  /** The device cookie the browser carried: it counts only when issued to this account. */
  deviceToken?: string;
  /** The browser's User-Agent, kept with the session so its owner can tell sessions apart. */
  userAgent?: string;
  /** The second factor (a TOTP code or a recovery code), for accounts with two-factor sign-in. */
  code?: string;
}

/** The no-JavaScript form's second step: the challenge cookie a right password set, and the code. */
export type ChallengeAttempt = Pick<LoginAttempt, 'ip' | 'userAgent' | 'previousSessionId' | 'deviceToken'> & { challengeToken: string; code: string };

export type LoginResult =
  | ({ outcome: 'signed-in' } & StartedSession)
  /** The password was right; the account's second factor must follow (no session yet). */
  | { outcome: 'second-factor-required'; challengeToken: string; challengeExpiresAt: Date }
  | { outcome: 'invalid' }
  | { outcome: 'invalid-code' }
  /**
   * `codeMayPass`: only the account's daily ceiling holds the browser, and a right password with a
   * valid second factor would pass it (said to every attempt alike, whatever its password).
   */
  | { outcome: 'throttled'; retryAfterSeconds: number; codeMayPass?: boolean };

export interface SignInDeps {
  db: Knex;
  logger: Logger;
  now: () => Date;
  audit: AuditTrail;
  throttle: LoginThrottle;
  twoFactor: TwoFactor;
  sessions: Sessions;
  /** Least time a failed login takes to answer; only tests shorten it. */
  failureDelayMs: number;
  /** How a failed login waits out the rest of that delay (tests record the wait instead of taking it). */
  sleep: (ms: number) => Promise<void>;
}

/**
 * Signing in: the password, then the second factor for accounts that have one (in the same
 * request, or in a second step through a challenge cookie). Failed logins are counted in the
 * database (`login-throttle.ts`) so every instance throttles the same guesses; a browser's device
 * cookie for the account lets it through when others are throttled.
 */
export function createSignIn({ db, logger, now, audit, throttle, twoFactor, sessions, failureDelayMs, sleep }: SignInDeps) {
  // Unknown usernames are checked against this hash so they take as long as a wrong password.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= hashPassword(generatePassword()));

  /** The device behind the browser's cookie, if it is valid for the account being signed in to. */
  async function knownDevice(deviceToken: string | undefined, username: string, at: Date): Promise<AdminDeviceRow | undefined> {
    if (!deviceToken || !TOKEN_PATTERN.test(deviceToken)) return undefined;
    return findAdminDeviceOfUsername(db, { tokenHash: hashToken(deviceToken), username, now: at });
  }

  /** Answers a failed attempt after the same delay whatever failed, so timing tells nothing. */
  async function failAfterDelay(started: number): Promise<void> {
    await sleep(Math.max(0, failureDelayMs - (performance.now() - started)));
  }

  /** The session of a sign-in that passed every check; it forgives the client's earlier failures. */
  async function signedIn(user: AdminUserRow, attempt: SessionStart, device: AdminDeviceRow | undefined, client: LoginClient, at: Date, log: Logger): Promise<LoginResult> {
    const started = await sessions.startSession(user, attempt, { device, at, log, within: (trx) => throttle.forgive(trx, client) });
    return { outcome: 'signed-in', ...started };
  }

  async function login(attempt: LoginAttempt, log: Logger = logger): Promise<LoginResult> {
    const started = performance.now();
    const usernameKey = attempt.username.trim().toLowerCase().slice(0, 256);
    const at = now();
    const device = await knownDevice(attempt.deviceToken, usernameKey, at);
    const client: LoginClient = { usernameKey, ip: attempt.ip, deviceId: device?.id ?? null };
    // Who tried, for the audit trail: the account if it exists, else the name as typed.
    const claimed: AuditActor = { id: null, name: usernameKey || '?' };
    // Recorded as a password guess; it becomes a wrong code only once its password proves right.
    const verdict = await throttle.checkThrottle('password', client, at);
    if (verdict.throttled && verdict.ceilingAttemptId === undefined) {
      await recordThrottled(claimed, client, verdict, at, log);
      return { outcome: 'throttled', retryAfterSeconds: verdict.retryAfterSeconds };
    }

    const user = await findAdminUserByUsername(db, usernameKey);
    const passwordMatches = await passwordFits(user?.password_hash ?? (await getDummyHash()), attempt.password);
    if (verdict.throttled) {
      // Only the account's daily ceiling holds this browser. The password was checked all the same
      // (every answer here takes the same time), but only a right one with a valid second factor
      // passes; anything else gets the one throttled answer, which says nothing of the password.
      const refuse = async (): Promise<LoginResult> => {
        await recordThrottled(claimed, client, verdict, at, log);
        await failAfterDelay(started);
        return { outcome: 'throttled', retryAfterSeconds: verdict.retryAfterSeconds, codeMayPass: true };
      };
      if (!user || !passwordMatches || user.disabled_at || !user.totp_enabled_at || !attempt.code) return refuse();
      if (await throttle.secondFactorLimitReached(usernameKey, at)) return refuse();
      const checked = await twoFactor.verify(user, attempt.code);
      if (!checked.ok) {
        await throttle.markSecondFactorFailure(verdict.ceilingAttemptId!);
        log.warn({ adminId: user.id, username: user.username, ip: attempt.ip }, 'admin second factor refused at the daily ceiling (the password was right)');
        await audit.record({ id: user.id, name: user.username }, { action: 'auth.sign-in-failed', summary: 'right password, wrong or used code, at the daily ceiling', ip: attempt.ip });
        return refuse();
      }
      log.warn({ adminId: user.id, username: user.username, ip: attempt.ip }, 'admin signed in through the daily ceiling with password and second factor');
      return signedIn(user, { ...attempt, viaRecoveryCode: checked.recoveryCode }, device, client, at, log);
    }
    // A disabled account answers exactly as a wrong password does.
    if (!user || !passwordMatches || user.disabled_at) {
      await throttle.deleteExpiredFailures(at);
      log.warn({ username: usernameKey, ip: attempt.ip, knownUser: Boolean(user), knownDevice: Boolean(device) }, 'admin login failed');
      await audit.record(user ? { id: user.id, name: user.username } : claimed, { action: 'auth.sign-in-failed', summary: user?.disabled_at && passwordMatches ? 'account disabled' : 'wrong username or password', ip: attempt.ip });
      await failAfterDelay(started);
      return { outcome: 'invalid' };
    }

    if (user.totp_enabled_at) {
      if (!attempt.code) {
        // The password was right: this attempt is no failure, but nothing is forgiven either (the
        // code's failures must keep counting). A challenge lets the no-JavaScript form ask for the code.
        await throttle.release(verdict.attemptId);
        const challenge = await openChallenge(user, attempt.remember, at);
        log.info({ adminId: user.id, username: user.username, ip: attempt.ip }, 'admin password right; second factor asked for');
        return { outcome: 'second-factor-required', ...challenge };
      }
      const checked = await twoFactor.verify(user, attempt.code);
      if (!checked.ok) {
        await throttle.markSecondFactorFailure(verdict.attemptId);
        return codeRefused(user, attempt.ip, started, log);
      }
      return signedIn(user, { ...attempt, viaRecoveryCode: checked.recoveryCode }, device, client, at, log);
    }
    return signedIn(user, attempt, device, client, at, log);
  }

  /**
   * A refused attempt, recorded once per client, rule and window of that rule: the first gets an
   * audit row and a warn line, the others only add to the row's count. A client retrying as fast
   * as it can (3,550 attempts in 10 s) would otherwise write a row each, kept a year, and a log
   * line each. The client is the username and address; for the address's own limit, which holds
   * whatever usernames are tried, the address alone (the row names the first username).
   */
  async function recordThrottled(actor: AuditActor, client: LoginClient, verdict: ThrottleVerdict & { throttled: true }, at: Date, log: Logger): Promise<void> {
    const { rule, windowMs, failures, retryAfterSeconds } = verdict;
    const window = Math.floor(at.getTime() / windowMs);
    const anyUsername = rule === 'address';
    const repeats = await audit.recordRepeat(
      actor,
      { action: 'auth.throttled', summary: anyUsername ? `rule ${rule} (any username)` : `rule ${rule}`, ip: client.ip },
      [rule, window, client.ip, anyUsername ? '' : client.usernameKey],
    );
    if (repeats === 1) {
      log.warn(
        { username: client.usernameKey, ip: client.ip, knownDevice: client.deviceId !== null, rule, failures, retryAfterSeconds, windowMinutes: windowMs / MINUTE },
        'admin login throttled (repeats in this window are counted in its audit row, not logged)',
      );
    }
  }

  async function codeRefused(user: AdminUserRow, ip: string, started: number, log: Logger): Promise<LoginResult> {
    log.warn({ adminId: user.id, username: user.username, ip }, 'admin second factor refused');
    await audit.record({ id: user.id, name: user.username }, { action: 'auth.sign-in-failed', summary: 'wrong or used code', ip });
    await failAfterDelay(started);
    return { outcome: 'invalid-code' };
  }

  async function openChallenge(user: AdminUserRow, remember: boolean, at: Date): Promise<{ challengeToken: string; challengeExpiresAt: Date }> {
    const challengeToken = newToken();
    const challengeExpiresAt = new Date(at.getTime() + CHALLENGE_MS);
    await insertLoginChallenge(db, { token_hash: hashToken(challengeToken), admin_user_id: user.id, remember, created_at: at, expires_at: challengeExpiresAt });
    return { challengeToken, challengeExpiresAt };
  }

  /**
   * The second step of a sign-in opened by a right password (the no-JavaScript form): the code,
   * with the challenge cookie standing in for the password. Throttled like the first step.
   */
  async function completeChallenge(attempt: ChallengeAttempt, log: Logger = logger): Promise<LoginResult | { outcome: 'challenge-expired' }> {
    const started = performance.now();
    const at = now();
    const challenge = TOKEN_PATTERN.test(attempt.challengeToken) ? await findLoginChallenge(db, hashToken(attempt.challengeToken), at) : undefined;
    const user = challenge && (await findAdminUserById(db, challenge.admin_user_id));
    if (!challenge || !user || user.disabled_at || !user.totp_enabled_at) return { outcome: 'challenge-expired' };
    const usernameKey = user.username.toLowerCase();
    const device = await knownDevice(attempt.deviceToken, usernameKey, at);
    const client: LoginClient = { usernameKey, ip: attempt.ip, deviceId: device?.id ?? null };
    const verdict = await throttle.checkThrottle('second-factor', client, at);
    if (verdict.throttled) {
      await recordThrottled({ id: user.id, name: user.username }, client, verdict, at, log);
      return { outcome: 'throttled', retryAfterSeconds: verdict.retryAfterSeconds };
    }
    const checked = await twoFactor.verify(user, attempt.code);
    if (!checked.ok) return codeRefused(user, attempt.ip, started, log);
    await deleteLoginChallenge(db, challenge.token_hash);
    return signedIn(user, { ...attempt, remember: challenge.remember, viaRecoveryCode: checked.recoveryCode }, device, client, at, log);
  }

  return { login, completeChallenge, recordThrottled };
}

export type SignIn = ReturnType<typeof createSignIn>;
